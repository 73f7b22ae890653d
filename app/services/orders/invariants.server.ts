// The shop's money and stock invariants, checked against the database as it stands (`npm run check:invariants`, and
// the PostgreSQL integration tests on each file's database). Reads only.
import { and, asc, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orderItems, orders, payments, refunds, type CartSnapshotLine } from "~/db/schema";
import { formatCents } from "~/lib/money";
import { checkDocuments } from "./document-invariants.server";
import { checkReturns } from "./return-invariants.server";
import { checkStock } from "./stock-invariants.server";

/** Which invariant a violation breaks. */
export type InvariantRule =
  /**
   * (a) every order has one payment, succeeded, of the order's total (the payment's price breakdown's), by the order's
   * customer
   */
  | "order-payment"
  /** (b) every succeeded payment became one order or is being refunded; every refunded payment has a done refund */
  | "payment-outcome"
  /** (c) no negative stock; the one-per-name index and the facet counts agree with the products; products' figures are their variants' */
  | "inventory"
  /**
   * (d) an order's lines are what its payment paid for and add up to its subtotal; its total is lines − discount +
   * shipping + tax (added tax only)
   */
  | "order-items"
  /**
   * (e) every order has one invoice number; numbers run 1 … n per kind and year, once each; a refund carried out has
   * its credit note, for the amount refunded and never more than was paid (decision 0042)
   */
  | "documents"
  /**
   * (f) no order line is held by returns (not rejected or closed) beyond what was bought; a line is refunded for no
   * more pieces than were bought; a payment's refunds never pass what was paid, and each return's refund is its
   * lines' (and shipping's) sum (decision 0044)
   */
  | "returns";

export interface Violation {
  rule: InvariantRule;
  /** a short, stable name of what is wrong, e.g. `order-without-payment` */
  kind: string;
  message: string;
  orderId?: number;
  paymentId?: number;
  productId?: number;
  refundId?: number;
  details?: Record<string, unknown>;
}

export interface CheckOptions {
  /**
   * Payments (and cancelled orders) last updated after this are not judged by rule (b): a checkout may be between
   * paying and ordering, a cancellation between cancelling and refunding. Absent: everything is judged.
   */
  settledBefore?: Date;
}

const BATCH = 500;

/** Every violation of the invariants in the database, in a stable order (rule, then ids). Empty when all hold. */
export async function checkInvariants(db: DbOrTx, { settledBefore }: CheckOptions = {}): Promise<Violation[]> {
  const violations: Violation[] = [];
  violations.push(...(await checkOrders(db)));
  violations.push(...(await checkPayments(db, settledBefore)));
  violations.push(...(await checkStock(db)));
  violations.push(...(await checkDocuments(db)));
  violations.push(...(await checkReturns(db)));
  const order: InvariantRule[] = [
    "order-payment",
    "payment-outcome",
    "inventory",
    "order-items",
    "documents",
    "returns",
  ];
  return violations.sort(
    (a, b) =>
      order.indexOf(a.rule) - order.indexOf(b.rule) ||
      (a.orderId ?? 0) - (b.orderId ?? 0) ||
      (a.paymentId ?? 0) - (b.paymentId ?? 0) ||
      (a.productId ?? 0) - (b.productId ?? 0),
  );
}

// ---------------------------------------------------------------- (a) and (d): every order, in batches

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

async function checkOrders(db: DbOrTx): Promise<Violation[]> {
  const found: Violation[] = [];
  let after = 0;
  for (;;) {
    const batch = await db.select().from(orders).where(gt(orders.id, after)).orderBy(asc(orders.id)).limit(BATCH);
    if (batch.length === 0) return found;
    after = batch.at(-1)!.id;
    const paymentIds = batch.flatMap((o) => (o.paymentId === null ? [] : [o.paymentId]));
    const paid = paymentIds.length ? await db.select().from(payments).where(inArray(payments.id, paymentIds)) : [];
    const items = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          batch.map((o) => o.id),
        ),
      )
      .orderBy(asc(orderItems.id));
    const paymentById = new Map(paid.map((p) => [p.id, p]));
    for (const order of batch) {
      const payment = order.paymentId === null ? undefined : paymentById.get(order.paymentId);
      const lines = items.filter((item) => item.orderId === order.id);
      found.push(...orderPaymentViolations(order, payment), ...orderItemViolations(order, payment, lines));
    }
  }
}

