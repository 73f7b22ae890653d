import { z } from "zod/v4";
import { ProductPageSchema, ProductSchema, ProductSearchQuerySchema } from "~/schemas/catalogue";
import { IdParamSchema, IdSchema } from "~/schemas/common";
import {
  getProduct,
  listAllProducts,
  listDistinctBrands,
  listDistinctProducts,
  listProductsByCategory,
  searchProducts,
} from "~/services/catalogue.server";
import type { ApiRouter } from "../define";

export function registerProductRoutes(api: ApiRouter) {
  api.route(
    {
      method: "get",
      path: "/products/all",
      tag: "products",
      summary: "Every product (compatibility; pages use search)",
      response: z.array(ProductSchema),
    },
    async () => ({ message: "Found", data: await listAllProducts() }),
  );

  api.route(
    {
      method: "get",
      path: "/products/search",
      tag: "products",
      summary: "Full-text search with filters, sorting, facets and pagination",
      query: ProductSearchQuerySchema,
      response: ProductPageSchema,
    },
    async ({ query }) => ({ message: "Found", data: await searchProducts({ query }) }),
  );

  api.route(
    {
      method: "get",
      path: "/products/distinct/products",
      tag: "products",
      summary: "One product per distinct name",
      response: z.array(ProductSchema),
    },
    async () => ({ message: "Found", data: await listDistinctProducts() }),
  );

  api.route(
    {
      method: "get",
      path: "/products/distinct/brands",
      tag: "products",
      summary: "Every brand name, sorted",
      response: z.array(z.string()),
    },
    async () => ({ message: "Found", data: await listDistinctBrands() }),
  );

  api.route(
    {
      method: "get",
      path: "/products/product/{id}/product",
      tag: "products",
      summary: "One product",
      params: IdParamSchema,
      response: ProductSchema,
    },
    async ({ params }) => ({ message: "Found", data: await getProduct({ id: params.id }) }),
  );

  api.route(
    {
      method: "get",
      path: "/products/category/{categoryId}/products",
      tag: "products",
      summary: "The products of a category",
      params: z.object({ categoryId: IdSchema }),
      response: z.array(ProductSchema),
    },
    async ({ params }) => ({ message: "Found", data: await listProductsByCategory({ categoryId: params.categoryId }) }),
  );
}
