import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { orderItems } from "~/db/schema";
import { useApiServer } from "../support/api-server";
import { stripeHelpers, useStripeConfig, WEBHOOK_SECRET } from "../support/stripe-payments";
import { useStripeStandIn } from "../support/stripe-stand-in";
import { useTestDatabase } from "../support/test-db";

// Stripe's webhooks, signed offline: an order placed when the browser never came back, once; bad signatures refused.

const standIn = useStripeStandIn(); // first: the configuration below needs its url
const database = useTestDatabase();
const api = useApiServer();
useStripeConfig(standIn);
const helpers = stripeHelpers(api, database, standIn);
const { shopper, createIntent, placeOrder, sendWebhook, ordersOf, paymentRow, inventoryOf, cartLines } = helpers;

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