function orderPaymentViolations(order: OrderRow, payment: PaymentRow | undefined): Violation[] {
  const orderId = order.id;
  if (!payment) {
    return [
      {
        rule: "order-payment",
        kind: "order-without-payment",
        message: `order ${orderId} (${formatCents(order.totalCents)}, ${order.status}) has no payment`,
        orderId,
        details: { totalCents: order.totalCents, status: order.status, userId: order.userId },
      },
    ];
  }
  const found: Violation[] = [];
  const paymentId = payment.id;
  // cancelling an order refunds its payment: a cancelled order's payment is succeeded (refund owed) or refunded
  const allowed = order.status === "CANCELLED" ? ["succeeded", "refunded"] : ["succeeded"];
  if (!allowed.includes(payment.status)) {
    found.push({
      rule: "order-payment",
      kind: "order-payment-not-succeeded",
      message: `order ${orderId} (${order.status}) has payment ${paymentId} in status ${payment.status}, not ${allowed.join(" or ")}`,
      orderId,
      paymentId,
      details: { orderStatus: order.status, paymentStatus: payment.status },
    });
  }
  if (payment.amountCents !== order.totalCents) {
    found.push({
      rule: "order-payment",
      kind: "order-payment-amount",
      message: `order ${orderId} totals ${formatCents(order.totalCents)} but payment ${paymentId} is for ${formatCents(payment.amountCents)}`,
      orderId,
      paymentId,
      details: { totalCents: order.totalCents, amountCents: payment.amountCents },
    });
  }
  // the amount charged is the breakdown's total it was computed with (payments from before 0013 have none)
  const priced = payment.priceBreakdown?.totalCents;
  if (priced !== undefined && priced !== payment.amountCents) {
    found.push({
      rule: "order-payment",
      kind: "payment-breakdown-total",
      message: `payment ${paymentId} is for ${formatCents(payment.amountCents)} but its price breakdown totals ${formatCents(priced)}`,
      orderId,
      paymentId,
      details: { amountCents: payment.amountCents, breakdownTotalCents: priced },
    });
  }
  if (payment.userId !== order.userId) {
    found.push({
      rule: "order-payment",
      kind: "order-payment-other-user",
      message: `order ${orderId} of user ${order.userId} is paid by payment ${paymentId} of user ${payment.userId}`,
      orderId,
      paymentId,
      details: { orderUserId: order.userId, paymentUserId: payment.userId },
    });
  }
  return found;
}

type Line = {
  productId: number | null;
  variantId?: number | null;
  variantLabel?: string;
  name: string;
  brand: string;
  quantity: number;
  priceCents: number;
};
const describeLine = (l: Line) =>
  `${l.quantity} × ${l.name} (${l.productId ?? "deleted"}) at ${formatCents(l.priceCents)}`;

