import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Actor } from "../access";
import { getDb, type DbOrTx } from "~/db/client.server";
import { redeemUse } from "./discounts.server";
import { cartItems, carts, orderItems, orders, payments, products, productVariants, refunds, users } from "~/db/schema";
import type { CartSnapshotLine, ShippingSnapshot } from "~/db/schema";
import { orderStatusLabel, type OrderDto } from "~/schemas/orders";
import { type Billing } from "~/schemas/payments";
import { centsToDollars, formatCents } from "~/lib/money";
import { documentNumber } from "~/schemas/invoices";
import { assertOwnerOrAdmin, ownRowOrRefuse, requireActor } from "../access";
import { isOpenPayment } from "./open-payments.server";
import { paymentOf } from "./payment-attempts.server";
import { ConflictError, NotFoundError, OutOfStockError, PaymentRequiredError } from "../errors";
import { faultPoint } from "../faults.server";
import { resolveVariant } from "../catalogue/variants.server";
import { nameWithVariant } from "./cart.server";
import { getPaymentProvider } from "../payments/index.server";
import { oweRefund, refundNow } from "./refunds.server";
import { snapshotOrder } from "./return-money";
import { numberInvoice } from "./invoices.server";
import { priceParts } from "./order-price";
import { defaultShipping, shippingFromBilling, shippingSnapshot } from "./ship-to.server";
import { queueOrderMail, queuePaymentRefundedMail } from "../mail/templates/orders.server";
import { createLogger } from "~/lib/log.server";

const log = createLogger("orders");

/**
 * A payment's lines with their variants: a payment made before variants (migration 0012) names none, and was for the
 * product's default variant. A line whose product is gone cannot be taken (sold out, as before).
 */
async function snapshotVariants(snapshot: CartSnapshotLine[], db: DbOrTx) {
  const lines = [...snapshot].sort(snapshotOrder);
  return Promise.all(
    lines.map(async (line) => {
      if (line.variantId !== undefined)
        return { ...line, variantId: line.variantId, variantLabel: line.variantLabel ?? "" };
      const variant = await resolveVariant({ productId: line.productId, db }).catch((error: unknown) => {
        if (error instanceof NotFoundError) throw new SoldOut(line.name);
        throw error;
      });
      return { ...line, variantId: variant.id, variantLabel: variant.label };
    }),
  );
}

type PaymentRow = typeof payments.$inferSelect;

export async function orderDtos(rows: Array<typeof orders.$inferSelect>, db: DbOrTx): Promise<OrderDto[]> {
  const ids = rows.map((o) => o.id);
  // a cancelled order reads "Refunded" once its payment is back with the shopper
  const cancelledPayments = rows.flatMap((o) =>
    o.status === "CANCELLED" && o.paymentId !== null ? [o.paymentId] : [],
  );
  const [items, refunded] = await Promise.all([
    ids.length === 0
      ? []
      : db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    cancelledPayments.length === 0
      ? []
      : db
          .select({ paymentId: refunds.paymentId })
          .from(refunds)
          .where(
            and(
              inArray(refunds.paymentId, cancelledPayments),
              eq(refunds.status, "succeeded"),
              isNull(refunds.returnId),
            ),
          ),
  ]);
  const refundedPayments = new Set(refunded.map((r) => r.paymentId));
  return rows.map((order) => ({
    id: order.id,
    userId: order.userId,
    orderDate: order.orderDate.toISOString(),
    totalAmount: centsToDollars(order.totalCents),
    ...priceParts(order),
    tax: centsToDollars(order.taxCents),
    status: order.status,
    statusLabel: orderStatusLabel(order.status, order.paymentId !== null && refundedPayments.has(order.paymentId)),
    shippingAddress: order.shippingAddress ?? null,
    invoiceNumber:
      order.invoiceYear !== null && order.invoiceSeq !== null
        ? documentNumber(order.invoiceYear, order.invoiceSeq)
        : null,
    items: items
      .filter((item) => item.orderId === order.id)
      .map((item) => ({
        productId: item.productId,
        variantId: item.variantId,
        variantLabel: item.variantLabel,
        productName: item.productName,
        productBrand: item.productBrand,
        quantity: item.quantity,
        price: centsToDollars(item.priceCents),
      })),
  }));
}

