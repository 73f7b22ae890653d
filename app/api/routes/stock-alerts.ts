import { z } from "zod/v4";
import {
  MyStockAlertListSchema,
  StockAlertConfirmResultSchema,
  StockAlertParamsSchema,
  StockAlertProductParamsSchema,
  StockAlertSubscribeResultSchema,
  StockAlertSubscribeSchema,
  StockAlertTokenSchema,
} from "~/schemas/stock-alerts";
import {
  cancelMyStockAlert,
  confirmStockAlert,
  listMyStockAlerts,
  subscribeToStockAlert,
  SUBSCRIBE_ANSWER,
  unsubscribeFromStockAlerts,
} from "~/services/stock-alerts/stock-alerts.server";
import { defineRoute } from "../define";

/** Back-in-stock alerts (docs/decisions/0046-back-in-stock-alerts.md). */
export const stockAlertRoutes = {
  subscribe: defineRoute(
    {
      method: "post",
      path: "/products/product/{id}/stock-alerts",
      tag: "stock-alerts",
      summary:
        "E-mail me when it is back: a sold-out product (or variantId) for the signed-in shopper's address at once (active), or a visitor's address after they confirm the link mailed to it (confirm; the same 202 answer whether or not the address was already subscribed); 409 when it is in stock",
      params: StockAlertProductParamsSchema,
      body: StockAlertSubscribeSchema,
      bodyType: "json-or-form",
      response: StockAlertSubscribeResultSchema,
      status: 202,
      errorStatuses: { "429": "Too many alerts asked for from this client address (Retry-After)" },
    },
    async ({ actor, params, body, request }) => {
      const result = await subscribeToStockAlert({
        actor,
        productId: params.id,
        input: body,
        clientAddress: request.clientAddress,
      });
      return {
        message: result.status === "active" ? "We will e-mail you when it is back." : SUBSCRIBE_ANSWER,
        data: result,
        status: 202,
        headers: { "Cache-Control": "no-store" },
      };
    },
  ),

  confirm: defineRoute(
    {
      method: "post",
      path: "/stock-alerts/confirm",
      tag: "stock-alerts",
      summary:
        "Confirm a visitor's back-in-stock alert with the signed token of its mailed link (422 for a link that is not valid, 410 for an expired or cancelled one)",
      body: StockAlertTokenSchema,
      bodyType: "json-or-form",
      response: StockAlertConfirmResultSchema,
      errorStatuses: { "410": "The link expired, or the alert was cancelled or its product removed" },
    },
    async ({ body }) => {
      const result = await confirmStockAlert({ token: body.token });
      return {
        message: result.inStock
          ? "It is already back in stock: you can order it now."
          : "Your alert is confirmed: we will e-mail you when it is back.",
        data: result,
      };
    },
  ),

  unsubscribe: defineRoute(
    {
      method: "post",
      path: "/stock-alerts/unsubscribe",
      tag: "stock-alerts",
      summary:
        "Cancel every back-in-stock alert of the address the signed link of such an e-mail names (422 for a link that is not valid; a second call changes nothing)",
      body: StockAlertTokenSchema,
      bodyType: "json-or-form",
      response: z.null(),
    },
    async ({ body }) => {
      await unsubscribeFromStockAlerts({ token: body.token });
      return { message: "You will get no more back-in-stock e-mails.", data: null };
    },
  ),

  mine: defineRoute(
    {
      method: "get",
      path: "/stock-alerts",
      tag: "stock-alerts",
      summary: "The signed-in shopper's active back-in-stock alerts",
      access: "user",
      response: MyStockAlertListSchema,
    },
    async ({ actor }) => ({ message: "Found", data: await listMyStockAlerts({ actor }) }),
  ),

  cancel: defineRoute(
    {
      method: "delete",
      path: "/stock-alerts/{alertId}",
      tag: "stock-alerts",
      summary: "Cancel one of the signed-in shopper's active alerts (another's is 404)",
      access: "user",
      params: StockAlertParamsSchema,
      response: z.null(),
    },
    async ({ actor, params }) => {
      await cancelMyStockAlert({ actor, alertId: params.alertId });
      return { message: "Alert cancelled", data: null };
    },
  ),
};
