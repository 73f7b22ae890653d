import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, carts, orderItems, orders, payments, products, testPaymentIntents } from "~/db/schema";
import type { OrderDto, PaymentIntentDto, TestConfirmResult } from "~/schemas/orders";
import { ensureAdminAccount } from "~/services/admin.server";
import { useApiServer } from "../support/api-server";
import { bearer, loginAs, PASSWORD, register } from "../support/accounts";
import { createCategory, createProduct, word } from "../support/factories";
import { useTestDatabase } from "../support/test-db";

const database = useTestDatabase();
const api = useApiServer();

type Envelope<T> = { message: string; data: T; errors?: Record<string, string[]> };
type Auth = Record<string, string>;
type User = { id: number; email: string; auth: Auth };

const json = (method: string, body: unknown, headers: Auth = {}) => ({
  method,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

const SUCCESS_CARD = "4242424242424242";
const DECLINED_CARD = "4000000000000002";
const INSUFFICIENT_FUNDS_CARD = "4000000000009995";
/** Luhn-valid, but not one of Stripe's test cards */
const REAL_LOOKING_CARD = "4111111111111111";
const nextYear = new Date().getUTCFullYear() + 1;

let categoryId: number;
beforeAll(async () => {
  categoryId = (await createCategory(database.db)).id;
});

async function shopper(): Promise<User> {
  const user = await register(api);
  const { accessToken } = await loginAs(api, user.email);
  return { id: user.id, email: user.email, auth: bearer(accessToken) };
}

async function admin(): Promise<User> {
  const email = `${word()}@example.com`;
  const { userId } = await ensureAdminAccount({ email, password: PASSWORD, db: database.db });
  const { accessToken } = await loginAs(api, email);
  return { id: userId, email, auth: bearer(accessToken) };
}

const product = (values: { priceCents?: number; inventory?: number } = {}) =>
  createProduct(database.db, { categoryId, ...values });

async function add(user: User, productId: number, quantity: number) {
  const response = await api.json("/cartItems/item/add", json("POST", { productId, quantity }, user.auth));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

async function createIntent(user: User, body: Record<string, unknown> = {}) {
  return api.json<Envelope<PaymentIntentDto> & { clientSecret?: string }>(
    "/orders/create-payment-intent",
    json("POST", body, user.auth),
  );
}

async function intentFor(user: User) {
  const response = await createIntent(user);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.paymentIntentId;
}

function card(overrides: Record<string, unknown> = {}) {
  return { cardNumber: SUCCESS_CARD, expMonth: 12, expYear: nextYear, cvc: "123", ...overrides };
}

async function confirm(user: User, paymentIntentId: string, overrides: Record<string, unknown> = {}) {
  return api.json<Envelope<TestConfirmResult>>(
    "/payments/test/confirm",
    json("POST", { paymentIntentId, ...card(overrides) }, user.auth),
  );
}

async function placeOrder(user: User, userId: number, body?: unknown) {
  return api.json<Envelope<OrderDto> & { order?: OrderDto }>(
    `/orders/user/${userId}/place-order`,
    json("POST", body ?? {}, user.auth),
  );
}

/** a cart with one line, paid with the success card: its payment intent id */
async function paidCart(user: User, productId: number, quantity: number) {
  await add(user, productId, quantity);
  const id = await intentFor(user);
  const paid = await confirm(user, id);
  expect(paid.body.data?.status, JSON.stringify(paid.body)).toBe("succeeded");
  return id;
}

const inventoryOf = async (productId: number) =>
  (await database.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, productId)))[0]!
    .inventory;

const paymentRow = async (providerPaymentId: string) =>
  (await database.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)))[0];

const testIntentRow = async (id: string) =>
  (await database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)))[0];

const ordersOf = (userId: number) => database.db.select().from(orders).where(eq(orders.userId, userId));

async function linesInDb(userId: number) {
  const rows = await database.db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.productId, r.quantity]));
}

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
        { productId: a.id, name: a.name, brand: a.brand, quantity: 2, priceCents: 1999 },
        { productId: b.id, name: b.name, brand: b.brand, quantity: 1, priceCents: 550 },
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

