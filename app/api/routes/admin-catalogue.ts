import { z } from "zod/v4";
import {
  CategoryInputSchema,
  CategorySchema,
  ImageSchema,
  ImportResultSchema,
  InventoryPageSchema,
  InventoryQuerySchema,
  ProductInputSchema,
  ProductSchema,
} from "~/schemas/catalogue";
import { IdParamSchema, IdSchema } from "~/schemas/common";
import {
  addCategory,
  addProduct,
  deleteCategory,
  deleteProduct,
  listInventory,
  updateCategory,
  updateProduct,
} from "~/services/admin-catalogue.server";
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "~/services/errors";
import { exportProductsCsv, importProductsCsv } from "~/services/product-csv.server";
import {
  deleteImage,
  MAX_FILES_PER_UPLOAD,
  MAX_IMAGE_BYTES,
  replaceImage,
  uploadImages,
} from "~/services/images.server";
import type { ApiRouter } from "../define";

const FileSchema = z.instanceof(File, { error: "Please select an image." });
const FilesSchema = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(FileSchema));
const ImageIdParams = z.object({ imageId: IdSchema });

/** The admin's writes to the catalogue: products, categories and images (403 for anyone else). */
const MAX_CSV_BYTES = 5 * 1024 * 1024;

export function registerAdminCatalogueRoutes(api: ApiRouter) {
  api.route(
    {
      method: "get",
      path: "/products/inventory",
      tag: "products",
      summary: "The admin's product table: filter by name or brand, lowStock=true for 5 or fewer (fewest first)",
      access: "admin",
      query: InventoryQuerySchema,
      response: InventoryPageSchema,
    },
    async ({ c, query }) => ({ message: "Found", data: await listInventory({ actor: c.get("actor"), ...query }) }),
  );

  api.route(
    {
      method: "get",
      path: "/products/export.csv",
      tag: "products",
      summary: "Every product as CSV (id, name, brand, category, price, inventory, description)",
      access: "admin",
      responseContentType: "text/csv",
    },
    async ({ c }) => {
      const csv = await exportProductsCsv({ actor: c.get("actor") });
      return new Response(csv, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": 'attachment; filename="products.csv"',
          "X-Request-Id": c.get("requestId"),
        },
      });
    },
  );

  api.route(
    {
      method: "post",
      path: "/products/import",
      tag: "products",
      summary:
        "Import products from CSV (multipart `file` or a text/csv body): every row is checked first; any error imports nothing (422 with errors per line)",
      access: "admin",
      response: ImportResultSchema,
    },
    async ({ c }) => {
      const type = (c.req.header("content-type") ?? "").toLowerCase();
      if (Number(c.req.header("content-length") ?? 0) > MAX_CSV_BYTES)
        throw new PayloadTooLargeError("The file is larger than 5 MB.");
      let text: string;
      if (type.startsWith("text/csv") || type.startsWith("text/plain")) text = await c.req.text();
      else if (type.startsWith("multipart/form-data")) {
        const file = (await c.req.formData()).get("file");
        if (!(file instanceof File) || file.size === 0)
          throw new ValidationError("Please select a CSV file.", { file: ["Please select a CSV file."] });
        text = await file.text();
      } else throw new UnsupportedMediaTypeError("Send the CSV as text/csv or as the `file` of a multipart form.");
      if (text.length > MAX_CSV_BYTES) throw new PayloadTooLargeError("The file is larger than 5 MB.");
      const result = await importProductsCsv({ actor: c.get("actor"), text });
      return { message: `Imported: ${result.created} added, ${result.updated} updated.`, data: result };
    },
  );

  api.route(
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
    async ({ c, body }) => ({
      message: "Product added",
      data: await addProduct({ actor: c.get("actor"), input: body }),
      status: 201,
    }),
  );

  api.route(
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
    async ({ c, params, body }) => ({
      message: "Product updated",
      data: await updateProduct({ actor: c.get("actor"), id: params.id, input: body }),
    }),
  );

  api.route(
    {
      method: "delete",
      path: "/products/product/{id}/delete",
      tag: "products",
      summary: "Delete a product (its images and cart lines go; past orders keep their snapshot)",
      access: "admin",
      params: IdParamSchema,
      response: z.number().int(),
    },
    async ({ c, params }) => ({
      message: "Product deleted",
      data: await deleteProduct({ actor: c.get("actor"), id: params.id }),
    }),
  );

  api.route(
    {
      method: "post",
      path: "/categories/add",
      tag: "categories",
      summary: "Add a category (names are unique, case-insensitively)",
      access: "admin",
      body: CategoryInputSchema,
      response: CategorySchema,
      status: 201,
    },
    async ({ c, body }) => ({
      message: "Category added",
      data: await addCategory({ actor: c.get("actor"), name: body.name }),
      status: 201,
    }),
  );

  api.route(
    {
      method: "put",
      path: "/categories/category/{id}/update",
      tag: "categories",
      summary: "Rename a category",
      access: "admin",
      params: IdParamSchema,
      body: CategoryInputSchema,
      response: CategorySchema,
    },
    async ({ c, params, body }) => ({
      message: "Category updated",
      data: await updateCategory({ actor: c.get("actor"), id: params.id, name: body.name }),
    }),
  );

  api.route(
    {
      method: "delete",
      path: "/categories/category/{id}/delete",
      tag: "categories",
      summary: "Delete a category no product uses (409 otherwise)",
      access: "admin",
      params: IdParamSchema,
    },
    async ({ c, params }) => {
      await deleteCategory({ actor: c.get("actor"), id: params.id });
      return { message: "Category deleted" };
    },
  );

  api.route(
    {
      method: "post",
      path: "/images/upload",
      tag: "images",
      summary: `Upload images for a product (multipart: files, productId; at most ${MAX_FILES_PER_UPLOAD} files of 5 MB; JPEG, PNG, WebP or GIF by content)`,
      access: "admin",
      bodyType: "form",
      maxBodyBytes: MAX_FILES_PER_UPLOAD * MAX_IMAGE_BYTES + 64 * 1024,
      body: z.object({ productId: IdSchema, files: FilesSchema }),
      response: z.array(ImageSchema),
      status: 201,
    },
    async ({ c, body }) => {
      const stored = await uploadImages({ actor: c.get("actor"), productId: body.productId, files: body.files });
      return {
        message: stored.length === 1 ? "Image uploaded" : `${stored.length} images uploaded`,
        data: stored,
        status: 201,
      };
    },
  );

  api.route(
    {
      method: "put",
      path: "/images/image/{imageId}/update",
      tag: "images",
      summary: "Replace an image's file (multipart: file)",
      access: "admin",
      bodyType: "form",
      maxBodyBytes: MAX_IMAGE_BYTES + 64 * 1024,
      params: ImageIdParams,
      body: z.object({ file: FileSchema }),
      response: ImageSchema,
    },
    async ({ c, params, body }) => ({
      message: "Image updated",
      data: await replaceImage({ actor: c.get("actor"), imageId: params.imageId, file: body.file }),
    }),
  );

  api.route(
    {
      method: "delete",
      path: "/images/image/{imageId}/delete",
      tag: "images",
      summary: "Delete an image",
      access: "admin",
      params: ImageIdParams,
    },
    async ({ c, params }) => {
      await deleteImage({ actor: c.get("actor"), imageId: params.imageId });
      return { message: "Image deleted" };
    },
  );
}
