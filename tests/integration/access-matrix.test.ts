import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productOptions, productVariants } from "~/db/schema";
import { allRoutes } from "~/api/app";
import { addressInput, PASSWORD } from "../support/accounts";
import { createCategory, createImage, createProduct, pngBytes, word } from "../support/factories";
import { concretePath } from "../support/hostile/page-probes";
import { useHostileShop, type Actor, type Fixture, type Role } from "../support/hostile/shop";
import { multipart, send, type Probe } from "../support/hostile/wire";

// Who may do what, for every /api/v1 endpoint and every page route (loader and action), as a visitor, the shopper
// whose data it is ("user"), another shopper ("other"), an admin and a staff member (a shopper with ROLE_STAFF), over real HTTP on a real database. The expected
// answers are the tables below; a route that has no row fails the test, so a new endpoint or page must be classified.
//
// Expected answers: a status; "login" (a redirect to /login?redirectTo=<the path>); "unauthorized" (a redirect to
// /unauthorized?from=<the path>); "ok" (let in: any answer but a 5xx, a 401, a 403 or one of those two redirects;
// the request may still be refused for what it says, e.g. an empty form).

type Expected = number | "login" | "unauthorized" | "ok";
type Row = [visitor: Expected, user: Expected, other: Expected, admin: Expected, staff: Expected];
const ROLES: Role[] = ["visitor", "user", "other", "admin", "staff"];

const shop = useHostileShop({ pages: true });
let png: Buffer;

/** What a row sends: the path (relative to /api/v1 for the API), and a JSON body or a ready-made body. */
interface Call {
  path: string;
  json?: unknown;
  body?: { contentType: string; body: Buffer };
}

/** Fresh rows for the calls that delete or change what they aim at (one per role, so each has something to hit). */
const fresh = {
  product: async () => (await createProduct(shop.database.db, { categoryId: shop.fixture.categoryId })).id,
  soldOut: async () =>
    (await createProduct(shop.database.db, { categoryId: shop.fixture.categoryId, inventory: 0 })).id,
  category: async () => (await createCategory(shop.database.db)).id,
  /** a brand of its own: a product that has it */
  brand: async () => (await createProduct(shop.database.db, { categoryId: shop.fixture.categoryId })).brand,
  image: async () => (await createImage(shop.database.db, shop.fixture.productIds[3]!, { width: 32, height: 32 })).id,
  /** an address of the user's, added through the API */
  address: async (f: Fixture) => {
    const response = await send(shop.api.origin, {
      method: "POST",
      path: `/api/v1/addresses/${f.actors.user.id}/new`,
      headers: { "content-type": "application/json", authorization: `Bearer ${f.actors.user.token}` },
      body: Buffer.from(JSON.stringify([address()])),
    });
    return (JSON.parse(response.text) as { data: Array<{ id: number }> }).data.at(-1)!.id;
  },
  /** a product in the user's cart, put there through the API */
  cartLine: async (f: Fixture) => {
    const productId = await fresh.product();
    await send(shop.api.origin, {
      method: "POST",
      path: "/api/v1/cartItems/item/add",
      headers: { "content-type": "application/json", authorization: `Bearer ${f.actors.user.token}` },
      body: Buffer.from(JSON.stringify({ productId, quantity: 1 })),
    });
    return productId;
  },
};

const address = addressInput;
const product = () => ({
  name: `Product ${word()}`,
  brand: "Acme",
  price: 10,
  inventory: 5,
  description: "A product.",
  category: { name: "Mice" },
});
const card = { cardNumber: "4000000000000002", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };
const billing = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  street: "1 Main St",
  city: "Austin",
  country: "US",
};

const ADMIN_ONLY: Row = [401, 403, 403, 200, 403];
const OWNER: Row = [401, 200, 403, 200, 403];
const PUBLIC: Row = [200, 200, 200, 200, 200];
/** the shop floor: orders and stock, for staff and admins (docs/decisions/0038-running-the-shop.md) */
const STAFF: Row = [401, 403, 403, 200, 200];

