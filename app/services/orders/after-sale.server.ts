// After the sale (docs/decisions/0039-after-sale.md): the shopper cancels an order that has not shipped, and anyone
// withdraws from the contract (Directive (EU) 2023/2673) through the public form, or the owner from the order page.
// Both run the one status change of order-admin.server.ts (stock back, refund owed, mail), in one transaction with
// their own mails; the refund is carried out after the commit.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { orders, users, withdrawalRequests } from "~/db/schema";
import { getConfig } from "~/lib/env.server";
import { createLogger } from "~/lib/log.server";
import { formatCents } from "~/lib/money";
import { WITHDRAWAL_STATUS_LABELS, type AfterSaleOptionsDto, type WithdrawalRequestDto } from "~/schemas/after-sale";
import type { OrderDto } from "~/schemas/orders";
import { isAdmin, requireActor, requireAdmin, type Actor } from "../access";
import { ConflictError, ForbiddenError, NotFoundError, RateLimitedError } from "../errors";
import { queueMail } from "../mail/outbox.server";
import {
  shopAddress,
  shopCancelNoticeMail,
  shopWithdrawalNoticeMail,
  withdrawalReceivedMail,
  type WithdrawalOutcome,
} from "../mail/templates/after-sale.server";
import { countEvent, keyPart } from "../rate-limit.server";
import { moveOrderInTx, refundCancelled, type OrderRow } from "./order-admin.server";
import { orderDtos } from "./orders.server";
import { openReturnInTx, returnableOf } from "./returns.server";
import { withdrawalDays, withdrawalDeadline } from "./withdrawal-period.server";

export { withdrawalDays, withdrawalDeadline };

const log = createLogger("after-sale");
const HOUR = 3600;

/** The statuses a shopper may still cancel in: paid or being prepared, not yet handed to the carrier. */
const CANCELLABLE = new Set<OrderRow["status"]>(["PENDING", "PROCESSING"]);

/** The one answer of the public form, whether or not an order matched (it gives nothing away). */
export const WITHDRAWAL_RECEIVED =
  "Thank you. We have received your withdrawal. If the order number and e-mail address match an order, we have sent a confirmation to that address.";

/** The owner's order, locked; anyone else gets 403 (an admin 404 for an order that does not exist). */
async function lockOwnOrder(tx: DbOrTx, who: Actor, orderId: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!row && isAdmin(who)) throw new NotFoundError("Order not found");
  // the shopper's own act: an admin cancels with the status change (audited), not in the shopper's name
  if (!row || row.userId !== who.id) throw new ForbiddenError("You do not have permission to change this order.");
  return row;
}

/** POST /orders/order/{orderId}/cancel: the owner cancels an order that has not shipped (409 once it has). */
export async function cancelOwnOrder({
  actor,
  orderId,
  db = getDb(),
}: {
  actor: Actor | null;
  orderId: number;
  db?: DbOrTx;
}): Promise<{ order: OrderDto; message: string }> {
  const who = requireActor(actor);
  const { paymentId } = await db.transaction(async (tx) => {
    const row = await lockOwnOrder(tx, who, orderId);
    if (row.status === "CANCELLED") throw new ConflictError(`Order #${orderId} is cancelled already.`);
    if (!CANCELLABLE.has(row.status)) {
      throw new ConflictError(`Order #${orderId} has shipped and can no longer be cancelled.`);
    }
    const dto = await moveOrderInTx(tx, row, "CANCELLED");
    await queueMail(tx, "shop-order-cancelled", shopAddress(), shopCancelNoticeMail(dto, "cancel"));
    return { paymentId: row.paymentId };
  });
  if (paymentId === null) {
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    return { order: (await orderDtos([row!], db))[0]!, message: `Order #${orderId} is cancelled.` };
  }
  const after = await refundCancelled(orderId, paymentId, db);
  return {
    order: after.order,
    message: after.refunded
      ? `Order #${orderId} is cancelled and ${formatCents(after.amountCents)} was refunded to your card.`
      : `Order #${orderId} is cancelled. Your refund of ${formatCents(after.amountCents)} is on its way.`,
  };
}

/**
 * A withdrawal from `row` (locked), acknowledged to `email`: cancels an order that has not shipped, opens a return
 * for one that has (within the period), and records what came of it. Everything is written in `tx`, the mails too.
 */
