import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { root, shopEnv, tempDir } from "./shop-process";

type SeededDatabaseScript = {
  ensureSeededDatabase(options: { env: NodeJS.ProcessEnv; log?: (line: string) => void }): Promise<string>;
};

/**
 * A data directory holding a copy of the build's seeded embedded database (scripts/seeded-database.mjs), for a test
 * file that needs a shop with the demo catalogue and does not test how a new database is made (server-lifecycle and
 * security-headers do: they start on an empty directory). The server tests' global setup has begun making it; this
 * waits for it (or makes it) and copies it, in about a second instead of the half a minute or more of a first start.
 */
export async function seededDataDir(prefix: string) {
  // plain JavaScript for the end-to-end servers too; imported by path so that it stays out of the TypeScript project
  const { ensureSeededDatabase } = (await import(
    pathToFileURL(path.join(root, "scripts/seeded-database.mjs")).href
  )) as SeededDatabaseScript;
  const pgdata = await ensureSeededDatabase({ env: shopEnv({}), log: () => undefined });
  const data = tempDir(prefix);
  fs.cpSync(pgdata, path.join(data.dir, "pgdata"), { recursive: true });
  return data;
}
