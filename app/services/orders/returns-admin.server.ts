// Returns, the admin's side (docs/decisions/0044-returns.md): approve or reject with a message, mark the parcel
// received (restocking the lines the admin chooses, in the same transaction), and refund the lines' shares (and the
// shipping, when asked, once per order) through the refund queue, which numbers the credit note. Every step locks the
// order and then the return, so two admins at once take turns: one step wins, the other gets 409. Audited.
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { orders, payments, refunds, returnLines, returns, users, withdrawalRequests } from "~/db/schema";
import { formatCents } from "~/lib/money";
import type { ReturnStatus } from "~/schemas/return-constants";
import { returnNumber, type ReturnDto } from "~/schemas/returns";
import { requireAdmin, type Actor } from "../access";
import { recordAudit } from "../audit/audit.server";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { queueMail } from "../mail/outbox.server";
import { returnStepMail, type ReturnStep } from "../mail/templates/returns.server";
import { restockInTx, type OrderRow } from "./order-admin.server";
import { owePartialRefund, refundById } from "./refunds.server";
import { pricedItems, returnDto, returnDtos, returnMoney, type ReturnRow } from "./returns.server";
import { createLogger } from "~/lib/log.server";

const log = createLogger("returns");

/** GET /admin/returns: every return (or those of one status), newest first. */
export async function listReturns({
  actor,
  status,
  db = getDb(),
}: {
  actor: Actor | null;
  status?: ReturnStatus;
  db?: DbOrTx;
}): Promise<ReturnDto[]> {
  requireAdmin(actor);
  const rows = await db
    .select()
    .from(returns)
    .where(status ? eq(returns.status, status) : undefined)
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(200);
  return returnDtos(rows, db);
}

/** The return and its order, locked (the order first, as a shopper's request locks it). */
async function lockReturn(tx: DbOrTx, returnId: number): Promise<{ ret: ReturnRow; order: OrderRow }> {
  const [found] = await tx.select({ orderId: returns.orderId }).from(returns).where(eq(returns.id, returnId));
  if (!found) throw new NotFoundError("Return not found");
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for("update");
  const [ret] = await tx.select().from(returns).where(eq(returns.id, returnId)).for("update");
  return { ret: ret!, order: order! };
}

function expectStatus(ret: ReturnRow, allowed: readonly ReturnStatus[], doing: string) {
  if (!allowed.includes(ret.status)) {
    throw new ConflictError(`Return ${returnNumber(ret.id)} is ${ret.status}: it cannot be ${doing}.`);
  }
}

const AUDIT_KIND = {
  approved: "approve",
  rejected: "reject",
  received: "receive",
  refunded: "refund",
  closed: "close",
} as const satisfies Record<Exclude<ReturnStep, "requested">, string>;

/** One admin step: the return moved and audited, the shopper mailed, all in one transaction. */
async function step(
  db: DbOrTx,
  who: Actor,
  returnId: number,
  mail: Exclude<ReturnStep, "requested">,
  apply: (tx: DbOrTx, ret: ReturnRow, order: OrderRow) => Promise<Record<string, unknown>>,
): Promise<ReturnDto> {
  return db.transaction(async (tx) => {
    const { ret, order } = await lockReturn(tx, returnId);
    const after = await apply(tx, ret, order);
    await recordAudit(tx, {
      actor: who,
      kind: `return.${AUDIT_KIND[mail]}`,
      entity: { type: "return", id: returnId },
      before: { status: ret.status },
      after,
    });
    // the withdrawal that opened the return is settled with it
    if (mail === "rejected" || mail === "refunded" || mail === "closed") {
      await tx
        .update(withdrawalRequests)
        .set({ status: "closed" })
        .where(and(eq(withdrawalRequests.returnId, returnId), eq(withdrawalRequests.status, "open")));
    }
    const dto = await returnDto(returnId, tx);
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, ret.userId));
    await queueMail(tx, `return-${mail}`, owner!.email, returnStepMail(dto, mail));
    return dto;
  });
}