async function applyWithdrawal(
  tx: DbOrTx,
  row: OrderRow,
  email: string,
  via: "form" | "account",
): Promise<{ outcome: WithdrawalOutcome; refundPaymentId: number | null; receivedAt: Date }> {
  const days = await withdrawalDays(tx);
  const until = withdrawalDeadline(row, days);
  const receivedAt = new Date();
  let outcome: WithdrawalOutcome;
  let refundPaymentId: number | null = null;
  if (row.status === "CANCELLED") outcome = "already_cancelled";
  else if (CANCELLABLE.has(row.status)) {
    outcome = "cancelled";
    const dto = await moveOrderInTx(tx, row, "CANCELLED");
    await queueMail(tx, "shop-order-cancelled", shopAddress(), shopCancelNoticeMail(dto, "withdrawal"));
    refundPaymentId = row.paymentId;
  } else outcome = until === null || receivedAt <= until ? "open" : "late";
  // a withdrawal from a shipped order opens a return of every piece not being returned yet, handled with the others
  // (decision 0044)
  let returnId: number | null = null;
  if (outcome === "open") {
    const returnable = await returnableOf(tx, row);
    const lines = returnable.lines
      .filter((line) => line.returnable > 0)
      .map((line) => ({ orderItemId: line.orderItemId, quantity: line.returnable }));
    if (lines.length > 0) {
      returnId = (await openReturnInTx(tx, row, { lines, reason: "withdrawal", note: "", via: "withdrawal" })).id;
    }
  }
  await tx.insert(withdrawalRequests).values({
    orderId: row.id,
    email,
    status: outcome,
    orderStatus: row.status,
    via,
    returnId,
    createdAt: receivedAt,
  });
  await queueMail(
    tx,
    "withdrawal-received",
    email,
    withdrawalReceivedMail({ orderId: row.id, receivedAt, outcome, until }),
  );
  if (outcome !== "cancelled") {
    await queueMail(
      tx,
      "shop-withdrawal",
      shopAddress(),
      shopWithdrawalNoticeMail({ orderId: row.id, receivedAt, outcome }),
    );
  }
  return { outcome, refundPaymentId, receivedAt };
}

/** Whether the order has a withdrawal whose return is still to arrange (call it with the order row locked). */
async function hasOpenWithdrawal(tx: DbOrTx, orderId: number): Promise<boolean> {
  const [open] = await tx
    .select({ id: withdrawalRequests.id })
    .from(withdrawalRequests)
    .where(and(eq(withdrawalRequests.orderId, orderId), eq(withdrawalRequests.status, "open")));
  return Boolean(open);
}

/**
 * POST /withdrawals: the public withdrawal (no account). Limited per client address (429 beyond
 * WITHDRAWALS_PER_CLIENT_PER_HOUR) and, quietly, per order number; the answer is the same whether or not the order
 * number and the e-mail address match an order, and the matching path does not wait for the card provider (the
 * refund of a cancelled order is queued and carried out by the reconciler), so neither its words nor its time tell.
 */
