import { z } from "zod/v4";
import { IdSchema } from "~/schemas/common";
import {
  AdminOrderPageSchema,
  AdminOrdersQuerySchema,
  OrderSchema,
  OrderStatusInputSchema,
  PlaceOrderSchema,
} from "~/schemas/orders";
import { changeOrderStatus, listAllOrders } from "~/services/admin-orders.server";
import { listOrders, placeOrder } from "~/services/orders.server";
import { defineRoute } from "../define";

const UserIdParams = z.object({ userId: IdSchema });

/** Orders: placed from a succeeded payment, listed for their owner, moved through their statuses by an admin. */
export const orderRoutes = {
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

  all: defineRoute(
    {
      method: "get",
      path: "/orders/all",
      tag: "orders",
      summary: "Every order, newest first, optionally by status (admin)",
      access: "admin",
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
        "Move an order one step (PENDING → PROCESSING → SHIPPED → DELIVERED) or cancel it before shipping (stock back, payment refunded)",
      access: "admin",
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
