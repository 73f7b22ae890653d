// Refunds owed: a payment that will not become an order (sold out while paying, an orphan that cannot be placed, a
// cancelled order) owes its money back. The debt is written in the same transaction as the decision, then carried out
// by the provider; a provider that fails is tried again with backoff by the reconciler, and an admin can see the
// queue and retry at once. The provider's refund is idempotent (keyed by our payment id), so a retry never refunds
// twice.
import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { releaseUse } from "./discounts.server";
import { numberCreditNote } from "./invoices.server";
import { orders, payments, refunds, users } from "~/db/schema";
import type { RefundDto } from "~/schemas/refunds";
import { documentNumber } from "~/schemas/invoices";
import { centsToDollars } from "~/lib/money";
import { requireAdmin, type Actor } from "../access";
import { recordAudit } from "../audit/audit.server";
import { ConflictError, NotFoundError } from "../errors";
import { faultPoint } from "../faults.server";
import { getPaymentProvider } from "../payments/index.server";
import { createLogger, describeError } from "~/lib/log.server";

const log = createLogger("refunds");

type RefundRow = typeof refunds.$inferSelect;

/** How long a failed refund waits before its next try: 30 s, 1 min, 2 min, … up to an hour. */
export function refundBackoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** How long a refund being carried out is left to the instance that claimed it before another may try. */
const CLAIM_MS = 2 * 60_000;

/**
 * Records that a payment's money is owed back (once: a second call for the same payment is a no-op). Call it in the
 * transaction that decides no order will be placed, with the payment row locked.
 */
export async function oweRefund(paymentId: number, reason: string, tx: DbOrTx) {
  await tx
    .insert(refunds)
    .values({ paymentId, reason })
    .onConflictDoNothing({ target: refunds.paymentId, where: sql`${refunds.returnId} is null` });
}

/**
 * Records that a part of a paid order's payment is owed back for a return (decision 0044), in the transaction that
 * decides it; carried out like every refund (refundById after the commit, or the reconciler). Returns its id.
 */
export async function owePartialRefund(
  tx: DbOrTx,
  input: { paymentId: number; returnId: number; amountCents: number; reason: string },
): Promise<number> {
  const [row] = await tx.insert(refunds).values(input).returning({ id: refunds.id });
  return row!.id;
}

/**
 * Asks the provider to refund (or cancel) the payment of a claimed refund, and records the outcome: done, or the
 * error and when to try again. Returns whether the money is back.
 */
/**
 * Whether the payment's succeeded refunds (a whole one, or returns' parts) add up to all of it. The payment row is
 * locked first, so two returns' refunds carried out at once take turns and the later one sees the earlier.
 */
async function refundedWhole(tx: DbOrTx, paymentId: number): Promise<boolean> {
  const [payment] = await tx
    .select({ amountCents: payments.amountCents })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for("update");
  const [given] = await tx
    .select({ cents: sql<number>`coalesce(sum(coalesce(${refunds.amountCents}, ${payment!.amountCents})), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, "succeeded")));
  return Number(given?.cents ?? 0) >= payment!.amountCents;
}

async function carryOut(refund: RefundRow, db: DbOrTx): Promise<boolean> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
  if (!payment) throw new NotFoundError(`Payment ${refund.paymentId} not found`);
  try {
    if (refund.amountCents === null)
      await getPaymentProvider().refund(payment.providerPaymentId, `refund:${payment.id}`);
    // a return's part: a key of its own per refund, so that two returns of one payment are two refunds
    else
      await getPaymentProvider().refund(
        payment.providerPaymentId,
        `refund:${payment.id}:${refund.id}`,
        refund.amountCents,
      );
  } catch (error) {
    const attempts = refund.attempts + 1;
    const message = describeError(error);
    log.error(`refund of payment ${payment.providerPaymentId} failed (try ${attempts}): ${message}`);
    await db
      .update(refunds)
      .set({
        attempts,
        lastError: message.slice(0, 500),
        nextAttemptAt: new Date(Date.now() + refundBackoffMs(attempts)),
        updatedAt: new Date(),
      })
      .where(eq(refunds.id, refund.id));
    return false;
  }
  faultPoint("refund-after-provider");
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(refunds)
      .set({ status: "succeeded", attempts: refund.attempts + 1, lastError: null, refundedAt: now, updatedAt: now })
      .where(eq(refunds.id, refund.id));
    if (refund.amountCents === null) {
      await tx
        .update(payments)
        .set({ status: "refunded", failureMessage: refund.reason, updatedAt: now })
        .where(eq(payments.id, payment.id));
      // refunded in full: the discount code's use is given back
      await releaseUse(payment.checkoutKey, tx);
    } else if (await refundedWhole(tx, payment.id)) {
      // returns' refunds that together gave the whole payment back give the use back too (decision 0040 addendum)
      await releaseUse(payment.checkoutKey, tx);
    }
    // the invoice it corrects gets its credit note, numbered with the refund it records (decision 0042)
    await numberCreditNote(tx, refund.id);
  });
  return true;
}

/**
 * Claims pending refunds (all due ones, or the given payment's) for this instance: their next try moves a little
 * into the future, so another instance running the same sweep skips them (SKIP LOCKED) and a crash mid-refund only
 * delays it.
 */
async function claim(
  db: DbOrTx,
  filter: { paymentId?: number; refundId?: number; due?: Date; limit?: number },
): Promise<RefundRow[]> {
  const conditions = [eq(refunds.status, "pending")];
  // a payment's whole refund (a return's partial ones are claimed by their id)
  if (filter.paymentId !== undefined) {
    conditions.push(eq(refunds.paymentId, filter.paymentId), isNull(refunds.returnId));
  }
  if (filter.refundId !== undefined) conditions.push(eq(refunds.id, filter.refundId));
  if (filter.due) conditions.push(lte(refunds.nextAttemptAt, filter.due));
  const candidates = db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(...conditions))
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(filter.limit ?? 20)
    .for("update", { skipLocked: true });
  return db
    .update(refunds)
    .set({ nextAttemptAt: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval` })
    .where(inArray(refunds.id, candidates))
    .returning();
}

