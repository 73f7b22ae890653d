import { eq } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import type { Db } from "~/db/client.server";
import { cartItems, carts } from "~/db/schema";
import type { OrderDto } from "~/schemas/orders";
import type { PaymentIntentDto, TestConfirmResult } from "~/schemas/payments";
import { ensureAdminAccount } from "~/services/accounts/admin-bootstrap.server";
import { bearer, loginAs, PASSWORD, register } from "./accounts";
import type { useApiServer } from "./api-server";
import { createCategory, createProduct, word } from "./factories";
import { json, type Auth, type Envelope } from "./requests";

// The shopper's side of the API tests: who buys (a shopper, an admin), the cart, and paying with the test provider.

export type Api = ReturnType<typeof useApiServer>;
/** What useTestDatabase() returns: the database is there from its beforeAll on. */
export type TestDatabase = { readonly db: Db };
export type User = { id: number; email: string; auth: Auth };

/** A registered, logged-in shopper. */
export async function shopper(api: Api, overrides: Record<string, unknown> = {}): Promise<User> {
  const user = await register(api, overrides);
  const { accessToken } = await loginAs(api, user.email);
  return { id: user.id, email: user.email, auth: bearer(accessToken) };
}

/** A new admin account (made as the shop makes its own at start), logged in; `loginStatus` is the login's answer. */
export async function admin(api: Api, db: Db): Promise<User & { loginStatus: number }> {
  const email = `${word()}@example.com`;
  const { userId } = await ensureAdminAccount({ email, password: PASSWORD, db });
  const { accessToken, status } = await loginAs(api, email);
  return { id: userId, email, auth: bearer(accessToken), loginStatus: status };
}

/** A category of the test file's own (made in beforeAll), and a maker of products in it. */
export function useCategory(database: TestDatabase) {
  const category = { id: 0 };
  beforeAll(async () => {
    category.id = (await createCategory(database.db)).id;
  });
  return {
    category,
    product: (values: { priceCents?: number; inventory?: number; name?: string } = {}) =>
      createProduct(database.db, { categoryId: category.id, ...values }),
  };
}

/** Adds pieces of a product to the cart of the user these headers sign in, expecting 200. */
export async function addToCart(api: Api, auth: Auth, productId: number, quantity: number) {
  const response = await api.json("/cartItems/item/add", json("POST", { productId, quantity }, auth));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** The user's cart lines straight from the database: product id → quantity. */
export async function cartLines(db: Db, userId: number) {
  const rows = await db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.productId, r.quantity]));
}

/** Pays for the user's cart with the test provider's success card and places the order (201). */
export async function payAndPlaceOrder(api: Api, user: { id: number; auth: Auth }) {
  const intent = await api.json<Envelope<PaymentIntentDto>>(
    "/orders/create-payment-intent",
    json("POST", {}, user.auth),
  );
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const paymentIntentId = intent.body.data.paymentIntentId;
  const paid = await api.json<Envelope<TestConfirmResult>>(
    "/payments/test/confirm",
    json(
      "POST",
      { paymentIntentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
      user.auth,
    ),
  );
  expect(paid.body.data?.status, JSON.stringify(paid.body)).toBe("succeeded");
  const placed = await api.json<Envelope<OrderDto>>(
    `/orders/user/${user.id}/place-order`,
    json("POST", { paymentIntentId }, user.auth),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { order: placed.body.data, paymentIntentId };
}
