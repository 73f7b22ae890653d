import type { TestProject } from "vitest/node";
import { ensurePgliteTemplate } from "./pglite-template";
import { provideScriptBundles } from "./script-bundles";

/**
 * Makes the migrated PGlite template once, before the pglite project's test files restore it (pglite-template.ts),
 * and bundles the scripts the tests start as processes (script-bundles.ts).
 */
export default async function setup(project: TestProject) {
  await ensurePgliteTemplate();
  return await provideScriptBundles(project);
}
