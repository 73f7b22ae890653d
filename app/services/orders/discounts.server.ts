// Discount codes (decision 0040): the code a cart has applied, checked whenever the cart is priced; a use reserved
// when a checkout attempt's payment is made (a conditional UPDATE of the code's counter, so two instances racing for
// the last use get exactly one), redeemed when its order is placed, released when the payment is declined or
// refunded in full. The admin's list and forms are in discount-admin.server.ts.
import { and, count, eq, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { carts, discountCodes, discountRedemptions, payments } from "~/db/schema";
import type { QuoteDto } from "~/schemas/orders";
import { assertOwnerOrAdmin, type Actor } from "../access";
import { ConflictError, ValidationError } from "../errors";
import { cartLinesForCheckout, ensureCartId } from "./cart.server";
import { asPricingDiscount, codeRefusal, describeCode, pricingRefusalMessage, REFUSALS } from "./discount-rules";
import type { PriceBreakdown, PricingDiscount } from "./pricing";

type CodeRow = typeof discountCodes.$inferSelect;

/** A code by what a shopper typed (any case). */
export async function findCode(typed: string, db: DbOrTx): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(sql`lower(${discountCodes.code})`, typed.trim().toLowerCase()));
  return row;
}

/** The uses that count against a shopper now: the code's taken uses but their own open reservations, their redeemed ones. */
async function usesFor(code: CodeRow, userId: number, db: DbOrTx) {
  const rows = await db
    .select({ status: discountRedemptions.status, n: count() })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, code.id), eq(discountRedemptions.userId, userId)))
    .groupBy(discountRedemptions.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { totalUses: code.uses - of("reserved"), customerUses: of("redeemed") };
}

/** The cart's applied code, resolved: what priceOrder gets, and why it is refused (before pricing) when it is. */
export interface AppliedCode {
  typed: string;
  row: CodeRow | null;
  /** null when refused */
  discount: PricingDiscount | null;
  refusal: string | null;
}

export async function appliedCode(userId: number, db: DbOrTx, now = new Date()): Promise<AppliedCode | null> {
  const [cart] = await db.select({ code: carts.discountCode }).from(carts).where(eq(carts.userId, userId));
  if (!cart?.code) return null;
  const row = (await findCode(cart.code, db)) ?? null;
  const refusal = codeRefusal(row, {
    now,
    ...(row ? await usesFor(row, userId, db) : { totalUses: 0, customerUses: 0 }),
  });
  return { typed: cart.code, row, discount: row && !refusal ? asPricingDiscount(row) : null, refusal };
}

/** Why the applied code gives nothing for this cart (its own rules first, then the subtotal and lines), or null. */
export function appliedRefusal(applied: AppliedCode | null, breakdown: PriceBreakdown): string | null {
  if (!applied) return null;
  if (applied.refusal) return applied.refusal;
  return breakdown.discountRefused ? pricingRefusalMessage(breakdown.discountRefused) : null;
}

/** The applied code as the cart's quote shows it. */
export function appliedDto(applied: AppliedCode | null, breakdown: PriceBreakdown): QuoteDto["discountCode"] {
  if (!applied) return null;
  return {
    code: applied.row?.code ?? applied.typed,
    description: applied.row ? describeCode(applied.row) : "",
    refusal: appliedRefusal(applied, breakdown),
  };
}

/**
 * POST /carts/user/{userId}/discount: applies a code to the cart when it gives something now, else a 422 saying
 * why (the cart keeps the code it had). Returns the code as stored.
 */
