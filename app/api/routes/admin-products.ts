import { z } from "zod/v4";
import {
  ImportResultSchema,
  InventoryPageSchema,
  InventoryQuerySchema,
  ProductInputSchema,
  ProductSchema,
} from "~/schemas/catalogue";
import { IdParamSchema } from "~/schemas/common";
import { MAX_CSV_BYTES } from "~/schemas/constants";
import { addProduct, deleteProduct, listInventory, updateProduct } from "~/services/catalogue/product-admin.server";
import { exportProductsCsv, importProductsCsv } from "~/services/catalogue/product-csv.server";
import { defineRoute } from "../define";

/** The admin's side of the products: the stock table, CSV export and import, and writes (403 for anyone else). */
export const adminProductRoutes = {
  inventory: defineRoute(
    {
      method: "get",
      path: "/products/inventory",
      tag: "products",
      summary: "The admin's product table: filter by name or brand, lowStock=true for 5 or fewer (fewest first)",
      access: "admin",
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
      summary: "Every product as CSV (id, name, brand, category, price, inventory, description)",
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
        "Import products from CSV (multipart `file` or a text/csv body): every row is checked first; any error imports nothing (422 with errors per line)",
      access: "admin",
      body: z.string(),
      bodyType: "csv",
      maxBodyBytes: MAX_CSV_BYTES,
      files: { max: 1, maxBytes: MAX_CSV_BYTES },
      response: ImportResultSchema,
    },
    async ({ actor, body }) => {
      const result = await importProductsCsv({ actor, text: body });
      return { message: `Imported: ${result.created} added, ${result.updated} updated.`, data: result };
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
};
