import { z } from "zod/v4";
import { ShippingMethodIdSchema } from "~/schemas/orders";
import {
  BillingSchema,
  CreatePaymentIntentSchema,
  PaymentConfigSchema,
  PaymentIntentSchema,
  ShippingAddressIdSchema,
  TestConfirmResultSchema,
  TestConfirmSchema,
} from "~/schemas/payments";
import {
  createCheckoutSession,
  createPaymentIntent,
  getPaymentConfig,
} from "~/services/orders/payment-attempts.server";
import { confirmTestPayment } from "~/services/orders/test-payments.server";
import { handlePaymentWebhook } from "~/services/orders/orders.server";
import { defineRoute } from "../define";

const AbsoluteUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).max(2000);

const CheckoutSessionRequestSchema = z.object({
  amount: z.number().positive().optional(),
  email: z.email().optional(),
  /** where Stripe sends the shopper after paying; Stripe replaces {CHECKOUT_SESSION_ID} */
  successUrl: AbsoluteUrl,
  cancelUrl: AbsoluteUrl,
  shippingAddressId: ShippingAddressIdSchema,
  shippingMethodId: ShippingMethodIdSchema,
  billing: BillingSchema.optional(),
});
const CheckoutSessionSchema = z.object({ sessionId: z.string(), url: z.string() });

const MAX_WEBHOOK_BYTES = 512 * 1024;

/** Payments: the provider's configuration, a payment for the cart, test-mode cards and the provider's webhook. */
export const paymentRoutes = {
  config: defineRoute(
    {
      method: "get",
      path: "/payments/config",
      tag: "payments",
      summary: "Which payment provider the shop uses",
      response: PaymentConfigSchema,
    },
    async () => ({ message: "Found", data: getPaymentConfig() }),
  ),

  createIntent: defineRoute(
    {
      method: "post",
      path: "/orders/create-payment-intent",
      rateLimit: "checkout",
      tag: "payments",
      summary: "A payment for the caller's cart total, computed on the server (a sent amount is only checked)",
      access: "user",
      body: CreatePaymentIntentSchema,
      response: PaymentIntentSchema,
    },
    async ({ actor, body }) => {
      const intent = await createPaymentIntent({
        actor,
        amount: body.amount,
        shippingAddressId: body.shippingAddressId,
        shippingMethodId: body.shippingMethodId,
        billing: body.billing,
      });
      // the reference client reads clientSecret at the top level
      return { message: "Payment created", data: intent, extra: { clientSecret: intent.clientSecret } };
    },
  ),

  checkoutSession: defineRoute(
    {
      method: "post",
      path: "/orders/create-checkout-session",
      rateLimit: "checkout",
      tag: "payments",
      summary: "Stripe's hosted payment page for the caller's cart (checkout without JavaScript; Stripe only)",
      access: "user",
      body: CheckoutSessionRequestSchema,
      response: CheckoutSessionSchema,
    },
    async ({ actor, body }) => ({
      message: "Checkout session created",
      data: await createCheckoutSession({ actor, ...body }),
    }),
  ),

  testConfirm: defineRoute(
    {
      method: "post",
      path: "/payments/test/confirm",
      rateLimit: "checkout",
      tag: "payments",
      summary: "Pay a test-mode payment with a card (Stripe's test cards and outcomes; 404 unless in test mode)",
      access: "user",
      body: TestConfirmSchema,
      response: TestConfirmResultSchema,
    },
    async ({ actor, body }) => {
      const { paymentIntentId, ...card } = body;
      const result = await confirmTestPayment({ actor, paymentIntentId, card });
      return { message: result.error ? result.error.message : "Payment succeeded", data: result };
    },
  ),

  webhook: defineRoute(
    {
      method: "post",
      path: "/payments/webhook",
      rateLimit: false,
      tag: "payments",
      summary: "The payment provider's signed events (Stripe); idempotent",
      // the signature covers the exact bytes: the body stays text
      body: z.string(),
      bodyType: "text",
      maxBodyBytes: MAX_WEBHOOK_BYTES,
      response: z.object({ received: z.boolean() }),
    },
    async ({ body, request }) => {
      const message = await handlePaymentWebhook({
        rawBody: body,
        signature: request.header("stripe-signature") ?? "",
      });
      return { message, data: { received: true } };
    },
  ),
};
