import { z } from "zod/v4";
import { IdSchema } from "~/schemas/common";
import {
  AfterSaleOptionsSchema,
  WithdrawalListSchema,
  WithdrawalReceiptSchema,
  WithdrawalSchema,
} from "~/schemas/after-sale";
import { OrderSchema } from "~/schemas/orders";
import {
  afterSaleOptions,
  cancelOwnOrder,
  listWithdrawals,
  withdraw,
  WITHDRAWAL_RECEIVED,
  withdrawOwnOrder,
} from "~/services/orders/after-sale.server";
import { defineRoute } from "../define";

const OrderParams = z.object({ orderId: IdSchema });

/** After the sale (docs/decisions/0039-after-sale.md): the shopper's cancel, and the withdrawal from the contract. */
export const afterSaleRoutes = {
  options: defineRoute(
    {
      method: "get",
      path: "/orders/order/{orderId}/after-sale",
      tag: "orders",
      summary:
        "What the order's owner may still do: cancel (not shipped yet), withdraw (within the period), and the withdrawals received",
      access: "user",
      params: OrderParams,
      response: AfterSaleOptionsSchema,
    },
    async ({ actor, params }) => ({
      message: "Found",
      data: await afterSaleOptions({ actor, orderId: params.orderId }),
    }),
  ),

  cancel: defineRoute(
    {
      method: "post",
      path: "/orders/order/{orderId}/cancel",
      tag: "orders",
      summary:
        "The owner cancels an order that has not shipped (Paid, Preparing): stock back, payment refunded, shopper and shop mailed (409 once shipped)",
      access: "user",
      params: OrderParams,
      response: OrderSchema,
    },
    async ({ actor, params }) => {
      const { order, message } = await cancelOwnOrder({ actor, orderId: params.orderId });
      return { message, data: order };
    },
  ),

  withdrawOwn: defineRoute(
    {
      method: "post",
      path: "/orders/order/{orderId}/withdraw",
      tag: "orders",
      summary:
        "The owner withdraws from the contract: cancels an unshipped order, or opens a return for a shipped one within the period; acknowledged by e-mail (409 after the period)",
      access: "user",
      params: OrderParams,
      response: OrderSchema,
    },
    async ({ actor, params }) => {
      const { order, message, receivedAt } = await withdrawOwnOrder({ actor, orderId: params.orderId });
      return { message, data: order, extra: { receivedAt: receivedAt.toISOString() } };
    },
  ),

  withdraw: defineRoute(
    {
      method: "post",
      path: "/withdrawals",
      tag: "orders",
      summary:
        "Withdraw from the contract without an account (order number and e-mail); the same 202 answer whether or not they match an order, the acknowledgment is mailed to the order's address",
      body: WithdrawalSchema,
      bodyType: "json-or-form",
      response: WithdrawalReceiptSchema,
      status: 202,
      errorStatuses: { "429": "Too many withdrawals sent from this client address (Retry-After)" },
    },
    async ({ body, request }) => {
      const { receivedAt } = await withdraw({ ...body, clientAddress: request.clientAddress });
      return {
        message: WITHDRAWAL_RECEIVED,
        data: { receivedAt: receivedAt.toISOString() },
        status: 202,
        headers: { "Cache-Control": "no-store" },
      };
    },
  ),

  list: defineRoute(
    {
      method: "get",
      path: "/admin/withdrawals",
      tag: "orders",
      summary: "Every withdrawal from the contract, newest first, with what came of it (admin)",
      access: "admin",
      response: WithdrawalListSchema,
    },
    async ({ actor }) => ({ message: "Found", data: await listWithdrawals({ actor }) }),
  ),
};
