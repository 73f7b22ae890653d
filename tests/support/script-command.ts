import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { SCRIPTS, type ScriptName } from "./script-bundles";

/** The arguments of `node` that run a script: its bundle, or its source through tsx where no bundle was made. */
export function scriptCommand(name: ScriptName): string[] {
  const folder = inject("scriptBundles");
  const bundled = folder ? path.join(folder, `${name}.mjs`) : "";
  return bundled && fs.existsSync(bundled) ? [bundled] : ["--import", "tsx", path.resolve(SCRIPTS[name])];
}