/** Owes and, at once, tries the refund of one payment. Returns whether the money is back already. */
export async function refundNow(paymentId: number, db: DbOrTx = getDb()): Promise<boolean> {
  const [claimed] = await claim(db, { paymentId });
  if (!claimed) {
    const [row] = await db
      .select()
      .from(refunds)
      .where(and(eq(refunds.paymentId, paymentId), isNull(refunds.returnId)));
    return row?.status === "succeeded";
  }
  return carryOut(claimed, db);
}

/** Tries one refund (a return's) now. Returns whether the money is back already. */
export async function refundById(refundId: number, db: DbOrTx = getDb()): Promise<boolean> {
  const [claimed] = await claim(db, { refundId });
  if (!claimed) {
    const [row] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId));
    return row?.status === "succeeded";
  }
  return carryOut(claimed, db);
}

/** The reconciler's part: every pending refund whose time has come. Returns how many were carried out. */
export async function processDueRefunds(db: DbOrTx = getDb(), now = new Date()) {
  const due = await claim(db, { due: now, limit: 50 });
  let refunded = 0;
  for (const refund of due) if (await carryOut(refund, db)) refunded++;
  return { tried: due.length, refunded };
}

// ---------------------------------------------------------------- the admin's view

function refundDto(row: {
  refund: RefundRow;
  payment: typeof payments.$inferSelect;
  email: string | null;
  orderId: number | null;
}): RefundDto {
  const { refund, payment } = row;
  return {
    id: refund.id,
    paymentId: payment.id,
    orderId: row.orderId,
    providerPaymentId: payment.providerPaymentId,
    customerEmail: row.email ?? "",
    amount: centsToDollars(refund.amountCents ?? payment.amountCents),
    returnId: refund.returnId,
    creditNoteNumber:
      refund.creditNoteYear !== null && refund.creditNoteSeq !== null
        ? documentNumber(refund.creditNoteYear, refund.creditNoteSeq)
        : null,
    reason: refund.reason,
    status: refund.status,
    attempts: refund.attempts,
    lastError: refund.lastError,
    nextAttemptAt: refund.status === "pending" ? refund.nextAttemptAt.toISOString() : null,
    refundedAt: refund.refundedAt?.toISOString() ?? null,
    createdAt: refund.createdAt.toISOString(),
  };
}

/** Refunds with their payment, its order (if any) and the customer's e-mail: what the admin's view shows. */
const refundsWithPayments = (db: DbOrTx) =>
  db
    .select({ refund: refunds, payment: payments, email: users.email, orderId: orders.id })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(orders, eq(orders.paymentId, payments.id))
    .leftJoin(users, eq(users.id, payments.userId));

/** GET /admin/refunds: the ones still owed first (oldest first), then the latest done. */
export async function listRefunds({ actor, db = getDb() }: { actor: Actor | null; db?: DbOrTx }) {
  requireAdmin(actor);
  const [pending, done] = await Promise.all([
    refundsWithPayments(db).where(eq(refunds.status, "pending")).orderBy(asc(refunds.createdAt)).limit(200),
    refundsWithPayments(db).where(eq(refunds.status, "succeeded")).orderBy(desc(refunds.refundedAt)).limit(50),
  ]);
  return { pending: pending.map(refundDto), done: done.map(refundDto) };
}

/** POST /admin/refunds/{refundId}/retry: tries a pending refund now. */
export async function retryRefund({
  actor,
  refundId,
  db = getDb(),
}: {
  actor: Actor | null;
  refundId: number;
  db?: DbOrTx;
}): Promise<{ refunded: boolean; refund: RefundDto }> {
  const who = requireAdmin(actor);
  const row = await db.transaction(async (tx) => {
    const [found] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
    if (!found) throw new NotFoundError("Refund not found");
    if (found.status === "succeeded") throw new ConflictError(`Refund ${refundId} was carried out already.`);
    // the admin's decision to try now is the write recorded; what the provider answers shows on the refund itself
    await recordAudit(tx, {
      actor: who,
      kind: "refund.retry",
      entity: { type: "refund", id: refundId },
      before: {
        status: found.status,
        attempts: found.attempts,
        lastError: found.lastError,
        paymentId: found.paymentId,
      },
    });
    return found;
  });
  const refunded = row.returnId === null ? await refundNow(row.paymentId, db) : await refundById(row.id, db);
  const [after] = await refundsWithPayments(db).where(eq(refunds.id, refundId));
  return { refunded, refund: refundDto(after!) };
}
