import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { useApiServer } from "../support/api-server";
import { SECRET_KEY, useStripeConfig } from "../support/stripe-payments";
import { useStripeStandIn } from "../support/stripe-stand-in";
import { useTestDatabase } from "../support/test-db";

// The local stand-in of Stripe's API (tests/support/stripe-stand-in) answers the real stripe SDK as Stripe does.

const standIn = useStripeStandIn(); // first: the configuration below needs its url
// the shop's side as in the other Stripe files, though these tests talk to the stand-in only
useTestDatabase();
useApiServer();
useStripeConfig(standIn);

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
