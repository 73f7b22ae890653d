import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { markSessionPaid } from "./checkout-sessions";
import { succeedIntent } from "./payment-intents";
import { refundsOf } from "./refunds";
import { handleStripeRequest } from "./server";
import type {
  LoggedRequest,
  StandInCheckoutSession,
  StandInPaymentIntent,
  StandInRefund,
  StandInSessionExtras,
  StoredIdempotentResponse,
} from "./types";
import { stripeEvent } from "./webhooks";

/**
 * A local stand-in for the part of Stripe's API that the shop's StripePaymentProvider uses, so the Stripe path is
 * tested over real HTTP with the real `stripe` SDK and no network. It answers with Stripe's object
 * shapes, form-encoded requests, Idempotency-Key replay and Stripe's error JSON, and keeps its state in memory for
 * assertions. Test helpers (`succeed`, `setAmountReceived`, `markSessionPaid`, …) play the parts that happen in the
 * shopper's browser or at the card network.
 */
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
    const state = { store: this, requests: this.requests, idempotent: this.idempotent };
    this.server = http.createServer((req, res) => void handleStripeRequest(state, req, res));
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
    return refundsOf(this, paymentIntentId);
  }

  /** The card was charged (what Stripe.js's confirmPayment ends in): status succeeded, amount_received = amount. */
  succeed(id: string): StandInPaymentIntent {
    return succeedIntent(this.intent(id));
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
    return markSessionPaid(this, this.session(id));
  }

  /** A Stripe event object around a resource, as Stripe posts it to a webhook endpoint. */
  event(type: string, object: unknown) {
    return stripeEvent(type, object);
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