function orderItemViolations(order: OrderRow, payment: PaymentRow | undefined, items: ItemRow[]): Violation[] {
  const found: Violation[] = [];
  const orderId = order.id;
  const itemsTotal = items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
  if (itemsTotal !== order.subtotalCents) {
    found.push({
      rule: "order-items",
      kind: "order-items-total",
      message: `order ${orderId}'s ${items.length} line(s) add up to ${formatCents(itemsTotal)}, its subtotal is ${formatCents(order.subtotalCents)}`,
      orderId,
      ...(payment ? { paymentId: payment.id } : {}),
      details: { itemsTotalCents: itemsTotal, subtotalCents: order.subtotalCents, totalCents: order.totalCents },
    });
  }
  // total = lines − discount + shipping + tax (the tax only when added: prices that include it already hold it)
  const parts =
    order.subtotalCents - order.discountCents + order.shippingCents + (order.taxIncluded ? 0 : order.taxCents);
  const taxLines = order.taxes.reduce((sum, tax) => sum + tax.cents, 0);
  if (parts !== order.totalCents || taxLines !== order.taxCents) {
    found.push({
      rule: "order-items",
      kind: "order-total-parts",
      message: `order ${orderId} totals ${formatCents(order.totalCents)}, but its lines ${formatCents(order.subtotalCents)} − discount ${formatCents(order.discountCents)} + shipping ${formatCents(order.shippingCents)} + tax ${formatCents(order.taxCents)}${order.taxIncluded ? " (included)" : ""} make ${formatCents(parts)}${taxLines !== order.taxCents ? `, and its tax lines add up to ${formatCents(taxLines)}` : ""}`,
      orderId,
      ...(payment ? { paymentId: payment.id } : {}),
      details: {
        totalCents: order.totalCents,
        subtotalCents: order.subtotalCents,
        discountCents: order.discountCents,
        shippingCents: order.shippingCents,
        taxCents: order.taxCents,
        taxIncluded: order.taxIncluded,
        taxLinesCents: taxLines,
      },
    });
  }
  if (!payment) return found;

  // each paid line must be one order line: the same product (or, for a product deleted since, the same name and
  // brand), quantity and unit price; and no order line may be left over
  const unmatched: Line[] = items.map((item) => ({
    productId: item.productId,
    variantId: item.variantId,
    variantLabel: item.variantLabel,
    name: item.productName,
    brand: item.productBrand,
    quantity: item.quantity,
    priceCents: item.priceCents,
  }));
  const differing: Array<{ paid: string; ordered: string | null }> = [];
  const snapshot: CartSnapshotLine[] = Array.isArray(payment.cartSnapshot) ? payment.cartSnapshot : [];
  for (const paid of snapshot) {
    // a payment made before variants names none: its product's line
    let at = unmatched.findIndex(
      (line) =>
        line.productId === paid.productId &&
        (paid.variantId === undefined || line.variantId === paid.variantId || line.variantLabel === paid.variantLabel),
    );
    if (at < 0)
      at = unmatched.findIndex(
        (line) => line.productId === null && line.name === paid.name && line.brand === paid.brand,
      );
    const ordered = at < 0 ? undefined : unmatched.splice(at, 1)[0]!;
    if (!ordered || ordered.quantity !== paid.quantity || ordered.priceCents !== paid.priceCents) {
      differing.push({ paid: describeLine(paid), ordered: ordered ? describeLine(ordered) : null });
    }
  }
  if (differing.length > 0 || unmatched.length > 0) {
    found.push({
      rule: "order-items",
      kind: "order-items-not-paid-for",
      message: `order ${orderId}'s lines differ from what payment ${payment.id} paid for: ${[
        ...differing.map((d) => `paid ${d.paid}, ordered ${d.ordered ?? "nothing"}`),
        ...unmatched.map((line) => `ordered ${describeLine(line)}, not paid for`),
      ].join("; ")}`,
      orderId,
      paymentId: payment.id,
      details: { differing, notPaidFor: unmatched.map(describeLine) },
    });
  }
  return found;
}

// ---------------------------------------------------------------- (b): what became of each payment

