import { z } from "zod/v4";
import { BrandInputSchema, BrandParamSchema, BrandUsageSchema } from "~/schemas/taxonomy";
import { deleteBrand, listBrandUsage, renameBrand } from "~/services/catalogue/taxonomy.server";
import { defineRoute } from "../define";

/**
 * Brands, for the admin: a brand is the products' brand text (compared case-insensitively), so it exists while a
 * product has it. Everyone reads the plain list at GET /products/distinct/brands.
 */
export const brandRoutes = {
  usage: defineRoute(
    {
      method: "get",
      path: "/products/brands",
      tag: "products",
      summary: "Every brand with how many products it has, sorted by name",
      access: "admin",
      response: z.array(BrandUsageSchema),
    },
    async ({ actor }) => ({ message: "Found", data: await listBrandUsage({ actor }) }),
  ),

  rename: defineRoute(
    {
      method: "put",
      path: "/products/brands/{brand}",
      tag: "products",
      summary:
        "Rename a brand: all its products take the new name (another brand's name merges them; 409 if two products would then share name and brand)",
      access: "admin",
      params: BrandParamSchema,
      body: BrandInputSchema,
      response: BrandUsageSchema,
    },
    async ({ actor, params, body }) => ({
      message: "Brand renamed",
      data: await renameBrand({ actor, brand: params.brand, name: body.name }),
    }),
  ),

  remove: defineRoute(
    {
      method: "delete",
      path: "/products/brands/{brand}",
      tag: "products",
      summary: "Delete a brand: refused (409, with the count) while any product has it, 404 when none has",
      access: "admin",
      params: BrandParamSchema,
    },
    async ({ actor, params }) => {
      await deleteBrand({ actor, brand: params.brand });
      return { message: "Brand deleted" };
    },
  ),
};
