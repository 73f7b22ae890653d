import { z } from "zod/v4";
import { ProductSchema } from "~/schemas/catalogue";
import {
  ImportResultSchema,
  InventoryPageSchema,
  InventoryQuerySchema,
  ProductInputSchema,
} from "~/schemas/product-admin";
import {
  BulkVariantsInputSchema,
  NewVariantInputSchema,
  ProductOptionsInputSchema,
  VariantImagesInputSchema,
  VariantsInputSchema,
} from "~/schemas/variant-admin";
import { IdParamSchema, IdSchema } from "~/schemas/common";
import { MAX_CSV_BYTES } from "~/schemas/constants";
import { addProduct, deleteProduct, listInventory, updateProduct } from "~/services/catalogue/product-admin.server";
import { exportProductsCsv, importProductsCsv, importSummary } from "~/services/catalogue/product-csv.server";
import {
  addVariant,
  bulkUpdateVariants,
  deleteVariant,
  setProductOptions,
  updateVariants,
} from "~/services/catalogue/variant-admin.server";
import { setVariantImages } from "~/services/catalogue/variant-images.server";
import { defineRoute } from "../define";

const ProductParams = z.object({ productId: IdSchema });
const VariantParams = z.object({ productId: IdSchema, variantId: IdSchema });

/** The admin's side of the products: the stock table, CSV export and import, and writes (403 for anyone else). */
export const adminProductRoutes = {
  inventory: defineRoute(
    {
      method: "get",
      path: "/products/inventory",
      tag: "products",
      summary:
        "The product table of admins and staff: filter by name or brand, lowStock=true for 5 or fewer (fewest first)",
      access: "staff",
      query: InventoryQuerySchema,
      response: InventoryPageSchema,
    },
    async ({ actor, query }) => ({ message: "Found", data: await listInventory({ actor, ...query }) }),
  ),

  exportCsv: defineRoute(
    {
      method: "get",
      path: "/products/export.csv",
      tag: "products",
      summary:
        "Every variant of every product as CSV, one row each: id, name, brand, category, description, option1_name, option1_value … option3_value, sku, price, compare_at_price, inventory, weight_grams",
      access: "admin",
      responseContentType: "text/csv",
    },
    async ({ actor, request }) =>
      new Response(await exportProductsCsv({ actor }), {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": 'attachment; filename="products.csv"',
          "X-Request-Id": request.requestId,
        },
      }),
  ),

  importCsv: defineRoute(
    {
      method: "post",
      path: "/products/import",
      tag: "products",
      summary:
        "Import products from CSV (multipart `file` or a text/csv body), one row per variant as exported (or one per product, without option and SKU columns): variants matched by SKU, else by options; none deleted (`variantsLeft`); every row is checked first; any error imports nothing (422 with errors per line)",
      access: "admin",
      body: z.string(),
      bodyType: "csv",
      maxBodyBytes: MAX_CSV_BYTES,
      files: { max: 1, maxBytes: MAX_CSV_BYTES },
      response: ImportResultSchema,
    },
    async ({ actor, body }) => {
      const result = await importProductsCsv({ actor, text: body });
      return { message: importSummary(result), data: result };
    },
  ),

  add: defineRoute(
    {
      method: "post",
      path: "/products/add",
      tag: "products",
      summary: "Add a product (an unknown category name creates it)",
      access: "admin",
      body: ProductInputSchema,
      response: ProductSchema,
      status: 201,
    },
    async ({ actor, body }) => ({
      message: "Product added",
      data: await addProduct({ actor, input: body }),
      status: 201,
    }),
  ),

  update: defineRoute(
    {
      method: "put",
      path: "/products/product/{id}/update",
      tag: "products",
      summary: "Change a product",
      access: "admin",
      params: IdParamSchema,
      body: ProductInputSchema,
      response: ProductSchema,
    },
    async ({ actor, params, body }) => ({
      message: "Product updated",
      data: await updateProduct({ actor, id: params.id, input: body }),
    }),
  ),

  remove: defineRoute(
    {
      method: "delete",
      path: "/products/product/{id}/delete",
      tag: "products",
      summary: "Delete a product (its images and cart lines go; past orders keep their snapshot)",
      access: "admin",
      params: IdParamSchema,
      response: z.number().int(),
    },
    async ({ actor, params }) => ({ message: "Product deleted", data: await deleteProduct({ actor, id: params.id }) }),
  ),

  setOptions: defineRoute(
    {
      method: "put",
      path: "/products/{productId}/options",
      tag: "products",
      summary:
        "Set a product's options (up to three, each a name and its values); its variants become every combination: existing variants keep their SKU, price and stock, new ones start at the default variant's price with no stock, combinations no longer offered are deleted (orders keep their label)",
      access: "admin",
      params: ProductParams,
      body: ProductOptionsInputSchema,
      response: ProductSchema,
    },
    async ({ actor, params, body }) => ({
      message: "Options saved",
      data: await setProductOptions({ actor, productId: params.productId, input: body }),
    }),
  ),

  updateVariants: defineRoute(
    {
      method: "put",
      path: "/products/{productId}/variants",
      tag: "products",
      summary:
        "Set the SKU, price, stock and weight of some of a product's variants (the product's price becomes the lowest, its inventory the sum)",
      access: "admin",
      params: ProductParams,
      body: VariantsInputSchema,
      response: ProductSchema,
    },
    async ({ actor, params, body }) => ({
      message: "Variants saved",
      data: await updateVariants({ actor, productId: params.productId, input: body }),
    }),
  ),

  addVariant: defineRoute(
    {
      method: "post",
      path: "/products/{productId}/variants",
      tag: "products",
      summary:
        "Add one variant by hand: a value for each of the product's options (a new value is added to its option), its SKU (made from the product's when absent), price, stock and weight; 409 when the combination is already a variant or the SKU is taken, 422 for a product without options",
      access: "admin",
      params: ProductParams,
      body: NewVariantInputSchema,
      response: ProductSchema,
      status: 201,
    },
    async ({ actor, params, body }) => ({
      message: "Variant added",
      data: (await addVariant({ actor, productId: params.productId, input: body })).product,
      status: 201,
    }),
  ),

  bulkUpdateVariants: defineRoute(
    {
      method: "post",
      path: "/products/{productId}/variants/bulk",
      tag: "products",
      summary: "Set one price, one stock, or both, on each of the chosen variants of a product",
      access: "admin",
      params: ProductParams,
      body: BulkVariantsInputSchema,
      response: ProductSchema,
    },
    async ({ actor, params, body }) => ({
      message: "Selected variants updated",
      data: await bulkUpdateVariants({ actor, productId: params.productId, input: body }),
    }),
  ),

  setVariantImages: defineRoute(
    {
      method: "put",
      path: "/products/{productId}/variants/{variantId}/images",
      tag: "products",
      summary:
        "Set a variant's pictures, in order, among its product's images (an empty list: the variant shows the product's); another product's image is 422",
      access: "admin",
      params: VariantParams,
      body: VariantImagesInputSchema,
      response: ProductSchema,
    },
    async ({ actor, params, body }) => ({
      message: "Pictures saved",
      data: await setVariantImages({
        actor,
        productId: params.productId,
        variantId: params.variantId,
        input: body,
      }),
    }),
  ),

  deleteVariant: defineRoute(
    {
      method: "delete",
      path: "/products/{productId}/variants/{variantId}",
      tag: "products",
      summary:
        "Delete a variant (its cart lines go; order lines keep their label); a product's last variant cannot be deleted (409)",
      access: "admin",
      params: VariantParams,
      response: ProductSchema,
    },
    async ({ actor, params }) => ({
      message: "Variant deleted",
      data: await deleteVariant({ actor, productId: params.productId, variantId: params.variantId }),
    }),
  ),
};
