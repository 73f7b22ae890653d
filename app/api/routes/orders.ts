import { z } from "zod/v4";
import { IdSchema } from "~/schemas/common";
import { AdminOrderPageSchema, AdminOrdersQuerySchema, OrderSchema, OrderStatusInputSchema } from "~/schemas/orders";
import {
  CheckoutAttemptQuerySchema,
  CheckoutAttemptSchema,
  PlaceOrderSchema,
  PurchaseResultSchema,
  PurchaseSchema,
} from "~/schemas/payments";
import { changeOrderStatus, listAllOrders } from "~/services/orders/order-admin.server";
import { currentAttempt } from "~/services/orders/payment-attempts.server";
import { getOrder, listOrders, placeOrder } from "~/services/orders/orders.server";
import { purchase } from "~/services/orders/purchase.server";
import { defineRoute } from "../define";

const UserIdParams = z.object({ userId: IdSchema });

/** Orders: placed from a succeeded payment, listed for their owner, moved through their statuses by an admin. */
export const orderRoutes = {
  checkoutAttempt: defineRoute(
    {
      method: "get",
      path: "/orders/user/{userId}/checkout-attempt",
      tag: "orders",
      summary: "The checkout attempt of the user's cart: a key that stays the same until the attempt ends",
      access: "owner",
      params: UserIdParams,
      query: CheckoutAttemptQuerySchema,
      response: CheckoutAttemptSchema,
    },
    async ({ params, query }) => ({
      message: "Found",
      data: await currentAttempt({ userId: params.userId, ...query }),
    }),
  ),

  checkout: defineRoute(
    {
      method: "post",
      path: "/orders/user/{userId}/checkout",
      rateLimit: "checkout",
      tag: "orders",
      summary:
        "Test payments: pay the cart with a test card and place its order in one request, at most one charge per attempt (402 declined; 409 cart changed or sold out, refunded)",
      access: "owner",
      params: UserIdParams,
      body: PurchaseSchema,
      maxBodyBytes: 64 * 1024,
      response: PurchaseResultSchema,
      status: 201,
    },
    async ({ actor, params, body }) => {
      const outcome = await purchase({ actor, userId: params.userId, ...body });
      const message = outcome.created
        ? "Payment successful! Your order has been placed."
        : "This order has already been placed.";
      return { message, data: outcome, status: outcome.created ? 201 : 200 };
    },
  ),

  place: defineRoute(
    {
      method: "post",
      path: "/orders/user/{userId}/place-order",
      tag: "orders",
      summary:
        "Place the order of a succeeded, unused payment for the cart (402 without one; 409 when stock ran out, refunded)",
      access: "owner",
      params: UserIdParams,
      // optional: the reference client sends no body (and no content type)
      body: PlaceOrderSchema,
      bodyType: "json-optional",
      maxBodyBytes: 64 * 1024,
      response: OrderSchema,
      status: 201,
    },
    async ({ actor, params, body }) => {
      const { order, created } = await placeOrder({
        actor,
        userId: params.userId,
        paymentIntentId: body.paymentIntentId,
        billing: body.billing,
        shippingAddressId: body.shippingAddressId,
      });
      const message = created
        ? "Payment successful! Your order has been placed."
        : "This order has already been placed.";
      return { message, data: order, status: created ? 201 : 200, extra: { order } };
    },
  ),

  list: defineRoute(
    {
      method: "get",
      path: "/orders/user/{userId}/orders",
      tag: "orders",
      summary: "A user's orders, newest first",
      access: "owner",
      params: UserIdParams,
      response: z.array(OrderSchema),
    },
    async ({ actor, params }) => ({ message: "Found", data: await listOrders({ actor, userId: params.userId }) }),
  ),

  get: defineRoute(
    {
      method: "get",
      path: "/orders/order/{orderId}",
      tag: "orders",
      summary: "One order with its lines, shipping address and status, for its owner or an admin",
      access: "user",
      params: z.object({ orderId: IdSchema }),
      response: OrderSchema,
    },
    async ({ actor, params }) => ({ message: "Found", data: await getOrder({ actor, orderId: params.orderId }) }),
  ),

  all: defineRoute(
    {
      method: "get",
      path: "/orders/all",
      tag: "orders",
      summary: "Every order, newest first, optionally by status (staff or admin)",
      access: "staff",
      query: AdminOrdersQuerySchema,
      response: AdminOrderPageSchema,
    },
    async ({ actor, query }) => ({ message: "Found", data: await listAllOrders({ actor, ...query }) }),
  ),

  setStatus: defineRoute(
    {
      method: "put",
      path: "/orders/order/{orderId}/status",
      tag: "orders",
      summary:
        "Move an order one step (PENDING → PROCESSING → SHIPPED → DELIVERED; staff or admin) or cancel it before shipping (stock back, payment refunded; admin only)",
      access: "staff",
      params: z.object({ orderId: IdSchema }),
      body: OrderStatusInputSchema,
      bodyType: "json-or-form",
      response: OrderSchema,
    },
    async ({ actor, params, body }) => {
      const { order, message } = await changeOrderStatus({ actor, orderId: params.orderId, status: body.status });
      return { message, data: order };
    },
  ),
};
