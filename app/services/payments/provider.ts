/**
 * The payment network, behind one interface (docs/decisions/0007-payments-and-orders.md): Stripe, or the offline test
 * provider. The shop's own record of a payment is the `payments` table; a provider only knows its own side of it.
 */
export type ProviderStatus = "requires_payment_method" | "processing" | "succeeded" | "canceled" | "refunded";

export interface ProviderPayment {
  /** the provider's id: a PaymentIntent (pi_…) or a hosted Checkout Session (cs_…) */
  id: string;
  status: ProviderStatus;
  amountCents: number;
  currency: string;
  /** what the browser needs to confirm the payment (null for a Checkout Session) */
  clientSecret: string | null;
  /** the card network's message for the last failed attempt */
  errorMessage: string | null;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: string;
  /** the same key returns the same payment instead of a second one */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface CheckoutSessionInput {
  amountCents: number;
  currency: string;
  lines: Array<{ name: string; quantity: number; priceCents: number }>;
  email: string | undefined;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** A verified webhook event, reduced to what the shop acts on. */
export type PaymentEvent =
  | { type: "payment.succeeded"; paymentId: string }
  | { type: "payment.failed"; paymentId: string; message: string | null }
  | { type: "ignored"; providerType: string };

export interface PaymentProvider {
  readonly name: "stripe" | "test";
  /** for the browser (Stripe only) */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<ProviderPayment>;
  retrieve(id: string): Promise<ProviderPayment>;
  /**
   * refunds a succeeded payment (cancels one not yet paid); repeating it is harmless. With `amountCents`, only that
   * part of a succeeded payment (a return's refund, decision 0044); the payment stays succeeded.
   */
  refund(id: string, idempotencyKey: string, amountCents?: number): Promise<void>;
  /**
   * cancels a payment only while it is unpaid, and answers its state after: `canceled`, or `succeeded` when it was
   * paid meanwhile (never refunds)
   */
  cancel(id: string, idempotencyKey: string): Promise<ProviderPayment>;
  /** a hosted payment page, for browsers without JavaScript (Stripe only) */
  createCheckoutSession?(input: CheckoutSessionInput): Promise<{ id: string; url: string }>;
  /** verifies a webhook's signature on the raw body (Stripe only) */
  parseWebhook?(rawBody: string, signature: string): Promise<PaymentEvent>;
}
