import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import type { TestProject } from "vitest/node";

/**
 * The processes the integration tests start (an app instance, the operators' backup, restore and invariants
 * commands), bundled once per run with the shop's modules they import; the packages stay imports of node_modules.
 * Through `node --import tsx` every start paid about 4 s of CPU to transform and resolve some 300 modules; a bundle
 * starts in about 1.5 s (docs/decisions/0032-test-speed.md). The same source, but compiled by the esbuild the
 * project pins (tsx brings a newer one of its own): syntax newer than that esbuild knows would most likely fail the
 * bundle here, loudly, rather than behave differently. `~/` resolves through tsconfig.json's paths, as tsx does. The
 * commands' own wiring (`npm run backup`, through tsx) keeps a test of its own. The projects' global setups make
 * them (this file); the tests start them through script-command.ts (a global setup may not import vitest's test API).
 */
export const SCRIPTS = {
  "api-instance": "tests/support/api-instance.ts",
  backup: "scripts/backup.ts",
  restore: "scripts/restore.ts",
  "check-invariants": "scripts/check-invariants.ts",
} as const;
export type ScriptName = keyof typeof SCRIPTS;

declare module "vitest" {
  export interface ProvidedContext {
    /** the folder of the bundled scripts (bundleScripts), empty when none was made */
    scriptBundles: string;
  }
}

/** Bundles every script into a folder of its own (one file per script, the modules they share in chunks). */
async function bundleScripts(outdir: string): Promise<void> {
  await build({
    entryPoints: Object.fromEntries(Object.entries(SCRIPTS).map(([name, file]) => [name, path.resolve(file)])),
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outdir,
    outExtension: { ".js": ".mjs" },
    logLevel: "warning",
    plugins: [
      {
        name: "packages-stay-imports",
        setup(plugin) {
          // a package's JSON data (country names) is bundled: Node's ESM would want an import attribute for it
          plugin.onResolve({ filter: /^[^.~/]/ }, (args) =>
            args.path.endsWith(".json") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

/** Whether a process is still running (a folder of a run that crashed names a pid that is gone). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * For a project's global setup: bundles the scripts, provides their folder to the tests; returns the teardown. In
 * watch mode nothing is bundled (a rerun would start the code from before an edit): the tests run the sources.
 */
export async function provideScriptBundles(project: TestProject): Promise<() => void> {
  const tmp = path.resolve("tests/.tmp");
  // the folders of runs that ended without their teardown
  for (const name of fs.existsSync(tmp) ? fs.readdirSync(tmp) : []) {
    const pid = Number(/^scripts-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
  }
  if (project.vitest.config.watch) {
    project.provide("scriptBundles", "");
    return () => undefined;
  }
  const outdir = path.join(tmp, `scripts-${process.pid}-${project.name}`);
  fs.rmSync(outdir, { recursive: true, force: true });
  await bundleScripts(outdir);
  project.provide("scriptBundles", outdir);
  return () => fs.rmSync(outdir, { recursive: true, force: true });
}
