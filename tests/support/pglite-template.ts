import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { migrationsFolder, openPglite, PGLITE_SETTINGS, pgliteExtensions } from "~/db/client.server";

/**
 * The migrated PGlite database every integration test file starts from (docs/decisions/0032-test-speed.md). Creating
 * an embedded database (PGlite's initdb) and running every migration took 3–8 s per test file on 2 busy cores;
 * restoring a tarball of a database made once takes about 1 s. The tarball is kept in tests/.tmp under a name made of
 * a hash of the migrations and the PGlite version, so a new or changed migration (or another PGlite) makes a new one:
 * a stale template is never used.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const cacheDir = path.join(root, "tests/.tmp");

/** The hash of everything the migrated database is made of: the migration files and the PGlite version. */
export function pgliteTemplateKey(): string {
  const hash = createHash("sha256");
  const pglite = JSON.parse(
    fs.readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string };
  hash.update(`pglite ${pglite.version}\n${PGLITE_SETTINGS.join(" ")}\n`);
  const files = (function list(dir: string): string[] {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? list(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
  })(migrationsFolder).sort();
  for (const file of files) {
    hash.update(`${path.relative(migrationsFolder, file)}\n`);
    hash.update(fs.readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

export function pgliteTemplateFile(key = pgliteTemplateKey()): string {
  return path.join(cacheDir, `pglite-migrated-${key}.tar`);
}

/**
 * Makes the template when there is none for the current migrations (the pglite project's global setup calls it
 * once; a test file run some other way makes it itself). Written to a temporary name and renamed, so that a reader
 * never sees half a file. Old templates (other keys) are removed. Returns the file.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  const key = pgliteTemplateKey();
  const file = pgliteTemplateFile(key);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(cacheDir, { recursive: true });
  const client = await PGlite.create("memory://", pgliteOptions());
  try {
    await (await openPglite(client)).migrate();
    const tarball = await client.dumpDataDir("none");
    const incoming = `${file}.${process.pid}.${Date.now()}.part`;
    fs.writeFileSync(incoming, Buffer.from(await tarball.arrayBuffer()));
    fs.renameSync(incoming, file);
  } finally {
    await client.close();
  }
  for (const old of fs.readdirSync(cacheDir)) {
    if (/^pglite-migrated-[0-9a-f]+\.tar$/.test(old) && path.join(cacheDir, old) !== file) {
      fs.rmSync(path.join(cacheDir, old), { force: true });
    }
  }
  return file;
}

/** The options of the shop's embedded database (client.server.ts, openPglite). */
function pgliteOptions() {
  return {
    extensions: pgliteExtensions,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting])],
  };
}

/** A new in-memory PGlite database restored from the migrated template. */
export async function restorePgliteTemplate(): Promise<PGlite> {
  const file = await ensurePgliteTemplate();
  return PGlite.create("memory://", { ...pgliteOptions(), loadDataDir: new Blob([fs.readFileSync(file)]) });
}
