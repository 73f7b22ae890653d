import fs from "node:fs/promises";
import path from "node:path";
import { findDatabase, migrationsFolder, ProbeTimeoutError, type Database } from "~/db/client.server";
import { lastStorageFull } from "~/db/unavailable";
import { createLogger } from "~/lib/log.server";
import { isShuttingDown } from "./lifecycle.server";

const log = createLogger("readyz");

/**
 * The answers of the load balancer's probes, served by scripts/server.mjs at /healthz and /readyz (through the named
 * exports of app/entry.server.tsx): liveness says the process answers at all, readiness that it can serve a shopper.
 */
export interface HealthAnswer {
  status: 200 | 503;
  headers: Record<string, string>;
  body: {
    status: "ok" | "unavailable";
    /** the first check that failed */
    failed?: ReadinessCheck;
    checks?: Record<ReadinessCheck, string>;
  };
}

export type ReadinessCheck = "process" | "database" | "migrations";

/** How long the database has to answer a readiness probe. */
export const READINESS_TIMEOUT_MS = 1_000;
/** What a 503 tells the balancer (and a browser) about when to ask again. */
export const RETRY_AFTER_SECONDS = 5;

const NO_STORE = { "Cache-Control": "no-store" };

/** Liveness: the process is up and its event loop turns; nothing else is consulted (not even the database). */
export function checkLiveness(): HealthAnswer {
  return { status: 200, headers: { ...NO_STORE }, body: { status: "ok" } };
}

/**
 * Readiness: 200 only when the process is not stopping, the database answers `select 1` within `timeoutMs`, and every
 * migration of drizzle's journal is recorded as applied in the database (a database restored from an older backup, or
 * replaced under the running process, fails here). A database with migrations newer than this build is fine: during
 * a rolling deploy the old instances keep serving. Otherwise 503 with Retry-After and the check that failed.
 */
/** How long one database probe's answer is shared by the readiness checks that follow it. */
const PROBE_REUSE_MS = 1_000;
/**
 * How long after a write failed for want of storage (a full disk: 507) the instance says it is not ready. A database
 * whose disk is full still answers `select 1`, so the probe alone said 200 while every write failed; the balancer
 * should send shoppers elsewhere. Once no write has failed for this long, it is ready again (the next write that
 * fails starts the window again).
 */
export const STORAGE_FULL_WINDOW_MS = 30_000;

export async function checkReadiness({
  timeoutMs = READINESS_TIMEOUT_MS,
  database = findDatabase(),
  reuseMs = PROBE_REUSE_MS,
  storageFullWindowMs = STORAGE_FULL_WINDOW_MS,
}: {
  timeoutMs?: number;
  database?: Database;
  reuseMs?: number;
  storageFullWindowMs?: number;
} = {}): Promise<HealthAnswer> {
  const checks: Record<ReadinessCheck, string> = {
    process: "ok",
    database: "not checked",
    migrations: "not checked",
  };
  const answer = (): HealthAnswer => {
    const failed = (Object.keys(checks) as ReadinessCheck[]).find((name) => checks[name] !== "ok");
    return failed
      ? {
          status: 503,
          headers: { ...NO_STORE, "Retry-After": String(RETRY_AFTER_SECONDS) },
          body: { status: "unavailable", failed, checks },
        }
      : { status: 200, headers: { ...NO_STORE }, body: { status: "ok", checks } };
  };

  if (isShuttingDown()) checks.process = "shutting down";
  else if (!database) checks.process = "starting";
  if (checks.process !== "ok" || !database) return answer();

  Object.assign(checks, await sharedDatabaseChecks(database, timeoutMs, reuseMs));
  const fullFor = Date.now() - lastStorageFull();
  if (checks.database === "ok" && fullFor < storageFullWindowMs) {
    checks.database = `storage full (a write failed ${Math.round(fullFor / 1000)} s ago)`;
  }
  return answer();
}

/**
 * One database probe at a time, its answer shared for a second: a balancer (or anyone) asking /readyz in a loop
 * cannot open a connection per request.
 */
let lastProbe:
  | { database: Database; at: number; checks: Promise<Pick<Record<ReadinessCheck, string>, "database" | "migrations">> }
  | undefined;

function sharedDatabaseChecks(database: Database, timeoutMs: number, reuseMs: number) {
  const now = Date.now();
  // `>=`: with reuseMs 0 a probe finished in this very millisecond is not reused (a probe in flight, `at` infinite,
  // always is)
  if (!lastProbe || lastProbe.database !== database || now - lastProbe.at >= reuseMs) {
    const checks = databaseChecks(database, timeoutMs).finally(() => {
      if (lastProbe?.checks === checks) lastProbe.at = Date.now();
    });
    lastProbe = { database, at: Number.POSITIVE_INFINITY, checks };
  }
  return lastProbe.checks;
}

async function databaseChecks(database: Database, timeoutMs: number) {
  const checks = { database: "not checked", migrations: "not checked" };
  const answer = () => checks;
  let applied: Set<number> | Error;
  try {
    applied = await database.probe(async (query) => {
      await query("select 1");
      checks.database = "ok";
      return query("select created_at from drizzle.__drizzle_migrations").then(
        (rows) => new Set(rows.map((row) => Number(row.created_at))),
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
    }, timeoutMs);
  } catch (error) {
    // the probe is public: the driver's words (hosts, users, paths) go to the log, not to whoever asks
    checks.database = error instanceof ProbeTimeoutError ? error.message : "unavailable (the log says why)";
    logOnce("database", error);
    return answer();
  }

  if (applied instanceof Error) {
    checks.migrations = "cannot read the applied migrations (the log says why)";
    logOnce("migrations", applied);
    return answer();
  }
  try {
    const missing = (await committedMigrations()).filter((migration) => !applied.has(migration.when));
    checks.migrations = missing.length === 0 ? "ok" : `not applied: ${missing.map((m) => m.tag).join(", ")}`;
  } catch (error) {
    checks.migrations = "cannot read drizzle's journal (the log says why)";
    logOnce("journal", error);
  }
  return answer();
}

const lastLogged = new Map<string, string>();

/** A failed check's reason, logged when it changes (a balancer probes every few seconds). */
function logOnce(check: string, error: unknown) {
  const reason = error instanceof Error ? error.message : String(error);
  if (lastLogged.get(check) === reason) return;
  lastLogged.set(check, reason);
  log.warn(`${check} check failed: ${reason}`);
}

interface JournalEntry {
  tag: string;
  /** drizzle records this as created_at of the applied migration */
  when: number;
}

let journal: Promise<JournalEntry[]> | undefined;

/** The migrations this build ships (drizzle/meta/_journal.json), read once. */
function committedMigrations(): Promise<JournalEntry[]> {
  journal ??= fs
    .readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")
    .then((text) => (JSON.parse(text) as { entries: JournalEntry[] }).entries);
  journal.catch(() => {
    journal = undefined;
  });
  return journal;
}
