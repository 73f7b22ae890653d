import { afterAll, beforeAll } from "vitest";
import { openPglite, setDatabase, type Database } from "~/db/client.server";
import { reconcile } from "~/services/orders/reconciler.server";
import { restorePgliteTemplate } from "./pglite-template";
import { createPostgresTestDatabase } from "./postgres-test-db";

export const testDbKind = (process.env.TEST_DB_KIND ?? "pglite") as "pglite" | "postgres";

/** A fresh, migrated database of the suite's kind, of its own. */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  if (testDbKind === "pglite") {
    // a copy of the migrated database made once for the whole run (pglite-template.ts), not a new one migrated here
    const database = await openPglite(await restorePgliteTemplate());
    return { ...database, drop: () => database.close() };
  }
  // a clone of the migrated template; dropping it checks the shop's invariants first (postgres-test-db.ts)
  return createPostgresTestDatabase({ max: 12 });
}

/** Opens a database for this test file and makes it the process-wide one the services use. */
export function useTestDatabase() {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    setDatabase(database);
  });
  afterAll(async () => {
    // as the shop's reconciler would, in the end: paid payments a test left without an order get theirs (or a
    // refund); then dropping a PostgreSQL database checks the invariants over what is left
    if (database && testDbKind === "postgres") await reconcile({ settleMs: 0, db: database.db });
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
