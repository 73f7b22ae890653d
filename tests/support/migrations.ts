import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { nanoid } from "nanoid";
import pg from "pg";
import { afterAll, expect } from "vitest";
import { migrationsFolder, pgliteExtensions, type Db } from "~/db/client.server";
import { testDatabaseUrls } from "./postgres-url";

// For the tests of one migration: the shop's migrations before it in a folder of their own, and an empty database of
// the suite's kind (TEST_DB_KIND) to run them on, made data in, then migrated the rest of the way.

/** The shop's migrations up to (not including) the one named `…_<tag>`, in a folder of their own. */
export function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  // by name, not number: migrations are renumbered when branches merge
  const upTo = journal.entries.findIndex((entry) => entry.tag.endsWith(`_${tag}`));
  expect(upTo).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, upTo);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

export interface EmptyDatabase {
  db: Db;
  /** runs the migrations of a folder (migrationsBefore's, or the shop's own) */
  migrate(folder: string): Promise<void>;
}

/**
 * A maker of empty databases of the suite's kind (a PGlite in memory, or a PostgreSQL database of its own), each
 * closed (and dropped) after the file's tests. Call it at the top of a test file.
 */
export function emptyDatabases(): () => Promise<EmptyDatabase> {
  const kind = process.env.TEST_DB_KIND ?? "pglite";
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  return async () => {
    if (kind === "pglite") {
      const client = await PGlite.create("memory://", { extensions: pgliteExtensions });
      cleanups.push(() => client.close());
      const db = drizzlePglite(client) as unknown as Db;
      return { db, migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }) };
    }
    const { base, maintenanceUrl, withDatabase } = testDatabaseUrls();
    const name = `${base}_mig_${nanoid(8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "x")}`;
    const admin = new pg.Client({ connectionString: maintenanceUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: withDatabase(name), max: 2 });
    cleanups.push(async () => {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: maintenanceUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    });
    const db = drizzlePg(pool) as unknown as Db;
    return { db, migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }) };
  };
}