async function orderOfPayment(paymentId: number, db: DbOrTx): Promise<OrderDto | null> {
  const rows = await db.select().from(orders).where(eq(orders.paymentId, paymentId));
  return rows.length ? (await orderDtos(rows, db))[0]! : null;
}

class SoldOut extends OutOfStockError {
  constructor(readonly productName: string) {
    super(`${productName} sold out`);
  }
}

/** The refund a payment owes, if any: a payment with one never becomes an order. */
async function refundOf(paymentId: number, db: DbOrTx) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), isNull(refunds.returnId)));
  return row;
}

const REFUNDED = "This payment was refunded; no order can be placed with it.";

/**
 * Turns a succeeded payment into an order, once: checks the payment with the provider, then in one transaction
 * (the payment row locked, so the browser, the webhook and the reconciler take turns) takes the stock (a
 * conditional update per line, never below zero), records the order and its item snapshot, and removes the ordered
 * lines from the cart. If stock ran out meanwhile, no order is placed and, in the same transaction, the payment owes
 * a refund, which is then carried out (or retried later: services/orders/refunds.server.ts).
 */
export async function fulfilPayment(
  payment: PaymentRow,
  billing: Billing | undefined,
  db: DbOrTx = getDb(),
  shipping?: ShippingSnapshot | null,
): Promise<{ order: OrderDto; created: boolean }> {
  const existing = await orderOfPayment(payment.id, db);
  if (existing) return { order: existing, created: false };
  if (payment.status === "refunded" || (await refundOf(payment.id, db))) throw new PaymentRequiredError(REFUNDED);
  const remote = await getPaymentProvider().retrieve(payment.providerPaymentId);
  if (remote.status !== "succeeded") {
    throw new PaymentRequiredError(remote.errorMessage ?? "The payment has not succeeded yet. Please pay first.");
  }
  if (remote.amountCents !== payment.amountCents || remote.currency !== payment.currency) {
    log.error(
      `payment ${payment.providerPaymentId}: paid ${remote.amountCents} ${remote.currency}, expected ${payment.amountCents} ${payment.currency}`,
    );
    // no order for it, ever: the money is owed back (once, under the payment's lock, unless an order stands)
    const owed = await db.transaction(async (tx) => {
      await tx.select().from(payments).where(eq(payments.id, payment.id)).for("update");
      if (await orderOfPayment(payment.id, tx)) return false;
      await oweRefund(payment.id, "the amount paid did not match the order total", tx);
      await queuePaymentRefundedMail(tx, payment, "The amount paid did not match the order total.");
      return true;
    });
    if (owed)
      await refundNow(payment.id, db).catch((error: unknown) =>
        log.error(`refund of payment ${payment.providerPaymentId} failed`, error),
      );
    throw new PaymentRequiredError("The amount paid does not match the order total. The payment will be refunded.");
  }

  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for("update");
    const already = await orderOfPayment(payment.id, tx);
    if (already) return { order: already, created: false } as const;
    if (locked!.status === "refunded" || (await refundOf(payment.id, tx))) throw new PaymentRequiredError(REFUNDED);
    if (locked!.status !== "succeeded") {
      // the provider says paid (checked above); our record may not know yet (a crash, the browser never came back)
      await tx
        .update(payments)
        .set({ status: "succeeded", failureMessage: null, updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
    }
    try {
      // a savepoint: a line that cannot be taken undoes the lines taken before it, and the payment stays locked
      const billed = billing ?? locked!.billing ?? null;
      // the address given now (place-order), else the one chosen when paying (read under the lock: the latest
      // attempt's), else the billing address, else the account's own
      const shipTo =
        shipping ??
        locked!.shippingAddress ??
        shippingFromBilling(billed) ??
        (await defaultShipping(payment.userId, tx));
      return await tx.transaction((savepoint) => placeFromSnapshot(payment, billed, shipTo, savepoint));
    } catch (error) {
      if (!(error instanceof SoldOut)) throw error;
      await oweRefund(payment.id, `${error.productName} sold out before the order was placed`, tx);
      // the shopper may not be on the page (the webhook, the reconciler): they hear of it by e-mail
      await queuePaymentRefundedMail(tx, payment, `${error.productName} sold out while you were paying.`);
      return { soldOut: error.productName } as const;
    }
  });
  if (!("soldOut" in outcome)) {
    if (outcome.created) faultPoint("checkout-after-order");
    return outcome;
  }
  const refunded = await refundNow(payment.id, db).catch((error: unknown) => {
    log.error(`refund of payment ${payment.providerPaymentId} failed`, error);
    return false;
  });
  throw new OutOfStockError(
    `Sorry, ${outcome.soldOut} sold out while you were paying. Nothing was ordered, and your payment of ${formatCents(payment.amountCents)} ${refunded ? "has been" : "will be"} refunded.`,
  );
}