export async function applyDiscountCode({
  actor,
  userId,
  code,
  price,
  db = getDb(),
}: {
  actor: Actor | null;
  userId: number;
  code: string;
  /** prices the cart's lines with a discount (quote.server.ts's, passed in to keep the modules acyclic) */
  price: (
    lines: Awaited<ReturnType<typeof cartLinesForCheckout>>,
    discount: PricingDiscount,
  ) => Promise<PriceBreakdown>;
  db?: DbOrTx;
}): Promise<{ code: string; description: string }> {
  assertOwnerOrAdmin(actor, userId);
  const row = await findCode(code, db);
  const refuse = (message: string): never => {
    throw new ValidationError(message, { code: [message] });
  };
  const refusal = codeRefusal(row, {
    now: new Date(),
    ...(row ? await usesFor(row, userId, db) : { totalUses: 0, customerUses: 0 }),
  });
  if (refusal || !row) return refuse(refusal ?? REFUSALS.unknown);
  const breakdown = await price(await cartLinesForCheckout(userId, db), asPricingDiscount(row));
  if (breakdown.discountRefused) refuse(pricingRefusalMessage(breakdown.discountRefused));
  const cartId = await ensureCartId(userId, db);
  await db.update(carts).set({ discountCode: row.code, updatedAt: new Date() }).where(eq(carts.id, cartId));
  return { code: row.code, description: describeCode(row) };
}

/** DELETE /carts/user/{userId}/discount: the cart without a code (nothing to remove is fine). */
export async function removeDiscountCode({
  actor,
  userId,
  db = getDb(),
}: {
  actor: Actor | null;
  userId: number;
  db?: DbOrTx;
}) {
  assertOwnerOrAdmin(actor, userId);
  await db.update(carts).set({ discountCode: null, updatedAt: new Date() }).where(eq(carts.userId, userId));
}

// ---------------------------------------------------------------- redemptions

/** "The code SAVE10 can no longer be used: …" — the checkout's refusal, before anything is charged. */
export function checkoutRefusal(code: string, reason: string) {
  return new ConflictError(
    `The discount code ${code} cannot be used: ${reason} Nothing was charged. Please remove the code or change your cart, then check the new total.`,
  );
}

/**
 * Takes a use of the code for a checkout attempt (its key), before its payment is made. Idempotent per attempt: an
 * attempt holding a use keeps it, a released one takes a use again. The counter moves by a conditional UPDATE
 * (`uses < usage_limit`), which locks the code's row: concurrent takers queue on it and only as many as there are
 * uses left succeed; the shopper's own uses are counted under that lock. Refused: a ConflictError, nothing charged.
 */
