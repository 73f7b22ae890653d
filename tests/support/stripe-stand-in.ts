import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import qs from "qs";
import { afterAll, beforeAll } from "vitest";

/**
 * A local stand-in for the part of Stripe's API that the shop's StripePaymentProvider uses, so the Stripe path is
 * tested over real HTTP with the real `stripe` SDK and no network (stack-notes.md). It answers with Stripe's object
 * shapes, form-encoded requests, Idempotency-Key replay and Stripe's error JSON, and keeps its state in memory for
 * assertions. Test helpers (`succeed`, `setAmountReceived`, `markSessionPaid`, …) play the parts that happen in the
 * shopper's browser or at the card network.
 */

export interface StandInPaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: "automatic";
  client_secret: string;
  confirmation_method: "automatic";
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status:
    | "requires_payment_method"
    | "requires_confirmation"
    | "requires_action"
    | "processing"
    | "requires_capture"
    | "canceled"
    | "succeeded";
}

export interface StandInRefund {
  id: string;
  object: "refund";
  amount: number;
  charge: string | null;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
}

export interface StandInLineItem {
  quantity: number;
  price_data: { currency: string; unit_amount: number; product_data: { name: string } };
}

export interface StandInCheckoutSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string | null;
  url: string | null;
}

/** What the stand-in keeps beside a session (Stripe does not return line_items unless expanded). */
export interface StandInSessionExtras {
  lineItems: StandInLineItem[];
  paymentIntentMetadata: Record<string, string>;
}

export interface LoggedRequest {
  method: string;
  /** without the query string */
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  stripeVersion: string | undefined;
  /** the form body parsed with qs (values are strings, as sent) */
  body: Record<string, unknown>;
  status: number;
  /** true when the answer was the replay of an earlier request with the same Idempotency-Key */
  replayed: boolean;
}

interface StoredIdempotentResponse {
  method: string;
  path: string;
  rawBody: string;
  status: number;
  body: unknown;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly error: {
      type: string;
      code?: string;
      decline_code?: string;
      message: string;
      param?: string;
      payment_intent?: unknown;
    },
  ) {
    super(error.message);
  }
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function randomId(length = 24) {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

const now = () => Math.floor(Date.now() / 1000);

const missing = (kind: string, id: string) =>
  new StripeError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param: "id",
    message: `No such ${kind}: '${id}'`,
  });

function integerParam(body: Record<string, unknown>, name: string, { required = true } = {}): number | undefined {
  const raw = body[name];
  if (raw === undefined || raw === "") {
    if (!required) return undefined;
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "parameter_missing",
      param: name,
      message: `Missing required param: ${name}.`,
    });
  }
  const value = Number(raw);
  if (typeof raw !== "string" || !/^-?\d+$/.test(raw) || !Number.isSafeInteger(value)) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "parameter_invalid_integer",
      param: name,
      message: `Invalid integer: ${String(raw)}`,
    });
  }
  return value;
}

function stringMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object") return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

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

export class StripeStandIn {
  readonly intents = new Map<string, StandInPaymentIntent>();
  readonly refunds: StandInRefund[] = [];
  readonly sessions = new Map<string, StandInCheckoutSession>();
  readonly sessionExtras = new Map<string, StandInSessionExtras>();
  readonly requests: LoggedRequest[] = [];
  private readonly idempotent = new Map<string, StoredIdempotentResponse>();
  private server: http.Server | undefined;
  private origin = "";

  /** e.g. http://127.0.0.1:40123, for STRIPE_API_URL */
  get url() {
    if (!this.origin) throw new Error("The Stripe stand-in is not listening yet");
    return this.origin;
  }

  async listen(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    // the SDK keeps connections alive: do not let them hold the process open after close()
    this.server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Forgets every object and request. */
  reset() {
    this.intents.clear();
    this.refunds.length = 0;
    this.sessions.clear();
    this.sessionExtras.clear();
    this.requests.length = 0;
    this.idempotent.clear();
  }

  // ------------------------------------------------------------------ helpers for tests

  /** The requests with this method whose path matches (a string is an exact path). */
  requestsTo(method: string, path: string | RegExp): LoggedRequest[] {
    return this.requests.filter(
      (r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)),
    );
  }

