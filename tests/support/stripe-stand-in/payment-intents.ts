// POST /v1/payment_intents, GET /v1/payment_intents/{id}, and its /confirm and /cancel.
import { integerParam, missing, now, randomId, stringMap, StripeError } from "./common";
import type { StandInPaymentIntent, StandInStore } from "./types";

/** Payment methods Stripe's test mode knows, with their outcomes (https://docs.stripe.com/testing). */
const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  pm_card_chargeDeclined: {
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
  },
  pm_card_visa_chargeDeclined: {
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  pm_card_chargeDeclinedExpiredCard: {
    code: "expired_card",
    decline_code: "expired_card",
    message: "Your card has expired.",
  },
};

export function newIntent(
  store: StandInStore,
  values: {
    amount: number;
    currency: string;
    metadata: Record<string, string>;
    automatic_payment_methods: StandInPaymentIntent["automatic_payment_methods"];
    payment_method_types: string[];
    description?: string | null;
    receipt_email?: string | null;
  },
): StandInPaymentIntent {
  const id = `pi_${randomId()}`;
  const intent: StandInPaymentIntent = {
    id,
    object: "payment_intent",
    amount: values.amount,
    amount_capturable: 0,
    amount_received: 0,
    automatic_payment_methods: values.automatic_payment_methods,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic",
    client_secret: `${id}_secret_${randomId()}`,
    confirmation_method: "automatic",
    created: now(),
    currency: values.currency,
    customer: null,
    description: values.description ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: values.metadata,
    payment_method: null,
    payment_method_types: values.payment_method_types,
    receipt_email: values.receipt_email ?? null,
    status: "requires_payment_method",
  };
  store.intents.set(id, intent);
  return intent;
}

export function createIntent(store: StandInStore, body: Record<string, unknown>) {
  const amount = integerParam(body, "amount")!;
  if (amount < 50) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "amount_too_small",
      param: "amount",
      message: "Amount must be at least $0.50 usd",
    });
  }
  if (typeof body.currency !== "string" || !/^[a-z]{3}$/i.test(body.currency)) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "parameter_missing",
      param: "currency",
      message: "Missing required param: currency.",
    });
  }
  const apm = body.automatic_payment_methods as Record<string, string> | undefined;
  return newIntent(store, {
    amount,
    currency: body.currency.toLowerCase(),
    metadata: stringMap(body.metadata),
    automatic_payment_methods: apm
      ? { enabled: apm.enabled === "true", ...(apm.allow_redirects ? { allow_redirects: apm.allow_redirects } : {}) }
      : null,
    payment_method_types: ["card"],
    description: typeof body.description === "string" ? body.description : null,
    receipt_email: typeof body.receipt_email === "string" ? body.receipt_email : null,
  });
}

export function getIntent(store: StandInStore, id: string) {
  const intent = store.intents.get(id);
  if (!intent) throw missing("payment_intent", id);
  return intent;
}

/** The card was charged (what Stripe.js's confirmPayment ends in): status succeeded, amount_received = amount. */
export function succeedIntent(intent: StandInPaymentIntent): StandInPaymentIntent {
  intent.status = "succeeded";
  intent.amount_received = intent.amount;
  intent.amount_capturable = 0;
  intent.last_payment_error = null;
  intent.payment_method ??= `pm_${randomId()}`;
  intent.latest_charge ??= `ch_${randomId()}`;
  return intent;
}

export function confirmIntent(store: StandInStore, id: string, body: Record<string, unknown>, publishable: boolean) {
  const intent = getIntent(store, id);
  if (publishable && body.client_secret !== intent.client_secret) {
    throw missing("payment_intent", id);
  }
  if (intent.status !== "requires_payment_method" && intent.status !== "requires_confirmation") {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "payment_intent_unexpected_state",
      message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
      payment_intent: structuredClone(intent),
    });
  }
  const paymentMethod = typeof body.payment_method === "string" ? body.payment_method : "pm_card_visa";
  const decline = DECLINES[paymentMethod];
  if (decline) {
    intent.last_payment_error = { type: "card_error", ...decline };
    intent.status = "requires_payment_method";
    throw new StripeError(402, { type: "card_error", ...decline, payment_intent: structuredClone(intent) });
  }
  intent.payment_method = paymentMethod.startsWith("pm_card_") ? `pm_${randomId()}` : paymentMethod;
  return succeedIntent(intent);
}

export function cancelIntent(store: StandInStore, id: string, body: Record<string, unknown>) {
  const intent = getIntent(store, id);
  if (intent.status === "succeeded" || intent.status === "canceled") {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "payment_intent_unexpected_state",
      message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
    });
  }
  intent.status = "canceled";
  intent.canceled_at = now();
  intent.cancellation_reason = typeof body.cancellation_reason === "string" ? body.cancellation_reason : null;
  return intent;
}
