import { createHash } from "node:crypto";
import { inArray, like, lt, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { RateLimitedError } from "./errors";

/**
 * Rate limits, kept in the database so that every app instance shares them (docs/security.md). Two kinds:
 *
 * - a **window**: at most `max` events per `windowSeconds` (registrations per client, API writes per user);
 * - a **back-off**: `free` attempts, then each further one waits twice as long as the one before (1 s, 2 s, 4 s …
 *   up to `maxDelaySeconds`), forgotten `memorySeconds` after the last one (failed logins of one client on one
 *   account: an attacker slows only their own attempts on that account, never the account's owner elsewhere).
 *
 * Every check-and-count is one atomic step per key (a row lock or a single upsert), so parallel requests cannot all
 * pass a check before any of them is counted.
 */
export interface WindowRule {
  key: string;
  max: number;
  windowSeconds: number;
  /**
   * The key of a back-off rule of the same attempt: a caller with no failures there is let through even when this
   * window is full (the owner of an account that others are guessing at signs in; the guessers do not).
   */
  spareWhenClean?: string;
}

export interface BackoffRule {
  key: string;
  free: number;
  maxDelaySeconds: number;
  memorySeconds: number;
}

export type Rule = WindowRule | BackoffRule;

const isBackoff = (rule: Rule): rule is BackoffRule => "free" in rule;

/** A key part that may hold personal data (an e-mail): stored as a short hash, so the table holds no addresses. */
export function keyPart(value: string): string {
  return createHash("sha256").update(value).digest("base64url").slice(0, 22);
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Doubling delay after the free attempts: the `n`th attempt (1-based) makes the next one wait this long. */
export function backoffSeconds(rule: BackoffRule, n: number): number {
  if (n < rule.free) return 0;
  return Math.min(2 ** (n - rule.free), rule.maxDelaySeconds);
}

/**
 * Counts one event against fixed windows, in one statement per key: refused (429 with Retry-After) when a window is
 * already full. Counts every event, success or not (registrations, checkouts, writes).
 */
export async function countEvent(rules: WindowRule[], message: string, db: DbOrTx = getDb()): Promise<void> {
  let retryAfter = 0;
  for (const rule of rules) {
    const window = sql`make_interval(secs => ${rule.windowSeconds})`;
    const expired = sql`${rateLimits.windowStart} + ${window} <= now()`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key: rule.key, count: 1, windowStart: sql`now()`, expiresAt: sql`now() + ${window}` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimits.windowStart} END`,
          expiresAt: sql`CASE WHEN ${expired} THEN now() + ${window} ELSE ${rateLimits.expiresAt} END`,
        },
      })
      .returning({
        count: rateLimits.count,
        resetsInMs: sql<number>`extract(epoch from ${rateLimits.expiresAt} - now()) * 1000`.mapWith(Number),
      });
    if (row && row.count > rule.max) retryAfter = Math.max(retryAfter, seconds(row.resetsInMs));
  }
  if (retryAfter > 0) throw new RateLimitedError(message, retryAfter);
}

/** An attempt let through by `reserveAttempt`: what to do once its outcome is known. */
export interface Reservation {
  /** it succeeded: the back-offs start again from nothing, and it does not count against the windows */
  succeeded(db?: DbOrTx): Promise<void>;
}

/**
 * Lets one attempt through every rule, or none (429 with the longest wait): under a row lock per key, an attempt is
 * counted before it is made (a failure until it reports success), so N parallel attempts with `free` left let exactly
 * `free` through. A refused attempt is not counted.
 */
export async function reserveAttempt(rules: Rule[], message: string, db: DbOrTx = getDb()): Promise<Reservation> {
  const keys = rules.map((r) => r.key).sort();
  await db.transaction(async (tx) => {
    // one statement creates the rows that are missing and locks them all (in key order: no deadlock between two
    // attempts); a select after a separate insert could miss a row deleted in between (a success, the pruning)
    const rows = await tx
      .insert(rateLimits)
      .values(keys.map((key) => ({ key, count: 0, windowStart: sql`now()`, expiresAt: sql`now()` })))
      .onConflictDoUpdate({ target: rateLimits.key, set: { key: sql`excluded.key` } })
      .returning({
        key: rateLimits.key,
        count: rateLimits.count,
        now: sql<Date>`now()`.mapWith((v) => new Date(v)),
        windowStart: rateLimits.windowStart,
        blockedUntil: rateLimits.blockedUntil,
        expiresAt: rateLimits.expiresAt,
      });
    let waitMs = 0;
    const updates: Array<Partial<typeof rateLimits.$inferInsert> & { key: string }> = [];
    const failuresAt = (key: string) => {
      const row = rows.find((r) => r.key === key);
      return row && row.expiresAt.getTime() > row.now.getTime() ? row.count : 0;
    };
    for (const rule of rules) {
      const row = rows.find((r) => r.key === rule.key)!;
      const now = row.now.getTime();
      if (isBackoff(rule)) {
        const forgotten = row.expiresAt.getTime() <= now;
        const count = forgotten ? 0 : row.count;
        const blockedUntil = forgotten ? 0 : (row.blockedUntil?.getTime() ?? 0);
        if (blockedUntil > now) waitMs = Math.max(waitMs, blockedUntil - now);
        const delay = backoffSeconds(rule, count + 1) * 1000;
        updates.push({
          key: rule.key,
          count: count + 1,
          blockedUntil: delay > 0 ? new Date(now + delay) : null,
          expiresAt: new Date(now + Math.max(delay, rule.memorySeconds * 1000)),
        });
      } else {
        const expired = row.windowStart.getTime() + rule.windowSeconds * 1000 <= now;
        const start = expired ? now : row.windowStart.getTime();
        const count = expired ? 0 : row.count;
        const spared = rule.spareWhenClean !== undefined && failuresAt(rule.spareWhenClean) === 0;
        if (count >= rule.max && !spared) waitMs = Math.max(waitMs, start + rule.windowSeconds * 1000 - now);
        updates.push({
          key: rule.key,
          count: count + 1,
          windowStart: new Date(start),
          expiresAt: new Date(start + rule.windowSeconds * 1000),
        });
      }
    }
    if (waitMs > 0) throw new RateLimitedError(message, seconds(waitMs));
    for (const { key, ...set } of updates) {
      await tx
        .update(rateLimits)
        .set(set)
        .where(sql`${rateLimits.key} = ${key}`);
    }
  });
  return {
    async succeeded(successDb = db) {
      const backoffs = rules.filter(isBackoff).map((r) => r.key);
      const windows = rules.filter((r) => !isBackoff(r)).map((r) => r.key);
      if (backoffs.length > 0) await successDb.delete(rateLimits).where(inArray(rateLimits.key, backoffs));
      if (windows.length > 0) {
        await successDb
          .update(rateLimits)
          .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
          .where(inArray(rateLimits.key, windows));
      }
    },
  };
}

/** Forgets every counter whose key starts with `prefix` (an account's login back-offs, from every client). */
export async function clearLimitsStartingWith(prefix: string, db: DbOrTx = getDb()) {
  const pattern = prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + "%";
  await db.delete(rateLimits).where(like(rateLimits.key, pattern));
}

/** Removes counters of no more use; run by the periodic housekeeping. */
export async function pruneRateLimits(db: DbOrTx = getDb()): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expiresAt, sql`now()`))
    .returning({ key: rateLimits.key });
  return gone.length;
}