/** Every endpoint: the expected answers, and the call (aimed at the user's data, valid, so that "let in" shows). */
const API: Record<string, { expect: Row; call: (f: Fixture) => Call | Promise<Call> }> = {
  "POST /auth/login": {
    expect: PUBLIC,
    call: (f) => ({ path: "/auth/login", json: { email: f.actors.user.email, password: PASSWORD } }),
  },
  "POST /auth/refresh-token": { expect: [401, 401, 401, 401, 401], call: () => ({ path: "/auth/refresh-token" }) },
  "POST /auth/logout": { expect: PUBLIC, call: () => ({ path: "/auth/logout" }) },
  "POST /users/add": {
    expect: [201, 201, 201, 201, 201],
    call: () => ({
      path: "/users/add",
      json: { firstName: "A", lastName: "B", email: `${word()}@example.com`, password: PASSWORD, addressList: [] },
    }),
  },
  // password reset: anyone, the same answer for every address; a token that is no link is refused for everyone
  "POST /auth/forgot-password": {
    expect: [202, 202, 202, 202, 202],
    call: (f) => ({ path: "/auth/forgot-password", json: { email: f.actors.user.email } }),
  },
  "POST /auth/reset-password": {
    expect: [400, 400, 400, 400, 400],
    call: () => ({ path: "/auth/reset-password", json: { token: "A".repeat(43), password: "a new passphrase" } }),
  },
  "POST /auth/reset-password/check": {
    expect: [400, 400, 400, 400, 400],
    call: () => ({ path: "/auth/reset-password/check", json: { token: "A".repeat(43) } }),
  },
  "POST /users/confirm-email": {
    expect: [400, 400, 400, 400, 400],
    call: () => ({ path: "/users/confirm-email", json: { token: "A".repeat(43) } }),
  },
  "POST /users/confirm-email/check": {
    expect: [400, 400, 400, 400, 400],
    call: () => ({ path: "/users/confirm-email/check", json: { token: "A".repeat(43) } }),
  },
  // an e-mail address and a password are the owner's alone: an admin is refused too (decision 0019)
  "POST /users/{userId}/email": {
    expect: [401, 202, 403, 403, 403],
    call: (f) => ({
      path: `/users/${f.actors.user.id}/email`,
      json: { newEmail: `${word()}@example.com`, currentPassword: PASSWORD },
    }),
  },
  // let in, then refused for the same password (a change would end the fixture's other sessions)
  "PUT /users/{userId}/password": {
    expect: [401, 422, 403, 403, 403],
    call: (f) => ({
      path: `/users/${f.actors.user.id}/password`,
      json: { currentPassword: PASSWORD, newPassword: PASSWORD },
    }),
  },
  // owner or admin (with the admin's own password); let in, then refused for a wrong password (the fixture stays)
  "POST /users/{userId}/delete": {
    expect: [401, 422, 403, 422, 403],
    call: (f) => ({ path: `/users/${f.actors.user.id}/delete`, json: { currentPassword: "not the password" } }),
  },
  "GET /users/user/{userId}/user": { expect: OWNER, call: (f) => ({ path: `/users/user/${f.actors.user.id}/user` }) },
  // the person's own copy: an admin or staff member is refused too
  "GET /users/{userId}/export": {
    expect: [401, 200, 403, 403, 403],
    call: (f) => ({ path: `/users/${f.actors.user.id}/export` }),
  },
  "PUT /users/{userId}/update": {
    expect: OWNER,
    call: (f) => ({ path: `/users/${f.actors.user.id}/update`, json: { firstName: "Ada", lastName: "King" } }),
  },
  "POST /addresses/{userId}/new": {
    expect: [401, 201, 403, 201, 403],
    call: (f) => ({ path: `/addresses/${f.actors.user.id}/new`, json: [address()] }),
  },
  "GET /addresses/{userId}/address": {
    expect: OWNER,
    call: (f) => ({ path: `/addresses/${f.actors.user.id}/address` }),
  },
  "PUT /addresses/{addressId}/update": {
    expect: OWNER,
    call: (f) => ({ path: `/addresses/${f.actors.user.addressIds[0]}/update`, json: address() }),
  },
  "DELETE /addresses/{addressId}/delete": {
    expect: OWNER,
    call: async (f) => ({ path: `/addresses/${await fresh.address(f)}/delete` }),
  },
  "GET /categories/all": { expect: PUBLIC, call: () => ({ path: "/categories/all" }) },
  "POST /categories/add": {
    expect: [401, 403, 403, 201, 403],
    call: () => ({ path: "/categories/add", json: { name: `Category ${word()}` } }),
  },
  "PUT /categories/category/{id}/update": {
    expect: ADMIN_ONLY,
    call: async () => ({
      path: `/categories/category/${await fresh.category()}/update`,
      json: { name: `C ${word()}` },
    }),
  },
  "DELETE /categories/category/{id}/delete": {
    expect: ADMIN_ONLY,
    call: async () => ({ path: `/categories/category/${await fresh.category()}/delete` }),
  },
  "GET /categories/usage": { expect: ADMIN_ONLY, call: () => ({ path: "/categories/usage" }) },
  "GET /products/brands": { expect: ADMIN_ONLY, call: () => ({ path: "/products/brands" }) },
  "PUT /products/brands/{brand}": {
    expect: ADMIN_ONLY,
    call: async () => ({
      path: `/products/brands/${encodeURIComponent(await fresh.brand())}`,
      json: { name: `B ${word()}` },
    }),
  },
  // a brand exists while a product has it: deleting one is refused (409) for an admin
  "DELETE /products/brands/{brand}": {
    expect: [401, 403, 403, 409, 403],
    call: async () => ({ path: `/products/brands/${encodeURIComponent(await fresh.brand())}` }),
  },
  "GET /products/all": { expect: PUBLIC, call: () => ({ path: "/products/all" }) },
  "GET /products/suggestions": { expect: PUBLIC, call: () => ({ path: "/products/suggestions?q=prod" }) },
  "GET /products/search": { expect: PUBLIC, call: () => ({ path: "/products/search?q=product&brand=Acme" }) },
  "GET /products/distinct/products": { expect: PUBLIC, call: () => ({ path: "/products/distinct/products" }) },
  "GET /products/distinct/brands": { expect: PUBLIC, call: () => ({ path: "/products/distinct/brands" }) },
  "GET /products/deals": { expect: PUBLIC, call: () => ({ path: "/products/deals?limit=4" }) },
  "GET /products/product/{id}/product": {
    expect: PUBLIC,
    call: (f) => ({ path: `/products/product/${f.productIds[0]}/product` }),
  },
  "GET /products/product/{id}/offer-terms": {
    expect: PUBLIC,
    call: (f) => ({ path: `/products/product/${f.productIds[0]}/offer-terms` }),
  },
  "GET /products/category/{categoryId}/products": {
    expect: PUBLIC,
    call: (f) => ({ path: `/products/category/${f.categoryId}/products` }),
  },
  "GET /products/sitemap": { expect: PUBLIC, call: () => ({ path: "/products/sitemap" }) },
  "GET /images/image/download/{imageId}": {
    expect: PUBLIC,
    call: (f) => ({ path: `/images/image/download/${f.imageIds[0]}` }),
  },
  "POST /images/upload": {
    expect: [401, 403, 403, 201, 403],
    call: (f) => ({
      path: "/images/upload",
      body: multipart({ productId: f.productIds[3] }, [
        { field: "files", name: "a.png", type: "image/png", bytes: png },
      ]),
    }),
  },
  "PUT /images/image/{imageId}/update": {
    expect: ADMIN_ONLY,
    call: async () => ({
      path: `/images/image/${await fresh.image()}/update`,
      body: multipart({}, [{ field: "file", name: "b.png", type: "image/png", bytes: png }]),
    }),
  },
  "DELETE /images/image/{imageId}/delete": {
    expect: ADMIN_ONLY,
    call: async () => ({ path: `/images/image/${await fresh.image()}/delete` }),
  },
  "GET /products/inventory": { expect: STAFF, call: () => ({ path: "/products/inventory" }) },
  "GET /products/export.csv": { expect: ADMIN_ONLY, call: () => ({ path: "/products/export.csv" }) },
  "POST /products/import": {
    expect: ADMIN_ONLY,
    call: () => ({
      path: "/products/import",
      body: {
        contentType: "text/csv",
        body: Buffer.from(
          `name,brand,category,price,inventory,description\nImported ${word()},Acme,Mice,9.99,3,Fine\n`,
        ),
      },
    }),
  },
  "POST /products/add": { expect: [401, 403, 403, 201, 403], call: () => ({ path: "/products/add", json: product() }) },
  "PUT /products/product/{id}/update": {
    expect: ADMIN_ONLY,
    call: async () => ({ path: `/products/product/${await fresh.product()}/update`, json: product() }),
  },
  "DELETE /products/product/{id}/delete": {
    expect: ADMIN_ONLY,
    call: async () => ({ path: `/products/product/${await fresh.product()}/delete` }),
  },
  "PUT /products/{productId}/options": {
    expect: ADMIN_ONLY,
    call: async () => ({
      path: `/products/${await fresh.product()}/options`,
      json: { options: [{ name: "Colour", values: ["Black", "White"] }] },
    }),
  },
  "PUT /products/{productId}/variants": {
    expect: ADMIN_ONLY,
    call: async () => {
      const p = await createProduct(shop.database.db, { categoryId: shop.fixture.categoryId });
      return {
        path: `/products/${p.id}/variants`,
        json: { variants: [{ id: p.variantId, sku: `SKU-${p.id}-${Date.now()}`, price: 12.5, inventory: 3 }] },
      };
    },
  },
  "POST /products/{productId}/variants": {
    expect: [401, 403, 403, 201, 403],
    call: async () => {
      const p = await createProduct(shop.database.db, { categoryId: shop.fixture.categoryId });
      await shop.database.db
        .insert(productOptions)
        .values({ productId: p.id, position: 1, name: "Size", values: ["M", "L"] });
      await shop.database.db.update(productVariants).set({ option1: "M" }).where(eq(productVariants.id, p.variantId));
      return { path: `/products/${p.id}/variants`, json: { values: ["L"], price: 12.5, inventory: 3 } };
    },
  },
  "POST /products/{productId}/variants/bulk": {
    expect: ADMIN_ONLY,
    call: async () => {
      const p = await createProduct(shop.database.db, { categoryId: shop.fixture.categoryId });
      return { path: `/products/${p.id}/variants/bulk`, json: { variantIds: [p.variantId], inventory: 3 } };
    },
  },
  "PUT /products/{productId}/variants/{variantId}/images": {
    expect: ADMIN_ONLY,
    call: async () => {
      const p = await createProduct(shop.database.db, { categoryId: shop.fixture.categoryId });
      return { path: `/products/${p.id}/variants/${p.variantId}/images`, json: { imageIds: [] } };
    },
  },
  "DELETE /products/{productId}/variants/{variantId}": {
    expect: ADMIN_ONLY,
    call: async () => {
      // a second variant, so that one may go
      const p = await createProduct(shop.database.db, { categoryId: shop.fixture.categoryId });
      await shop.database.db
        .insert(productOptions)
        .values({ productId: p.id, position: 1, name: "Size", values: ["M", "L"] });
      await shop.database.db.update(productVariants).set({ option1: "M" }).where(eq(productVariants.id, p.variantId));
      await shop.database.db
        .insert(productVariants)
        .values({ productId: p.id, sku: `SKU-${p.id}-L`, priceCents: 100, position: 1, option1: "L" });
      return { path: `/products/${p.id}/variants/${p.variantId}` };
    },
  },
  "POST /cartItems/item/add": {
    expect: [401, 200, 200, 200, 200],
    call: (f) => ({ path: "/cartItems/item/add", json: { productId: f.productIds[2], quantity: 1 } }),
  },
  "GET /carts/user/{userId}/cart": { expect: OWNER, call: (f) => ({ path: `/carts/user/${f.actors.user.id}/cart` }) },
  "GET /carts/user/{userId}/quote": {
    expect: OWNER,
    call: (f) => ({ path: `/carts/user/${f.actors.user.id}/quote?country=US` }),
  },
  // a code that does not exist: 422 "This code is not valid." for whoever is let in
  "POST /carts/user/{userId}/discount": {
    expect: [401, 422, 403, 422, 403],
    call: (f) => ({ path: `/carts/user/${f.actors.user.id}/discount`, json: { code: "NO-SUCH-CODE" } }),
  },
  "DELETE /carts/user/{userId}/discount": {
    expect: OWNER,
    call: (f) => ({ path: `/carts/user/${f.actors.user.id}/discount` }),
  },
  "GET /carts/user/{userId}/count": { expect: OWNER, call: (f) => ({ path: `/carts/user/${f.actors.user.id}/count` }) },
  "PUT /cartItems/cart/{cartId}/item/{itemId}/update": {
    expect: OWNER,
    call: async (f) => ({
      path: `/cartItems/cart/${f.actors.user.cartId}/item/${await fresh.cartLine(f)}/update?quantity=2`,
    }),
  },
  "DELETE /cartItems/cart/{cartId}/item/{itemId}/remove": {
    expect: OWNER,
    call: async (f) => ({ path: `/cartItems/cart/${f.actors.user.cartId}/item/${await fresh.cartLine(f)}/remove` }),
  },
  "DELETE /carts/cart/{cartId}/clear": {
    expect: OWNER,
    call: async (f) => {
      await fresh.cartLine(f);
      return { path: `/carts/cart/${f.actors.user.cartId}/clear` };
    },
  },
  "GET /payments/config": { expect: PUBLIC, call: () => ({ path: "/payments/config" }) },
  "POST /orders/create-payment-intent": {
    expect: [401, 200, 200, 200, 200],
    call: async (f) => {
      await fresh.cartLine(f);
      return { path: "/orders/create-payment-intent", json: {} };
    },
  },
  "POST /orders/create-checkout-session": {
    expect: [401, 404, 404, 404, 404],
    call: () => ({
      path: "/orders/create-checkout-session",
      json: { successUrl: "http://127.0.0.1/ok", cancelUrl: "http://127.0.0.1/no" },
    }),
  },
  "POST /payments/test/confirm": {
    expect: [401, 200, 404, 404, 404],
    call: (f) => ({
      path: "/payments/test/confirm",
      json: { paymentIntentId: f.actors.user.paymentIntentIds[0], ...card },
    }),
  },
  "POST /payments/webhook": {
    expect: [404, 404, 404, 404, 404],
    call: () => ({ path: "/payments/webhook", json: {} }),
  },
  "GET /orders/user/{userId}/checkout-attempt": {
    expect: OWNER,
    call: (f) => ({ path: `/orders/user/${f.actors.user.id}/checkout-attempt` }),
  },
  // an admin may act on any shopper's {userId} in the API (docs/api.md#authorization); the checkout page is owner-only
  "POST /orders/user/{userId}/checkout": {
    expect: [401, 402, 403, 402, 403],
    call: async (f) => {
      await fresh.cartLine(f);
      return { path: `/orders/user/${f.actors.user.id}/checkout`, json: { billing, card } };
    },
  },
  "POST /orders/user/{userId}/place-order": {
    expect: [401, 402, 403, 402, 403],
    call: (f) => ({
      path: `/orders/user/${f.actors.user.id}/place-order`,
      json: { paymentIntentId: f.actors.user.paymentIntentIds[0] },
    }),
  },
  "GET /orders/user/{userId}/orders": {
    expect: OWNER,
    call: (f) => ({ path: `/orders/user/${f.actors.user.id}/orders` }),
  },
  "GET /orders/all": { expect: STAFF, call: () => ({ path: "/orders/all" }) },
  "GET /orders/order/{orderId}": {
    expect: OWNER,
    call: (f) => ({ path: `/orders/order/${f.actors.user.orderIds[0]}` }),
  },
  // staff come after the admin, who has just moved the order on: let in, then told it is already Preparing (409)
  "PUT /orders/order/{orderId}/status": {
    expect: [401, 403, 403, 200, 409],
    call: (f) => ({ path: `/orders/order/${f.actors.user.orderIds[0]}/status`, json: { status: "PROCESSING" } }),
  },
  // after the sale (decision 0039): the owner's own acts; an admin looks, and cancels with the status change
  "GET /orders/order/{orderId}/after-sale": {
    expect: OWNER,
    call: (f) => ({ path: `/orders/order/${f.actors.user.orderIds[0]}/after-sale` }),
  },
  // an order that is not there: a stranger is refused (403) as for one that is, only an admin learns it is not (404)
  "POST /orders/order/{orderId}/cancel": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/orders/order/2147483647/cancel" }),
  },
  "POST /orders/order/{orderId}/withdraw": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/orders/order/2147483647/withdraw" }),
  },
  // the public withdrawal: anyone, the same answer whether or not the order matches
  "POST /withdrawals": {
    expect: [202, 202, 202, 202, 202],
    call: () => ({ path: "/withdrawals", json: { orderNumber: 2147483647, email: `${word()}@example.com` } }),
  },
  "GET /admin/withdrawals": { expect: ADMIN_ONLY, call: () => ({ path: "/admin/withdrawals" }) },
  // returns (decision 0044): the owner asks and sees their own; the admin sees all and takes the steps
  "GET /orders/order/{orderId}/returnable": {
    expect: OWNER,
    call: (f) => ({ path: `/orders/order/${f.actors.user.orderIds[0]}/returnable` }),
  },
  "POST /orders/order/{orderId}/returns": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({
      path: "/orders/order/2147483647/returns",
      json: { lines: [{ orderItemId: 1, quantity: 1 }], reason: "other" },
    }),
  },
  "GET /returns": { expect: [401, 200, 200, 200, 200], call: () => ({ path: "/returns" }) },
  "GET /returns/{returnId}": { expect: [401, 403, 403, 404, 403], call: () => ({ path: "/returns/2147483647" }) },
  "GET /admin/returns": { expect: ADMIN_ONLY, call: () => ({ path: "/admin/returns" }) },
  "POST /admin/returns/{returnId}/approve": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/admin/returns/2147483647/approve", json: { message: "" } }),
  },
  "POST /admin/returns/{returnId}/reject": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/admin/returns/2147483647/reject", json: { message: "No" } }),
  },
  "POST /admin/returns/{returnId}/close": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/admin/returns/2147483647/close", json: { message: "Never arrived" } }),
  },
  "POST /admin/returns/{returnId}/receive": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/admin/returns/2147483647/receive", json: { restock: [] } }),
  },
  "POST /admin/returns/{returnId}/refund": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/admin/returns/2147483647/refund", json: { shipping: false } }),
  },
  // invoices and credit notes (decision 0042): the owner's, and the shop floor's (staff and admins)
  "GET /orders/order/{orderId}/invoice": {
    expect: [401, 200, 403, 200, 200],
    call: (f) => ({ path: `/orders/order/${f.actors.user.orderIds[0]}/invoice` }),
  },
  "GET /orders/order/{orderId}/credit-notes": {
    expect: [401, 200, 403, 200, 200],
    call: (f) => ({ path: `/orders/order/${f.actors.user.orderIds[0]}/credit-notes` }),
  },
  "GET /admin/settings/seller": { expect: ADMIN_ONLY, call: () => ({ path: "/admin/settings/seller" }) },
  "PUT /admin/settings/seller": {
    expect: ADMIN_ONLY,
    call: () => ({ path: "/admin/settings/seller", json: { legalName: "GearHub GmbH", email: "billing@example.com" } }),
  },
  "PUT /products/{productId}/stock": {
    expect: STAFF,
    call: async () => {
      const p = await createProduct(shop.database.db, { categoryId: shop.fixture.categoryId });
      return { path: `/products/${p.id}/stock`, json: { variants: [{ id: p.variantId, inventory: 7 }] } };
    },
  },
  "GET /admin/audit": { expect: ADMIN_ONLY, call: () => ({ path: "/admin/audit?kind=order.status&from=2020-01-01" }) },
  "GET /admin/users": { expect: ADMIN_ONLY, call: () => ({ path: "/admin/users?q=example" }) },
  // removing a role the user does not have: let in, nothing changes (the fixture's roles stay)
  "POST /admin/users/{userId}/roles": {
    expect: ADMIN_ONLY,
    call: (f) => ({ path: `/admin/users/${f.actors.user.id}/roles`, json: { role: "ROLE_STAFF", grant: false } }),
  },
  // discount codes are the admins' (staff may not manage them); an empty form is refused (422) once let in
  "GET /admin/discount-codes": { expect: ADMIN_ONLY, call: () => ({ path: "/admin/discount-codes" }) },
  "POST /admin/discount-codes": {
    expect: [401, 403, 403, 422, 403],
    call: () => ({ path: "/admin/discount-codes", json: {} }),
  },
  "GET /admin/discount-codes/{id}": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/admin/discount-codes/2147483647" }),
  },
  "PUT /admin/discount-codes/{id}": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({
      path: "/admin/discount-codes/2147483647",
      json: { code: "MATRIX", kind: "free_shipping" },
    }),
  },
  "POST /admin/discount-codes/{id}/deactivate": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/admin/discount-codes/2147483647/deactivate" }),
  },
  // the shop's policy pages: anyone reads them, admins write (an empty form is refused, 422, once let in)
  "GET /pages": { expect: PUBLIC, call: () => ({ path: "/pages" }) },
  "GET /pages/{slug}": { expect: PUBLIC, call: () => ({ path: "/pages/privacy" }) },
  "PUT /admin/pages/{slug}": {
    expect: [401, 403, 403, 422, 403],
    call: () => ({ path: "/admin/pages/terms", json: {} }),
  },
  // verified reviews (decision 0045): anyone reads; a signed-in shopper asks what they may do; only one whose order
  // with the product was delivered writes (the fixture's orders are not: 403 for all); another's review is 404
  "GET /products/product/{id}/reviews": {
    expect: PUBLIC,
    call: (f) => ({ path: `/products/product/${f.productIds[0]}/reviews?sort=helpful&stars=5` }),
  },
  "GET /products/product/{id}/reviews/mine": {
    expect: [401, 200, 200, 200, 200],
    call: (f) => ({ path: `/products/product/${f.productIds[0]}/reviews/mine` }),
  },
  "POST /products/product/{id}/reviews": {
    expect: [401, 403, 403, 403, 403],
    call: (f) => ({
      path: `/products/product/${f.productIds[0]}/reviews`,
      json: { rating: 5, title: "Great", body: "Works." },
    }),
  },
  "PUT /reviews/{reviewId}": {
    expect: [401, 404, 404, 404, 404],
    call: () => ({ path: "/reviews/2147483647", json: { rating: 5, title: "Great", body: "Works." } }),
  },
  "DELETE /reviews/{reviewId}": { expect: [401, 404, 404, 404, 404], call: () => ({ path: "/reviews/2147483647" }) },
  "POST /reviews/{reviewId}/helpful": {
    expect: [401, 404, 404, 404, 404],
    call: () => ({ path: "/reviews/2147483647/helpful" }),
  },
  // the one-click opt-out: anyone with the link; a link not signed by the shop is refused whoever sends it
  "POST /reviews/mail-opt-out": {
    expect: [422, 422, 422, 422, 422],
    call: () => ({ path: "/reviews/mail-opt-out", json: { token: "1.not-a-signature" } }),
  },
  // back-in-stock alerts (decision 0046): anyone subscribes to a sold-out product (a visitor by e-mail, confirmed by a
  // link; a signed-in caller at once); the links' tokens are signed by the shop, whoever sends them
  "POST /products/product/{id}/stock-alerts": {
    expect: [202, 202, 202, 202, 202],
    call: async () => ({
      path: `/products/product/${await fresh.soldOut()}/stock-alerts`,
      json: { email: `${word()}@example.com` },
    }),
  },
  "POST /stock-alerts/confirm": {
    expect: [422, 422, 422, 422, 422],
    call: () => ({ path: "/stock-alerts/confirm", json: { token: "1.not-a-signature" } }),
  },
  "POST /stock-alerts/unsubscribe": {
    expect: [422, 422, 422, 422, 422],
    call: () => ({ path: "/stock-alerts/unsubscribe", json: { token: "eA.not-a-signature" } }),
  },
  "GET /stock-alerts": { expect: [401, 200, 200, 200, 200], call: () => ({ path: "/stock-alerts" }) },
  "DELETE /stock-alerts/{alertId}": {
    expect: [401, 404, 404, 404, 404],
    call: () => ({ path: "/stock-alerts/2147483647" }),
  },
  // moderation is the admin's: staff are refused too (decision 0045)
  "GET /admin/reviews": { expect: ADMIN_ONLY, call: () => ({ path: "/admin/reviews?status=hidden" }) },
  "POST /admin/reviews/{reviewId}/status": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/admin/reviews/2147483647/status", json: { status: "hidden" } }),
  },
  "POST /admin/reviews/{reviewId}/reply": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/admin/reviews/2147483647/reply", json: { reply: "Thanks" } }),
  },
  "GET /admin/reviews/settings": { expect: ADMIN_ONLY, call: () => ({ path: "/admin/reviews/settings" }) },
  "PUT /admin/reviews/settings": {
    expect: ADMIN_ONLY,
    call: () => ({ path: "/admin/reviews/settings", json: { requestDays: 7 } }),
  },
  // saved items (decision 0047): each signed-in account its own list; ids that are not saved are 404
  "GET /saved": { expect: [401, 200, 200, 200, 200], call: () => ({ path: "/saved" }) },
  "GET /saved/ids": { expect: [401, 200, 200, 200, 200], call: () => ({ path: "/saved/ids" }) },
  "POST /saved": {
    expect: [401, 201, 201, 201, 201],
    call: (f) => ({ path: "/saved", json: { productId: f.productIds[0] } }),
  },
  "DELETE /saved/{productId}": { expect: [401, 404, 404, 404, 404], call: () => ({ path: "/saved/2147483647" }) },
  "POST /saved/{productId}/move-to-cart": {
    expect: [401, 404, 404, 404, 404],
    call: () => ({ path: "/saved/2147483647/move-to-cart" }),
  },
  // related products: a product's are public (the cached pages show them); the cart's are the caller's own cart's
  "GET /products/product/{id}/related": {
    expect: PUBLIC,
    call: (f) => ({ path: `/products/product/${f.productIds[0]}/related` }),
  },
  "GET /cart/related": { expect: [401, 200, 200, 200, 200], call: () => ({ path: "/cart/related" }) },
  // the review e-mails' setting: the caller's own account
  "GET /review-mail": { expect: [401, 200, 200, 200, 200], call: () => ({ path: "/review-mail" }) },
  "PUT /review-mail": {
    expect: [401, 200, 200, 200, 200],
    call: () => ({ path: "/review-mail", json: { reviewMail: true } }),
  },
  "GET /admin/refunds": { expect: ADMIN_ONLY, call: () => ({ path: "/admin/refunds" }) },
  "GET /admin/dashboard": { expect: ADMIN_ONLY, call: () => ({ path: "/admin/dashboard?days=7" }) },
  "GET /admin/dashboard.csv": { expect: ADMIN_ONLY, call: () => ({ path: "/admin/dashboard.csv?table=products" }) },
  "POST /admin/refunds/{refundId}/retry": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/admin/refunds/2147483647/retry" }),
  },
  // shipping and tax (decision 0035): the admin's alone, staff too are refused. A zone without a method, a rate and
  // the default settings change no price the other rows see; the rest aim at ids that are not there
  "GET /admin/shipping/zones": { expect: ADMIN_ONLY, call: () => ({ path: "/admin/shipping/zones" }) },
  "POST /admin/shipping/zones": {
    expect: [401, 403, 403, 201, 403],
    call: () => ({ path: "/admin/shipping/zones", json: { name: "Antarctica", regions: [{ country: "AQ" }] } }),
  },
  "PUT /admin/shipping/zones/{id}": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/admin/shipping/zones/2147483647", json: { name: "Nowhere", regions: [{ country: "AQ" }] } }),
  },
  "DELETE /admin/shipping/zones/{id}": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/admin/shipping/zones/2147483647" }),
  },
  "POST /admin/shipping/zones/{zoneId}/methods": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({
      path: "/admin/shipping/zones/2147483647/methods",
      json: { name: "Standard", rate: { kind: "flat", amount: 5 } },
    }),
  },
  "PUT /admin/shipping/methods/{id}": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({
      path: "/admin/shipping/methods/2147483647",
      json: { name: "Standard", rate: { kind: "flat", amount: 5 } },
    }),
  },
  "DELETE /admin/shipping/methods/{id}": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/admin/shipping/methods/2147483647" }),
  },
  "GET /admin/tax/rates": { expect: ADMIN_ONLY, call: () => ({ path: "/admin/tax/rates" }) },
  "POST /admin/tax/rates": {
    expect: [401, 403, 403, 201, 403],
    call: () => ({ path: "/admin/tax/rates", json: { country: "AQ", name: `Tax ${word()}`, rate: 5 } }),
  },
  "PUT /admin/tax/rates/{id}": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/admin/tax/rates/2147483647", json: { country: "AQ", name: "Tax", rate: 5 } }),
  },
  "DELETE /admin/tax/rates/{id}": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/admin/tax/rates/2147483647" }),
  },
  "GET /admin/tax/settings": { expect: ADMIN_ONLY, call: () => ({ path: "/admin/tax/settings" }) },
  "PUT /admin/tax/settings": {
    expect: ADMIN_ONLY,
    call: () => ({ path: "/admin/tax/settings", json: { pricesIncludeTax: false, taxShipping: false } }),
  },
  "GET /mail/outbox": { expect: ADMIN_ONLY, call: () => ({ path: "/mail/outbox?status=failed" }) },
  "GET /mail/outbox/{id}": { expect: [401, 403, 403, 404, 403], call: () => ({ path: "/mail/outbox/2147483647" }) },
  "POST /mail/outbox/{id}/retry": {
    expect: [401, 403, 403, 404, 403],
    call: () => ({ path: "/mail/outbox/2147483647/retry" }),
  },
  "POST /mail/test": {
    expect: [401, 403, 403, 201, 403],
    call: () => ({ path: "/mail/test", json: { to: `${word()}@example.com` } }),
  },
};

