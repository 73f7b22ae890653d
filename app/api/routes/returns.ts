import { z } from "zod/v4";
import { IdSchema } from "~/schemas/common";
import {
  AdminReturnsQuerySchema,
  ReturnableSchema,
  ReturnApproveSchema,
  ReturnCloseSchema,
  ReturnListSchema,
  ReturnReceiveSchema,
  ReturnRefundSchema,
  ReturnRejectSchema,
  ReturnRequestSchema,
  ReturnSchema,
} from "~/schemas/returns";
import {
  approveReturn,
  listReturns,
  receiveReturn,
  refundReturn,
  rejectReturn,
  closeReturn,
} from "~/services/orders/returns-admin.server";
import { getReturn, getReturnable, listOwnReturns, requestReturn } from "~/services/orders/returns.server";
import { defineRoute } from "../define";

const OrderParams = z.object({ orderId: IdSchema });
const ReturnParams = z.object({ returnId: IdSchema });

/** Returns (docs/decisions/0044-returns.md): the shopper asks, the admin approves or rejects, receives and refunds. */
export const returnRoutes = {
  returnable: defineRoute(
    {
      method: "get",
      path: "/orders/order/{orderId}/returnable",
      tag: "returns",
      summary: "What of the order may still be returned (shipped or delivered within the window), line by line",
      access: "user",
      params: OrderParams,
      response: ReturnableSchema,
    },
    async ({ actor, params }) => ({
      message: "Found",
      data: await getReturnable({ actor, orderId: params.orderId }),
    }),
  ),

  request: defineRoute(
    {
      method: "post",
      path: "/orders/order/{orderId}/returns",
      tag: "returns",
      summary:
        "The owner asks to return pieces of a shipped order within the return window (409 before shipping, after the window, or beyond what is left to return)",
      access: "user",
      params: OrderParams,
      body: ReturnRequestSchema,
      response: ReturnSchema,
      status: 201,
    },
    async ({ actor, params, body }) => {
      const ret = await requestReturn({ actor, orderId: params.orderId, input: body });
      return { message: `We received your return request ${ret.number}.`, data: ret, status: 201 };
    },
  ),

  listOwn: defineRoute(
    {
      method: "get",
      path: "/returns",
      tag: "returns",
      summary: "The signed-in shopper's own returns, newest first",
      access: "user",
      response: ReturnListSchema,
    },
    async ({ actor }) => ({ message: "Found", data: await listOwnReturns({ actor }) }),
  ),

  get: defineRoute(
    {
      method: "get",
      path: "/returns/{returnId}",
      tag: "returns",
      summary: "One return, for its owner or an admin (403 for anyone else, whether or not it exists)",
      access: "user",
      params: ReturnParams,
      response: ReturnSchema,
    },
    async ({ actor, params }) => ({ message: "Found", data: await getReturn({ actor, returnId: params.returnId }) }),
  ),

  list: defineRoute(
    {
      method: "get",
      path: "/admin/returns",
      tag: "returns",
      summary: "Every return, or those of one status, newest first (admin)",
      access: "admin",
      query: AdminReturnsQuerySchema,
      response: ReturnListSchema,
    },
    async ({ actor, query }) => ({ message: "Found", data: await listReturns({ actor, ...query }) }),
  ),

  approve: defineRoute(
    {
      method: "post",
      path: "/admin/returns/{returnId}/approve",
      tag: "returns",
      summary: "Approves a requested return, with an optional message to the shopper (admin; 409 unless requested)",
      access: "admin",
      params: ReturnParams,
      body: ReturnApproveSchema,
      response: ReturnSchema,
    },
    async ({ actor, params, body }) => {
      const ret = await approveReturn({ actor, returnId: params.returnId, message: body.message });
      return { message: `Return ${ret.number} is approved.`, data: ret };
    },
  ),

  reject: defineRoute(
    {
      method: "post",
      path: "/admin/returns/{returnId}/reject",
      tag: "returns",
      summary: "Rejects a return before it is received, telling the shopper why (admin)",
      access: "admin",
      params: ReturnParams,
      body: ReturnRejectSchema,
      response: ReturnSchema,
    },
    async ({ actor, params, body }) => {
      const ret = await rejectReturn({ actor, returnId: params.returnId, message: body.message });
      return { message: `Return ${ret.number} is rejected.`, data: ret };
    },
  ),

  close: defineRoute(
    {
      method: "post",
      path: "/admin/returns/{returnId}/close",
      tag: "returns",
      summary:
        "Closes an approved or received return without a refund (the parcel never arrived, the goods came back damaged), telling the shopper why (admin)",
      access: "admin",
      params: ReturnParams,
      body: ReturnCloseSchema,
      response: ReturnSchema,
    },
    async ({ actor, params, body }) => {
      const ret = await closeReturn({ actor, returnId: params.returnId, message: body.message });
      return { message: `Return ${ret.number} is closed without a refund.`, data: ret };
    },
  ),

  receive: defineRoute(
    {
      method: "post",
      path: "/admin/returns/{returnId}/receive",
      tag: "returns",
      summary:
        "Marks an approved return's parcel received; the lines named in `restock` go back on sale in the same transaction (admin)",
      access: "admin",
      params: ReturnParams,
      body: ReturnReceiveSchema,
      response: ReturnSchema,
    },
    async ({ actor, params, body }) => {
      const ret = await receiveReturn({ actor, returnId: params.returnId, restock: body.restock });
      return { message: `Return ${ret.number} is received.`, data: ret };
    },
  ),

  refund: defineRoute(
    {
      method: "post",
      path: "/admin/returns/{returnId}/refund",
      tag: "returns",
      summary:
        "Refunds a received return: each line's share of its priced line (discount and tax included), and the order's shipping when asked (once per order), through the refund queue with its credit note (admin; once per return)",
      access: "admin",
      params: ReturnParams,
      body: ReturnRefundSchema,
      response: ReturnSchema,
    },
    async ({ actor, params, body }) => {
      const { ret, message } = await refundReturn({ actor, returnId: params.returnId, shipping: body.shipping });
      return { message, data: ret };
    },
  ),
};
