import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The transaction handle drizzle passes to `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? path.join(process.cwd(), "drizzle"));

/** Any number of app instances may start at once against one PostgreSQL: only one migrates at a time. */
const MIGRATION_LOCK_ID = 7_312_001;

const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/**
 * Bounds on every wait for PostgreSQL, so that a held lock, a slow query or a lost server costs a request a few
 * seconds and a 503, never a hung page: getting a connection (connecting or waiting for a free one in the pool),
 * waiting for a lock, running a statement, and a transaction left idle.
 */
export function postgresTimeouts() {
  return {
    connectionTimeoutMillis: setting("DB_CONNECT_TIMEOUT_MS", 3_000),
    lock_timeout: setting("DB_LOCK_TIMEOUT_MS", 2_000),
    statement_timeout: setting("DB_STATEMENT_TIMEOUT_MS", 10_000),
    idle_in_transaction_session_timeout: setting("DB_IDLE_IN_TRANSACTION_TIMEOUT_MS", 30_000),
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? setting("DB_POOL_MAX", 10),
    ...postgresTimeouts(),
  });
  pool.on("error", (error) => console.error("[db] idle client error", error.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: "postgres",
    db,
    async migrate() {
      const lock = await pool.connect();
      try {
        await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
      } finally {
        await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
        lock.release();
      }
    },
    close: () => pool.end(),
  };
}

/** `dataDir` is a directory, `memory://`, or a PGlite instance made elsewhere (tests restore snapshots). */
export async function openPglite(dataDir: string | PGlite): Promise<Database> {
  const client = typeof dataDir === "string" ? await PGlite.create(dataDir, { extensions: { pg_trgm } }) : dataDir;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

// ---------------------------------------------------------------- the process-wide database

// kept on globalThis: the dev server re-evaluates modules, the process keeps one database
const holder = globalThis as unknown as { __shopDatabase?: Database };

export function setDatabase(database: Database | undefined) {
  holder.__shopDatabase = database;
}

export function getDatabase(): Database {
  if (!holder.__shopDatabase) throw new Error("The database is not open yet (bootstrap has not run).");
  return holder.__shopDatabase;
}

export function getDb(): Db {
  return getDatabase().db;
}