describe("one checkout form posted twice (a double click without JavaScript)", () => {
  it("pays once: the same checkoutId is the same payment, a second confirm is refused, and one order is placed", async () => {
    const user = await shopper();
    const item = await product({ priceCents: 2500, inventory: 5 });
    await add(user, item.id, 2);
    const checkoutId = `form-${word()}`;
    const first = await createIntent(user, { amount: 50, checkoutId });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await confirm(user, first.body.data.paymentIntentId)).body.data?.status).toBe("succeeded");
    // the second post of the same form, after the first one paid
    const second = await createIntent(user, { amount: 50, checkoutId });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.paymentIntentId).toBe(first.body.data.paymentIntentId);
    expect((await confirm(user, second.body.data.paymentIntentId)).status).toBe(409);
    const [a, b] = await Promise.all([
      placeOrder(user, user.id, { paymentIntentId: first.body.data.paymentIntentId }),
      placeOrder(user, user.id, { paymentIntentId: second.body.data.paymentIntentId }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await inventoryOf(item.id)).toBe(3);
    expect(await database.db.$count(payments, eq(payments.userId, user.id))).toBe(1);
  });

  it("refuses a malformed checkoutId with 422", async () => {
    const user = await shopper();
    const item = await product();
    await add(user, item.id, 1);
    const response = await createIntent(user, { checkoutId: "no spaces allowed!" });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors ?? {})).toEqual(["checkoutId"]);
  });
});

describe("POST /payments/test/confirm", () => {
  it("succeeds with 4242 4242 4242 4242 and records it", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    await add(user, p.id, 1);
    const id = await intentFor(user);
    const response = await confirm(user, id, { cardNumber: "4242 4242 4242 4242" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toEqual({ paymentIntentId: id, status: "succeeded", error: null });
    expect((await paymentRow(id))!.status).toBe("succeeded");
    expect((await testIntentRow(id))!.status).toBe("succeeded");
  });

  it("declines 4000 0000 0000 0002 and leaves the payment open for another card", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    await add(user, p.id, 1);
    const id = await intentFor(user);
    const declined = await confirm(user, id, { cardNumber: DECLINED_CARD });
    expect(declined.status).toBe(200);
    expect(declined.body.data).toEqual({
      paymentIntentId: id,
      status: "requires_payment_method",
      error: { message: "Your card was declined." },
    });
    expect(await paymentRow(id)).toMatchObject({
      status: "requires_payment_method",
      failureMessage: "Your card was declined.",
    });
    expect((await testIntentRow(id))!.status).toBe("requires_payment_method");

    const retry = await confirm(user, id);
    expect(retry.body.data).toEqual({ paymentIntentId: id, status: "succeeded", error: null });
    expect((await paymentRow(id))!.status).toBe("succeeded");
  });

  it("declines 4000 0000 0000 9995 for insufficient funds", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    await add(user, p.id, 1);
    const id = await intentFor(user);
    const response = await confirm(user, id, { cardNumber: INSUFFICIENT_FUNDS_CARD });
    expect(response.body.data).toEqual({
      paymentIntentId: id,
      status: "requires_payment_method",
      error: { message: "Your card has insufficient funds." },
    });
    expect((await testIntentRow(id))!.status).toBe("requires_payment_method");
  });

  it("declines a valid card number that is not a test card", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    await add(user, p.id, 1);
    const id = await intentFor(user);
    const response = await confirm(user, id, { cardNumber: REAL_LOOKING_CARD });
    expect(response.body.data.status).toBe("requires_payment_method");
    expect(response.body.data.error?.message).toContain("non test card");
    expect((await testIntentRow(id))!.status).toBe("requires_payment_method");
  });

  it("answers a malformed card with 422 and field errors, charging nothing", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    await add(user, p.id, 1);
    const id = await intentFor(user);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ cardNumber: "4242424242424241" }, "cardNumber"], // fails Luhn's check
      [{ cardNumber: "4242" }, "cardNumber"],
      [{ cardNumber: "4242x42424242424" }, "cardNumber"],
      [{ expYear: 2020 }, "expYear"],
      [
        {
          expYear: new Date().getUTCFullYear(),
          expMonth: new Date().getUTCMonth() === 0 ? 0 : new Date().getUTCMonth(),
        },
        new Date().getUTCMonth() === 0 ? "expMonth" : "expYear",
      ],
      [{ expMonth: 13 }, "expMonth"],
      [{ cvc: "12" }, "cvc"],
      [{ cvc: "12a" }, "cvc"],
    ];
    for (const [overrides, field] of cases) {
      const response = await confirm(user, id, overrides);
      const label = `${JSON.stringify(overrides)} → ${response.status} ${JSON.stringify(response.body)}`;
      expect(response.status, label).toBe(422);
      expect(Object.keys(response.body.errors ?? {}), label).toContain(field);
    }
    expect((await testIntentRow(id))!.status).toBe("requires_payment_method");
    expect((await paymentRow(id))!.status).toBe("requires_payment_method");
  });

  it("refuses to confirm an already succeeded payment with 409", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const id = await paidCart(user, p.id, 1);
    const again = await confirm(user, id);
    expect(again.status).toBe(409);
    expect(again.body.data).toBeNull();
    expect((await testIntentRow(id))!.status).toBe("succeeded");
  });

  it("only the payment's owner may confirm it: someone else (even an admin) gets 404, anonymous 401", async () => {
    const owner = await shopper();
    const other = await shopper();
    const boss = await admin();
    const p = await product({ inventory: 10 });
    await add(owner, p.id, 1);
    const id = await intentFor(owner);
    for (const stranger of [other, boss]) {
      const response = await confirm(stranger, id);
      expect(response.status).toBe(404);
      expect(response.body.data).toBeNull();
    }
    expect((await api.json("/payments/test/confirm", json("POST", { paymentIntentId: id, ...card() }))).status).toBe(
      401,
    );
    expect((await confirm(owner, "pi_test_doesnotexist")).status).toBe(404);
    expect((await testIntentRow(id))!.status).toBe("requires_payment_method");
    expect((await paymentRow(id))!.status).toBe("requires_payment_method");
  });
});

