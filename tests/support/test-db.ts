import { nanoid } from "nanoid";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openPglite, openPostgres, setDatabase, type Database } from "~/db/client.server";
import { testDatabaseUrls } from "./postgres-url";

export const testDbKind = (process.env.TEST_DB_KIND ?? "pglite") as "pglite" | "postgres";

/** A fresh, migrated database of the suite's kind, of its own. */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  if (testDbKind === "pglite") {
    const database = await openPglite("memory://");
    await database.migrate();
    return { ...database, drop: () => database.close() };
  }
  const { base, template, maintenanceUrl, withDatabase } = testDatabaseUrls();
  const name = `${base}_${nanoid(10)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x")}`;
  const admin = new pg.Client({ connectionString: maintenanceUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await admin.end();
  const database = await openPostgres(withDatabase(name), { max: 12 });
  return {
    ...database,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: maintenanceUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Opens a database for this test file and makes it the process-wide one the services use. */
export function useTestDatabase() {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    setDatabase(database);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database?.drop();
  });
  return {
    get db() {
      if (!database) throw new Error("useTestDatabase: the database is opened in beforeAll");
      return database.db;
    },
  };
}
