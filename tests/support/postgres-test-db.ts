import { nanoid } from "nanoid";
import pg from "pg";
import { openPostgres, type Database, type Db } from "~/db/client.server";
import { checkInvariants, formatInvariantReport } from "~/services/orders/invariants.server";
import { testDatabaseUrls } from "./postgres-url";

/**
 * The shop's invariants over a whole test database (every payment judged, none left as "in flight"): an Error with
 * the report when one is broken, else null. Every PostgreSQL test database is checked so before it is dropped.
 */
export async function invariantFailure(db: Db): Promise<Error | null> {
  const violations = await checkInvariants(db);
  if (violations.length === 0) return null;
  return new Error(
    `The test file left its database breaking the shop's invariants.\n${formatInvariantReport(violations)}`,
  );
}

/**
 * A fresh PostgreSQL database cloned from the suite's migrated template (as createTestDatabase in test-db.ts makes
 * them), with its URL, for tests that share the database with other processes (several app instances).
 * Needs the postgres project's global setup (the template). `drop()` checks the shop's invariants first and, once
 * the database is gone, fails with their report if one was broken.
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
      const failure = await invariantFailure(database.db).catch((error: unknown) => error);
      await database.close();
      const cleanup = new pg.Client({ connectionString: maintenanceUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
      if (failure) throw failure;
    },
  };
}