export async function withdraw({
  orderNumber,
  email,
  clientAddress,
  db = getDb(),
}: {
  orderNumber: number;
  email: string;
  clientAddress?: string;
  db?: DbOrTx;
}): Promise<{ receivedAt: Date }> {
  const receivedAt = new Date();
  const limits = getConfig().rateLimits;
  if (clientAddress) {
    await countEvent(
      [{ key: `withdraw:client:${clientAddress}`, max: limits.withdrawalsPerClient, windowSeconds: HOUR }],
      "Too many withdrawals were sent from your network. Please try again later.",
      db,
    );
  }
  try {
    // one order's mailbox is not to be filled by someone who knows its number and address; counted per order *and*
    // address, so that wrong guesses (or a stranger's junk) never use up the owner's own tries
    const pair = keyPart(`${orderNumber}:${email.trim().toLowerCase()}`);
    await countEvent(
      [{ key: `withdraw:order:${pair}`, max: limits.withdrawalsPerOrder, windowSeconds: HOUR }],
      "quiet",
      db,
    );
  } catch (error) {
    if (error instanceof RateLimitedError) return { receivedAt };
    throw error;
  }
  await db.transaction(async (tx) => {
    // the order, locked, only when its account's address is the one given (case aside) and the account still exists
    const [match] = await tx
      .select({ order: orders, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(
        and(
          eq(orders.id, orderNumber),
          sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
          isNull(users.deletedAt),
        ),
      )
      .for("update", { of: orders });
    if (!match) return;
    // a second withdrawal while the first's return is still to arrange changes nothing and mails nobody; the answer
    // is the same
    if (await hasOpenWithdrawal(tx, match.order.id)) return;
    await applyWithdrawal(tx, match.order, match.email, "form");
  });
  return { receivedAt };
}

/** POST /orders/order/{orderId}/withdraw: the signed-in owner withdraws from the order page (409 when they may not). */
export async function withdrawOwnOrder({
  actor,
  orderId,
  db = getDb(),
}: {
  actor: Actor | null;
  orderId: number;
  db?: DbOrTx;
}): Promise<{ order: OrderDto; message: string; receivedAt: Date }> {
  const who = requireActor(actor);
  const { outcome, refundPaymentId, receivedAt } = await db.transaction(async (tx) => {
    const row = await lockOwnOrder(tx, who, orderId);
    if (row.status === "CANCELLED") throw new ConflictError(`Order #${orderId} is cancelled already.`);
    const until = withdrawalDeadline(row, await withdrawalDays(tx));
    if (until !== null && until < new Date()) {
      throw new ConflictError(`The withdrawal period for order #${orderId} has ended.`);
    }
    // one return to arrange at a time (the order row is locked: two posts at once cannot both pass)
    if (await hasOpenWithdrawal(tx, orderId)) {
      throw new ConflictError(
        `We have already received your withdrawal from order #${orderId}; the items are to come back.`,
      );
    }
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    return applyWithdrawal(tx, row, user!.email, "account");
  });
  let order: OrderDto;
  if (refundPaymentId !== null) order = (await refundCancelled(orderId, refundPaymentId, db)).order;
  else {
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    order = (await orderDtos([row!], db))[0]!;
  }
  const message =
    outcome === "cancelled"
      ? `We received your withdrawal. Order #${orderId} is cancelled and your payment is being refunded; a confirmation is on its way to your e-mail.`
      : `We received your withdrawal from order #${orderId}. Please send the items back; a confirmation with the next steps is on its way to your e-mail.`;
  log.info(`withdrawal from order ${orderId} (${outcome})`);
  return { order, message, receivedAt };
}

/** GET /orders/order/{orderId}/after-sale: what the owner may still do with the order (the order page's buttons). */
export async function afterSaleOptions({
  actor,
  orderId,
  db = getDb(),
}: {
  actor: Actor | null;
  orderId: number;
  db?: DbOrTx;
}): Promise<AfterSaleOptionsDto> {
  const who = requireActor(actor);
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row && isAdmin(who)) throw new NotFoundError("Order not found");
  if (!row || (row.userId !== who.id && !isAdmin(who))) {
    throw new ForbiddenError("You do not have permission to see this order.");
  }
  const days = await withdrawalDays(db);
  const until = withdrawalDeadline(row, days);
  const received = await db
    .select()
    .from(withdrawalRequests)
    .where(eq(withdrawalRequests.orderId, orderId))
    .orderBy(desc(withdrawalRequests.createdAt), desc(withdrawalRequests.id));
  const shipped = row.status === "SHIPPED" || row.status === "DELIVERED";
  return {
    canCancel: CANCELLABLE.has(row.status),
    canWithdraw: shipped && (until === null || until >= new Date()) && !received.some((w) => w.status === "open"),
    withdrawUntil: until?.toISOString() ?? null,
    withdrawalDays: days,
    withdrawals: received.map((w) => ({
      createdAt: w.createdAt.toISOString(),
      status: w.status,
      statusLabel: WITHDRAWAL_STATUS_LABELS[w.status],
    })),
  };
}

/** GET /admin/withdrawals: every withdrawal, newest first (admin). */
export async function listWithdrawals({
  actor,
  db = getDb(),
}: {
  actor: Actor | null;
  db?: DbOrTx;
}): Promise<WithdrawalRequestDto[]> {
  requireAdmin(actor);
  const rows = await db
    .select()
    .from(withdrawalRequests)
    .orderBy(desc(withdrawalRequests.createdAt), desc(withdrawalRequests.id))
    .limit(500);
  return rows.map((w) => ({
    id: w.id,
    orderId: w.orderId,
    email: w.email,
    status: w.status,
    statusLabel: WITHDRAWAL_STATUS_LABELS[w.status],
    orderStatus: w.orderStatus,
    via: w.via,
    createdAt: w.createdAt.toISOString(),
  }));
}
