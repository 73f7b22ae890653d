import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { auditLog, discountCodes, discountRedemptions, payments } from "~/db/schema";
import type { DiscountCodeDto } from "~/schemas/discounts";
import type { OrderDto, QuoteDto } from "~/schemas/orders";
import { checkInvariants } from "~/services/orders/invariants.server";
import { reserveUse } from "~/services/orders/discounts.server";
import { reconcile } from "~/services/orders/reconciler.server";
import { ConflictError } from "~/services/errors";
import { getPaymentProvider } from "~/services/payments/index.server";
import { useApiServer } from "../support/api-server";
import { useCategory } from "../support/checkout";
import { word } from "../support/factories";
import { DECLINED_CARD, orderHelpers } from "../support/orders";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Discount codes (decision 0040): applied to the cart with reasons when refused, the discounted total charged and
// kept on the order, one use taken per paid attempt even when two race for the last, given back when the card is
// declined or the payment refunded in full, and a code that stopped working refused at checkout before any charge.

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);
const { shopper, add, card, admin } = orderHelpers(api, database);
type User = Awaited<ReturnType<typeof shopper>>;

const billing = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  street: "9 Billing Road",
  city: "Portland",
  country: "US",
};

async function code(values: Partial<typeof discountCodes.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(discountCodes)
    .values({ code: `T${word()}`.toUpperCase(), kind: "percent", value: 1000, ...values })
    .returning();
  return row!;
}

const apply = (user: User, typed: string) =>
  api.json<Envelope<QuoteDto>>(`/carts/user/${user.id}/discount`, json("POST", { code: typed }, user.auth));
const quoteOf = (user: User) =>
  api.json<Envelope<QuoteDto>>(`/carts/user/${user.id}/quote`, json("GET", undefined, user.auth));
const checkout = (user: User, body: Record<string, unknown> = {}) =>
  api.json<Envelope<{ order: OrderDto }>>(
    `/orders/user/${user.id}/checkout`,
    json("POST", { billing, card: card(), ...body }, user.auth),
  );
const usesOf = async (id: number) =>
  (await database.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]!.uses;
const redemptionsOf = (codeId: number) =>
  database.db.select().from(discountRedemptions).where(eq(discountRedemptions.codeId, codeId));

/** a shopper with 2 × $20.00 in the cart */
async function shopperWithCart(priceCents = 2000) {
  const user = await shopper();
  const item = await product({ priceCents, inventory: 20 });
  await add(user, item.id, 2);
  return { user, item };
}

describe("applying a code to the cart", () => {
  it("applies in any case and the quote shows the discount; the cart's total stays the lines'", async () => {
    const { user } = await shopperWithCart();
    const c = await code({ value: 1500 });
    const applied = await apply(user, c.code.toLowerCase());
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.message).toBe(`Code ${c.code} applied: 15% off.`);
    expect(applied.body.data).toMatchObject({
      subtotal: 40,
      discount: 6,
      total: 34,
      discountCode: { code: c.code, description: "15% off", refusal: null },
    });
    const removed = await api.json(`/carts/user/${user.id}/discount`, json("DELETE", undefined, user.auth));
    expect(removed.status).toBe(200);
    expect((await quoteOf(user)).body.data).toMatchObject({ discount: 0, total: 40, discountCode: null });
  });

  it("refuses with the reason, in the rules' order, and keeps the cart without it", async () => {
    const { user } = await shopperWithCart();
    const past = new Date(Date.now() - 86_400_000);
    const future = new Date(Date.now() + 86_400_000);
    const cases: Array<[Partial<typeof discountCodes.$inferInsert>, string]> = [
      [{ active: false }, "This code is not valid."],
      [{ startsAt: future }, "This code is not valid yet."],
      [{ endsAt: past, usageLimit: 0 }, "This code has expired."],
      [{ usageLimit: 1, uses: 1 }, "This code has been used up."],
      [{ minSubtotalCents: 5000 }, "Spend $50.00 to use this code."],
      [{ productIds: [2147483000] }, "This code does not apply to anything in your cart."],
    ];
    for (const [values, reason] of cases) {
      const c = await code(values);
      const refused = await apply(user, c.code);
      expect(refused.status, reason).toBe(422);
      expect(refused.body).toMatchObject({ message: reason, errors: { code: [reason] } });
    }
    const unknown = await apply(user, "NO-SUCH-CODE");
    expect(unknown.body).toMatchObject({ message: "This code is not valid." });
    expect((await quoteOf(user)).body.data.discountCode).toBeNull();
  });
});

