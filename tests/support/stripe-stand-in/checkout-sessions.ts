// POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id} and its /expire, and the payment on the hosted page.
import { integerParam, missing, now, randomId, stringMap, StripeError } from "./common";
import { newIntent, succeedIntent } from "./payment-intents";
import type { StandInCheckoutSession, StandInLineItem, StandInStore } from "./types";

export function createSession(store: StandInStore, body: Record<string, unknown>) {
  const rawLines = Array.isArray(body.line_items) ? (body.line_items as Array<Record<string, unknown>>) : [];
  if (rawLines.length === 0) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "parameter_missing",
      param: "line_items",
      message: "Missing required param: line_items.",
    });
  }
  const lineItems: StandInLineItem[] = rawLines.map((line, i) => {
    const priceData = (line.price_data ?? {}) as Record<string, unknown>;
    const productData = (priceData.product_data ?? {}) as Record<string, unknown>;
    return {
      quantity: integerParam(line, "quantity")!,
      price_data: {
        currency: String(priceData.currency ?? ""),
        unit_amount: integerParam(priceData, "unit_amount") ?? Number.NaN,
        product_data: { name: String(productData.name ?? `line ${i}`) },
      },
    };
  });
  const currency = lineItems[0]!.price_data.currency;
  const total = lineItems.reduce((sum, l) => sum + l.quantity * l.price_data.unit_amount, 0);
  const id = `cs_test_${randomId(58)}`;
  const session: StandInCheckoutSession = {
    id,
    object: "checkout.session",
    amount_subtotal: total,
    amount_total: total,
    cancel_url: typeof body.cancel_url === "string" ? body.cancel_url : null,
    client_reference_id: typeof body.client_reference_id === "string" ? body.client_reference_id : null,
    created: now(),
    currency,
    customer_email: typeof body.customer_email === "string" ? body.customer_email : null,
    expires_at: now() + 24 * 3600,
    livemode: false,
    metadata: stringMap(body.metadata),
    mode: "payment",
    payment_intent: null,
    payment_status: "unpaid",
    status: "open",
    success_url: typeof body.success_url === "string" ? body.success_url : null,
    url: `https://checkout.stripe.com/c/pay/${id}#${randomId(40)}`,
  };
  store.sessions.set(id, session);
  store.sessionExtras.set(id, {
    lineItems,
    paymentIntentMetadata: stringMap((body.payment_intent_data as Record<string, unknown> | undefined)?.metadata),
  });
  return session;
}

export function getSession(store: StandInStore, id: string) {
  const session = store.sessions.get(id);
  if (!session) throw missing("checkout.session", id);
  return session;
}

export function expireSession(store: StandInStore, id: string) {
  const session = getSession(store, id);
  if (session.status !== "open") {
    throw new StripeError(400, {
      type: "invalid_request_error",
      message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
    });
  }
  session.status = "expired";
  session.url = null;
  return session;
}

/** The shopper paid on the hosted page: a succeeded payment intent for the total, linked to the session. */
export function markSessionPaid(store: StandInStore, session: StandInCheckoutSession): StandInCheckoutSession {
  const id = session.id;
  if (session.status !== "open") throw new Error(`Checkout session ${id} is ${session.status}, not open`);
  const intent = newIntent(store, {
    amount: session.amount_total,
    currency: session.currency,
    metadata: store.sessionExtras.get(id)?.paymentIntentMetadata ?? {},
    automatic_payment_methods: null,
    payment_method_types: ["card"],
  });
  succeedIntent(intent);
  session.payment_intent = intent.id;
  session.payment_status = "paid";
  session.status = "complete";
  session.url = null;
  return session;
}
