import { z } from "zod/v4";
import { IdSchema } from "~/schemas/common";
import { DiscountCodeInputSchema, DiscountCodeSchema } from "~/schemas/discounts";
import {
  createDiscountCode,
  deactivateDiscountCode,
  getDiscountCode,
  listDiscountCodes,
  updateDiscountCode,
} from "~/services/orders/discount-admin.server";
import { defineRoute } from "../define";

const CodeParams = z.object({ id: IdSchema });

/** Discount codes and their uses (admin only; decision 0040). */
export const discountRoutes = {
  list: defineRoute(
    {
      method: "get",
      path: "/admin/discount-codes",
      tag: "orders",
      summary: "Every discount code with its uses (taken and redeemed) (admin)",
      access: "admin",
      response: z.array(DiscountCodeSchema),
    },
    async ({ actor }) => ({ message: "Found", data: await listDiscountCodes({ actor }) }),
  ),

  get: defineRoute(
    {
      method: "get",
      path: "/admin/discount-codes/{id}",
      tag: "orders",
      summary: "One discount code with its uses (admin)",
      access: "admin",
      params: CodeParams,
      response: DiscountCodeSchema,
    },
    async ({ actor, params }) => ({ message: "Found", data: await getDiscountCode({ actor, id: params.id }) }),
  ),

  create: defineRoute(
    {
      method: "post",
      path: "/admin/discount-codes",
      tag: "orders",
      summary:
        "Create a discount code: percent, fixed amount or free shipping; optional minimum subtotal, dates, limits, products and categories (admin)",
      access: "admin",
      body: DiscountCodeInputSchema,
      bodyType: "json-or-form",
      response: DiscountCodeSchema,
      status: 201,
    },
    async ({ actor, body }) => {
      const code = await createDiscountCode({ actor, input: body });
      return { message: `Code ${code.code} created`, data: code };
    },
  ),

  update: defineRoute(
    {
      method: "put",
      path: "/admin/discount-codes/{id}",
      tag: "orders",
      summary: "Replace a discount code's settings (uses taken stay) (admin)",
      access: "admin",
      params: CodeParams,
      body: DiscountCodeInputSchema,
      bodyType: "json-or-form",
      response: DiscountCodeSchema,
    },
    async ({ actor, params, body }) => {
      const code = await updateDiscountCode({ actor, id: params.id, input: body });
      return { message: `Code ${code.code} saved`, data: code };
    },
  ),

  deactivate: defineRoute(
    {
      method: "post",
      path: "/admin/discount-codes/{id}/deactivate",
      tag: "orders",
      summary: "Deactivate a discount code: it can no longer be applied or paid with (admin)",
      access: "admin",
      params: CodeParams,
      response: DiscountCodeSchema,
    },
    async ({ actor, params }) => {
      const code = await deactivateDiscountCode({ actor, id: params.id });
      return { message: `Code ${code.code} deactivated`, data: code };
    },
  ),
};