/** POST /admin/returns/{returnId}/approve: the shopper may send the items (with the admin's message, if any). */
export async function approveReturn({
  actor,
  returnId,
  message,
  db = getDb(),
}: {
  actor: Actor | null;
  returnId: number;
  message: string;
  db?: DbOrTx;
}) {
  return decide(db, requireAdmin(actor), returnId, { status: "approved", from: ["requested"], message });
}

/** POST /admin/returns/{returnId}/reject: refused with the admin's reason; its pieces may be asked for again. */
export async function rejectReturn({
  actor,
  returnId,
  message,
  db = getDb(),
}: {
  actor: Actor | null;
  returnId: number;
  message: string;
  db?: DbOrTx;
}) {
  return decide(db, requireAdmin(actor), returnId, { status: "rejected", from: ["requested", "approved"], message });
}

/**
 * POST /admin/returns/{returnId}/close: the return ends without a refund, with the admin's reason (the parcel never
 * arrived; the goods came back damaged by the shopper). From approved (nothing arrived) or received (what arrived is
 * not refunded; what was restocked stays on sale), except a return a withdrawal opened, once its goods are back. The pieces stay held by it: they were sent back, so they cannot be
 * asked for again, and no refund of them can follow (decision 0044 addendum).
 */
export async function closeReturn({
  actor,
  returnId,
  message,
  db = getDb(),
}: {
  actor: Actor | null;
  returnId: number;
  message: string;
  db?: DbOrTx;
}) {
  const who = requireAdmin(actor);
  if (message.trim() === "") throw new ValidationError("Tell the shopper why the return is closed without a refund.");
  return step(db, who, returnId, "closed", async (tx, ret) => {
    expectStatus(ret, ["approved", "received"], "closed without refund");
    // a withdrawal from the contract: once the goods are back, the payment is owed (the shop may only withhold it
    // while nothing has come back, decision 0044 addendum)
    if (ret.status === "received") {
      const [withdrawal] = await tx
        .select({ id: withdrawalRequests.id })
        .from(withdrawalRequests)
        .where(eq(withdrawalRequests.returnId, ret.id));
      if (withdrawal)
        throw new ConflictError(
          `Return ${returnNumber(ret.id)} came from a withdrawal from the contract and its goods are back: refund it; it cannot be closed without a refund.`,
        );
    }
    const now = new Date();
    await tx
      .update(returns)
      .set({ status: "closed", adminMessage: message, updatedAt: now })
      .where(eq(returns.id, ret.id));
    return { status: "closed", message };
  });
}

/** The admin's decision on a return, from the statuses it may be taken in, with the message (none when empty). */
function decide(
  db: DbOrTx,
  who: Actor,
  returnId: number,
  { status, from, message }: { status: "approved" | "rejected"; from: ReturnStatus[]; message: string },
) {
  return step(db, who, returnId, status, async (tx, ret) => {
    expectStatus(ret, from, status);
    const now = new Date();
    await tx
      .update(returns)
      .set({ status, adminMessage: message || null, decidedAt: now, updatedAt: now })
      .where(eq(returns.id, ret.id));
    return { status, message };
  });
}

/**
 * POST /admin/returns/{returnId}/receive: the parcel is back. The lines named in `restock` (ids of the return's lines)
 * go back on sale, per variant, in the same transaction; the others are kept out (damaged, say).
 */
