// Returns, the shopper's side and the reading shared with the admin's (docs/decisions/0044-returns.md). A return
// holds pieces of an order's lines; a line's pieces held by returns that are not rejected never pass what
// was bought (checked with the order row locked, so two requests at once take turns). The money of a return is
// read from the order's priced lines (pricing.ts), never priced again.
import { and, asc, desc, eq, inArray, isNotNull, ne, notInArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { orderItems, orders, payments, refunds, returnLines, returns, users } from "~/db/schema";
import { centsToDollars } from "~/lib/money";
import { documentNumber } from "~/schemas/invoices";
import { RETURN_REASON_LABELS, RETURN_STATUS_LABELS, type ReturnReason } from "~/schemas/return-constants";
import { returnNumber, type ReturnableDto, type ReturnDto, type ReturnRequestInput } from "~/schemas/returns";
import { isAdmin, ownRowOrRefuse, requireActor, type Actor } from "../access";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { queueMail } from "../mail/outbox.server";
import { shopAddress } from "../mail/templates/after-sale.server";
import { returnStepMail, shopReturnRequestedMail } from "../mail/templates/returns.server";
import type { OrderRow } from "./order-admin.server";
import { refundOfShipping, refundOfUnits } from "./pricing";
import { pricedLinesOfItems } from "./return-money";
import { withdrawalDays, withdrawalDeadline } from "./withdrawal-period.server";

export type ReturnRow = typeof returns.$inferSelect;

/**
 * Returns that no longer hold their pieces: rejected ones (nothing was sent back). A return closed without refund
 * keeps them: they were sent back, so they are neither asked for nor refunded again.
 */
const RELEASED = ["rejected"] as const;

// ---------------------------------------------------------------- money

/** The order's items with their priced lines (the payment's breakdown, or price × quantity before it). */
export async function pricedItems(db: DbOrTx, order: OrderRow) {
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  const [payment] =
    order.paymentId === null
      ? []
      : await db.select({ snapshot: payments.cartSnapshot }).from(payments).where(eq(payments.id, order.paymentId));
  const priced = pricedLinesOfItems(items, payment?.snapshot ?? null, order.priceBreakdown);
  return { items, priced };
}

/** Pieces of each item refunded by returns other than `exceptReturnId` (the pieces before this return's). */
async function refundedPieces(db: DbOrTx, itemIds: number[], exceptReturnId: number | null) {
  if (itemIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ itemId: returnLines.orderItemId, pieces: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .where(
      and(
        inArray(returnLines.orderItemId, itemIds),
        isNotNull(returnLines.refundCents),
        exceptReturnId === null ? undefined : ne(returnLines.returnId, exceptReturnId),
      ),
    )
    .groupBy(returnLines.orderItemId);
  return new Map(rows.map((row) => [row.itemId, Number(row.pieces)]));
}

/** Whether a return of the order refunded its shipping already. */
async function shippingRefunded(db: DbOrTx, orderId: number, exceptReturnId: number) {
  const [row] = await db
    .select({ id: returns.id })
    .from(returns)
    .where(
      and(
        eq(returns.orderId, orderId),
        eq(returns.refundShipping, true),
        isNotNull(returns.refundId),
        ne(returns.id, exceptReturnId),
      ),
    );
  return Boolean(row);
}

/**
 * What refunding a return gives back, line by line (each line's share of its priced line, after the pieces refunded
 * before), and the shipping it may still refund.
 */
export async function returnMoney(db: DbOrTx, order: OrderRow, ret: ReturnRow) {
  const lines = await db
    .select()
    .from(returnLines)
    .where(eq(returnLines.returnId, ret.id))
    .orderBy(asc(returnLines.id));
  const { items, priced } = await pricedItems(db, order);
  const before = await refundedPieces(
    db,
    lines.map((line) => line.orderItemId),
    ret.id,
  );
  const perLine = new Map(
    lines.map((line) => [
      line.id,
      line.refundCents ??
        refundOfUnits(priced.get(line.orderItemId)!, before.get(line.orderItemId) ?? 0, line.quantity),
    ]),
  );
  const shippingCents =
    order.priceBreakdown && !(await shippingRefunded(db, order.id, ret.id))
      ? refundOfShipping(order.priceBreakdown)
      : 0;
  return { lines, items, perLine, shippingCents };
}

// ---------------------------------------------------------------- reading

/** Returns as the API answers them. */
export async function returnDtos(rows: ReturnRow[], db: DbOrTx): Promise<ReturnDto[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((r) => r.orderId))];
  const [orderRows, owners, refundRows] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, orderIds)),
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((r) => r.userId),
        ),
      ),
    db
      .select()
      .from(refunds)
      .where(
        inArray(
          refunds.returnId,
          rows.map((r) => r.id),
        ),
      ),
  ]);
  const orderOf = new Map(orderRows.map((o) => [o.id, o]));
  const emailOf = new Map(owners.map((u) => [u.id, u.email]));
  const refundOf = new Map(refundRows.map((r) => [r.returnId!, r]));
  return Promise.all(
    rows.map(async (ret) => {
      const order = orderOf.get(ret.orderId)!;
      const money = await returnMoney(db, order, ret);
      const itemOf = new Map(money.items.map((item) => [item.id, item]));
      const refund = refundOf.get(ret.id);
      return {
        id: ret.id,
        number: returnNumber(ret.id),
        orderId: ret.orderId,
        userId: ret.userId,
        customerEmail: emailOf.get(ret.userId) ?? "",
        status: ret.status,
        statusLabel: RETURN_STATUS_LABELS[ret.status],
        reason: ret.reason,
        reasonLabel: RETURN_REASON_LABELS[ret.reason],
        note: ret.note,
        adminMessage: ret.adminMessage,
        via: ret.via,
        lines: money.lines.map((line) => {
          const item = itemOf.get(line.orderItemId)!;
          return {
            id: line.id,
            orderItemId: line.orderItemId,
            productName: item.productName,
            productBrand: item.productBrand,
            variantLabel: item.variantLabel,
            quantity: line.quantity,
            restock: line.restock,
            refundAmount: centsToDollars(money.perLine.get(line.id)!),
            refunded: line.refundCents === null ? null : centsToDollars(line.refundCents),
          };
        }),
        shippingRefundable: refund ? 0 : centsToDollars(money.shippingCents),
        refundShipping: ret.refundShipping,
        refundId: ret.refundId,
        refundTotal: refund ? centsToDollars(refund.amountCents ?? 0) : null,
        refundStatus: refund?.status ?? null,
        creditNoteNumber:
          refund?.creditNoteYear != null && refund.creditNoteSeq != null
            ? documentNumber(refund.creditNoteYear, refund.creditNoteSeq)
            : null,
        createdAt: ret.createdAt.toISOString(),
        decidedAt: ret.decidedAt?.toISOString() ?? null,
        receivedAt: ret.receivedAt?.toISOString() ?? null,
        refundedAt: ret.refundedAt?.toISOString() ?? null,
      };
    }),
  );
}