/** The order of a payment, from what it paid for: stock taken line by line, the ordered lines out of the cart. */
async function placeFromSnapshot(
  payment: PaymentRow,
  billing: Billing | Record<string, string> | null,
  shippingAddress: ShippingSnapshot | null,
  tx: DbOrTx,
) {
  const lines = await snapshotVariants(payment.cartSnapshot, tx);
  // the products first, in id order, then their variants: every writer of a variant (checkout, cancel, admin) locks
  // the product before its variants, so two of them never wait on each other in a circle; the trigger that derives
  // the product's stock from its variants (migration 0012) then writes a row this transaction holds already
  const productIds = [...new Set(lines.map((line) => line.productId))].sort((a, b) => a - b);
  await tx.select({ id: products.id }).from(products).where(inArray(products.id, productIds)).for("update");
  for (const line of [...lines].sort((a, b) => a.variantId - b.variantId)) {
    const [taken] = await tx
      .update(productVariants)
      .set({ inventory: sql`${productVariants.inventory} - ${line.quantity}`, updatedAt: new Date() })
      .where(and(eq(productVariants.id, line.variantId), gte(productVariants.inventory, line.quantity)))
      .returning({ id: productVariants.id });
    if (!taken) throw new SoldOut(nameWithVariant(line.name, line.variantLabel));
  }
  // an account deleted while its payment was open: the order is the shop's record, its billing copy is personal
  const [owner] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, payment.userId));
  // the price is the payment's, as computed when it was made: never priced again (a payment from before 0013 has
  // no breakdown and cost its lines' sum)
  const breakdown = payment.priceBreakdown;
  // the invoice's number last, just before the order it belongs to: the counter stays locked until this commits
  const invoice = await numberInvoice(tx);
  const [order] = await tx
    .insert(orders)
    .values({
      userId: payment.userId,
      paymentId: payment.id,
      totalCents: payment.amountCents,
      subtotalCents: breakdown?.subtotalCents ?? payment.amountCents,
      discountCents: breakdown?.discountCents ?? 0,
      shippingCents: breakdown?.shipping?.cents ?? 0,
      shippingMethod: breakdown?.shipping?.name ?? null,
      taxCents: breakdown?.taxCents ?? 0,
      taxIncluded: breakdown?.taxIncluded ?? false,
      taxes: breakdown?.taxes ?? [],
      priceBreakdown: breakdown ?? null,
      status: "PENDING",
      billing: owner?.deletedAt ? null : billing,
      shippingAddress,
      ...invoice,
    })
    .returning();
  await tx.insert(orderItems).values(
    lines.map((line) => ({
      orderId: order!.id,
      productId: line.productId,
      variantId: line.variantId,
      variantLabel: line.variantLabel,
      productName: line.name,
      productBrand: line.brand,
      quantity: line.quantity,
      priceCents: line.priceCents,
    })),
  );
  // the ordered pieces leave the cart (anything added after paying stays)
  const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, payment.userId));
  if (cart) {
    for (const line of lines) {
      const where = and(eq(cartItems.cartId, cart.id), eq(cartItems.variantId, line.variantId));
      await tx.delete(cartItems).where(and(where, lte(cartItems.quantity, line.quantity)));
      await tx
        .update(cartItems)
        .set({ quantity: sql`${cartItems.quantity} - ${line.quantity}` })
        .where(where);
    }
  }
  // the discount code's use is the order's now (decision 0040)
  await redeemUse(payment, order!.id, tx);
  const dto = (await orderDtos([order!], tx))[0]!;
  // the receipt exists exactly when the order does: queued in its transaction, sent after it commits
  await queueOrderMail(tx, "order-confirmation", dto);
  return { order: dto, created: true } as const;
}

