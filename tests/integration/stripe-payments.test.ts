import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, carts, orderItems, orders, payments, products } from "~/db/schema";
import type { OrderDto, PaymentIntentDto } from "~/schemas/orders";
import { loadConfig, setConfig } from "~/utils/env.server";
import { bearer, loginAs, register } from "../support/accounts";
import { useApiServer } from "../support/api-server";
import { createCategory, createProduct } from "../support/factories";
import { useStripeStandIn } from "../support/stripe-stand-in";
import { useTestDatabase } from "../support/test-db";

// The Stripe path of payments (architecture.md, Payments; api-v1.md, orders and payments rows), over real HTTP, with
// the real stripe SDK talking to a local stand-in of Stripe's API and webhooks signed offline.

const SECRET_KEY = "sk_test_x";
const PUBLISHABLE_KEY = "pk_test_x";
const WEBHOOK_SECRET = "whsec_test";

const standIn = useStripeStandIn(); // first: the configuration below needs its url
const database = useTestDatabase();
const api = useApiServer();

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

type Envelope<T> = { message: string; data: T; errors?: Record<string, string[]> };
type Headers = Record<string, string>;

const post = (body: unknown, headers: Headers = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/** A registered, logged-in shopper with `quantity` of a fresh product (price `priceCents`) in the cart. */
async function shopper({ quantity = 2, priceCents = 4999, inventory = 10 } = {}) {
  const category = await createCategory(database.db);
  const product = await createProduct(database.db, { categoryId: category.id, priceCents, inventory });
  const user = await register(api);
  const login = await loginAs(api, user.email);
  expect(login.status).toBe(200);
  const auth = bearer(login.accessToken);
  const added = await api.json("/cartItems/item/add", post({ productId: product.id, quantity }, auth));
  expect(added.status, JSON.stringify(added.body)).toBe(200);
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
  return { status: response.status, body: (await response.json()) as { status?: string; error?: { message: string } } };
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

const ordersOf = (userId: number) => database.db.select().from(orders).where(eq(orders.userId, userId));
const paymentRow = async (providerPaymentId: string) =>
  (await database.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)))[0];
const inventoryOf = async (productId: number) =>
  (await database.db.select().from(products).where(eq(products.id, productId)))[0]!.inventory;
async function cartLines(userId: number) {
  const [cart] = await database.db.select().from(carts).where(eq(carts.userId, userId));
  return cart ? database.db.select().from(cartItems).where(eq(cartItems.cartId, cart.id)) : [];
}