async function checkPayments(db: DbOrTx, settledBefore: Date | undefined): Promise<Violation[]> {
  const rows = await db
    .select({
      paymentId: payments.id,
      status: payments.status,
      amountCents: payments.amountCents,
      userId: payments.userId,
      updatedAt: payments.updatedAt,
      orderId: orders.id,
      orderStatus: orders.status,
      orderUpdatedAt: orders.updatedAt,
      refundId: refunds.id,
      refundStatus: refunds.status,
    })
    .from(payments)
    .leftJoin(orders, eq(orders.paymentId, payments.id))
    .leftJoin(refunds, and(eq(refunds.paymentId, payments.id), isNull(refunds.returnId)))
    .where(
      and(
        inArray(payments.status, ["succeeded", "refunded"]),
        settledBefore ? lt(payments.updatedAt, settledBefore) : undefined,
      ),
    )
    .orderBy(asc(payments.id));

  const found: Violation[] = [];
  for (const row of rows) {
    const { paymentId, orderId, refundId } = row;
    const ids = { paymentId, ...(orderId !== null ? { orderId } : {}), ...(refundId !== null ? { refundId } : {}) };
    const amount = formatCents(row.amountCents);
    if (row.status === "succeeded" && orderId === null && refundId === null) {
      found.push({
        rule: "payment-outcome",
        kind: "paid-without-order",
        message: `payment ${paymentId} (${amount}, user ${row.userId}) succeeded but has no order and no refund`,
        ...ids,
        details: { amountCents: row.amountCents, userId: row.userId, updatedAt: row.updatedAt.toISOString() },
      });
    }
    if (row.status === "refunded" && row.refundStatus !== "succeeded") {
      found.push({
        rule: "payment-outcome",
        kind: "refunded-without-refund",
        message: `payment ${paymentId} (${amount}) is marked refunded but has ${refundId === null ? "no refund record" : `refund ${refundId} still ${row.refundStatus}`}`,
        ...ids,
        details: { refundStatus: row.refundStatus },
      });
    }
    if (orderId !== null && row.orderStatus !== "CANCELLED" && refundId !== null) {
      found.push({
        rule: "payment-outcome",
        kind: "refund-of-standing-order",
        message: `payment ${paymentId} (${amount}) is being refunded (refund ${refundId}, ${row.refundStatus}) while its order ${orderId} stands (${row.orderStatus})`,
        ...ids,
        details: { orderStatus: row.orderStatus, refundStatus: row.refundStatus },
      });
    }
    if (
      orderId !== null &&
      row.orderStatus === "CANCELLED" &&
      row.status === "succeeded" &&
      refundId === null &&
      (!settledBefore || row.orderUpdatedAt!.getTime() < settledBefore.getTime())
    ) {
      found.push({
        rule: "payment-outcome",
        kind: "cancelled-order-not-refunded",
        message: `order ${orderId} was cancelled but its payment ${paymentId} (${amount}) is kept: no refund`,
        ...ids,
        details: { orderStatus: row.orderStatus },
      });
    }
  }
  return found;
}

// ---------------------------------------------------------------- the report

const RULE_TITLES: Record<InvariantRule, string> = {
  "order-payment": "(a) every order has one succeeded payment of its total",
  "payment-outcome": "(b) every succeeded payment has an order or a refund; every refunded one a done refund",
  inventory:
    "(c) no negative stock; the one-per-name index and the facet counts agree with the products; a product's price and stock are its variants'",
  "order-items": "(d) every order's lines are what was paid for and add up to its total",
  documents: "(e) every order has one invoice number, numbered 1 … n per year; credit notes are for what was refunded",
  returns: "(f) returns hold and refund no more than was bought; refunds never pass what was paid",
};

/** A readable report: one section per invariant, each violation on a line of its own. */
export function formatInvariantReport(violations: Violation[], { settledBefore }: CheckOptions = {}): string {
  const scope = settledBefore
    ? `payments and cancellations settled before ${settledBefore.toISOString()}`
    : "every payment and order";
  const lines = [`Shop invariants (${scope}):`];
  for (const rule of Object.keys(RULE_TITLES) as InvariantRule[]) {
    const broken = violations.filter((v) => v.rule === rule);
    lines.push(
      `  ${broken.length === 0 ? "ok  " : "FAIL"} ${RULE_TITLES[rule]}${broken.length ? `: ${broken.length}` : ""}`,
    );
    for (const violation of broken) lines.push(`         - [${violation.kind}] ${violation.message}`);
  }
  lines.push(
    violations.length === 0
      ? "All invariants hold."
      : `${violations.length} violation${violations.length === 1 ? "" : "s"} found.`,
  );
  return lines.join("\n");
}