describe("POST /orders/user/{userId}/place-order", () => {
  it("places the order of a succeeded payment: 201, the stock is taken, the ordered lines leave the cart", async () => {
    const user = await shopper();
    const a = await product({ priceCents: 1999, inventory: 5 });
    const b = await product({ priceCents: 550, inventory: 3 });
    await add(user, a.id, 2);
    await add(user, b.id, 3);
    const id = await intentFor(user);
    await confirm(user, id);

    const response = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.message).toBe("Payment successful! Your order has been placed.");
    const order = response.body.data;
    expect(response.body.order).toEqual(order);
    expect(order).toMatchObject({ id: expect.any(Number), userId: user.id, totalAmount: 56.48, status: "PENDING" });
    expect(new Date(order.orderDate).toISOString()).toBe(order.orderDate);
    expect(Math.abs(Date.now() - Date.parse(order.orderDate))).toBeLessThan(60_000);
    expect([...order.items].sort((x, y) => x.productId! - y.productId!)).toEqual(
      [
        { productId: a.id, productName: a.name, productBrand: a.brand, quantity: 2, price: 19.99 },
        { productId: b.id, productName: b.name, productBrand: b.brand, quantity: 3, price: 5.5 },
      ].sort((x, y) => x.productId - y.productId),
    );

    expect(await inventoryOf(a.id)).toBe(3);
    expect(await inventoryOf(b.id)).toBe(0);
    expect(await linesInDb(user.id)).toEqual({});
    const rows = await ordersOf(user.id);
    expect(rows).toHaveLength(1);
    const payment = await paymentRow(id);
    expect(rows[0]).toMatchObject({ id: order.id, totalCents: 5648, paymentId: payment!.id, status: "PENDING" });
    expect(payment!.status).toBe("succeeded");
    expect(await database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).toHaveLength(2);
  });

  it("placing the same payment again answers the same order with 200 and changes nothing", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 1000, inventory: 5 });
    const id = await paidCart(user, p.id, 2);
    const first = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(first.status).toBe(201);
    // something new in the cart after the order must not be touched by the replay
    await add(user, p.id, 1);
    const second = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.body.order).toEqual(first.body.data);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await inventoryOf(p.id)).toBe(3);
    expect(await linesInDb(user.id)).toEqual({ [p.id]: 1 });
  });

  it("two place-order requests for one payment at the same time make one order and take the stock once", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 1000, inventory: 5 });
    const id = await paidCart(user, p.id, 2);
    const [a, b] = await Promise.all([
      placeOrder(user, user.id, { paymentIntentId: id }),
      placeOrder(user, user.id, { paymentIntentId: id }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await inventoryOf(p.id)).toBe(3);
  });

  it("without a payment id, places the order of the latest succeeded payment", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 700, inventory: 5 });
    const id = await paidCart(user, p.id, 1);
    const first = await placeOrder(user, user.id, {});
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.totalAmount).toBe(7);
    expect((await ordersOf(user.id))[0]!.paymentId).toBe((await paymentRow(id))!.id);
    expect(await inventoryOf(p.id)).toBe(4);
    // that payment is used now: nothing more to place
    expect((await placeOrder(user, user.id, {})).status).toBe(402);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it("accepts a request without any body, as the reference client sends it (owner 201, another user 403)", async () => {
    const user = await shopper();
    const other = await shopper();
    const p = await product({ priceCents: 700, inventory: 5 });
    await paidCart(user, p.id, 2);
    const stranger = await api.json(`/orders/user/${user.id}/place-order`, { method: "POST", headers: other.auth });
    // soft, so that both answers are reported
    expect.soft(stranger.status, JSON.stringify(stranger.body)).toBe(403);
    const bare = await api.json<Envelope<OrderDto>>(`/orders/user/${user.id}/place-order`, {
      method: "POST",
      headers: user.auth,
    });
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    expect(bare.body.data.totalAmount).toBe(14);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await inventoryOf(p.id)).toBe(3);
  });

  it("orders what was paid for, and keeps in the cart what was added after paying", async () => {
    const user = await shopper();
    const paidFor = await product({ inventory: 5 });
    const later = await product({ inventory: 5 });
    const id = await paidCart(user, paidFor.id, 2);
    await add(user, later.id, 1);
    await add(user, paidFor.id, 1);
    const response = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(response.status).toBe(201);
    expect(response.body.data.items).toEqual([expect.objectContaining({ productId: paidFor.id, quantity: 2 })]);
    expect(await linesInDb(user.id)).toEqual({ [later.id]: 1, [paidFor.id]: 1 });
    expect(await inventoryOf(paidFor.id)).toBe(3);
    expect(await inventoryOf(later.id)).toBe(5);
  });

  it("answers 402 without a succeeded payment, placing nothing and taking no stock", async () => {
    const user = await shopper();
    const p = await product({ inventory: 5 });
    await add(user, p.id, 1);

    const none = await placeOrder(user, user.id, {});
    expect(none.status).toBe(402);
    expect(none.body.data).toBeNull();

    const id = await intentFor(user);
    const unpaid = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(unpaid.status).toBe(402);

    await confirm(user, id, { cardNumber: DECLINED_CARD });
    const declined = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(declined.status).toBe(402);
    expect((await placeOrder(user, user.id, {})).status).toBe(402);

    expect((await placeOrder(user, user.id, { paymentIntentId: "pi_test_doesnotexist" })).status).toBe(402);

    expect(await ordersOf(user.id)).toEqual([]);
    expect(await inventoryOf(p.id)).toBe(5);
    expect(await linesInDb(user.id)).toEqual({ [p.id]: 1 });
  });

  it("does not place an order with another user's payment (402)", async () => {
    const owner = await shopper();
    const thief = await shopper();
    const p = await product({ inventory: 5 });
    const id = await paidCart(owner, p.id, 1);
    await add(thief, p.id, 1);
    const response = await placeOrder(thief, thief.id, { paymentIntentId: id });
    expect(response.status).toBe(402);
    expect(await ordersOf(thief.id)).toEqual([]);
    expect(await ordersOf(owner.id)).toEqual([]);
    expect(await inventoryOf(p.id)).toBe(5);
  });

  it("anonymous 401 and another user 403 place nothing; an admin may place the owner's order", async () => {
    const owner = await shopper();
    const other = await shopper();
    const boss = await admin();
    const p = await product({ inventory: 5 });
    const id = await paidCart(owner, p.id, 1);

    const anonymous = await api.json(`/orders/user/${owner.id}/place-order`, json("POST", { paymentIntentId: id }));
    expect(anonymous.status).toBe(401);
    const stranger = await placeOrder(other, owner.id, { paymentIntentId: id });
    expect(stranger.status).toBe(403);
    expect(JSON.stringify(stranger.body)).not.toContain(p.name);
    expect(await ordersOf(owner.id)).toEqual([]);
    expect(await inventoryOf(p.id)).toBe(5);

    const byAdmin = await placeOrder(boss, owner.id, { paymentIntentId: id });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
    expect(byAdmin.body.data.userId).toBe(owner.id);
    expect(await ordersOf(owner.id)).toHaveLength(1);
    expect(await ordersOf(boss.id)).toEqual([]);
    expect(await inventoryOf(p.id)).toBe(4);
  });

  it("answers a body that is not JSON with 400 and an invalid billing with 422, placing nothing", async () => {
    const user = await shopper();
    const p = await product({ inventory: 5 });
    const id = await paidCart(user, p.id, 1);
    const bad = await api.json(`/orders/user/${user.id}/place-order`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json" },
      body: "{nope",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toBeNull();
    const invalid = await placeOrder(user, user.id, {
      paymentIntentId: id,
      billing: { firstName: "", email: "nope", country: "Narnia" },
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors ?? {})).toEqual(
      expect.arrayContaining(["billing.email", "billing.country"]),
    );
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await inventoryOf(p.id)).toBe(5);
  });

  it("keeps the billing details with the order", async () => {
    const user = await shopper();
    const p = await product({ inventory: 5 });
    const id = await paidCart(user, p.id, 1);
    const billing = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: user.email,
      street: "1 Main St",
      city: "Austin",
      state: "TX",
      country: "us",
      postalCode: "78701",
    };
    const response = await placeOrder(user, user.id, { paymentIntentId: id, billing });
    expect(response.status).toBe(201);
    const [row] = await ordersOf(user.id);
    expect(row!.billing).toMatchObject({ ...billing, country: "US" });
  });

  it("refunds the payment when the stock ran out after paying (409): no order, stock and cart unchanged", async () => {
    const user = await shopper();
    const plenty = await product({ priceCents: 300, inventory: 10 });
    const scarce = await product({ priceCents: 1500, inventory: 5 });
    await add(user, plenty.id, 2);
    await add(user, scarce.id, 3);
    const id = await intentFor(user);
    expect((await confirm(user, id)).body.data.status).toBe("succeeded");
    // someone else bought most of it meanwhile
    await database.db.update(products).set({ inventory: 2 }).where(eq(products.id, scarce.id));

    const response = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(response.status, JSON.stringify(response.body)).toBe(409);
    expect(response.body.data).toBeNull();
    expect(response.body.message).toContain("sold out");
    expect(response.body.message).toContain("refunded");
    expect(response.body.message).toContain(scarce.name);
    expect(response.body.message).toContain("$51.00");

    expect(await ordersOf(user.id)).toEqual([]);
    expect(await database.db.select().from(orderItems).where(eq(orderItems.productName, scarce.name))).toEqual([]);
    expect(await inventoryOf(scarce.id)).toBe(2);
    expect(await inventoryOf(plenty.id)).toBe(10);
    expect((await paymentRow(id))!.status).toBe("refunded");
    expect((await testIntentRow(id))!.status).toBe("refunded");
    expect(await linesInDb(user.id)).toEqual({ [plenty.id]: 2, [scarce.id]: 3 });

    // a refunded payment cannot place an order later, even once the stock is back
    await database.db.update(products).set({ inventory: 5 }).where(eq(products.id, scarce.id));
    const again = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(again.status).toBe(402);
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await inventoryOf(scarce.id)).toBe(5);
  });

  it("the order keeps its item snapshot when the product changes or is deleted afterwards", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 2599, inventory: 5 });
    const id = await paidCart(user, p.id, 2);
    const placed = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(placed.status).toBe(201);

    await database.db
      .update(products)
      .set({ name: `Renamed ${word()}`, brand: "Other", priceCents: 1 })
      .where(eq(products.id, p.id));
    const renamed = await api.json<Envelope<OrderDto[]>>(`/orders/user/${user.id}/orders`, { headers: user.auth });
    expect(renamed.body.data[0]!.items).toEqual([
      { productId: p.id, productName: p.name, productBrand: p.brand, quantity: 2, price: 25.99 },
    ]);

    await database.db.delete(products).where(eq(products.id, p.id));
    const response = await api.json<Envelope<OrderDto[]>>(`/orders/user/${user.id}/orders`, { headers: user.auth });
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
    expect(response.body.data[0]).toMatchObject({ id: placed.body.data.id, totalAmount: 51.98 });
    expect(response.body.data[0]!.items).toEqual([
      { productId: null, productName: p.name, productBrand: p.brand, quantity: 2, price: 25.99 },
    ]);
    const rows = await database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.body.data.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.productId).toBeNull();
  });
});