describe("paying with a code", () => {
  it("charges the discounted total, keeps it on the payment and the order, redeems one use, and the code leaves the cart", async () => {
    const { user } = await shopperWithCart();
    const c = await code({ kind: "fixed", value: 500, perCustomerLimit: 1 });
    expect((await apply(user, c.code)).status).toBe(200);
    const paid = await checkout(user, { amount: 35 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data.order).toMatchObject({ totalAmount: 35, subtotal: 40, discount: 5 });
    const [payment] = await database.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(payment!.amountCents).toBe(3500);
    expect(payment!.priceBreakdown).toMatchObject({ discountCents: 500, discount: { code: c.code, kind: "fixed" } });
    expect(await usesOf(c.id)).toBe(1);
    expect(await redemptionsOf(c.id)).toMatchObject([{ status: "redeemed", userId: user.id, paymentId: payment!.id }]);
    expect((await quoteOf(user)).body.data.discountCode).toBeNull();
    // once is this shopper's limit
    const item = await product({ priceCents: 2000, inventory: 5 });
    await add(user, item.id, 1);
    expect((await apply(user, c.code)).body.message).toBe("You have already used this code.");
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it("gives the use back when the card is declined, and takes it again when another card pays", async () => {
    const { user } = await shopperWithCart();
    const c = await code({ usageLimit: 1 });
    await apply(user, c.code);
    const declined = await checkout(user, { card: card({ cardNumber: DECLINED_CARD }) });
    expect(declined.status).toBe(402);
    expect(await usesOf(c.id)).toBe(0);
    expect(await redemptionsOf(c.id)).toMatchObject([{ status: "released" }]);
    const paid = await checkout(user, { amount: 36 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(await usesOf(c.id)).toBe(1);
    expect(await redemptionsOf(c.id)).toMatchObject([{ status: "redeemed" }]);
  });

  it("gives the use back when the payment is refunded in full (the admin cancels the order)", async () => {
    const { user } = await shopperWithCart();
    const c = await code({ usageLimit: 1 });
    await apply(user, c.code);
    const paid = await checkout(user);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const boss = await admin();
    const cancelled = await api.json(
      `/orders/order/${paid.body.data.order.id}/status`,
      json("PUT", { status: "CANCELLED" }, boss.auth),
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const [payment] = await database.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(payment!.status).toBe("refunded");
    expect(await usesOf(c.id)).toBe(0);
    expect(await redemptionsOf(c.id)).toMatchObject([{ status: "released" }]);
  });

  it("gives the use back when returns' refunds together give the whole payment back, not before", async () => {
    const { user } = await shopperWithCart();
    const c = await code({ usageLimit: 1 });
    await apply(user, c.code);
    const paid = await checkout(user, { amount: 36 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const orderId = paid.body.data.order.id;
    const boss = await admin();
    for (const status of ["PROCESSING", "SHIPPED", "DELIVERED"]) {
      const moved = await api.json(`/orders/order/${orderId}/status`, json("PUT", { status }, boss.auth));
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const { body } = await api.json<Envelope<{ lines: Array<{ orderItemId: number }> }>>(
      `/orders/order/${orderId}/returnable`,
      { headers: user.auth },
    );
    const orderItemId = body.data.lines[0]!.orderItemId;
    /** one piece returned and refunded, through every admin step */
    const returnOne = async () => {
      const asked = await api.json<Envelope<{ id: number }>>(
        `/orders/order/${orderId}/returns`,
        json("POST", { lines: [{ orderItemId, quantity: 1 }], reason: "changed_mind" }, user.auth),
      );
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const id = asked.body.data.id;
      for (const [step, payload] of [
        ["approve", {}],
        ["receive", { restock: [] }],
        ["refund", { shipping: false }],
      ] as const) {
        const done = await api.json(`/admin/returns/${id}/${step}`, json("POST", payload, boss.auth));
        expect(done.status, `${step}: ${JSON.stringify(done.body)}`).toBe(200);
      }
    };
    await returnOne();
    // half of it back: the use stays taken
    expect(await usesOf(c.id)).toBe(1);
    expect(await redemptionsOf(c.id)).toMatchObject([{ status: "redeemed" }]);
    await returnOne();
    // all of it back ($18.00 twice): the use is given back
    expect(await usesOf(c.id)).toBe(0);
    expect(await redemptionsOf(c.id)).toMatchObject([{ status: "released" }]);
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it("refuses the checkout, charging nothing, when the code stopped working after the cart showed it", async () => {
    const { user } = await shopperWithCart();
    const c = await code();
    await apply(user, c.code);
    await database.db
      .update(discountCodes)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(discountCodes.id, c.id));
    const refused = await checkout(user, { amount: 36 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`The discount code ${c.code} cannot be used: This code has expired.`);
    expect(await database.db.select().from(payments).where(eq(payments.userId, user.id))).toEqual([]);
    expect((await quoteOf(user)).body.data).toMatchObject({
      total: 40,
      discountCode: { code: c.code, refusal: "This code has expired." },
    });
  });
});

describe("the last use, raced", () => {
  it("two checkouts of a one-use code at once: exactly one is paid with it", async () => {
    const c = await code({ usageLimit: 1 });
    const a = await shopperWithCart();
    const b = await shopperWithCart();
    await apply(a.user, c.code);
    await apply(b.user, c.code);
    const answers = await Promise.all([checkout(a.user), checkout(b.user)]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses, JSON.stringify(answers.map((r) => r.body.message))).toEqual([201, 409]);
    expect(answers.find((r) => r.status === 409)!.body.message).toContain("This code has been used up.");
    expect(await usesOf(c.id)).toBe(1);
    expect((await redemptionsOf(c.id)).filter((r) => r.status !== "released")).toHaveLength(1);
  });

  it("two transactions taking the last use at once: exactly one succeeds", async () => {
    const c = await code({ usageLimit: 1 });
    const a = await shopper();
    const b = await shopper();
    const results = await Promise.allSettled([
      reserveUse(a.id, { codeId: c.id, code: c.code }, `race:${c.id}:a`, database.db),
      reserveUse(b.id, { codeId: c.id, code: c.code }, `race:${c.id}:b`, database.db),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await usesOf(c.id)).toBe(1);
    expect(await redemptionsOf(c.id)).toHaveLength(1);
  });
});

describe("the admin's codes", () => {
  it("creates, lists with uses, updates and deactivates, each with an audit row; a taken code is a 409", async () => {
    const boss = await admin();
    const name = `ADM${word()}`.toUpperCase();
    const created = await api.json<Envelope<DiscountCodeDto>>(
      "/admin/discount-codes",
      json("POST", { code: name, kind: "percent", amount: 20, minSubtotal: 50, usageLimit: 10 }, boss.auth),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ code: name, amount: 20, minSubtotal: 50, uses: 0, active: true });
    const id = created.body.data.id;
    const again = await api.json(
      "/admin/discount-codes",
      json("POST", { code: name.toLowerCase(), kind: "free_shipping" }, boss.auth),
    );
    expect(again.status).toBe(409);
    const bad = await api.json<Envelope<null>>(
      "/admin/discount-codes",
      json("POST", { code: "X", kind: "percent", amount: 150 }, boss.auth),
    );
    expect(bad.status).toBe(422);
    const updated = await api.json<Envelope<DiscountCodeDto>>(
      `/admin/discount-codes/${id}`,
      json("PUT", { code: name, kind: "fixed", amount: 7.5 }, boss.auth),
    );
    expect(updated.body.data).toMatchObject({
      kind: "fixed",
      amount: 7.5,
      description: "$7.50 off",
      minSubtotal: null,
    });
    const off = await api.json<Envelope<DiscountCodeDto>>(
      `/admin/discount-codes/${id}/deactivate`,
      json("POST", {}, boss.auth),
    );
    expect(off.body.data.active).toBe(false);
    const list = await api.json<Envelope<DiscountCodeDto[]>>(
      "/admin/discount-codes",
      json("GET", undefined, boss.auth),
    );
    expect(list.body.data.find((d) => d.id === id)).toMatchObject({ active: false, uses: 0, redeemed: 0 });
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "discount"), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => a.kind).sort()).toEqual(["discount.create", "discount.update", "discount.update"]);
  });
});

describe("an abandoned checkout", () => {
  it("holds its use while its payment is open; the reconciler's cancelling it a day later gives it back", async () => {
    const { user } = await shopperWithCart();
    const c = await code({ usageLimit: 1 });
    await apply(user, c.code);
    const intent = await api.json<Envelope<{ amount: number }>>(
      "/orders/create-payment-intent",
      json("POST", {}, user.auth),
    );
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    expect(intent.body.data.amount).toBe(36);
    expect(await usesOf(c.id)).toBe(1);
    expect(await redemptionsOf(c.id)).toMatchObject([{ status: "reserved" }]);
    const tomorrow = new Date(Date.now() + 25 * 60 * 60_000);
    expect(await reconcile({ settleMs: 0, now: tomorrow, db: database.db })).toMatchObject({ cancelled: 1 });
    expect(await usesOf(c.id)).toBe(0);
    expect(await redemptionsOf(c.id)).toMatchObject([{ status: "released" }]);
  });

  it("a new attempt cancels the shopper's unpaid one holding their one use, so a changed cart can use the code", async () => {
    const { user, item } = await shopperWithCart();
    const c = await code({ perCustomerLimit: 1 });
    await apply(user, c.code);
    const intent = () =>
      api.json<Envelope<{ amount: number }>>("/orders/create-payment-intent", json("POST", {}, user.auth));
    // the card box's attempt: its use is held, its payment open (the provider's page declined the card; the shop is
    // not told until the reconciler asks)
    expect((await intent()).status).toBe(200);
    expect(await redemptionsOf(c.id)).toMatchObject([{ status: "reserved" }]);
    // the shopper changes the cart: a new attempt with the same code is let in
    await add(user, item.id, 1);
    const [first] = await redemptionsOf(c.id);
    const changed = await intent();
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.amount).toBe(54);
    // the first attempt's payment is cancelled (it can no longer be paid) and its use given back
    const [firstPayment] = await database.db.select().from(payments).where(eq(payments.id, first!.paymentId!));
    expect(firstPayment!.status).toBe("canceled");
    expect((await redemptionsOf(c.id)).find((r) => r.id === first!.id)!.status).toBe("released");
    expect(await usesOf(c.id)).toBe(1);
    // once an attempt is paid, the shopper's limit holds for the next one
    const [held] = (await redemptionsOf(c.id)).filter((r) => r.status === "reserved" && r.paymentId !== null);
    await database.db.update(payments).set({ status: "succeeded" }).where(eq(payments.id, held!.paymentId!));
    await add(user, item.id, 1);
    const third = await intent();
    expect(third.status, JSON.stringify(third.body)).toBe(409);
    expect(third.body.message).toMatch(/already used/i);
  });

  it("gives the use back when the payment provider fails after the use was taken", async () => {
    const { user } = await shopperWithCart();
    const c = await code({ usageLimit: 1 });
    await apply(user, c.code);
    // the provider cannot make the payment (an outage, a refusal of the amount)
    const failing = vi
      .spyOn(getPaymentProvider(), "createIntent")
      .mockRejectedValueOnce(new ConflictError("The payment provider refused the payment."));
    const refused = await checkout(user, { amount: 36 });
    failing.mockRestore();
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(await usesOf(c.id)).toBe(0);
    expect(await redemptionsOf(c.id)).toMatchObject([{ status: "released" }]);
    // and the code can be paid with afterwards
    const paid = await checkout(user, { amount: 36 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(await usesOf(c.id)).toBe(1);
  });

  it("the reconciler gives back a use whose checkout died before recording its payment", async () => {
    const user = await shopper();
    const c = await code({ usageLimit: 1 });
    const key = `stranded-${word()}`;
    await reserveUse(user.id, { codeId: c.id, code: c.code }, key, database.db);
    expect(await usesOf(c.id)).toBe(1);
    // a sweep now leaves it (the checkout may still be recording its payment); one after the settle time frees it
    await reconcile({ settleMs: 60_000, now: new Date(), db: database.db });
    expect(await usesOf(c.id)).toBe(1);
    await reconcile({ settleMs: 60_000, now: new Date(Date.now() + 5 * 60_000), db: database.db });
    expect(await usesOf(c.id)).toBe(0);
    expect(await redemptionsOf(c.id)).toMatchObject([{ status: "released", checkoutKey: key }]);
  });

  it("a code that takes the total under a card's smallest charge is refused in words, and its use is not kept", async () => {
    const { user } = await shopperWithCart();
    const c = await code({ kind: "percent", value: 10_000, usageLimit: 1 });
    await apply(user, c.code);
    const refused = await checkout(user);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.message).toBe(
      "Your total of $0.00 is less than the smallest amount a card can be charged ($0.50). Please add to your cart or remove the discount code.",
    );
    expect(await usesOf(c.id)).toBe(0);
  });
});
