import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, payments, taxRates, testPaymentIntents } from "~/db/schema";
import type { OrderDto, QuoteDto } from "~/schemas/orders";
import { checkInvariants } from "~/services/orders/invariants.server";
import { reconcile } from "~/services/orders/reconciler.server";
import { useApiServer } from "../support/api-server";
import { useCategory } from "../support/checkout";
import { orderHelpers } from "../support/orders";
import { setUpUsShipping } from "../support/pricing";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The whole price of an order (decision 0035): the cart quoted for a destination with its shipping methods and tax, the
// checkout charging the server's total for the chosen method, the breakdown kept on the payment and the order, and
// an orphaned payment placed by the reconciler with its snapshot's total.

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);
const { shopper, add, card, createIntent, ordersOf } = orderHelpers(api, database);
type User = Awaited<ReturnType<typeof shopper>>;

let methods: Awaited<ReturnType<typeof setUpUsShipping>>;
beforeAll(async () => {
  methods = await setUpUsShipping(database.db);
});

const billing = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  street: "9 Billing Road",
  city: "Portland",
  state: "OR",
  country: "US",
  postalCode: "97201",
};

const quoteOf = (user: User, query = "") =>
  api.json<Envelope<QuoteDto>>(`/carts/user/${user.id}/quote${query}`, json("GET", undefined, user.auth));

/** a shopper (registered with a Texas address) with 2 × $20.00 in the cart */
async function shopperWithCart() {
  const user = await shopper();
  const item = await product({ priceCents: 2000, inventory: 10 });
  await add(user, item.id, 2);
  return { user, item };
}

describe("the price of a cart for a destination", () => {
  it("quotes the default address: lines, the first method, the state's sales tax added; the cart's total stays the lines'", async () => {
    const { user } = await shopperWithCart();
    const response = await quoteOf(user);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      subtotal: 40,
      discount: 0,
      shipping: { methodId: methods.standard.id, method: "Standard", amount: 5 },
      taxes: [{ name: "Sales tax (TX)", rate: 6.25, amount: 2.5 }],
      tax: 2.5,
      taxIncluded: false,
      total: 47.5,
      destination: { country: "US", state: "TX" },
      shippable: true,
    });
    expect(response.body.data.methods).toEqual([
      { id: methods.standard.id, name: "Standard", deliveryTime: "3–5 business days", amount: 5 },
      { id: methods.express.id, name: "Express", deliveryTime: "1–2 business days", amount: 15 },
    ]);
    const cart = await api.json<Envelope<{ totalAmount: number }>>(
      `/carts/user/${user.id}/cart`,
      json("GET", undefined, user.auth),
    );
    expect(cart.body.data.totalAmount).toBe(40);
  });

  it("follows the shop's tax rates at once, though what prices a cart is kept per catalogue version", async () => {
    const { user } = await shopperWithCart();
    const taxesOf = async (query = "?country=US&state=WA") => (await quoteOf(user, query)).body.data.taxes;
    expect(await taxesOf()).toEqual([]);
    const [rate] = await database.db
      .insert(taxRates)
      .values({ country: "US", subdivision: "WA", label: "Sales tax (WA)", basisPoints: 650 })
      .returning();
    expect(await taxesOf()).toMatchObject([{ name: "Sales tax (WA)", rate: 6.5 }]);
    await database.db.update(taxRates).set({ basisPoints: 700 }).where(eq(taxRates.id, rate!.id));
    expect(await taxesOf()).toMatchObject([{ name: "Sales tax (WA)", rate: 7 }]);
    await database.db.delete(taxRates).where(eq(taxRates.id, rate!.id));
    expect(await taxesOf()).toEqual([]);
    // a country's own rate and its states': the country's first, then the state typed in any case; never another's
    await database.db.insert(taxRates).values([
      { country: "CA", subdivision: "QC", label: "QST", basisPoints: 998 },
      { country: "CA", subdivision: "ON", label: "HST", basisPoints: 800 },
      { country: "CA", subdivision: "", label: "GST", basisPoints: 500 },
    ]);
    expect((await taxesOf("?country=ca&state=%20qc%20")).map((tax) => tax.name)).toEqual(["GST", "QST"]);
  });

  it("estimates for a country: another method, a state with 0% tax, and a country no zone serves", async () => {
    const { user } = await shopperWithCart();
    const express = await quoteOf(user, `?country=us&state=OR&shippingMethodId=${methods.express.id}`);
    expect(express.body.data).toMatchObject({
      shipping: { method: "Express", amount: 15 },
      taxes: [{ name: "Sales tax (OR)", rate: 0, amount: 0 }],
      total: 55,
    });
    const germany = await quoteOf(user, "?country=DE");
    expect(germany.body.data).toMatchObject({ shipping: null, methods: [], shippable: false, total: 47.6 });
    const bad = await quoteOf(user, "?country=Germany1");
    expect(bad.status).toBe(400);
  });
});