const PAGE_PUBLIC: Row = [200, 200, 200, 200, 200];
const PAGE_ADMIN: Row = ["login", "unauthorized", "unauthorized", 200, "unauthorized"];
const PAGE_STAFF: Row = ["login", "unauthorized", "unauthorized", 200, 200];
const PAGE_STAFF_ACTION: Row = ["login", "unauthorized", "unauthorized", "ok", "ok"];
const PAGE_ADMIN_ACTION: Row = ["login", "unauthorized", "unauthorized", "ok", "unauthorized"];
const PAGE_SHOPPER: Row = ["login", 200, "unauthorized", 200, "unauthorized"];
const PAGE_SHOPPER_ACTION: Row = ["login", "ok", "unauthorized", "ok", "unauthorized"];

/**
 * Every page route's loader (GET) and action (POST), by route id, at the URL of the user's data
 * (tests/support/hostile/page-probes.ts: concretePath). Actions get an empty form (`intent` only where the page's
 * forms all have one): what is judged is who is let in.
 */
const PAGES: Record<string, Row> = {
  "GET routes/shop/home": PAGE_PUBLIC,
  // every URL no other route takes (app/routes/site/not-found.tsx): a 404 page for everyone, a form posted there too
  "GET routes/site/not-found": [404, 404, 404, 404, 404],
  "POST routes/site/not-found": [404, 404, 404, 404, 404],
  "GET routes/admin/add-product": PAGE_ADMIN,
  "POST routes/admin/add-product": PAGE_ADMIN_ACTION,
  "GET routes/admin/brands-categories": PAGE_ADMIN,
  "POST routes/admin/brands-categories": PAGE_ADMIN_ACTION,
  "GET routes/admin/orders": PAGE_STAFF,
  "POST routes/admin/orders": PAGE_STAFF_ACTION,
  "GET routes/admin/stock": PAGE_STAFF,
  "GET routes/admin/stock-product": PAGE_STAFF,
  "POST routes/admin/stock-product": PAGE_STAFF_ACTION,
  "GET routes/admin/users": PAGE_ADMIN,
  "GET routes/admin/audit": PAGE_ADMIN,
  "POST routes/admin/users": PAGE_ADMIN_ACTION,
  "GET routes/admin/products": PAGE_ADMIN,
  "POST routes/admin/products": PAGE_ADMIN_ACTION,
  "GET routes/admin/products-csv": PAGE_ADMIN,
  "GET routes/admin/mail": PAGE_ADMIN,
  "POST routes/admin/mail": PAGE_ADMIN_ACTION,
  // message 1 of the fixture's database, if it has one (404 otherwise): what is judged is who is let in
  "GET routes/admin/mail-message": ["login", "unauthorized", "unauthorized", "ok", "unauthorized"],
  "POST routes/admin/mail-message": PAGE_ADMIN_ACTION,
  "GET routes/admin/mail-message-html": ["login", "unauthorized", "unauthorized", "ok", "unauthorized"],
  "GET routes/admin/shipping": PAGE_ADMIN,
  "POST routes/admin/shipping": PAGE_ADMIN_ACTION,
  "GET routes/admin/tax": PAGE_ADMIN,
  "POST routes/admin/tax": PAGE_ADMIN_ACTION,
  "GET routes/admin/refunds": PAGE_ADMIN,
  "GET routes/admin/discounts": PAGE_ADMIN,
  "POST routes/admin/discounts": PAGE_ADMIN_ACTION,
  "GET routes/admin/dashboard": PAGE_ADMIN,
  "GET routes/admin/dashboard-csv": PAGE_ADMIN,
  "POST routes/admin/refunds": PAGE_ADMIN_ACTION,
  // the API's own splat: a page session is no API credential (bearer tokens only)
  "GET routes/site/api": [401, 401, 401, 401, 401],
  "POST routes/site/api": [401, 401, 401, 401, 401],
  // checkout pays with the owner's own cart: not even an admin may use another's
  "GET routes/shop/checkout": ["login", 200, "unauthorized", "unauthorized", "unauthorized"],
  "POST routes/shop/checkout": ["login", "ok", "unauthorized", "unauthorized", "unauthorized"],
  "GET routes/shop/checkout-complete": ["login", "ok", "unauthorized", "unauthorized", "unauthorized"],
  "GET routes/admin/delete-product": PAGE_ADMIN,
  "POST routes/admin/delete-product": PAGE_ADMIN_ACTION,
  "GET routes/site/favicon": [301, 301, 301, 301, 301],
  // account recovery is for anyone; an empty form is refused (422) whoever sends it
  "GET routes/account/forgot-password": PAGE_PUBLIC,
  "POST routes/account/forgot-password": [422, 422, 422, 422, 422],
  "GET routes/account/reset-password": PAGE_PUBLIC,
  "POST routes/account/reset-password": [422, 422, 422, 422, 422],
  "GET routes/account/confirm-email": PAGE_PUBLIC,
  "POST routes/account/confirm-email": [422, 422, 422, 422, 422],
  "GET routes/account/login": [200, 302, 302, 302, 302],
  // an empty login form: the login page's message (400); a signed-in user is sent on, as the login page's loader does
  "POST routes/account/login": [400, 302, 302, 302, 302],
  "GET routes/account/logout": ["ok", "ok", "ok", "ok", "ok"],
  // an order's page: its owner's and the admins'
  "GET routes/account/order": PAGE_SHOPPER,
  // its owner's cancel and withdrawal (an empty form: refused, once let in)
  "POST routes/account/order": PAGE_SHOPPER_ACTION,
  // the withdrawal from the contract: anyone, no account; an empty form is refused (422) whoever sends it
  "GET routes/site/withdraw": PAGE_PUBLIC,
  "GET routes/site/policy": PAGE_PUBLIC,
  "GET routes/admin/policy-pages": PAGE_ADMIN,
  "POST routes/admin/policy-pages": PAGE_ADMIN_ACTION,
  "POST routes/site/withdraw": [422, 422, 422, 422, 422],
  "GET routes/admin/withdrawals": PAGE_ADMIN,
  "GET routes/admin/reviews": PAGE_ADMIN,
  "POST routes/admin/reviews": PAGE_ADMIN_ACTION,
  // the review mails' opt-out link: without a valid token, the page says so (400) whoever opens it
  "GET routes/site/review-opt-out": [400, 400, 400, 400, 400],
  // the back-in-stock mails' links (decision 0046): without a token the page says so (400); a post without one is
  // refused (422) whoever sends it
  "GET routes/site/stock-alert-confirm": [400, 400, 400, 400, 400],
  "POST routes/site/stock-alert-confirm": [422, 422, 422, 422, 422],
  "GET routes/site/stock-alert-unsubscribe": [400, 400, 400, 400, 400],
  "POST routes/site/stock-alert-unsubscribe": [422, 422, 422, 422, 422],
  // returns (decision 0044): the owner's request form; the slip of a return that is not there (only an admin
  // learns it); the admin's list and a return's page
  "GET routes/account/order-return": PAGE_SHOPPER,
  "POST routes/account/order-return": PAGE_SHOPPER_ACTION,
  "GET routes/account/return-slip": ["login", "unauthorized", "unauthorized", "ok", "unauthorized"],
  "GET routes/admin/returns": PAGE_ADMIN,
  "GET routes/admin/return": ["login", "unauthorized", "unauthorized", "ok", "unauthorized"],
  "POST routes/admin/return": PAGE_ADMIN_ACTION,
  // an order's invoice: its owner's, staff's and the admins'; its credit notes likewise (none yet: 404 once let in)
  "GET routes/account/invoice": ["login", 200, "unauthorized", 200, 200],
  "GET routes/account/credit-notes": ["login", 404, "unauthorized", 404, 404],
  "GET routes/admin/seller": PAGE_ADMIN,
  "POST routes/admin/seller": PAGE_ADMIN_ACTION,
  "POST routes/account/logout": ["ok", "ok", "ok", "ok", "ok"],
  "GET routes/shop/product-details": PAGE_PUBLIC,
  // adding to the cart signed out: 'You need to be logged in to add items to the cart.'
  // (docs/product.md#product-details)
  "POST routes/shop/product-details": [401, "ok", "ok", "ok", "ok"],
  "GET routes/shop/listing": PAGE_PUBLIC,
  "GET routes/shop/listing-by-name": PAGE_PUBLIC,
  "GET routes/shop/listing-by-category": PAGE_PUBLIC,
  "GET routes/account/register": [200, 302, 302, 302, 302],
  "POST routes/account/register": ["ok", "ok", "ok", "ok", "ok"],
  "GET routes/site/robots": PAGE_PUBLIC,
  "GET routes/shop/search-suggestions": PAGE_PUBLIC,
  "GET routes/site/sitemap": PAGE_PUBLIC,
  "GET routes/site/unauthorized": PAGE_PUBLIC,
  "GET routes/admin/update-product": PAGE_ADMIN,
  "POST routes/admin/update-product": PAGE_ADMIN_ACTION,
  "GET routes/admin/product-variants": PAGE_ADMIN,
  "POST routes/admin/product-variants": PAGE_ADMIN_ACTION,
  "GET routes/account/profile": PAGE_SHOPPER,
  "POST routes/account/profile": PAGE_SHOPPER_ACTION,
  // the settings are the owner's own page: not even an admin opens another's (the API serves admins)
  "GET routes/account/settings": ["login", 200, "unauthorized", "unauthorized", "unauthorized"],
  "GET routes/account/data-export": ["login", 200, "unauthorized", "unauthorized", "unauthorized"],
  "POST routes/account/settings": ["login", "ok", "unauthorized", "unauthorized", "unauthorized"],
  "GET routes/account/profile-redirect": ["login", 302, 302, 302, 302],
  // the Saved page: any signed-in account's own list; its action takes every "Save for later" form (an empty one is
  // refused once let in)
  "GET routes/account/saved": ["login", 200, 200, 200, 200],
  "POST routes/account/saved": ["login", "ok", "ok", "ok", "ok"],
  // the back-in-stock alerts page: any signed-in account's own alerts; its "Stop" form
  "GET routes/account/alerts": ["login", 200, 200, 200, 200],
  "POST routes/account/alerts": ["login", "ok", "ok", "ok", "ok"],
  "GET routes/shop/cart": PAGE_SHOPPER,
  "POST routes/shop/cart": PAGE_SHOPPER_ACTION,
};