describe("GET /orders/user/{userId}/orders", () => {
  it("answers an empty list for a user without orders", async () => {
    const user = await shopper();
    const response = await api.json(`/orders/user/${user.id}/orders`, { headers: user.auth });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
  });

  it("lists the user's orders newest first, only theirs", async () => {
    const user = await shopper();
    const bystander = await shopper();
    const p = await product({ priceCents: 100, inventory: 20 });
    const placed: OrderDto[] = [];
    for (const quantity of [1, 2, 3]) {
      const id = await paidCart(user, p.id, quantity);
      const response = await placeOrder(user, user.id, { paymentIntentId: id });
      expect(response.status).toBe(201);
      placed.push(response.body.data);
    }
    await placeOrder(bystander, bystander.id, { paymentIntentId: await paidCart(bystander, p.id, 4) });

    const list = async () =>
      (await api.json<Envelope<OrderDto[]>>(`/orders/user/${user.id}/orders`, { headers: user.auth })).body.data;
    const newestFirst = await list();
    expect(newestFirst.map((o) => o.id)).toEqual([placed[2]!.id, placed[1]!.id, placed[0]!.id]);
    expect(newestFirst.map((o) => o.totalAmount)).toEqual([3, 2, 1]);
    expect(newestFirst.every((o) => o.userId === user.id)).toBe(true);
    expect(newestFirst[0]).toEqual(placed[2]);

    // ordered by the order date, not by id: make the first order the newest
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    await database.db.update(orders).set({ orderDate: tomorrow }).where(eq(orders.id, placed[0]!.id));
    const reordered = await list();
    expect(reordered.map((o) => o.id)).toEqual([placed[0]!.id, placed[2]!.id, placed[1]!.id]);
    expect(reordered[0]!.orderDate).toBe(tomorrow.toISOString());
  });

  it("anonymous 401, another user 403 without the orders, an admin sees them", async () => {
    const owner = await shopper();
    const other = await shopper();
    const boss = await admin();
    const p = await product({ inventory: 5 });
    const placed = await placeOrder(owner, owner.id, { paymentIntentId: await paidCart(owner, p.id, 1) });
    expect(placed.status).toBe(201);

    expect((await api.json(`/orders/user/${owner.id}/orders`)).status).toBe(401);
    const stranger = await api.json(`/orders/user/${owner.id}/orders`, { headers: other.auth });
    expect(stranger.status).toBe(403);
    expect(stranger.body.data).toBeNull();
    expect(JSON.stringify(stranger.body)).not.toContain(p.name);
    const asAdmin = await api.json<Envelope<OrderDto[]>>(`/orders/user/${owner.id}/orders`, { headers: boss.auth });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data).toEqual([placed.body.data]);
    const own = await api.json<Envelope<OrderDto[]>>(`/orders/user/${owner.id}/orders`, { headers: owner.auth });
    expect(own.body.data).toEqual([placed.body.data]);
  });
});

