import { z } from "zod/v4";
import { IdSchema } from "~/schemas/common";
import { RefundListSchema, RefundSchema } from "~/schemas/refunds";
import { listRefunds, retryRefund } from "~/services/orders/refunds.server";
import { defineRoute } from "../define";

/** Refunds owed to shoppers (sold out while paying, orphaned payments, cancelled orders): seen and retried by admins. */
export const refundRoutes = {
  list: defineRoute(
    {
      method: "get",
      path: "/admin/refunds",
      tag: "orders",
      summary: "Refunds still owed (oldest first) and the latest carried out (admin)",
      access: "admin",
      response: RefundListSchema,
    },
    async ({ actor }) => ({ message: "Found", data: await listRefunds({ actor }) }),
  ),

  retry: defineRoute(
    {
      method: "post",
      path: "/admin/refunds/{refundId}/retry",
      tag: "orders",
      summary: "Try a pending refund with the payment provider now (admin)",
      access: "admin",
      params: z.object({ refundId: IdSchema }),
      response: RefundSchema,
    },
    async ({ actor, params }) => {
      const { refunded, refund } = await retryRefund({ actor, refundId: params.refundId });
      const message = refunded
        ? `Refund ${refund.id} went through.`
        : `Refund ${refund.id} failed again: ${refund.lastError ?? "the provider refused it"}. It will be retried automatically.`;
      return { message, data: refund };
    },
  ),
};