  intent(id: string): StandInPaymentIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`The Stripe stand-in has no payment intent ${id}`);
    return intent;
  }

  session(id: string): StandInCheckoutSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`The Stripe stand-in has no checkout session ${id}`);
    return session;
  }

  refundsOf(paymentIntentId: string): StandInRefund[] {
    return this.refunds.filter((r) => r.payment_intent === paymentIntentId);
  }

  /** The card was charged (what Stripe.js's confirmPayment ends in): status succeeded, amount_received = amount. */
  succeed(id: string): StandInPaymentIntent {
    const intent = this.intent(id);
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    intent.amount_capturable = 0;
    intent.last_payment_error = null;
    intent.payment_method ??= `pm_${randomId()}`;
    intent.latest_charge ??= `ch_${randomId()}`;
    return intent;
  }

  /** Makes the intent report another amount received (a tampered or partial payment). */
  setAmountReceived(id: string, cents: number): StandInPaymentIntent {
    const intent = this.intent(id);
    intent.amount_received = cents;
    return intent;
  }

  /** A declined attempt: the intent stays open for another card, with the network's message. */
  decline(id: string, message = "Your card was declined."): StandInPaymentIntent {
    const intent = this.intent(id);
    intent.status = "requires_payment_method";
    intent.last_payment_error = { type: "card_error", code: "card_declined", decline_code: "generic_decline", message };
    return intent;
  }

  /** The shopper paid on the hosted page: a succeeded payment intent for the total, linked to the session. */
  markSessionPaid(id: string): StandInCheckoutSession {
    const session = this.session(id);
    if (session.status !== "open") throw new Error(`Checkout session ${id} is ${session.status}, not open`);
    const intent = this.newIntent({
      amount: session.amount_total,
      currency: session.currency,
      metadata: this.sessionExtras.get(id)?.paymentIntentMetadata ?? {},
      automatic_payment_methods: null,
      payment_method_types: ["card"],
    });
    this.succeed(intent.id);
    session.payment_intent = intent.id;
    session.payment_status = "paid";
    session.status = "complete";
    session.url = null;
    return session;
  }

  /** A Stripe event object around a resource, as Stripe posts it to a webhook endpoint. */
  event(type: string, object: unknown) {
    return {
      id: `evt_${randomId()}`,
      object: "event",
      api_version: "2026-10-28.endive",
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: `req_${randomId(14)}`, idempotency_key: null },
      type,
    };
  }

  // ------------------------------------------------------------------ the API

  private newIntent(values: {
    amount: number;
    currency: string;
    metadata: Record<string, string>;
    automatic_payment_methods: StandInPaymentIntent["automatic_payment_methods"];
    payment_method_types: string[];
    description?: string | null;
    receipt_email?: string | null;
  }): StandInPaymentIntent {
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
    this.intents.set(id, intent);
    return intent;
  }

  private createIntent(body: Record<string, unknown>) {
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
    return this.newIntent({
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

  private getIntent(id: string) {
    const intent = this.intents.get(id);
    if (!intent) throw missing("payment_intent", id);
    return intent;
  }

  private confirmIntent(id: string, body: Record<string, unknown>, publishable: boolean) {
    const intent = this.getIntent(id);
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
    return this.succeed(id);
  }

  private cancelIntent(id: string, body: Record<string, unknown>) {
    const intent = this.getIntent(id);
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

  private createRefund(body: Record<string, unknown>) {
    const intentId = body.payment_intent;
    if (typeof intentId !== "string" || !intentId) {
      throw new StripeError(400, {
        type: "invalid_request_error",
        code: "parameter_missing",
        param: "payment_intent",
        message: "One of the following params should be provided for this request: payment_intent or charge.",
      });
    }
    const intent = this.getIntent(intentId);
    if (intent.status !== "succeeded" || !intent.latest_charge) {
      throw new StripeError(400, {
        type: "invalid_request_error",
        code: "charge_not_refundable",
        message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      });
    }
    const refunded = this.refundsOf(intentId).reduce((sum, r) => sum + r.amount, 0);
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
    this.refunds.push(refund);
    return refund;
  }

  private createSession(body: Record<string, unknown>) {
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
    this.sessions.set(id, session);
    this.sessionExtras.set(id, {
      lineItems,
      paymentIntentMetadata: stringMap((body.payment_intent_data as Record<string, unknown> | undefined)?.metadata),
    });
    return session;
  }

  private getSession(id: string) {
    const session = this.sessions.get(id);
    if (!session) throw missing("checkout.session", id);
    return session;
  }

  private expireSession(id: string) {
    const session = this.getSession(id);
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

  private route(method: string, path: string, body: Record<string, unknown>, publishable: boolean): unknown {
    let m: RegExpMatchArray | null;
    // a publishable key may only confirm (what Stripe.js does in the browser) and read with the client secret
    if (publishable && !(method === "POST" && /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(path))) {
      throw new StripeError(401, {
        type: "invalid_request_error",
        message: "This API call cannot be made with a publishable API key. Please use a secret API key.",
      });
    }
    if (method === "POST" && path === "/v1/payment_intents") return this.createIntent(body);
    if (method === "GET" && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) return this.getIntent(m[1]!);
    if (method === "POST" && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/)))
      return this.cancelIntent(m[1]!, body);
    if (method === "POST" && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/)))
      return this.confirmIntent(m[1]!, body, publishable);
    if (method === "POST" && path === "/v1/refunds") return this.createRefund(body);
    if (method === "POST" && path === "/v1/checkout/sessions") return this.createSession(body);
    if (method === "GET" && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) return this.getSession(m[1]!);
    if (method === "POST" && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/)))
      return this.expireSession(m[1]!);
    throw new StripeError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const method = (req.method ?? "GET").toUpperCase();
    const url = new URL(req.url ?? "/", "http://stand-in");
    const path = url.pathname;
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const idempotencyKey = header("idempotency-key");
    const authorization = header("authorization");
    const body = (
      method === "GET"
        ? qs.parse(url.search.slice(1), { depth: 10, arrayLimit: 100 })
        : qs.parse(rawBody, { depth: 10, arrayLimit: 100 })
    ) as Record<string, unknown>;
    const log: LoggedRequest = {
      method,
      path,
      idempotencyKey,
      authorization,
      stripeVersion: header("stripe-version"),
      body,
      status: 0,
      replayed: false,
    };
    this.requests.push(log);

    const send = (status: number, payload: unknown, extraHeaders: Record<string, string> = {}) => {
      log.status = status;
      const text = JSON.stringify(payload);
      res.writeHead(status, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(text),
        "request-id": `req_${randomId(14)}`,
        "stripe-version": header("stripe-version") ?? "2026-10-28.endive",
        ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        ...extraHeaders,
      });
      res.end(text);
    };

    const key = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1] ?? "";
    if (!/^(sk|rk|pk)_(test|live)_\S+$/.test(key)) {
      send(401, {
        error: {
          type: "invalid_request_error",
          message: `Invalid API Key provided: ${key ? `${key.slice(0, 8)}****` : "(none)"}`,
        },
      });
      return;
    }

    // Stripe replays the saved answer to a POST with a known Idempotency-Key (or refuses other parameters)
    if (method === "POST" && idempotencyKey) {
      const stored = this.idempotent.get(idempotencyKey);
      if (stored) {
        if (stored.method !== method || stored.path !== path || stored.rawBody !== rawBody) {
          send(400, {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
          return;
        }
        log.replayed = true;
        send(stored.status, stored.body, { "idempotent-replayed": "true" });
        return;
      }
    }

    let status = 200;
    let payload: unknown;
    try {
      payload = structuredClone(this.route(method, path, body, key.startsWith("pk_")));
    } catch (error) {
      if (!(error instanceof StripeError)) {
        status = 500;
        payload = { error: { type: "api_error", message: `Stripe stand-in failure: ${(error as Error).message}` } };
      } else {
        status = error.status;
        payload = {
          error: { ...error.error, request_log_url: `https://dashboard.stripe.com/test/logs/req_${randomId(14)}` },
        };
      }
    }
    // like Stripe, 5xx answers are not saved (the retry runs again); everything else is
    if (method === "POST" && idempotencyKey && status < 500) {
      this.idempotent.set(idempotencyKey, { method, path, rawBody, status, body: payload });
    }
    send(status, payload);
  }
}

/** Starts a stand-in on a free loopback port. */
export function startStripeStandIn(): Promise<StripeStandIn> {
  return new StripeStandIn().listen();
}

/** A stand-in for this test file: listening from beforeAll (register it before hooks that read its url) to afterAll. */
export function useStripeStandIn(): StripeStandIn {
  const standIn = new StripeStandIn();
  beforeAll(async () => {
    await standIn.listen();
  });
  afterAll(async () => {
    await standIn.close();
  });
  return standIn;
}
