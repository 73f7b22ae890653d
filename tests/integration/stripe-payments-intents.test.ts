import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments, products } from "~/db/schema";
import type { OrderDto } from "~/schemas/orders";
import { useApiServer } from "../support/api-server";
import { PUBLISHABLE_KEY, SECRET_KEY, stripeHelpers, useStripeConfig } from "../support/stripe-payments";
import type { Envelope } from "../support/requests";
import { useStripeStandIn } from "../support/stripe-stand-in";
import { useTestDatabase } from "../support/test-db";

// The Stripe path of payments (decision 0007; docs/api.md#payments and #orders), over real HTTP, with the real stripe
// SDK talking to a local stand-in of Stripe's API: PaymentIntents, confirmed as Stripe.js does.

const standIn = useStripeStandIn(); // first: the configuration below needs its url
const database = useTestDatabase();
const api = useApiServer();
useStripeConfig(standIn);
const helpers = stripeHelpers(api, database, standIn);
const { shopper, createIntent, paidIntent, confirmAtStripe, placeOrder, sendWebhook } = helpers;
const { ordersOf, paymentRow, inventoryOf, cartLines } = helpers;

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

  it("refuses the test-payments checkout (404): with Stripe no card reaches the shop, and nothing is created", async () => {
    const who = await shopper({ quantity: 1 });
    const before = standIn.requestsTo("POST", "/v1/payment_intents").length;
    const card = { cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };
    const billing = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      street: "1 Main St",
      city: "Austin",
      country: "US",
      postalCode: "78701",
    };
    const response = await api.json<Envelope<null>>(`/orders/user/${who.user.id}/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json", ...who.auth },
      body: JSON.stringify({ billing, card }),
    });
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/Test payments are off/);
    expect(standIn.requestsTo("POST", "/v1/payment_intents").length).toBe(before);
    expect(await database.db.select().from(payments).where(eq(payments.userId, who.user.id))).toEqual([]);
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
