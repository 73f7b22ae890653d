import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres } from "~/db/client.server";
import { testDatabaseUrls } from "./postgres-url";
import { provideScriptBundles } from "./script-bundles";

/**
 * Creates the migrated template database that every test file clones, after removing leftovers of earlier runs, and
 * bundles the scripts the tests start as processes (script-bundles.ts).
 */
export default async function setup(project: TestProject) {
  const { base, template, maintenanceUrl, withDatabase } = testDatabaseUrls();
  const admin = new pg.Client({ connectionString: maintenanceUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `The PostgreSQL leg of the tests needs a server (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/shop_test): ${(error as Error).message}`,
    );
  }
  const stale = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [
    `${base}\\_%`,
  ]);
  for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${template}"`);
  const database = await openPostgres(withDatabase(template), { max: 2 });
  await database.migrate();
  await database.close();
  await admin.end();
  const removeBundles = await provideScriptBundles(project);

  return async () => {
    removeBundles();
    const cleanup = new pg.Client({ connectionString: maintenanceUrl });
    await cleanup.connect();
    const left = await cleanup.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [
      `${base}\\_%`,
    ]);
    for (const { datname } of left.rows) await cleanup.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await cleanup.end();
  };
}