export async function returnDto(id: number, db: DbOrTx): Promise<ReturnDto> {
  const [row] = await db.select().from(returns).where(eq(returns.id, id));
  return (await returnDtos([row!], db))[0]!;
}

/** GET /returns: the shopper's own returns, newest first. */
export async function listOwnReturns({ actor, db = getDb() }: { actor: Actor | null; db?: DbOrTx }) {
  const who = requireActor(actor);
  const rows = await db
    .select()
    .from(returns)
    .where(eq(returns.userId, who.id))
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(200);
  return returnDtos(rows, db);
}

/** GET /returns/{returnId}: the owner's or, for an admin, any (a stranger gets 403 whether or not it exists). */
export async function getReturn({
  actor,
  returnId,
  db = getDb(),
}: {
  actor: Actor | null;
  returnId: number;
  db?: DbOrTx;
}) {
  const who = requireActor(actor);
  const [row] = await db.select().from(returns).where(eq(returns.id, returnId));
  ownRowOrRefuse(who, row, {
    notFound: "Return not found",
    forbidden: "You do not have permission to see this return.",
  });
  return (await returnDtos([row!], db))[0]!;
}

/** The returns of an order (its page), for its owner or an admin, oldest first. */
export async function orderReturns(orderId: number, db: DbOrTx) {
  const rows = await db.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(asc(returns.id));
  return returnDtos(rows, db);
}

// ---------------------------------------------------------------- asking

