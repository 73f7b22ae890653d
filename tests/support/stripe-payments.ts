import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, expect } from "vitest";
import { cartItems, carts, orders, payments, products } from "~/db/schema";
import type { OrderDto } from "~/schemas/orders";
import type { PaymentIntentDto } from "~/schemas/payments";
import { loadConfig, setConfig } from "~/lib/env.server";
import { bearer, loginAs, register } from "./accounts";
import { addToCart, type Api, type TestDatabase } from "./checkout";
import { createCategory, createProduct } from "./factories";
import { json, type Auth, type Envelope } from "./requests";
import type { StripeStandIn } from "./stripe-stand-in";

// The Stripe payment tests' set-up and helpers: the shop configured for Stripe at the local stand-in, shoppers with
// a cart, what Stripe.js does in the browser, and webhooks signed offline.

export const SECRET_KEY = "sk_test_x";
export const PUBLISHABLE_KEY = "pk_test_x";
export const WEBHOOK_SECRET = "whsec_test";

/** Makes the shop pay through Stripe at the stand-in from beforeAll on (register it after the stand-in). */
export function useStripeConfig(standIn: StripeStandIn) {
  beforeAll(() => {
    setConfig(
      loadConfig({
        ...process.env,
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: standIn.url,
      }),
    );
  });
  afterAll(() => setConfig(undefined));
}

export const post = (body: unknown, headers: Auth = {}): RequestInit => json("POST", body, headers);

/** The Stripe payment tests' helpers, bound to the test file's API server, database and Stripe stand-in. */
export function stripeHelpers(api: Api, database: TestDatabase, standIn: StripeStandIn) {
  /** A registered, logged-in shopper with `quantity` of a fresh product (price `priceCents`) in the cart. */
  async function shopper({ quantity = 2, priceCents = 4999, inventory = 10 } = {}) {
    const category = await createCategory(database.db);
    const product = await createProduct(database.db, { categoryId: category.id, priceCents, inventory });
    const user = await register(api);
    const login = await loginAs(api, user.email);
    expect(login.status).toBe(200);
    const auth = bearer(login.accessToken);
    await addToCart(api, auth, product.id, quantity);
    return { user, auth, product, quantity, totalCents: priceCents * quantity };
  }
  type Shopper = Awaited<ReturnType<typeof shopper>>;

  async function createIntent(who: Shopper, amount: number = who.totalCents / 100) {
    return api.json<Envelope<PaymentIntentDto> & { clientSecret: string }>(
      "/orders/create-payment-intent",
      post({ amount, currency: "usd" }, who.auth),
    );
  }

  async function paidIntent(who: Shopper) {
    const created = await createIntent(who);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await confirmAtStripe(created.body.data.paymentIntentId, created.body.data.clientSecret);
    return created.body.data.paymentIntentId;
  }

  /** What Stripe.js does in the browser: confirm the intent with the publishable key and the client secret. */
  async function confirmAtStripe(paymentIntentId: string, clientSecret: string, paymentMethod = "pm_card_visa") {
    const response = await fetch(`${standIn.url}/v1/payment_intents/${paymentIntentId}/confirm`, {
      method: "POST",
      headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ payment_method: paymentMethod, client_secret: clientSecret }).toString(),
    });
    return {
      status: response.status,
      body: (await response.json()) as { status?: string; error?: { message: string } },
    };
  }

  async function placeOrder(who: Shopper, paymentIntentId?: string) {
    return api.json<Envelope<OrderDto | null>>(
      `/orders/user/${who.user.id}/place-order`,
      post(paymentIntentId ? { paymentIntentId } : {}, who.auth),
    );
  }

  async function sendWebhook(
    event: unknown,
    { secret = WEBHOOK_SECRET, signature }: { secret?: string; signature?: string } = {},
  ) {
    const payload = JSON.stringify(event);
    const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return api.json<Envelope<unknown>>("/payments/webhook", {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": header,
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      body: payload,
    });
  }

  async function cartLines(userId: number) {
    const [cart] = await database.db.select().from(carts).where(eq(carts.userId, userId));
    return cart ? database.db.select().from(cartItems).where(eq(cartItems.cartId, cart.id)) : [];
  }

  return {
    shopper,
    createIntent,
    paidIntent,
    confirmAtStripe,
    placeOrder,
    sendWebhook,
    ordersOf: (userId: number) => database.db.select().from(orders).where(eq(orders.userId, userId)),
    paymentRow: async (providerPaymentId: string) =>
      (await database.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)))[0],
    inventoryOf: async (productId: number) =>
      (await database.db.select().from(products).where(eq(products.id, productId)))[0]!.inventory,
    cartLines,
  };
}

/** A shopper of stripeHelpers(…).shopper: the user, their headers, the product in their cart and its total. */
export type Shopper = Awaited<ReturnType<ReturnType<typeof stripeHelpers>["shopper"]>>;
