import { ensurePgliteTemplate } from "./pglite-template";

/** Makes the migrated PGlite template once, before the pglite project's test files restore it (pglite-template.ts). */
export default async function setup() {
  await ensurePgliteTemplate();
}
