// POST /v1/refunds: a refund of a succeeded payment intent, never more than was received.
import { integerParam, now, randomId, stringMap, StripeError } from "./common";
import { getIntent } from "./payment-intents";
import type { StandInRefund, StandInStore } from "./types";

export function refundsOf(store: StandInStore, paymentIntentId: string): StandInRefund[] {
  return store.refunds.filter((r) => r.payment_intent === paymentIntentId);
}

export function createRefund(store: StandInStore, body: Record<string, unknown>) {
  const intentId = body.payment_intent;
  if (typeof intentId !== "string" || !intentId) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "parameter_missing",
      param: "payment_intent",
      message: "One of the following params should be provided for this request: payment_intent or charge.",
    });
  }
  const intent = getIntent(store, intentId);
  if (intent.status !== "succeeded" || !intent.latest_charge) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "charge_not_refundable",
      message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
    });
  }
  const refunded = refundsOf(store, intentId).reduce((sum, r) => sum + r.amount, 0);
  const amount = integerParam(body, "amount", { required: false }) ?? intent.amount_received - refunded;
  if (refunded >= intent.amount_received) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "charge_already_refunded",
      message: `Charge ${intent.latest_charge} has already been refunded.`,
    });
  }
  if (amount <= 0 || amount > intent.amount_received - refunded) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "amount_too_large",
      param: "amount",
      message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount_received - refunded) / 100).toFixed(2)})`,
    });
  }
  const refund: StandInRefund = {
    id: `re_${randomId()}`,
    object: "refund",
    amount,
    charge: intent.latest_charge,
    created: now(),
    currency: intent.currency,
    metadata: stringMap(body.metadata),
    payment_intent: intentId,
    reason: typeof body.reason === "string" ? body.reason : null,
    status: "succeeded",
  };
  store.refunds.push(refund);
  return refund;
}