let cells = 0;

function judge(expected: Expected, status: number, location: string | null, path: string): boolean {
  const redirected = status >= 300 && status < 400 ? (location ?? "") : "";
  if (expected === "login") return redirected === `/login?redirectTo=${encodeURIComponent(path)}`;
  if (expected === "unauthorized")
    return redirected === `/unauthorized?from=${encodeURIComponent(path.split("?")[0]!)}`;
  if (expected === "ok")
    return (
      status < 500 &&
      status !== 401 &&
      status !== 403 &&
      !redirected.startsWith("/login") &&
      !redirected.startsWith("/unauthorized")
    );
  return status === expected;
}

async function answerOf(origin: string, probe: Probe) {
  const answer = await send(origin, probe);
  cells++;
  return { status: answer.status, location: answer.headers.get("location"), text: answer.text };
}

beforeAll(async () => {
  png = await pngBytes(32, 32);
});

afterAll(() => {
  console.log(
    `[access] ${cells} answers checked: ${allRoutes.length} endpoints and ${Object.keys(PAGES).length} page loaders and actions × ${ROLES.length} roles`,
  );
});

describe("the access matrix", () => {
  it("has a row for every endpoint, and none for an endpoint that is gone", () => {
    const keys = allRoutes.map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(
      keys.filter((k) => !(k in API)),
      "endpoints without a row: classify them in API",
    ).toEqual([]);
    expect(
      Object.keys(API).filter((k) => !keys.includes(k)),
      "rows of endpoints that are gone",
    ).toEqual([]);
  });

  it("has a row for every page loader and action, and none for a route that is gone", () => {
    const keys = shop.pageRoutes.flatMap((r) => [
      ...(r.hasLoader ? [`GET ${r.id}`] : []),
      ...(r.hasAction ? [`POST ${r.id}`] : []),
    ]);
    expect(
      keys.filter((k) => !(k in PAGES)),
      "page routes without a row: classify them in PAGES",
    ).toEqual([]);
    expect(
      Object.keys(PAGES).filter((k) => !keys.includes(k)),
      "rows of page routes that are gone",
    ).toEqual([]);
  });

  it.each(Object.keys(API))("%s answers each role as the table says", async (key) => {
    const route = allRoutes.find((r) => `${r.method.toUpperCase()} ${r.path}` === key);
    if (!route) return; // reported by the first test
    const wrong: string[] = [];
    for (const [i, role] of ROLES.entries()) {
      const call = await API[key]!.call(shop.fixture);
      const actor: Actor = shop.fixture.actors[role];
      const headers: Record<string, string> = actor.token ? { authorization: `Bearer ${actor.token}` } : {};
      let body: Buffer | undefined;
      if (call.json !== undefined) {
        headers["content-type"] = "application/json";
        body = Buffer.from(JSON.stringify(call.json));
      } else if (call.body) {
        headers["content-type"] = call.body.contentType;
        body = call.body.body;
      }
      const path = `/api/v1${call.path}`;
      const got = await answerOf(shop.api.origin, { method: route.method.toUpperCase(), path, headers, body });
      if (!judge(API[key]!.expect[i]!, got.status, got.location, path))
        wrong.push(`${role}: expected ${API[key]!.expect[i]}, got ${got.status} ${got.text.slice(0, 160)}`);
    }
    expect(wrong, key).toEqual([]);
  });

  it.each(Object.keys(PAGES))("%s answers each role as the table says", async (key) => {
    const [method, id] = key.split(" ") as ["GET" | "POST", string];
    const route = shop.pageRoutes.find((r) => r.id === id);
    if (!route) return; // reported by the second test
    const wrong: string[] = [];
    for (const [i, role] of ROLES.entries()) {
      let path = concretePath(route, shop.fixture, "user");
      // deleting a product takes it away from the rows after this one: each role aims at a product of its own
      if (id === "routes/admin/delete-product") path = `/delete-product/${await fresh.product()}`;
      if (route.path.startsWith("/api/v1")) path = method === "GET" ? "/api/v1/orders/all" : "/api/v1/categories/add";
      const actor = shop.fixture.actors[role];
      // logging out ends the session it is sent with: a session of its own, not the one the other rows use
      const cookie = id === "routes/account/logout" && actor.cookie ? await shop.signIn(actor) : actor.cookie;
      const headers: Record<string, string> = { accept: "text/html", origin: shop.pages.origin };
      if (cookie) headers.cookie = cookie;
      const probe: Probe =
        method === "GET"
          ? { method, path, headers }
          : {
              method,
              path,
              headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
              body: Buffer.from(""),
            };
      const got = await answerOf(shop.pages.origin, probe);
      if (!judge(PAGES[key]![i]!, got.status, got.location, path))
        wrong.push(`${role}: expected ${PAGES[key]![i]}, got ${got.status} ${got.location ?? ""}`);
    }
    expect(wrong, key).toEqual([]);
  });
});