describe("the Stripe stand-in answers the real SDK like Stripe", () => {
  const sdk = () => {
    const target = new URL(standIn.url);
    return new Stripe(SECRET_KEY, {
      host: target.hostname,
      port: Number(target.port),
      protocol: "http",
      maxNetworkRetries: 0,
    });
  };

  it("replays a request with the same Idempotency-Key instead of creating a second intent", async () => {
    const key = `sanity-${Date.now()}`;
    const first = await sdk().paymentIntents.create(
      { amount: 1234, currency: "usd", metadata: { userId: "1" } },
      { idempotencyKey: key },
    );
    const second = await sdk().paymentIntents.create(
      { amount: 1234, currency: "usd", metadata: { userId: "1" } },
      { idempotencyKey: key },
    );
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({
      object: "payment_intent",
      status: "requires_payment_method",
      amount: 1234,
      amount_received: 0,
      metadata: { userId: "1" },
      last_payment_error: null,
    });
    expect(first.client_secret).toMatch(new RegExp(`^${first.id}_secret_`));
    await expect(
      sdk().paymentIntents.create({ amount: 999, currency: "usd" }, { idempotencyKey: key }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("answers unknown ids with a 404 resource_missing error, and a second refund with charge_already_refunded", async () => {
    const error = await sdk()
      .paymentIntents.retrieve("pi_nope")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: "resource_missing", type: "StripeInvalidRequestError" });
    const intent = await sdk().paymentIntents.create({ amount: 5000, currency: "usd" });
    standIn.succeed(intent.id);
    await sdk().refunds.create({ payment_intent: intent.id });
    const again = await sdk()
      .refunds.create({ payment_intent: intent.id })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again).toMatchObject({ statusCode: 400, code: "charge_already_refunded" });
    expect(standIn.refundsOf(intent.id)).toHaveLength(1);
  });
});

describe("Stripe payments", () => {
  it("tells the browser to use Stripe, with the publishable key", async () => {
    const response = await api.json<Envelope<unknown>>("/payments/config");
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ provider: "stripe", publishableKey: PUBLISHABLE_KEY });
  });

  it("creates the PaymentIntent at Stripe for the server-computed amount, with an Idempotency-Key", async () => {
    const who = await shopper({ quantity: 2, priceCents: 4999 });
    const before = standIn.requestsTo("POST", "/v1/payment_intents").length;
    const created = await createIntent(who, 99.98);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { data } = created.body;
    expect(data).toMatchObject({ amount: 99.98, currency: "usd" });
    expect(data.paymentIntentId).toMatch(/^pi_/);
    expect(created.body.clientSecret).toBe(data.clientSecret);

    const calls = standIn.requestsTo("POST", "/v1/payment_intents").slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(calls[0]!.idempotencyKey).toBeTruthy();
    expect(calls[0]!.body).toMatchObject({
      amount: "9998",
      currency: "usd",
      metadata: { userId: String(who.user.id) },
    });
    const intent = standIn.intent(data.paymentIntentId);
    expect(intent.amount).toBe(9998);
    expect(data.clientSecret).toBe(intent.client_secret);
    expect(await paymentRow(data.paymentIntentId)).toMatchObject({
      userId: who.user.id,
      provider: "stripe",
      amountCents: 9998,
      status: "requires_payment_method",
    });

    // the shopper reloads the checkout page: the same open payment, no second intent at Stripe
    const again = await createIntent(who);
    expect(again.status).toBe(200);
    expect(again.body.data.paymentIntentId).toBe(data.paymentIntentId);
    expect(standIn.requestsTo("POST", "/v1/payment_intents").slice(before)).toHaveLength(1);
  });

  it("refuses an amount that is not the cart's total with 409 and creates nothing at Stripe", async () => {
    const who = await shopper({ quantity: 1, priceCents: 4999 });
    const before = standIn.requests.length;
    const intentsBefore = standIn.intents.size;
    const response = await createIntent(who, 1.0);
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/\$49\.99/);
    expect(standIn.requests.slice(before).filter((r) => r.method === "POST")).toEqual([]);
    expect(standIn.intents.size).toBe(intentsBefore);
    expect(await database.db.select().from(payments).where(eq(payments.userId, who.user.id))).toEqual([]);
  });

  it("places no order before the intent has succeeded (402), then places it after Stripe.js confirmed", async () => {
    const who = await shopper({ quantity: 2, priceCents: 2500, inventory: 7 });
    const created = await createIntent(who);
    const { paymentIntentId, clientSecret } = created.body.data;

    const early = await placeOrder(who, paymentIntentId);
    expect(early.status).toBe(402);
    expect(early.body.data).toBeNull();
    expect(await ordersOf(who.user.id)).toEqual([]);
    expect(await inventoryOf(who.product.id)).toBe(7);

    const confirmed = await confirmAtStripe(paymentIntentId, clientSecret);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe("succeeded");

    const placed = await placeOrder(who, paymentIntentId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data).toMatchObject({
      userId: who.user.id,
      totalAmount: 50,
      status: "PENDING",
      items: [
        {
          productId: who.product.id,
          productName: who.product.name,
          productBrand: who.product.brand,
          quantity: 2,
          price: 25,
        },
      ],
    });
    expect(await inventoryOf(who.product.id)).toBe(5);
    expect(await cartLines(who.user.id)).toEqual([]);
    const [order] = await ordersOf(who.user.id);
    const payment = await paymentRow(paymentIntentId);
    expect(order!.paymentId).toBe(payment!.id);
    expect(payment!.status).toBe("succeeded");

    // placing it again is harmless: the same order, 200
    const again = await placeOrder(who, paymentIntentId);
    expect(again.status).toBe(200);
    expect(again.body.data!.id).toBe(order!.id);
    expect(await ordersOf(who.user.id)).toHaveLength(1);
    expect(await inventoryOf(who.product.id)).toBe(5);
  });

  it("answers a declined card with 402 and the card network's message", async () => {
    const who = await shopper({ quantity: 1 });
    const { paymentIntentId, clientSecret } = (await createIntent(who)).body.data;
    const declined = await confirmAtStripe(paymentIntentId, clientSecret, "pm_card_chargeDeclined");
    expect(declined.status).toBe(402);
    const response = await placeOrder(who, paymentIntentId);
    expect(response.status).toBe(402);
    expect(response.body.message).toBe("Your card was declined.");
    expect(await ordersOf(who.user.id)).toEqual([]);
  });

  it("finds the succeeded payment when the browser sends no paymentIntentId", async () => {
    const who = await shopper({ quantity: 1 });
    await paidIntent(who);
    const placed = await placeOrder(who);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await ordersOf(who.user.id)).toHaveLength(1);
  });

  it("accepts place-order without any body, as the reference client sends it", async () => {
    const who = await shopper({ quantity: 1 });
    await paidIntent(who);
    const placed = await api.json<Envelope<OrderDto | null>>(`/orders/user/${who.user.id}/place-order`, {
      method: "POST",
      headers: who.auth,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await ordersOf(who.user.id)).toHaveLength(1);
  });

  it("refuses an intent whose amount received differs from the payment with 402", async () => {
    const who = await shopper({ quantity: 2, priceCents: 4000, inventory: 4 });
    const { paymentIntentId } = (await createIntent(who)).body.data;
    standIn.succeed(paymentIntentId);
    standIn.setAmountReceived(paymentIntentId, 100);
    const response = await placeOrder(who, paymentIntentId);
    expect(response.status).toBe(402);
    expect(response.body.message).toMatch(/amount/i);
    expect(await ordersOf(who.user.id)).toEqual([]);
    expect(await inventoryOf(who.product.id)).toBe(4);
    expect((await paymentRow(paymentIntentId))!.status).not.toBe("succeeded");
  });

  it("refunds at Stripe when the stock ran out after paying: 409, no order, payment refunded", async () => {
    const who = await shopper({ quantity: 2, priceCents: 3000, inventory: 5 });
    const paymentIntentId = await paidIntent(who);
    // someone else bought the rest meanwhile
    await database.db.update(products).set({ inventory: 1 }).where(eq(products.id, who.product.id));

    const response = await placeOrder(who, paymentIntentId);
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/refund/i);
    expect(response.body.message).toContain(who.product.name);
    expect(await ordersOf(who.user.id)).toEqual([]);
    expect(await inventoryOf(who.product.id)).toBe(1);

    const refunds = standIn.refundsOf(paymentIntentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 6000, currency: "usd", status: "succeeded" });
    const refundCall = standIn.requestsTo("POST", "/v1/refunds").find((r) => r.body.payment_intent === paymentIntentId);
    expect(refundCall?.idempotencyKey).toBeTruthy();
    const payment = await paymentRow(paymentIntentId);
    expect(payment!.status).toBe("refunded");

    // a retry, or Stripe's webhook for the same payment, places nothing and refunds nothing twice
    expect((await placeOrder(who, paymentIntentId)).status).toBe(402);
    const webhook = await sendWebhook(standIn.event("payment_intent.succeeded", standIn.intent(paymentIntentId)));
    expect(webhook.status).toBe(200);
    expect(await ordersOf(who.user.id)).toEqual([]);
    expect(standIn.refundsOf(paymentIntentId)).toHaveLength(1);
  });
});