export async function reserveUse(
  userId: number,
  code: { codeId: number; code: string } | null,
  checkoutKey: string,
  db: DbOrTx,
): Promise<void> {
  if (!code) return;
  await db.transaction(async (tx) => {
    const [held] = await tx.select().from(discountRedemptions).where(eq(discountRedemptions.checkoutKey, checkoutKey));
    if (held && held.status !== "released" && held.codeId === code.codeId) return;
    const [taken] = await tx
      .update(discountCodes)
      .set({ uses: sql`${discountCodes.uses} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(discountCodes.id, code.codeId),
          eq(discountCodes.active, true),
          or(isNull(discountCodes.usageLimit), lt(discountCodes.uses, discountCodes.usageLimit)),
        ),
      )
      .returning();
    if (!taken) {
      const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, code.codeId));
      throw checkoutRefusal(code.code, row?.active ? REFUSALS.usedUp : REFUSALS.unknown);
    }
    // the shopper's own uses: redeemed ones, and other attempts' still holding theirs (payAttempt first cancels those
    // whose payment waits for a card, see `heldByUnpaidAttempts`; one it could not cancel still counts here)
    const [mine] = await tx
      .select({ n: count() })
      .from(discountRedemptions)
      .where(
        and(
          eq(discountRedemptions.codeId, code.codeId),
          eq(discountRedemptions.userId, userId),
          ne(discountRedemptions.status, "released"),
          ne(discountRedemptions.checkoutKey, checkoutKey),
        ),
      );
    // the dates and the shopper's own limit, now that the code's row is locked (the total was the UPDATE's)
    const refusal = codeRefusal(taken, { now: new Date(), totalUses: 0, customerUses: mine?.n ?? 0 });
    if (refusal) throw checkoutRefusal(code.code, refusal);
    if (held && held.status !== "released") {
      // the attempt held a use of another code: that one goes back
      await tx
        .update(discountCodes)
        .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
        .where(eq(discountCodes.id, held.codeId));
    }
    await tx
      .insert(discountRedemptions)
      .values({ codeId: code.codeId, userId, checkoutKey, status: "reserved" })
      .onConflictDoUpdate({
        target: discountRedemptions.checkoutKey,
        set: { codeId: code.codeId, status: "reserved", updatedAt: new Date() },
      });
  });
}

/**
 * The shopper's other attempts holding a use of this code (one with a limit per shopper) whose payment waits for a card (a card declined on the
 * provider's page, a checkout left for a changed cart): the payments a new attempt cancels before taking the use, so
 * that one shopper's one use is not held by an attempt they moved on from.
 */
export async function heldByUnpaidAttempts(userId: number, codeId: number, checkoutKey: string, db: DbOrTx) {
  return db
    .select({ payment: payments })
    .from(discountRedemptions)
    .innerJoin(payments, eq(payments.id, discountRedemptions.paymentId))
    .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.codeId))
    .where(
      and(
        eq(discountRedemptions.codeId, codeId),
        // only a code with a limit per shopper: another attempt's use cannot stand in the way of one without
        isNotNull(discountCodes.perCustomerLimit),
        eq(discountRedemptions.userId, userId),
        eq(discountRedemptions.status, "reserved"),
        ne(discountRedemptions.checkoutKey, checkoutKey),
        isNotNull(discountRedemptions.paymentId),
        eq(payments.status, "requires_payment_method"),
      ),
    )
    .then((rows) => rows.map((row) => row.payment));
}

/** Notes the payment an attempt's use is for. */
export async function notePayment(checkoutKey: string, paymentId: number, db: DbOrTx) {
  await db
    .update(discountRedemptions)
    .set({ paymentId, updatedAt: new Date() })
    .where(eq(discountRedemptions.checkoutKey, checkoutKey));
}

/** Gives an attempt's use back (its payment was declined or refunded in full). Returns whether one was held. */
export async function releaseUse(checkoutKey: string | null, db: DbOrTx): Promise<boolean> {
  if (!checkoutKey) return false;
  return db.transaction(async (tx) => {
    const [released] = await tx
      .update(discountRedemptions)
      .set({ status: "released", updatedAt: new Date() })
      .where(and(eq(discountRedemptions.checkoutKey, checkoutKey), ne(discountRedemptions.status, "released")))
      .returning();
    if (!released) return false;
    await tx
      .update(discountCodes)
      .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)`, updatedAt: new Date() })
      .where(eq(discountCodes.id, released.codeId));
    return true;
  });
}

/**
 * Gives back the uses taken for checkouts that never recorded a payment and were left before `before` (a process that
 * died between taking the use and recording the payment): the reconciler's sweep. Returns how many.
 */
export async function releaseStrandedUses(before: Date, db: DbOrTx = getDb()): Promise<number> {
  const stranded = await db
    .select({ checkoutKey: discountRedemptions.checkoutKey })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.status, "reserved"),
        isNull(discountRedemptions.paymentId),
        lt(discountRedemptions.updatedAt, before),
        sql`not exists (select 1 from ${payments} where ${payments.checkoutKey} = ${discountRedemptions.checkoutKey})`,
      ),
    )
    .limit(100);
  let released = 0;
  for (const { checkoutKey } of stranded) if (await releaseUse(checkoutKey, db)) released++;
  return released;
}

/**
 * The use of a placed order's attempt is redeemed (in the order's transaction), and the code leaves the cart. A use
 * released meanwhile (a declined card, then another card paid the same attempt through the provider's page) is taken
 * again without the limit: the money was charged with the discount, so the count says so.
 */
export async function redeemUse(
  payment: { userId: number; checkoutKey: string | null; id: number },
  orderId: number,
  tx: DbOrTx,
) {
  if (!payment.checkoutKey) return;
  const [held] = await tx
    .select()
    .from(discountRedemptions)
    .where(eq(discountRedemptions.checkoutKey, payment.checkoutKey));
  if (!held) return;
  await tx
    .update(discountRedemptions)
    .set({ status: "redeemed", orderId, paymentId: payment.id, updatedAt: new Date() })
    .where(eq(discountRedemptions.id, held.id));
  if (held.status === "released")
    await tx
      .update(discountCodes)
      .set({ uses: sql`${discountCodes.uses} + 1` })
      .where(eq(discountCodes.id, held.codeId));
  await tx.update(carts).set({ discountCode: null }).where(eq(carts.userId, payment.userId));
}
