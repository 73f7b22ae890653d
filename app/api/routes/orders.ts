import { z } from "zod/v4";
import { IdSchema } from "~/schemas/common";
import {
  AdminOrderPageSchema,
  AdminOrdersQuerySchema,
  CreatePaymentIntentSchema,
  OrderStatusInputSchema,
  OrderSchema,
  PaymentConfigSchema,
  PaymentIntentSchema,
  PlaceOrderSchema,
  TestConfirmResultSchema,
  TestConfirmSchema,
} from "~/schemas/orders";
import { assertOwnerOrAdmin } from "~/services/access";
import { BadRequestError, PayloadTooLargeError, ValidationError } from "~/services/errors";
import { changeOrderStatus, listAllOrders } from "~/services/admin-orders.server";
import {
  confirmTestPayment,
  createCheckoutSession,
  createPaymentIntent,
  getPaymentConfig,
  handlePaymentWebhook,
  listOrders,
  placeOrder,
} from "~/services/orders.server";
import { fieldErrors, type ApiRouter } from "../define";

const UserIdParams = z.object({ userId: IdSchema });

const AbsoluteUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).max(2000);

export const CheckoutSessionRequestSchema = z.object({
  amount: z.number().positive().optional(),
  email: z.email().optional(),
  /** where Stripe sends the shopper after paying; Stripe replaces {CHECKOUT_SESSION_ID} */
  successUrl: AbsoluteUrl,
  cancelUrl: AbsoluteUrl,
});
export const CheckoutSessionSchema = z.object({ sessionId: z.string(), url: z.string() });

const MAX_WEBHOOK_BYTES = 512 * 1024;

export function registerOrderRoutes(api: ApiRouter) {
  api.route(
    {
      method: "get",
      path: "/payments/config",
      tag: "payments",
      summary: "Which payment provider the shop uses",
      response: PaymentConfigSchema,
    },
    async () => ({ message: "Found", data: getPaymentConfig() }),
  );

  api.route(
    {
      method: "post",
      path: "/orders/create-payment-intent",
      tag: "payments",
      summary: "A payment for the caller's cart total, computed on the server (a sent amount is only checked)",
      access: "user",
      body: CreatePaymentIntentSchema,
      response: PaymentIntentSchema,
    },
    async ({ c, body }) => {
      const intent = await createPaymentIntent({
        actor: c.get("actor"),
        amount: body.amount,
        currency: body.currency,
        checkoutId: body.checkoutId,
      });
      // the reference client reads clientSecret at the top level
      return c.json({ message: "Payment created", data: intent, clientSecret: intent.clientSecret }, 200);
    },
  );

  api.route(
    {
      method: "post",
      path: "/orders/create-checkout-session",
      tag: "payments",
      summary: "Stripe's hosted payment page for the caller's cart (checkout without JavaScript; Stripe only)",
      access: "user",
      body: CheckoutSessionRequestSchema,
      response: CheckoutSessionSchema,
    },
    async ({ c, body }) => ({
      message: "Checkout session created",
      data: await createCheckoutSession({ actor: c.get("actor"), ...body }),
    }),
  );

  api.route(
    {
      method: "post",
      path: "/payments/test/confirm",
      tag: "payments",
      summary: "Pay a test-mode payment with a card (Stripe's test cards and outcomes; 404 unless in test mode)",
      access: "user",
      body: TestConfirmSchema,
      response: TestConfirmResultSchema,
    },
    async ({ c, body }) => {
      const { paymentIntentId, ...card } = body;
      const result = await confirmTestPayment({ actor: c.get("actor"), paymentIntentId, card });
      return { message: result.error ? result.error.message : "Payment succeeded", data: result };
    },
  );

  api.route(
    {
      method: "post",
      path: "/orders/user/{userId}/place-order",
      tag: "orders",
      summary:
        "Place the order of a succeeded, unused payment for the cart (402 without one; 409 when stock ran out, refunded)",
      access: "owner",
      params: UserIdParams,
      // the optional body is read by the handler: the reference client sends none (and no content type)
      response: OrderSchema,
      status: 201,
    },
    async ({ c, params }) => {
      // the body is optional: the reference client sends none
      assertOwnerOrAdmin(c.get("actor"), params.userId);
      const raw = (await c.req.text()).trim();
      if (raw.length > 64 * 1024) throw new PayloadTooLargeError("The request body is larger than 64 KB.");
      const parsed = PlaceOrderSchema.safeParse(raw ? parseJson(raw) : {});
      if (!parsed.success) throw new ValidationError("Validation failed", fieldErrors(parsed.error));
      const body = parsed.data;
      const { order, created } = await placeOrder({
        actor: c.get("actor"),
        userId: params.userId,
        paymentIntentId: body.paymentIntentId,
        billing: body.billing,
      });
      const message = created
        ? "Payment successful! Your order has been placed."
        : "This order has already been placed.";
      return c.json({ message, data: order, order }, created ? 201 : 200);
    },
  );

  api.route(
    {
      method: "get",
      path: "/orders/user/{userId}/orders",
      tag: "orders",
      summary: "A user's orders, newest first",
      access: "owner",
      params: UserIdParams,
      response: z.array(OrderSchema),
    },
    async ({ c, params }) => ({
      message: "Found",
      data: await listOrders({ actor: c.get("actor"), userId: params.userId }),
    }),
  );

  api.route(
    {
      method: "get",
      path: "/orders/all",
      tag: "orders",
      summary: "Every order, newest first, optionally by status (admin)",
      access: "admin",
      query: AdminOrdersQuerySchema,
      response: AdminOrderPageSchema,
    },
    async ({ c, query }) => ({ message: "Found", data: await listAllOrders({ actor: c.get("actor"), ...query }) }),
  );

  api.route(
    {
      method: "put",
      path: "/orders/order/{orderId}/status",
      tag: "orders",
      summary:
        "Move an order one step (PENDING → PROCESSING → SHIPPED → DELIVERED) or cancel it before shipping (stock back, payment refunded)",
      access: "admin",
      params: z.object({ orderId: IdSchema }),
      body: OrderStatusInputSchema,
      bodyType: "json-or-form",
      response: OrderSchema,
    },
    async ({ c, params, body }) => {
      const { order, message } = await changeOrderStatus({
        actor: c.get("actor"),
        orderId: params.orderId,
        status: body.status,
      });
      return { message, data: order };
    },
  );

  api.route(
    {
      method: "post",
      path: "/payments/webhook",
      tag: "payments",
      summary: "The payment provider's signed events (Stripe); idempotent",
    },
    async ({ c }) => {
      const raw = await c.req.text();
      if (raw.length > MAX_WEBHOOK_BYTES) throw new PayloadTooLargeError("The event is too large.");
      const message = await handlePaymentWebhook({ rawBody: raw, signature: c.req.header("stripe-signature") ?? "" });
      return { message, data: { received: true } };
    },
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError("The request body is not valid JSON.");
  }
}
