// The figures an operator's alerts watch (docs/decisions/0038-running-the-shop.md, /metrics): read when the metrics
// are scraped, each by one cheap query on a partial index or a small table, never per request.
import { and, eq, sql } from "drizzle-orm";
import { findDatabase, getDb, type DbOrTx, type PoolStats } from "~/db/client.server";
import { mailOutbox, payments, refunds } from "~/db/schema";
import { isOpenPayment } from "../orders/open-payments.server";

export interface OperationalFigures {
  mail: { pending: number; failed: number; oldestPendingSeconds: number };
  refunds: { owed: number; failing: number; oldestOwedSeconds: number };
  /** paid payments that have neither an order nor a refund yet, and the longest any has waited (the reconciler's lag) */
  payments: { paidWithoutOrder: number; oldestPaidWithoutOrderSeconds: number };
  /** PostgreSQL's connection pool; null on the embedded database */
  pool: PoolStats | null;
}

const ageSeconds = (column: unknown) => sql<number>`coalesce(extract(epoch from now() - min(${column})), 0)::float8`;

export async function operationalFigures(db: DbOrTx = getDb()): Promise<OperationalFigures> {
  const [[mail], [owed], [paid]] = await Promise.all([
    db
      .select({
        pending: sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending')::int`,
        failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')::int`,
        oldestPendingSeconds: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} = 'pending')), 0)::float8`,
      })
      .from(mailOutbox)
      .where(sql`${mailOutbox.status} in ('pending', 'failed')`),
    db
      .select({
        owed: sql<number>`count(*)::int`,
        failing: sql<number>`count(*) filter (where ${refunds.attempts} > 0)::int`,
        oldestOwedSeconds: ageSeconds(refunds.createdAt),
      })
      .from(refunds)
      .where(eq(refunds.status, "pending")),
    db
      .select({ paidWithoutOrder: sql<number>`count(*)::int`, oldest: ageSeconds(payments.createdAt) })
      .from(payments)
      .where(and(eq(payments.status, "succeeded"), isOpenPayment)),
  ]);
  return {
    mail: {
      pending: mail?.pending ?? 0,
      failed: mail?.failed ?? 0,
      oldestPendingSeconds: Number(mail?.oldestPendingSeconds ?? 0),
    },
    refunds: {
      owed: owed?.owed ?? 0,
      failing: owed?.failing ?? 0,
      oldestOwedSeconds: Number(owed?.oldestOwedSeconds ?? 0),
    },
    payments: {
      paidWithoutOrder: paid?.paidWithoutOrder ?? 0,
      oldestPaidWithoutOrderSeconds: Number(paid?.oldest ?? 0),
    },
    pool: findDatabase()?.poolStats?.() ?? null,
  };
}
