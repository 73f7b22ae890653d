// Stripe's object shapes as the stand-in answers them, and what it records of each request.

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

export interface StoredIdempotentResponse {
  method: string;
  path: string;
  rawBody: string;
  status: number;
  body: unknown;
}

/** The stand-in's memory of Stripe's objects, which the API handlers read and change. */
export interface StandInStore {
  readonly intents: Map<string, StandInPaymentIntent>;
  readonly refunds: StandInRefund[];
  readonly sessions: Map<string, StandInCheckoutSession>;
  readonly sessionExtras: Map<string, StandInSessionExtras>;
}
