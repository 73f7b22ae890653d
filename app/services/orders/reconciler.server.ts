// The reconciler: every succeeded payment ends with exactly one order or a refund, even when the process that took
// it died before placing the order, and even in test mode where no webhook comes. Run at start and periodically by
// every instance: a payment is claimed with SKIP LOCKED before it is looked at, placing is idempotent under the
// payment's row lock, and refunds are keyed, so instances running it at once do each piece of work once.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { releaseStrandedUses, releaseUse } from "./discounts.server";
import { payments, refunds } from "~/db/schema";
import { isOpenPayment } from "./open-payments.server";
import { ConflictError, PaymentRequiredError } from "../errors";
import { fulfilPayment } from "./orders.server";
import { getPaymentProvider } from "../payments/index.server";
import { pruneRateLimits } from "../rate-limit.server";
import { processDueRefunds } from "./refunds.server";
import { queueReviewRequests } from "../reviews/review-mail.server";
import { createLogger, describeError } from "~/lib/log.server";

const log = createLogger("reconciler");

type PaymentRow = typeof payments.$inferSelect;

export interface ReconcileOptions {
  /** a payment touched more recently than this is left alone: its checkout may still be running */
  settleMs?: number;
  /** an unpaid payment older than this is cancelled with the provider (the shopper walked away) */
  abandonMs?: number;
  now?: Date;
  db?: DbOrTx;
}

export interface ReconcileReport {
  placed: number;
  refundsOwed: number;
  cancelled: number;
  refunds: { tried: number; refunded: number };
  errors: number;
}

/**
 * Claims open payments not touched for `settleMs`, nor for a tenth of their age (an hour-old unpaid payment is
 * asked about every six minutes, not every sweep): touching them (updated_at) hides them from every instance's next
 * sweeps for that long, and SKIP LOCKED keeps two sweeps running at once from taking the same rows.
 */
async function claimOrphans(db: DbOrTx, now: Date, settleMs: number, limit: number): Promise<PaymentRow[]> {
  const provider = getPaymentProvider();
  const settledBefore = new Date(now.getTime() - settleMs).toISOString();
  const at = now.toISOString();
  const quietLongEnough = sql`${payments.updatedAt} < least(${settledBefore}::timestamptz, ${at}::timestamptz - (${at}::timestamptz - ${payments.createdAt}) / 10)`;
  const candidates = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, provider.name), isOpenPayment, quietLongEnough))
    .orderBy(asc(payments.updatedAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(payments)
    .set({ updatedAt: sql`now()` })
    .where(inArray(payments.id, candidates))
    .returning();
}

/** One open payment, settled: placed if paid, cancelled if abandoned, else brought up to the provider's status. */
async function settle(payment: PaymentRow, abandonBefore: Date, db: DbOrTx): Promise<keyof ReconcileReport | null> {
  const provider = getPaymentProvider();
  let remote = await provider.retrieve(payment.providerPaymentId);
  if (remote.status === "requires_payment_method" && payment.createdAt < abandonBefore) {
    // cancelled only while unpaid: one paid this very moment comes back succeeded and is placed below
    remote = await provider.cancel(payment.providerPaymentId, `cancel:${payment.id}`);
    if (remote.status === "canceled") {
      await db.update(payments).set({ status: "canceled" }).where(eq(payments.id, payment.id));
      // an abandoned checkout gives its discount code's use back (decision 0040)
      await releaseUse(payment.checkoutKey, db);
      return "cancelled";
    }
  }
  if (remote.status === "succeeded") {
    try {
      const { created } = await fulfilPayment(payment, undefined, db);
      if (created) log.info(`placed the order of paid payment ${payment.providerPaymentId}`);
      return created ? "placed" : null;
    } catch (error) {
      // no order (sold out, or paid a wrong amount): fulfilPayment owes the refund and tries it
      if (!(error instanceof ConflictError || error instanceof PaymentRequiredError)) throw error;
      log.info(`payment ${payment.providerPaymentId}: ${describeError(error)}`);
      const [owed] = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.paymentId, payment.id), isNull(refunds.returnId)));
      return owed ? "refundsOwed" : null;
    }
  }
  if (remote.status === "canceled") {
    await db.update(payments).set({ status: "canceled" }).where(eq(payments.id, payment.id));
    await releaseUse(payment.checkoutKey, db);
    return null;
  }
  if (remote.status === "refunded") {
    // refunded at the provider (its dashboard, say): our books say so too
    await db.transaction(async (tx) => {
      const now = new Date();
      await tx
        .insert(refunds)
        .values({
          paymentId: payment.id,
          reason: "refunded at the payment provider",
          status: "succeeded",
          refundedAt: now,
        })
        .onConflictDoUpdate({
          target: refunds.paymentId,
          where: sql`${refunds.returnId} is null`,
          set: { status: "succeeded", refundedAt: now, updatedAt: now },
        });
      await tx.update(payments).set({ status: "refunded" }).where(eq(payments.id, payment.id));
      await releaseUse(payment.checkoutKey, tx);
    });
    return null;
  }
  if (remote.status !== payment.status) {
    await db.update(payments).set({ status: remote.status }).where(eq(payments.id, payment.id));
  }
  return null;
}

/** One sweep: orphaned payments settled, then refunds whose time has come tried again. */
export async function reconcile({
  settleMs = 2 * 60_000,
  abandonMs = 24 * 60 * 60_000,
  now = new Date(),
  db = getDb(),
}: ReconcileOptions = {}): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    placed: 0,
    refundsOwed: 0,
    cancelled: 0,
    refunds: { tried: 0, refunded: 0 },
    errors: 0,
  };
  const orphans = await claimOrphans(db, now, settleMs, 50);
  const abandonBefore = new Date(now.getTime() - abandonMs);
  for (const payment of orphans) {
    try {
      const outcome = await settle(payment, abandonBefore, db);
      if (outcome === "placed" || outcome === "refundsOwed" || outcome === "cancelled") report[outcome]++;
    } catch (error) {
      report.errors++;
      log.error(`payment ${payment.providerPaymentId}: ${describeError(error)}`);
    }
  }
  report.refunds = await processDueRefunds(db, now);
  // a code's use taken by a checkout that died before it recorded its payment goes back
  await releaseStrandedUses(new Date(now.getTime() - settleMs), db);
  return report;
}

/**
 * Runs `reconcile` now and every `intervalMs` (with a little jitter, so instances do not sweep in step) until
 * stopped, each sweep followed by pruning the rate-limit counters of no more use; a sweep that fails (the database is
 * down) is logged and the next one tries again. `stop` waits for a sweep in progress.
 */
export function startReconciler(options: ReconcileOptions & { intervalMs?: number } = {}) {
  const { intervalMs = 60_000, ...sweep } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = reconcile({ ...sweep, now: new Date() })
      .then(async (report) => {
        await pruneRateLimits(sweep.db);
        // the review requests that are due (decision 0045): the same sweep, so every instance runs it
        const requests = await queueReviewRequests({ db: sweep.db });
        if (requests.queued > 0) log.info(`review requests queued: ${requests.queued}`);
        const busy = report.placed + report.refundsOwed + report.cancelled + report.refunds.tried + report.errors;
        if (busy > 0) log.info(JSON.stringify(report));
      })
      .catch((error: unknown) => log.error(`sweep failed: ${describeError(error)}`))
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(run, intervalMs * (0.8 + Math.random() * 0.4));
          timer.unref();
        }
      });
  };
  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