/** Pieces of each of the order's items that returns (not rejected) hold. */
async function heldPieces(db: DbOrTx, orderId: number) {
  const rows = await db
    .select({ itemId: returnLines.orderItemId, pieces: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returns.orderId, orderId), notInArray(returns.status, [...RELEASED])))
    .groupBy(returnLines.orderItemId);
  return new Map(rows.map((row) => [row.itemId, Number(row.pieces)]));
}

/** Whether the order may be returned now, and why not (the shopper's words). */
function returnRefusal(order: OrderRow, until: Date | null): string | null {
  if (order.status !== "SHIPPED" && order.status !== "DELIVERED") {
    return order.status === "CANCELLED"
      ? "This order was cancelled."
      : "Items can be returned once the order has shipped; until then you can cancel it.";
  }
  if (until !== null && until < new Date()) return "The return window for this order has ended.";
  return null;
}

/** What the order's owner may still return (the return form). */
export async function returnableOf(db: DbOrTx, order: OrderRow): Promise<ReturnableDto> {
  const until = withdrawalDeadline(order, await withdrawalDays(db));
  const [items, held] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    heldPieces(db, order.id),
  ]);
  const lines = items.map((item) => ({
    orderItemId: item.id,
    productName: item.productName,
    productBrand: item.productBrand,
    variantLabel: item.variantLabel,
    bought: item.quantity,
    returnable: Math.max(0, item.quantity - (held.get(item.id) ?? 0)),
  }));
  const refusal =
    returnRefusal(order, until) ??
    (lines.some((l) => l.returnable > 0) ? null : "Every item of this order is being returned already.");
  return { canReturn: refusal === null, refusal, returnUntil: until?.toISOString() ?? null, lines };
}

/** GET /orders/order/{orderId}/returnable: the owner's (or an admin's view of) what may be returned. */
export async function getReturnable({
  actor,
  orderId,
  db = getDb(),
}: {
  actor: Actor | null;
  orderId: number;
  db?: DbOrTx;
}) {
  const who = requireActor(actor);
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  const order = ownRowOrRefuse(who, row, {
    notFound: "Order not found",
    forbidden: "You do not have permission to see this order.",
  });
  return returnableOf(db, order);
}

/**
 * Opens a return of `lines` of a locked order, inside `tx`, with its mails (the shopper's and the shop's): the
 * shopper's form, or a withdrawal (every piece still returnable). Checks the pieces against what is still returnable.
 */
export async function openReturnInTx(
  tx: DbOrTx,
  order: OrderRow,
  input: {
    lines: Array<{ orderItemId: number; quantity: number }>;
    reason: ReturnReason;
    note: string;
    via: "shopper" | "withdrawal";
  },
): Promise<ReturnDto> {
  const returnable = await returnableOf(tx, order);
  const left = new Map(returnable.lines.map((line) => [line.orderItemId, line.returnable]));
  for (const line of input.lines) {
    const can = left.get(line.orderItemId);
    if (can === undefined) throw new ValidationError("That item is not a part of this order.");
    if (line.quantity > can) {
      throw new ConflictError(
        can === 0 ? "That item is being returned already." : `You can return at most ${can} of that item.`,
      );
    }
  }
  const [ret] = await tx
    .insert(returns)
    .values({ orderId: order.id, userId: order.userId, reason: input.reason, note: input.note, via: input.via })
    .returning();
  await tx.insert(returnLines).values(input.lines.map((line) => ({ returnId: ret!.id, ...line })));
  const dto = (await returnDtos([ret!], tx))[0]!;
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  await queueMail(tx, "return-requested", owner!.email, returnStepMail(dto, "requested"));
  await queueMail(tx, "shop-return-requested", shopAddress(), shopReturnRequestedMail(dto));
  return dto;
}

/** POST /orders/order/{orderId}/returns: the owner asks to return pieces of a shipped order within the window. */
export async function requestReturn({
  actor,
  orderId,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  orderId: number;
  input: ReturnRequestInput;
  db?: DbOrTx;
}): Promise<ReturnDto> {
  const who = requireActor(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!row && isAdmin(who)) throw new NotFoundError("Order not found");
    // the shopper's own request: an admin does not ask in the shopper's name
    if (!row || row.userId !== who.id) throw new ForbiddenError("You do not have permission to return this order.");
    const refusal = returnRefusal(row, withdrawalDeadline(row, await withdrawalDays(tx)));
    if (refusal) throw new ConflictError(refusal);
    return openReturnInTx(tx, row, { ...input, via: "shopper" });
  });
}