/** POST /orders/user/{userId}/place-order: the order for a succeeded payment (the given one, or the latest). */
export async function placeOrder({
  actor,
  userId,
  paymentIntentId,
  billing,
  shippingAddressId,
  db = getDb(),
}: {
  actor: Actor | null;
  userId: number;
  paymentIntentId?: string;
  billing?: Billing;
  /** one of the user's saved addresses; otherwise the one chosen when paying, or the billing address */
  shippingAddressId?: number;
  db?: DbOrTx;
}): Promise<{ order: OrderDto; created: boolean }> {
  assertOwnerOrAdmin(actor, userId);
  const shipping =
    shippingAddressId === undefined ? undefined : await shippingSnapshot(userId, shippingAddressId, billing, db);
  if (paymentIntentId) {
    const payment = await paymentOf(paymentIntentId, db);
    if (!payment || payment.userId !== userId)
      throw new PaymentRequiredError("No payment was found for this order. Please pay first.");
    return fulfilPayment(payment, billing, db, shipping);
  }
  const unused = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), isOpenPayment))
    .orderBy(desc(payments.id))
    .limit(5);
  const provider = getPaymentProvider();
  for (const payment of unused) {
    const remote = await provider.retrieve(payment.providerPaymentId).catch(() => null);
    if (remote?.status === "succeeded") return fulfilPayment(payment, billing, db, shipping);
  }
  throw new PaymentRequiredError("No successful payment was found. Please pay first.");
}

/** GET /orders/user/{userId}/orders: newest first. */
export async function listOrders({
  actor,
  userId,
  db = getDb(),
}: {
  actor: Actor | null;
  userId: number;
  db?: DbOrTx;
}): Promise<OrderDto[]> {
  assertOwnerOrAdmin(actor, userId);
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.orderDate), desc(orders.id));
  return orderDtos(rows, db);
}

/** GET /orders/order/{orderId}: one order, for its owner or an admin (anyone else: 403, whether or not it exists). */
export async function getOrder({
  actor,
  orderId,
  db = getDb(),
}: {
  actor: Actor | null;
  orderId: number;
  db?: DbOrTx;
}): Promise<OrderDto> {
  const who = requireActor(actor);
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  const order = ownRowOrRefuse(who, row, {
    notFound: "Order not found",
    forbidden: "You do not have permission to see this order.",
  });
  return (await orderDtos([order], db))[0]!;
}

/** POST /payments/webhook: a verified provider event; places the order of a succeeded payment if nobody did. */
export async function handlePaymentWebhook({
  rawBody,
  signature,
  db = getDb(),
}: {
  rawBody: string;
  signature: string;
  db?: DbOrTx;
}): Promise<string> {
  const provider = getPaymentProvider();
  if (!provider.parseWebhook) throw new NotFoundError("Webhooks are only used with Stripe.");
  const event = await provider.parseWebhook(rawBody, signature);
  if (event.type === "ignored") return `Ignored ${event.providerType}`;
  const payment = await paymentOf(event.paymentId, db);
  if (!payment) return `Unknown payment ${event.paymentId}: ignored`;
  if (event.type === "payment.failed") {
    await db
      .update(payments)
      .set({ failureMessage: event.message, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    return "Payment failure recorded";
  }
  try {
    const { order, created } = await fulfilPayment(payment, undefined, db);
    return created ? `Order ${order.id} placed` : `Order ${order.id} was already placed`;
  } catch (error) {
    // a sold-out order was refunded and a refunded payment stays so: tell the provider not to retry
    if (error instanceof ConflictError || error instanceof PaymentRequiredError) return error.message;
    throw error;
  }
}
