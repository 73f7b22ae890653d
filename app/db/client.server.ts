import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { createLogger, describeError } from "~/lib/log.server";

const log = createLogger("db");

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The transaction handle drizzle passes to `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs `fn` with raw queries on a connection of its own and gives up after `timeoutMs`. On PostgreSQL that is a new
   * connection, not one of the pool's: a pool busy with slow requests is not a database that does not answer (health
   * checks and the start-up wait use it). On PGlite it is the one client.
   */
  probe<T>(fn: (query: ProbeQuery) => Promise<T>, timeoutMs: number): Promise<T>;
  /** PostgreSQL: the pool's connections now (for the operator's metrics); PGlite has one client and no pool */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  /** connections open, idle among them, and requests waiting for one */
  total: number;
  idle: number;
  waiting: number;
}

export type ProbeQuery = (text: string) => Promise<Array<Record<string, unknown>>>;

export class ProbeTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
  }
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeoutError(timeoutMs)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
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
  // A connection the server ends (a restart, pg_terminate_backend, a network cut) says so with an `error` event on
  // its client. pg-pool listens for it only while the client is idle in the pool; a client checked out for a
  // transaction has no listener of its own, and an `error` event nobody listens to ends the process. Every client
  // gets a listener for its whole life here: the query in flight fails (the request answers 503 with Retry-After,
  // app/db/unavailable.ts), the client is not queryable any more, so the pool drops it on release and opens a new one
  // when one is needed (docs/reliability.md, "The database going away").
  pool.on("connect", (client) => {
    client.on("error", (error) => log.warn(`connection lost: ${describeError(error)}`));
  });
  // the pool repeats an idle client's error on itself; the listener above has logged it already
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: "postgres",
    db,
    async migrate() {
      // a connection of its own, without the request timeouts: waiting for another instance's migrations, or a long
      // migration, is what a start is for (the start-up wait bounds reaching the server)
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: postgresTimeouts().connectionTimeoutMillis,
      });
      // a server that goes away mid-migration fails the migration (the start says so), not the process by an event
      client.on("error", (error) => log.warn(`migration connection lost: ${describeError(error)}`));
      await client.connect();
      try {
        await client.query("SET lock_timeout = 0; SET statement_timeout = 0");
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
        await client.end().catch(() => undefined);
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    probe(fn, timeoutMs) {
      // the driver's own connect timeout only cleans up after the race below has answered
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs + 1_000 });
      // a server that goes away while we wait must not become an uncaught error
      client.on("error", () => undefined);
      const work = (async () => {
        await client.connect();
        return fn(async (text) => (await client.query(text)).rows);
      })();
      work.catch(() => undefined);
      // not awaited: ending a connection that never opened may itself wait on the network
      return withTimeout(work, timeoutMs).finally(() => void client.end().catch(() => undefined));
    },
  };
}

/**
 * PostgreSQL settings of the embedded database, on top of PGlite's own start parameters (given on its command line,
 * so the data directory's postgresql.conf is left as it is). PGlite's defaults are a server's: 128 MB of shared
 * buffers, all of them touched at start, in a WebAssembly heap that never shrinks. The shop's catalogue is a few MB
 * of rows and about 40 MB of images, read through the operating system's file cache anyway: 16 MB of buffers hold
 * every row and index the pages read, and keep the process's memory about 110 MB lower (bench/RESULTS.md,
 * "Memory"; docs/decisions/0029-memory-and-in-process-api.md).
 */
export const PGLITE_SETTINGS = ["shared_buffers=16MB", "maintenance_work_mem=16MB"];

/** The PostgreSQL extensions the migrations create: trigrams and levenshtein for search. */
export const pgliteExtensions = { pg_trgm, fuzzystrmatch };

/** `dataDir` is a directory, `memory://`, or a PGlite instance made elsewhere (tests restore snapshots). */
export async function openPglite(dataDir: string | PGlite): Promise<Database> {
  const client =
    typeof dataDir === "string"
      ? await PGlite.create(dataDir, {
          extensions: pgliteExtensions,
          startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting])],
        })
      : dataDir;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
    probe: (fn, timeoutMs) =>
      withTimeout(
        fn(async (text) => (await client.query<Record<string, unknown>>(text)).rows),
        timeoutMs,
      ),
  };
}

// ---------------------------------------------------------------- the process-wide database

// kept on globalThis: the dev server re-evaluates modules, the process keeps one database
const holder = globalThis as unknown as { __shopDatabase?: Database };

export function setDatabase(database: Database | undefined) {
  holder.__shopDatabase = database;
}

/** The process-wide database, or undefined while bootstrap has not opened it. */
export function findDatabase(): Database | undefined {
  return holder.__shopDatabase;
}

export function getDatabase(): Database {
  if (!holder.__shopDatabase) throw new Error("The database is not open yet (bootstrap has not run).");
  return holder.__shopDatabase;
}

export function getDb(): Db {
  return getDatabase().db;
}