describe("paying the whole price", () => {
  it("charges the chosen method's total and keeps the breakdown on the payment and the order", async () => {
    const { user } = await shopperWithCart();
    const response = await api.json<Envelope<{ order: OrderDto; created: boolean }>>(
      `/orders/user/${user.id}/checkout`,
      json("POST", { billing, card: card(), shippingMethodId: methods.express.id, amount: 55 }, user.auth),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const order = response.body.data.order;
    expect(order).toMatchObject({
      totalAmount: 55,
      subtotal: 40,
      shipping: { method: "Express", amount: 15 },
      taxes: [{ name: "Sales tax (OR)", rate: 0, amount: 0 }],
      tax: 0,
      taxIncluded: false,
    });
    const [payment] = await database.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(payment!.amountCents).toBe(5500);
    expect(payment!.priceBreakdown).toMatchObject({ totalCents: 5500, shipping: { name: "Express", cents: 1500 } });
    const [row] = await ordersOf(user.id);
    expect(row).toMatchObject({
      totalCents: 5500,
      subtotalCents: 4000,
      shippingCents: 1500,
      shippingMethod: "Express",
    });
    const violations = await checkInvariants(database.db);
    expect(violations.filter((v) => v.orderId === order.id || v.paymentId === payment!.id)).toEqual([]);
  });

  it("a shown total that is not the chosen method's is refused before any charge", async () => {
    const { user } = await shopperWithCart();
    const response = await api.json(
      `/orders/user/${user.id}/checkout`,
      json("POST", { billing, card: card(), shippingMethodId: methods.express.id, amount: 45 }, user.auth),
    );
    expect(response.status).toBe(409);
    expect(JSON.stringify(response.body)).toContain("$55.00");
    expect(await database.db.select().from(payments).where(eq(payments.userId, user.id))).toEqual([]);
  });

  it("an address no zone serves cannot be paid for: 409 before any payment is made", async () => {
    const { user } = await shopperWithCart();
    const response = await api.json(
      `/orders/user/${user.id}/checkout`,
      json("POST", { billing: { ...billing, country: "DE", state: "" }, card: card() }, user.auth),
    );
    expect(response.status).toBe(409);
    expect(JSON.stringify(response.body)).toContain("cannot ship");
    expect(await database.db.select().from(payments).where(eq(payments.userId, user.id))).toEqual([]);
  });

  it("another method is another attempt: its own key and its own payment", async () => {
    const { user } = await shopperWithCart();
    const attemptWith = async (methodId: number) =>
      (
        await api.json<Envelope<{ attempt: string }>>(
          `/orders/user/${user.id}/checkout-attempt?shippingMethodId=${methodId}`,
          json("GET", undefined, user.auth),
        )
      ).body.data.attempt;
    const standard = await attemptWith(methods.standard.id);
    expect(standard).toBeTruthy();
    expect(await attemptWith(methods.express.id)).not.toBe(standard);
    const first = await createIntent(user, { shippingMethodId: methods.standard.id });
    const second = await createIntent(user, { shippingMethodId: methods.express.id });
    expect(first.body.data.amount).toBe(47.5);
    expect(second.body.data.amount).toBe(57.5);
    expect(second.body.data.paymentIntentId).not.toBe(first.body.data.paymentIntentId);
    const again = await createIntent(user, { shippingMethodId: methods.standard.id });
    expect(again.body.data.paymentIntentId).toBe(first.body.data.paymentIntentId);
  });

  it("the reconciler places an orphaned payment with its snapshot's total, whatever the rates say since", async () => {
    const { user } = await shopperWithCart();
    const intent = await createIntent(user, { shippingMethodId: methods.express.id });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const providerId = intent.body.data.paymentIntentId;
    await database.db
      .update(testPaymentIntents)
      .set({ status: "succeeded" })
      .where(eq(testPaymentIntents.id, providerId));
    // the method's price changes after the charge: the order keeps what was paid
    await database.db
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.providerPaymentId, providerId));
    const report = await reconcile({ settleMs: 0, db: database.db });
    expect(report.placed).toBeGreaterThanOrEqual(1);
    const [order] = await database.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order).toMatchObject({
      totalCents: 5750,
      subtotalCents: 4000,
      shippingCents: 1500,
      shippingMethod: "Express",
      taxCents: 250,
      taxes: [{ name: "Sales tax (TX)", basisPoints: 625, cents: 250 }],
    });
  });
});
