import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments, products } from "~/db/schema";
import { useApiServer } from "../support/api-server";
import { useCategory } from "../support/checkout";
import { orderHelpers } from "../support/orders";
import { json } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The test payment provider's configuration, and creating the payment of a cart (once per cart and per checkout form).

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);
const helpers = orderHelpers(api, database);
const { shopper, add, createIntent, paymentRow, testIntentRow } = helpers;

describe("GET /payments/config and POST /payments/webhook in test mode", () => {
  it("says the shop uses test payments, without a key, to anyone", async () => {
    const response = await api.json("/payments/config");
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ provider: "test", publishableKey: null });
  });

  it("has no webhook in test mode (404)", async () => {
    const response = await api.json("/payments/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
      body: "{}",
    });
    expect(response.status).toBe(404);
    expect(response.body.data).toBeNull();
  });
});

describe("POST /orders/create-payment-intent", () => {
  it("creates a payment for the cart total computed on the server, with the client secret at the top level too", async () => {
    const user = await shopper();
    const a = await product({ priceCents: 1999, inventory: 10 });
    const b = await product({ priceCents: 550, inventory: 10 });
    await add(user, a.id, 2);
    await add(user, b.id, 1);
    const response = await createIntent(user, { amount: 45.48, currency: "usd" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const intent = response.body.data;
    expect(intent).toEqual({
      clientSecret: expect.any(String),
      paymentIntentId: expect.stringMatching(/^pi_/),
      amount: 45.48,
      currency: "usd",
    });
    expect(intent.clientSecret).toContain(intent.paymentIntentId);
    expect(response.body.clientSecret).toBe(intent.clientSecret);

    const row = await paymentRow(intent.paymentIntentId);
    expect(row).toMatchObject({
      userId: user.id,
      provider: "test",
      amountCents: 4548,
      currency: "usd",
      status: "requires_payment_method",
    });
    expect([...row!.cartSnapshot].sort((x, y) => x.productId - y.productId)).toEqual(
      [
        {
          productId: a.id,
          variantId: a.variantId,
          variantLabel: "",
          name: a.name,
          brand: a.brand,
          quantity: 2,
          priceCents: 1999,
        },
        {
          productId: b.id,
          variantId: b.variantId,
          variantLabel: "",
          name: b.name,
          brand: b.brand,
          quantity: 1,
          priceCents: 550,
        },
      ].sort((x, y) => x.productId - y.productId),
    );
    expect(await testIntentRow(intent.paymentIntentId)).toMatchObject({
      amountCents: 4548,
      currency: "usd",
      status: "requires_payment_method",
    });
  });

  it("takes the amount from the cart when none is sent, and accepts USD in capitals", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 1234, inventory: 10 });
    await add(user, p.id, 3);
    const response = await createIntent(user, { currency: "USD" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ amount: 37.02, currency: "usd" });
    expect((await paymentRow(response.body.data.paymentIntentId))!.amountCents).toBe(3702);
  });

  it("refuses an amount that differs from the cart total with 409, creating no payment", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 1000, inventory: 10 });
    await add(user, p.id, 2);
    for (const amount of [19.99, 20.01, 1]) {
      const response = await createIntent(user, { amount });
      expect(response.status, `amount ${amount}`).toBe(409);
      expect(response.body.message, `amount ${amount}`).toContain("$20.00");
      expect(response.body.data).toBeNull();
    }
    expect(await database.db.select().from(payments).where(eq(payments.userId, user.id))).toEqual([]);
  });

  it("refuses a currency other than usd with 422 and errors.currency", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    await add(user, p.id, 1);
    const response = await createIntent(user, { currency: "eur" });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty("currency");
    expect(await database.db.select().from(payments).where(eq(payments.userId, user.id))).toEqual([]);
  });

  it("refuses an empty cart with 409", async () => {
    const user = await shopper();
    const response = await createIntent(user, { currency: "usd" });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: "Your cart is empty.", data: null });
  });

  it("refuses a cart with a line above the stock with 409", async () => {
    const user = await shopper();
    const p = await product({ inventory: 5 });
    await add(user, p.id, 4);
    await database.db.update(products).set({ inventory: 3 }).where(eq(products.id, p.id));
    const response = await createIntent(user);
    expect(response.status).toBe(409);
    expect(response.body.message).toContain(p.name);
    expect(await database.db.select().from(payments).where(eq(payments.userId, user.id))).toEqual([]);
  });

  it("gives the same payment for the same unchanged cart, and a new one once the cart changed", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 800, inventory: 10 });
    await add(user, p.id, 1);
    const first = await createIntent(user);
    const second = await createIntent(user, { amount: 8 });
    expect(second.status).toBe(200);
    expect(second.body.data.paymentIntentId).toBe(first.body.data.paymentIntentId);
    expect(second.body.data.clientSecret).toBe(first.body.data.clientSecret);
    expect(await database.db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(1);

    await add(user, p.id, 1);
    const changed = await createIntent(user);
    expect(changed.body.data.amount).toBe(16);
    expect(changed.body.data.paymentIntentId).not.toBe(first.body.data.paymentIntentId);
    expect(await database.db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(2);
  });

  it("needs a token (401)", async () => {
    const response = await api.json("/orders/create-payment-intent", json("POST", { currency: "usd" }));
    expect(response.status).toBe(401);
    expect(response.body.data).toBeNull();
  });
});
