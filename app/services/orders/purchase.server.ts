// One checkout attempt, from cart to order, as one server-side operation (test payments; with Stripe the card is
// confirmed in the browser, and place-order, the webhook and the reconciler finish the same way). Every step can be
// repeated: the attempt's key finds the payment already made, a payment the provider shows paid is not charged
// again, and a paid payment's order is placed once. A process that dies at any step leaves nothing the next post of
// the same form, or the reconciler, cannot finish.
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { orders, payments } from "~/db/schema";
import type { OrderDto } from "~/schemas/orders";
import type { Billing, TestCard } from "~/schemas/payments";
import { assertOwnerOrAdmin, type Actor } from "../access";
import { chargedButNotPlaced, paidPaymentWithoutOrder } from "./open-payments.server";
import { paymentForCart } from "./payment-attempts.server";
import { chargeTestCard } from "./test-payments.server";
import { pricedCart } from "./priced-cart.server";
import { ConflictError, NotFoundError, PaymentRequiredError } from "../errors";
import { faultPoint } from "../faults.server";
import { fulfilPayment, orderDtos } from "./orders.server";
import { getPaymentProvider } from "../payments/index.server";
import { formatCents } from "~/lib/money";
import { defaultShipping, shippingSnapshot } from "./ship-to.server";

export type PurchaseOutcome = { order: OrderDto; created: boolean };

/** The payment of the attempt a page was shown for, and its order if one was placed. */
async function paymentOfAttempt(userId: number, attempt: string | undefined, db: DbOrTx) {
  if (!attempt) return null;
  const [row] = await db
    .select({ payment: payments, order: orders })
    .from(payments)
    .leftJoin(orders, eq(orders.paymentId, payments.id))
    .where(and(eq(payments.userId, userId), eq(payments.checkoutKey, attempt)));
  if (!row) return null;
  return { payment: row.payment, order: row.order ? (await orderDtos([row.order], db))[0]! : null };
}

/**
 * POST /orders/user/{userId}/checkout: prices the cart, finds or makes the attempt's payment, charges the card
 * unless it was charged already, and places the order (or refunds the payment when stock ran out meanwhile).
 * `attempt` is the key the checkout page was shown with: a post of an attempt that ended in an order gets that
 * order back. A declined card is a 402 with the card network's message; the attempt stays open for another card.
 */
export async function purchase({
  actor,
  userId,
  attempt,
  amount,
  billing,
  card,
  shippingAddressId,
  shippingMethodId,
  db = getDb(),
}: {
  actor: Actor | null;
  userId: number;
  attempt?: string;
  amount?: number;
  billing: Billing;
  card: TestCard;
  /** one of the user's saved addresses; the billing address when absent */
  shippingAddressId?: number;
  /** one of the destination's shipping methods; the first that can take the cart when absent */
  shippingMethodId?: number;
  db?: DbOrTx;
}): Promise<PurchaseOutcome> {
  assertOwnerOrAdmin(actor, userId);
  if (getPaymentProvider().name !== "test") {
    // with Stripe the card is confirmed in the browser or on Stripe's page, never sent here
    throw new NotFoundError("Test payments are off: this shop takes payments through Stripe.");
  }
  // a post of an attempt that went further already (a double click, a post repeated after a crash): no new charge
  const earlier = await paymentOfAttempt(userId, attempt, db);
  if (earlier?.order) return { order: earlier.order, created: false };
  if (earlier && (await paidAtProvider(earlier.payment)))
    return placeCharged(earlier.payment, () => fulfilPayment(earlier.payment, billing, db));
  // an earlier checkout charged and cut off before its order (and the cart changed since, so this is another
  // attempt): its order is placed now, and nothing new is charged in this request
  await settleEarlierPayment(userId, attempt, db);
  // a wrong address is refused before anything is charged
  const shippingAddress = await shippingSnapshot(userId, shippingAddressId, billing, db);

  let priced;
  try {
    priced = await pricedCart(userId, db, {
      shipTo: shippingAddress ?? (await defaultShipping(userId, db)),
      shippingMethodId,
    });
  } catch (error) {
    // the cart emptied while this post waited: the other post of the same attempt may have just placed it
    const placed = error instanceof ConflictError ? (await paymentOfAttempt(userId, attempt, db))?.order : null;
    if (placed) return { order: placed, created: false };
    throw error;
  }
  const payment = await paymentForCart(userId, priced, amount, db);
  await db.update(payments).set({ billing, shippingAddress }).where(eq(payments.id, payment.id));
  const declined = await chargeTestCard(payment, card, db);
  if (declined) throw new PaymentRequiredError(declined);
  faultPoint("checkout-after-paid");
  return placeCharged(payment, () => fulfilPayment({ ...payment, status: "succeeded", shippingAddress }, billing, db));
}

/** Placing the order of a charged payment: a failure says the card was charged and what happens next. */
async function placeCharged<T>(payment: typeof payments.$inferSelect, place: () => Promise<T>): Promise<T> {
  try {
    return await place();
  } catch (error) {
    throw chargedButNotPlaced(error, payment.amountCents);
  }
}

/**
 * Places the order of the user's paid payment that has none (a checkout cut off after the charge), then refuses this
 * post with what happened: the shopper sees the order and what is left in the cart before paying again.
 */
async function settleEarlierPayment(userId: number, attempt: string | undefined, db: DbOrTx) {
  // the attempt's own payment, charged by another tab of the same attempt meanwhile, is not an earlier one: the
  // charge below finds it paid and places its order once
  const unsettled = await paidPaymentWithoutOrder(userId, db, attempt);
  if (!unsettled) return;
  const { order } = await placeCharged(unsettled, () => fulfilPayment(unsettled, undefined, db));
  const items = order.items.map((item) => `${item.productBrand} ${item.productName} × ${item.quantity}`).join(", ");
  throw new ConflictError(
    `Your earlier payment of ${formatCents(unsettled.amountCents)} went through, so we placed order #${order.id} for it (${items}). Those items have left your cart. Nothing new was charged: please check your cart and pay again for what is left.`,
  );
}

async function paidAtProvider(payment: typeof payments.$inferSelect) {
  if (payment.status === "refunded" || payment.status === "canceled") return false;
  return (await getPaymentProvider().retrieve(payment.providerPaymentId)).status === "succeeded";
}
