import { eq, inArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { RateLimitedError } from "./errors";

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counters live in the database so every app instance shares them. Only failures are counted (a shopper's and a
 * test suite's successful traffic never is).
 */
export async function assertUnderLimits(limits: Limit[], message: string, db: DbOrTx = getDb()) {
  if (limits.length === 0) return;
  const rows = await db
    .select()
    .from(rateLimits)
    .where(
      inArray(
        rateLimits.key,
        limits.map((l) => l.key),
      ),
    );
  const now = Date.now();
  for (const limit of limits) {
    const row = rows.find((r) => r.key === limit.key);
    if (!row) continue;
    const resetsAt = row.windowStart.getTime() + limit.windowSeconds * 1000;
    if (resetsAt > now && row.count >= limit.max) {
      throw new RateLimitedError(message, Math.max(1, Math.ceil((resetsAt - now) / 1000)));
    }
  }
}

export async function recordFailure(limits: Limit[], db: DbOrTx = getDb()) {
  for (const limit of limits) {
    await db
      .insert(rateLimits)
      .values({ key: limit.key, count: 1, windowStart: new Date() })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.windowStart} < now() - make_interval(secs => ${limit.windowSeconds}) THEN 1 ELSE ${rateLimits.count} + 1 END`,
          windowStart: sql`CASE WHEN ${rateLimits.windowStart} < now() - make_interval(secs => ${limit.windowSeconds}) THEN now() ELSE ${rateLimits.windowStart} END`,
        },
      });
  }
}

export async function clearLimit(key: string, db: DbOrTx = getDb()) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
