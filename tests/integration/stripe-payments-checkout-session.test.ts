import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "~/db/schema";
import { useApiServer } from "../support/api-server";
import { post, stripeHelpers, useStripeConfig, type Shopper } from "../support/stripe-payments";
import type { Envelope } from "../support/requests";
import { useStripeStandIn } from "../support/stripe-stand-in";
import { useTestDatabase } from "../support/test-db";

// Stripe's hosted Checkout for shoppers without JavaScript: the session, paying on Stripe's page, its webhook.

const standIn = useStripeStandIn(); // first: the configuration below needs its url
const database = useTestDatabase();
const api = useApiServer();
useStripeConfig(standIn);
const helpers = stripeHelpers(api, database, standIn);
const { shopper, placeOrder, sendWebhook, ordersOf, paymentRow, inventoryOf, cartLines } = helpers;

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
