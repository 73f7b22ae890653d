import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "../access";
import { getDb, type DbOrTx } from "~/db/client.server";
import { orderItems, orders, payments, products, productVariants, users } from "~/db/schema";
import { NEXT_STATUS, type AdminOrderDto, type OrderDto, type OrderStatus } from "~/schemas/orders";
import { isAdmin, requireStaff } from "../access";
import { STAFF_ORDER_STATUSES } from "~/schemas/staff";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors";
import { formatCents } from "~/lib/money";
import { orderDtos } from "./orders.server";
import { recordAudit } from "../audit/audit.server";
import { oweRefund, refundNow } from "./refunds.server";
import { queueOrderMail } from "../mail/templates/orders.server";
import { createLogger } from "~/lib/log.server";

const log = createLogger("admin-orders");

/** The admin's side of orders: every order, and moving them through their statuses. */
/** GET /orders/all: every order, newest first, optionally of one status (staff or admin). */
export async function listAllOrders({
  actor,
  status,
  page,
  size,
  db = getDb(),
}: {
  actor: Actor | null;
  status?: OrderStatus;
  page: number;
  size: number;
  db?: DbOrTx;
}): Promise<{ content: AdminOrderDto[]; page: number; size: number; totalElements: number; totalPages: number }> {
  requireStaff(actor);
  const where = status ? eq(orders.status, status) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(size)
      .offset((page - 1) * size),
    db.$count(orders, where),
  ]);
  const dtos = await orderDtos(
    rows.map((r) => r.order),
    db,
  );
  return {
    content: dtos.map((dto, i) => ({
      ...dto,
      customer: { email: rows[i]!.email, name: `${rows[i]!.firstName} ${rows[i]!.lastName}` },
    })),
    page,
    size,
    totalElements: total,
    totalPages: Math.max(1, Math.ceil(total / size)),
  };
}

/** An order's row, as read (and locked) by a status change. */
export type OrderRow = typeof orders.$inferSelect;

/**
 * Puts pieces of order lines back on sale, per variant, inside `tx`: a cancel's every line, a return's lines the admin
 * restocks (decision 0044). The products are locked first, then their variants, as the checkout locks them
 * (services/orders/orders.server.ts). A deleted product or variant has nothing to return to.
 */
export async function restockInTx(
  tx: DbOrTx,
  lines: ReadonlyArray<{ productId: number | null; variantId: number | null; quantity: number }>,
): Promise<void> {
  const items = lines.filter((item) => item.productId !== null && item.variantId !== null);
  const productIds = [...new Set(items.map((item) => item.productId!))].sort((a, b) => a - b);
  if (productIds.length > 0) {
    await tx.select({ id: products.id }).from(products).where(inArray(products.id, productIds)).for("update");
  }
  for (const item of [...items].sort((a, b) => a.variantId! - b.variantId!)) {
    await tx
      .update(productVariants)
      .set({ inventory: sql`${productVariants.inventory} + ${item.quantity}`, updatedAt: new Date() })
      .where(eq(productVariants.id, item.variantId!));
  }
}

/**
 * Moves a locked order to `status` inside `tx`, the one path every status change takes (the admin's, the shopper's
 * cancel, a withdrawal): cancelling returns the stock and owes the payment back (decision 0039), a deleted account's
 * address goes once the order has shipped or will not, Delivered is dated (the withdrawal period runs from it), and
 * the shopper is mailed from the same transaction. The caller has checked that the move is allowed.
 */
export async function moveOrderInTx(tx: DbOrTx, row: OrderRow, status: OrderStatus): Promise<OrderDto> {
  const orderId = row.id;
  if (status === "CANCELLED")
    await restockInTx(tx, await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)));
  // a cancelled order's money is owed back from this moment (carried out by refundCancelled, or retried until it is)
  if (status === "CANCELLED" && row.paymentId !== null) {
    await oweRefund(row.paymentId, `order ${orderId} cancelled`, tx);
  }
  // a deleted account's order kept its address only to be shipped: once it has gone (or will not), it goes too
  const [owner] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, row.userId));
  const erase = Boolean(owner?.deletedAt) && (status === "SHIPPED" || status === "CANCELLED");
  if (erase && row.paymentId !== null) {
    await tx.update(payments).set({ shippingAddress: null, billing: null }).where(eq(payments.id, row.paymentId));
  }
  const now = new Date();
  const [updated] = await tx
    .update(orders)
    .set({
      status,
      updatedAt: now,
      ...(erase ? { shippingAddress: null } : {}),
      ...(status === "DELIVERED" ? { deliveredAt: now } : {}),
    })
    .where(eq(orders.id, orderId))
    .returning();
  const dto = (await orderDtos([updated!], tx))[0]!;
  // the shopper hears of every step, from the same transaction that takes it
  await queueOrderMail(tx, "order-status", dto);
  return dto;
}

/**
 * After a cancel has committed: refunds its payment with the provider at once (a failure stays queued and is
 * retried by the reconciler). Returns the order as it reads now ("Refunded" once the money is back).
 */
export async function refundCancelled(
  orderId: number,
  paymentId: number,
  db: DbOrTx = getDb(),
): Promise<{ order: OrderDto; refunded: boolean; amountCents: number }> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  const refunded = await refundNow(paymentId, db).catch((error: unknown) => {
    log.error(`refund of cancelled order ${orderId} failed`, error);
    return false;
  });
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return { order: (await orderDtos([row!], db))[0]!, refunded, amountCents: payment!.amountCents };
}

/**
 * PUT /orders/order/{orderId}/status: moves an order one step on, or cancels it before shipping. Cancelling returns
 * the stock in the same transaction, then refunds the payment.
 */
export async function changeOrderStatus({
  actor,
  orderId,
  status,
  db = getDb(),
}: {
  actor: Actor | null;
  orderId: number;
  status: OrderStatus;
  db?: DbOrTx;
}): Promise<{ order: OrderDto; message: string }> {
  const who = requireStaff(actor);
  // staff move orders forward; sending one back or cancelling it (money goes back) is the admin's
  if (!isAdmin(who) && !STAFF_ORDER_STATUSES.includes(status)) {
    throw new ForbiddenError("Only an administrator can cancel an order or send it back.");
  }
  const { order, paymentId } = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!row) throw new NotFoundError("Order not found");
    if (row.status === status) throw new ConflictError(`Order #${orderId} is already ${status}.`);
    if (!NEXT_STATUS[row.status].includes(status)) {
      throw new ConflictError(
        `Order #${orderId} is ${row.status}; it can go to ${NEXT_STATUS[row.status].join(" or ") || "no other status"}.`,
      );
    }
    const dto = await moveOrderInTx(tx, row, status);
    await recordAudit(tx, {
      actor: who,
      kind: "order.status",
      entity: { type: "order", id: orderId },
      before: { status: row.status },
      after: { status },
    });
    return { order: dto, paymentId: row.paymentId };
  });
  // the admin reads the status as the order pages and the badge name it
  if (status !== "CANCELLED" || paymentId === null) {
    return { order, message: `Order #${orderId} is now ${order.statusLabel}.` };
  }
  const after = await refundCancelled(orderId, paymentId, db);
  return {
    order: after.order,
    message: after.refunded
      ? `Order #${orderId} cancelled; the stock is back and ${formatCents(after.amountCents)} was refunded.`
      : `Order #${orderId} cancelled and the stock is back. The refund did not go through yet: it will be retried automatically (see Refunds).`,
  };
}