describe("Stripe webhooks", () => {
  it("places the order for a signed payment_intent.succeeded when the browser never came back, once", async () => {
    const who = await shopper({ quantity: 3, priceCents: 1999, inventory: 8 });
    const { paymentIntentId } = (await createIntent(who)).body.data;
    const event = standIn.event("payment_intent.succeeded", standIn.succeed(paymentIntentId));

    const first = await sendWebhook(event);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toMatch(/^Order \d+ placed$/);
    const placed = await ordersOf(who.user.id);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.totalCents).toBe(5997);
    expect(placed[0]!.paymentId).toBe((await paymentRow(paymentIntentId))!.id);
    expect(await database.db.select().from(orderItems).where(eq(orderItems.orderId, placed[0]!.id))).toEqual([
      expect.objectContaining({ productId: who.product.id, quantity: 3, priceCents: 1999 }),
    ]);
    expect(await inventoryOf(who.product.id)).toBe(5);
    expect(await cartLines(who.user.id)).toEqual([]);

    // Stripe delivers the same event again (at-least-once delivery)
    const replay = await sendWebhook(event);
    expect(replay.status).toBe(200);
    expect(replay.body.message).toMatch(/already/);
    expect(await ordersOf(who.user.id)).toHaveLength(1);
    expect(await inventoryOf(who.product.id)).toBe(5);

    // the browser comes back late: the same order, 200
    const late = await placeOrder(who, paymentIntentId);
    expect(late.status).toBe(200);
    expect(late.body.data!.id).toBe(placed[0]!.id);
    expect(await ordersOf(who.user.id)).toHaveLength(1);
  });

  it("rejects a bad signature with 400 and places nothing", async () => {
    const who = await shopper({ quantity: 1, inventory: 3 });
    const { paymentIntentId } = (await createIntent(who)).body.data;
    const event = standIn.event("payment_intent.succeeded", standIn.succeed(paymentIntentId));

    const wrongSecret = await sendWebhook(event, { secret: "whsec_someone_else" });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.data).toBeNull();
    const garbage = await sendWebhook(event, { signature: "t=1,v1=deadbeef" });
    expect(garbage.status).toBe(400);
    const none = await sendWebhook(event, { signature: "" });
    expect(none.status).toBe(400);
    // a body changed after signing
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await api.json("/payments/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload.replace(`"livemode":false`, `"livemode":false `),
    });
    expect(tampered.status).toBe(400);

    expect(await ordersOf(who.user.id)).toEqual([]);
    expect(await inventoryOf(who.product.id)).toBe(3);
  });

  it("acknowledges an event type it does not act on with 200", async () => {
    const response = await sendWebhook(standIn.event("customer.created", { id: "cus_123", object: "customer" }));
    expect(response.status).toBe(200);
    expect(response.body.message).toMatch(/ignored/i);
    expect(response.body.message).toContain("customer.created");
  });

  it("records a payment_intent.payment_failed without placing anything", async () => {
    const who = await shopper({ quantity: 1 });
    const { paymentIntentId } = (await createIntent(who)).body.data;
    const response = await sendWebhook(
      standIn.event(
        "payment_intent.payment_failed",
        standIn.decline(paymentIntentId, "Your card has insufficient funds."),
      ),
    );
    expect(response.status).toBe(200);
    expect(await ordersOf(who.user.id)).toEqual([]);
    expect((await paymentRow(paymentIntentId))!.failureMessage).toBe("Your card has insufficient funds.");
  });
});