describe("a whole checkout through the API", () => {
  it("add, pay with a declined then a good card, place the order, and find it in the history with the stock taken", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 4999, inventory: 2 });
    await add(user, p.id, 2);
    const cart = await api.json<Envelope<{ totalAmount: number }>>(`/carts/user/${user.id}/cart`, {
      headers: user.auth,
    });
    const intent = await createIntent(user, { amount: cart.body.data.totalAmount, currency: "usd" });
    expect(intent.body.data.amount).toBe(99.98);
    expect(
      (await confirm(user, intent.body.data.paymentIntentId, { cardNumber: DECLINED_CARD })).body.data.status,
    ).toBe("requires_payment_method");
    expect((await placeOrder(user, user.id, { paymentIntentId: intent.body.data.paymentIntentId })).status).toBe(402);
    // the checkout page reloads: the same payment
    expect((await createIntent(user, { amount: 99.98 })).body.data.paymentIntentId).toBe(
      intent.body.data.paymentIntentId,
    );
    expect((await confirm(user, intent.body.data.paymentIntentId)).body.data.status).toBe("succeeded");
    const placed = await placeOrder(user, user.id, { paymentIntentId: intent.body.data.paymentIntentId });
    expect(placed.status).toBe(201);
    expect(await inventoryOf(p.id)).toBe(0);
    const count = await api.json<Envelope<{ count: number }>>(`/carts/user/${user.id}/count`, { headers: user.auth });
    expect(count.body.data.count).toBe(0);
    const history = await api.json<Envelope<OrderDto[]>>(`/orders/user/${user.id}/orders`, { headers: user.auth });
    expect(history.body.data.map((o) => o.id)).toEqual([placed.body.data.id]);
    // the product is now sold out for the next shopper
    const next = await shopper();
    const response = await api.json("/cartItems/item/add", json("POST", { productId: p.id, quantity: 1 }, next.auth));
    expect(response.status).toBe(409);
    const payment = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, user.id), eq(payments.status, "succeeded")));
    expect(payment).toHaveLength(1);
  });
});
