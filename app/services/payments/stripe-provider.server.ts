import Stripe from "stripe";
import type { StripeConfig } from "~/lib/env.server";
import { BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from "../errors";
import type {
  CheckoutSessionInput,
  CreateIntentInput,
  PaymentEvent,
  PaymentProvider,
  ProviderPayment,
  ProviderStatus,
} from "./provider";
import { createLogger, describeError } from "~/lib/log.server";

const log = createLogger("stripe");

function intentStatus(status: Stripe.PaymentIntent.Status): ProviderStatus {
  if (status === "succeeded") return "succeeded";
  if (status === "processing") return "processing";
  if (status === "canceled") return "canceled";
  return "requires_payment_method";
}

function fromIntent(intent: Stripe.PaymentIntent): ProviderPayment {
  return {
    id: intent.id,
    status: intentStatus(intent.status),
    amountCents: intent.amount_received > 0 ? intent.amount_received : intent.amount,
    currency: intent.currency,
    clientSecret: intent.client_secret,
    errorMessage: intent.last_payment_error?.message ?? null,
  };
}

function fromSession(session: Stripe.Checkout.Session): ProviderPayment {
  const status: ProviderStatus =
    session.payment_status === "paid"
      ? "succeeded"
      : session.status === "expired"
        ? "canceled"
        : "requires_payment_method";
  return {
    id: session.id,
    status,
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? "usd",
    clientSecret: null,
    errorMessage: null,
  };
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

/**
 * Stripe's failures as the shop's errors: Stripe unreachable, failing or rate limiting is a 503 to try again later; a
 * replayed idempotency key with other parameters is a checkout that changed meanwhile (409). The rest stays as it is.
 */
async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError
    ) {
      log.warn(`${error.type}: ${describeError(error)}`);
      throw new ServiceUnavailableError(
        "The payment service is not answering right now. Please try again in a minute.",
        30,
      );
    }
    if (error instanceof Stripe.errors.StripeIdempotencyError) {
      throw new ConflictError("This checkout changed while it was being paid. Please reload the page and try again.");
    }
    throw error;
  }
}

/** Stripe: PaymentIntents for Elements, Checkout Sessions for browsers without JavaScript, signed webhooks. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | undefined;

  constructor(config: StripeConfig) {
    this.publishableKey = config.publishableKey;
    this.webhookSecret = config.webhookSecret;
    const target = config.apiUrl ? new URL(config.apiUrl) : undefined;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(target
        ? {
            host: target.hostname,
            port: target.port || (target.protocol === "http:" ? 80 : 443),
            protocol: target.protocol === "http:" ? "http" : "https",
          }
        : {}),
    });
  }

  async createIntent({ amountCents, currency, idempotencyKey, metadata }: CreateIntentInput): Promise<ProviderPayment> {
    const intent = await stripeCall(() =>
      this.stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency,
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          metadata,
        },
        { idempotencyKey },
      ),
    );
    return fromIntent(intent);
  }

  async retrieve(id: string): Promise<ProviderPayment> {
    return stripeCall(() => this.retrieveOnce(id));
  }

  private async retrieveOnce(id: string): Promise<ProviderPayment> {
    try {
      if (id.startsWith("cs_")) return fromSession(await this.stripe.checkout.sessions.retrieve(id));
      return fromIntent(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (isMissing(error)) throw new NotFoundError(`No such payment: '${id}'`);
      throw error;
    }
  }

  async refund(id: string, idempotencyKey: string, amountCents?: number): Promise<void> {
    return stripeCall(() => this.refundOnce(id, idempotencyKey, amountCents));
  }

  async cancel(id: string, idempotencyKey: string): Promise<ProviderPayment> {
    await stripeCall(async () => {
      try {
        if (id.startsWith("cs_")) await this.stripe.checkout.sessions.expire(id, {}, { idempotencyKey });
        else await this.stripe.paymentIntents.cancel(id, {}, { idempotencyKey });
      } catch (error) {
        // paid (or finished) meanwhile: Stripe refuses to cancel it, and its state below says what it is
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    });
    return this.retrieve(id);
  }

  private async refundOnce(id: string, idempotencyKey: string, amountCents?: number): Promise<void> {
    let intentId: string | null = id;
    if (id.startsWith("cs_")) {
      const session = await this.stripe.checkout.sessions.retrieve(id);
      intentId =
        typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
      if (!intentId) {
        if (session.status === "open") await this.stripe.checkout.sessions.expire(id);
        return;
      }
    }
    const intent = await this.stripe.paymentIntents.retrieve(intentId);
    if (intent.status === "canceled") return;
    // a part of a paid payment (a return): only ever a refund, never a cancel
    if (amountCents !== undefined && intent.status !== "succeeded") {
      throw new Error(`payment ${intentId} is ${intent.status}: nothing to refund a part of`);
    }
    if (intent.status !== "succeeded") {
      // a key of its own: Stripe keeps a key to the endpoint it was first used with
      await this.stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: `cancel-${idempotencyKey}` });
      return;
    }
    try {
      await this.stripe.refunds.create(
        {
          payment_intent: intentId,
          reason: "requested_by_customer",
          ...(amountCents !== undefined ? { amount: amountCents } : {}),
        },
        { idempotencyKey },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_already_refunded") return;
      throw error;
    }
  }

  async createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }> {
    const session = await stripeCall(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: input.lines.map((line) => ({
            quantity: line.quantity,
            price_data: { currency: input.currency, unit_amount: line.priceCents, product_data: { name: line.name } },
          })),
          customer_email: input.email,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: input.metadata,
          payment_intent_data: { metadata: input.metadata },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
    return { id: session.id, url: session.url };
  }

  async parseWebhook(rawBody: string, signature: string): Promise<PaymentEvent> {
    if (!this.webhookSecret) throw new NotFoundError("Webhooks are not configured (set STRIPE_WEBHOOK_SECRET).");
    let event: Stripe.Event;
    try {
      event = await this.stripe.webhooks.constructEventAsync(rawBody, signature, this.webhookSecret);
    } catch {
      throw new BadRequestError("The webhook signature could not be verified.");
    }
    switch (event.type) {
      case "payment_intent.succeeded":
        return { type: "payment.succeeded", paymentId: event.data.object.id };
      case "payment_intent.payment_failed":
        return {
          type: "payment.failed",
          paymentId: event.data.object.id,
          message: event.data.object.last_payment_error?.message ?? null,
        };
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        return { type: "payment.succeeded", paymentId: event.data.object.id };
      default:
        return { type: "ignored", providerType: event.type };
    }
  }
}