describe("Stripe's hosted Checkout (no JavaScript)", () => {
  const urls = {
    successUrl: "http://127.0.0.1:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://127.0.0.1:3000/cart",
  };

  async function createSession(who: Shopper, extra: Record<string, unknown> = {}) {
    return api.json<Envelope<{ sessionId: string; url: string }>>(
      "/orders/create-checkout-session",
      post({ ...urls, ...extra }, who.auth),
    );
  }

  it("sends the server's prices as line items, refuses the order until paid (402), places it after (201)", async () => {
    const who = await shopper({ quantity: 2, priceCents: 1250, inventory: 6 });
    const before = standIn.requestsTo("POST", "/v1/checkout/sessions").length;
    const created = await createSession(who, { amount: 25, email: who.user.email });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { sessionId, url } = created.body.data;
    expect(sessionId).toMatch(/^cs_test_/);
    expect(url).toBe(standIn.session(sessionId).url);

    const calls = standIn.requestsTo("POST", "/v1/checkout/sessions").slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toBeTruthy();
    expect(calls[0]!.body).toMatchObject({
      mode: "payment",
      customer_email: who.user.email,
      success_url: urls.successUrl,
      cancel_url: urls.cancelUrl,
      line_items: [
        {
          quantity: "2",
          price_data: {
            currency: "usd",
            unit_amount: "1250",
            product_data: { name: `${who.product.brand} ${who.product.name}` },
          },
        },
      ],
    });
    expect(standIn.session(sessionId)).toMatchObject({
      amount_total: 2500,
      currency: "usd",
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
    });
    expect(await paymentRow(sessionId)).toMatchObject({ userId: who.user.id, amountCents: 2500, provider: "stripe" });

    const early = await placeOrder(who, sessionId);
    expect(early.status).toBe(402);
    expect(await ordersOf(who.user.id)).toEqual([]);

    standIn.markSessionPaid(sessionId);
    const placed = await placeOrder(who, sessionId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data).toMatchObject({
      totalAmount: 25,
      items: [expect.objectContaining({ productId: who.product.id, quantity: 2, price: 12.5 })],
    });
    expect(await inventoryOf(who.product.id)).toBe(4);
    expect(await cartLines(who.user.id)).toEqual([]);
  });

  it("refuses a shown amount that is not the cart's total with 409 and creates no session", async () => {
    const who = await shopper({ quantity: 1, priceCents: 1250 });
    const before = standIn.sessions.size;
    const response = await createSession(who, { amount: 10 });
    expect(response.status).toBe(409);
    expect(standIn.sessions.size).toBe(before);
  });

  it("places the order on a signed checkout.session.completed, once", async () => {
    const who = await shopper({ quantity: 1, priceCents: 8900, inventory: 2 });
    const { sessionId } = (await createSession(who)).body.data;
    const event = standIn.event("checkout.session.completed", standIn.markSessionPaid(sessionId));

    const first = await sendWebhook(event);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toMatch(/^Order \d+ placed$/);
    const replay = await sendWebhook(event);
    expect(replay.status).toBe(200);
    const placed = await ordersOf(who.user.id);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ totalCents: 8900, paymentId: (await paymentRow(sessionId))!.id });
    expect(await inventoryOf(who.product.id)).toBe(1);

    const late = await placeOrder(who, sessionId);
    expect(late.status).toBe(200);
    expect(late.body.data!.id).toBe(placed[0]!.id);
    expect(
      await database.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, who.user.id), eq(orders.paymentId, placed[0]!.paymentId!))),
    ).toHaveLength(1);
  });
});