export async function receiveReturn({
  actor,
  returnId,
  restock,
  db = getDb(),
}: {
  actor: Actor | null;
  returnId: number;
  restock: number[];
  db?: DbOrTx;
}) {
  const who = requireAdmin(actor);
  return step(db, who, returnId, "received", async (tx, ret, order) => {
    expectStatus(ret, ["approved"], "marked received");
    const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, ret.id));
    const ids = new Set(lines.map((line) => line.id));
    if (restock.some((id) => !ids.has(id))) throw new ValidationError("Restock only lines of this return.");
    const back = lines.filter((line) => restock.includes(line.id));
    for (const line of lines) {
      await tx
        .update(returnLines)
        .set({ restock: restock.includes(line.id) })
        .where(eq(returnLines.id, line.id));
    }
    if (back.length > 0) {
      const { items } = await pricedItems(tx, order);
      const itemOf = new Map(items.map((item) => [item.id, item]));
      await restockInTx(
        tx,
        back.map((line) => ({
          productId: itemOf.get(line.orderItemId)!.productId,
          variantId: itemOf.get(line.orderItemId)!.variantId,
          quantity: line.quantity,
        })),
      );
    }
    const now = new Date();
    await tx.update(returns).set({ status: "received", receivedAt: now, updatedAt: now }).where(eq(returns.id, ret.id));
    return { status: "received", restocked: back.map((line) => ({ line: line.id, quantity: line.quantity })) };
  });
}

/**
 * POST /admin/returns/{returnId}/refund: the lines' shares of the order's priced lines (their price less their
 * discount share, their tax share when added) and, when asked, the order's shipping (once per order), owed through
 * the refund queue and carried out after the commit; never more than what is left of the payment. Once per return.
 */
export async function refundReturn({
  actor,
  returnId,
  shipping,
  db = getDb(),
}: {
  actor: Actor | null;
  returnId: number;
  shipping: boolean;
  db?: DbOrTx;
}): Promise<{ ret: ReturnDto; message: string }> {
  const who = requireAdmin(actor);
  let refundId: number | null = null;
  const dto = await step(db, who, returnId, "refunded", async (tx, ret, order) => {
    expectStatus(ret, ["received"], "refunded");
    if (order.paymentId === null) throw new ConflictError("This order has no payment to refund.");
    const money = await returnMoney(tx, order, ret);
    const shippingCents = shipping ? money.shippingCents : 0;
    if (shipping && money.shippingCents === 0) {
      throw new ConflictError("This order's shipping was refunded already, or it had none.");
    }
    const linesCents = [...money.perLine.values()].reduce((sum, cents) => sum + cents, 0);
    const amountCents = linesCents + shippingCents;
    // what is left of the payment: its amount less every refund of it (whole or a return's)
    const [payment] = await tx.select().from(payments).where(eq(payments.id, order.paymentId)).for("update");
    const [given] = await tx
      .select({ cents: sql<number>`coalesce(sum(coalesce(${refunds.amountCents}, ${payments.amountCents})), 0)::int` })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.paymentId, order.paymentId));
    const left = payment!.amountCents - Number(given?.cents ?? 0);
    if (amountCents > left) {
      throw new ConflictError(
        `Refunding ${formatCents(amountCents)} would pass what is left of the payment (${formatCents(left)}).`,
      );
    }
    if (amountCents > 0) {
      refundId = await owePartialRefund(tx, {
        paymentId: order.paymentId,
        returnId: ret.id,
        amountCents,
        reason: `order ${order.id} return ${returnNumber(ret.id)}`,
      });
    }
    for (const line of money.lines) {
      await tx
        .update(returnLines)
        .set({ refundCents: money.perLine.get(line.id)! })
        .where(eq(returnLines.id, line.id));
    }
    const now = new Date();
    await tx
      .update(returns)
      .set({ status: "refunded", refundId, refundShipping: shipping, refundedAt: now, updatedAt: now })
      .where(eq(returns.id, ret.id));
    return { status: "refunded", amountCents, shippingCents, refundId };
  });
  if (refundId === null) return { ret: dto, message: `Return ${dto.number} is closed with nothing to refund.` };
  const refunded = await refundById(refundId, db).catch((error: unknown) => {
    log.error(`refund of return ${returnId} failed`, error);
    return false;
  });
  const after = await returnDto(returnId, db);
  const amount = formatCents(Math.round((after.refundTotal ?? 0) * 100));
  return {
    ret: after,
    message: refunded
      ? `Return ${after.number}: ${amount} was refunded.`
      : `Return ${after.number}: the refund of ${amount} did not go through yet; it will be retried automatically (see Refunds).`,
  };
}
