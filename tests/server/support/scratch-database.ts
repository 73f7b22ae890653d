import { nanoid } from "nanoid";
import pg from "pg";
import { testDatabaseUrls } from "../../support/postgres-url";

/**
 * An empty PostgreSQL database of its own (no template: the shop migrates it itself), named after TEST_DATABASE_URL's
 * database like the other test databases, so the PostgreSQL suite's clean-up finds it if a run is cut short.
 */
export async function createScratchDatabase(label: string) {
  const { base, maintenanceUrl, withDatabase } = testDatabaseUrls();
  const name = `${base}_${label}_${nanoid(8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x")}`;
  const admin = new pg.Client({ connectionString: maintenanceUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(name);
  return {
    name,
    url,
    /** the same database through another host and port (a relay) */
    urlVia(port: number) {
      const via = new URL(url);
      via.hostname = "127.0.0.1";
      via.port = String(port);
      return via.toString();
    },
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    async drop() {
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

/** Host and port of the PostgreSQL server of TEST_DATABASE_URL. */
export function postgresServer() {
  const url = new URL(testDatabaseUrls().maintenanceUrl);
  return { host: url.hostname, port: Number(url.port || 5432) };
}
