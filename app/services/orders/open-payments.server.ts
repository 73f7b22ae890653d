// Payments not ended yet (no order, no refund), and among them a charge whose order is not placed yet: a checkout cut
// off after the card was charged (a crash, a 503 or 507 while placing the order). New payments wait for it, and what
// the shopper is told says the card will not be charged again.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders, payments, refunds } from "~/db/schema";
import { formatCents } from "~/lib/money";
import { ConflictError, InsufficientStorageError, ServiceUnavailableError, unavailableOr } from "../errors";
import { getPaymentProvider } from "../payments/index.server";

type PaymentRow = typeof payments.$inferSelect;

/** A payment no order and no refund has ended yet, with a status that can still end in an order. */
export const isOpenPayment = and(
  inArray(payments.status, ["requires_payment_method", "processing", "succeeded"]),
  sql`not exists (select 1 from ${orders} where ${orders.paymentId} = ${payments.id})`,
  sql`not exists (select 1 from ${refunds} where ${refunds.paymentId} = ${payments.id} and ${refunds.returnId} is null)`,
)!;

/**
 * The user's newest payment the provider shows paid that has no order and no refund yet: a checkout cut off after the
 * charge (a crash, a 503 or 507 while placing the order). Attempts are keyed by the cart's contents, so once the
 * shopper changes the cart a new attempt would charge again for what that payment bought: it is settled first (the
 * one-request checkout places its order; the other ways to pay refuse until it is placed). Only the newest few open
 * payments are asked (abandoned attempts stay open); the reconciler settles older ones.
 */
export async function paidPaymentWithoutOrder(
  userId: number,
  db: DbOrTx,
  /** the attempt being paid: its own payment is not an earlier one (two tabs racing on one attempt share it) */
  ownKey?: string,
): Promise<PaymentRow | undefined> {
  const open = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        isOpenPayment,
        ownKey ? sql`${payments.checkoutKey} is distinct from ${ownKey}` : undefined,
      ),
    )
    .orderBy(desc(payments.id))
    .limit(5);
  const provider = getPaymentProvider();
  for (const payment of open) {
    if (payment.status === "succeeded") return payment;
    if ((await provider.retrieve(payment.providerPaymentId)).status === "succeeded") return payment;
  }
  return undefined;
}

/**
 * What a failure after the card was charged says: that the card was charged, that it will not be charged again, and
 * what happens next (posted again, the order is placed; else the reconciler places it and the receipt is mailed).
 * A database that cannot answer stays a 503 and a full disk a 507, with these words; anything else is left as it is.
 */
export function chargedButNotPlaced(error: unknown, amountCents: number): unknown {
  const failure = unavailableOr(error);
  const charged = `Your card was charged ${formatCents(amountCents)}, but your order could not be placed just now`;
  const next =
    "You will not be charged again for it: we place the order for you within a few minutes and e-mail you the confirmation (or refund the payment if an item sold out).";
  if (failure instanceof ServiceUnavailableError)
    return new ServiceUnavailableError(
      `${charged} because the shop is busy. ${next} You can also try again in a few seconds.`,
      failure.retryAfterSeconds,
    );
  if (failure instanceof InsufficientStorageError)
    return new InsufficientStorageError(`${charged} because the shop's storage is full. ${next}`);
  return failure;
}

/** Refuses a new payment while an earlier one of the user is paid and has no order (see paidPaymentWithoutOrder). */
export async function refuseWhileEarlierPaymentUnsettled(userId: number, key: string, db: DbOrTx) {
  const unsettled = await paidPaymentWithoutOrder(userId, db, key);
  if (!unsettled) return;
  throw new ConflictError(
    `Your card was charged ${formatCents(unsettled.amountCents)} for an earlier checkout whose order is being placed. Nothing new was charged: once that order shows under your orders (within a few minutes), check your cart and pay for what is left.`,
  );
}
