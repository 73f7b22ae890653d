import { nanoid } from "nanoid";
import pg from "pg";
import { openPostgres, type Database } from "~/db/client.server";
import { testDatabaseUrls } from "./postgres-url";

/**
 * A fresh PostgreSQL database cloned from the suite's migrated template (as createTestDatabase in test-db.ts makes
 * them), with its URL, for tests that share the database with other processes (several app instances).
 * Needs the postgres project's global setup (the template).
 */
export async function createPostgresTestDatabase(
  options: { max?: number } = {},
): Promise<Database & { url: string; drop(): Promise<void> }> {
  const { base, template, maintenanceUrl, withDatabase } = testDatabaseUrls();
  const name = `${base}_${nanoid(10)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x")}`;
  const admin = new pg.Client({ connectionString: maintenanceUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(name);
  const database = await openPostgres(url, { max: options.max ?? 4 });
  return {
    ...database,
    url,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: maintenanceUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
