import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { orders, payments, products, testPaymentIntents } from "~/db/schema";
import type { OrderDto } from "~/schemas/orders";
import type { PaymentIntentDto, TestConfirmResult } from "~/schemas/payments";
import { addToCart, admin, cartLines, shopper, type Api, type TestDatabase, type User } from "./checkout";
import { json, type Envelope } from "./requests";

// The orders API tests' helpers: payments with the test provider's cards, placing orders, and the rows they leave.

export const SUCCESS_CARD = "4242424242424242";
export const DECLINED_CARD = "4000000000000002";
export const INSUFFICIENT_FUNDS_CARD = "4000000000009995";
/** Luhn-valid, but not one of Stripe's test cards */
export const REAL_LOOKING_CARD = "4111111111111111";
const nextYear = new Date().getUTCFullYear() + 1;

/** The orders API tests' helpers, bound to the test file's API server and database. */
export function orderHelpers(api: Api, database: TestDatabase) {
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

  const add = (user: User, productId: number, quantity: number) => addToCart(api, user.auth, productId, quantity);

  /** a cart with one line, paid with the success card: its payment intent id */
  async function paidCart(user: User, productId: number, quantity: number) {
    await add(user, productId, quantity);
    const id = await intentFor(user);
    const paid = await confirm(user, id);
    expect(paid.body.data?.status, JSON.stringify(paid.body)).toBe("succeeded");
    return id;
  }

  return {
    shopper: () => shopper(api),
    admin: () => admin(api, database.db),
    add,
    createIntent,
    intentFor,
    card,
    confirm,
    placeOrder,
    paidCart,
    inventoryOf: async (productId: number) =>
      (await database.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, productId)))[0]!
        .inventory,
    paymentRow: async (providerPaymentId: string) =>
      (await database.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)))[0],
    testIntentRow: async (id: string) =>
      (await database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)))[0],
    ordersOf: (userId: number) => database.db.select().from(orders).where(eq(orders.userId, userId)),
    linesInDb: (userId: number) => cartLines(database.db, userId),
  };
}
