import { z } from "zod/v4";
import {
  DealsQuerySchema,
  ProductPageSchema,
  ProductSchema,
  ProductSearchQuerySchema,
  SearchSuggestionsSchema,
  SitemapEntriesSchema,
  SuggestionsQuerySchema,
} from "~/schemas/catalogue";
import { IdParamSchema, IdSchema } from "~/schemas/common";
import {
  listAllProducts,
  listDistinctBrands,
  listDistinctProducts,
  listProductsByCategory,
  productDetails,
} from "~/services/catalogue/catalogue.server";
import { listDeals } from "~/services/catalogue/deals.server";
import { searchCatalogue, suggestProducts } from "~/services/catalogue/search.server";
import { listSitemapEntries } from "~/services/catalogue/sitemap.server";
import { defineRoute } from "../define";

/** The public catalogue: search, one product, brands. */
export const productRoutes = {
  all: defineRoute(
    {
      method: "get",
      path: "/products/all",
      tag: "products",
      summary: "Every product (compatibility; pages use search)",
      response: z.array(ProductSchema),
    },
    async () => ({ message: "Found", data: await listAllProducts() }),
  ),

  search: defineRoute(
    {
      method: "get",
      path: "/products/search",
      tag: "products",
      summary: "Full-text search with filters, sorting, facets and pagination",
      query: ProductSearchQuerySchema,
      response: ProductPageSchema,
    },
    async ({ query: { name, ...query } }) => ({
      message: "Found",
      data: await searchCatalogue({ ...query, q: query.q ?? name }),
    }),
  ),

  suggestions: defineRoute(
    {
      method: "get",
      path: "/products/suggestions",
      tag: "products",
      summary: "As-you-type suggestions: the best few products and the matching categories",
      query: SuggestionsQuerySchema,
      response: SearchSuggestionsSchema,
    },
    async ({ query }) => ({ message: "Found", data: await suggestProducts({ q: query.q, limit: query.limit }) }),
  ),

  distinct: defineRoute(
    {
      method: "get",
      path: "/products/distinct/products",
      tag: "products",
      summary: "One product per distinct name",
      response: z.array(ProductSchema),
    },
    async () => ({ message: "Found", data: await listDistinctProducts() }),
  ),

  deals: defineRoute(
    {
      method: "get",
      path: "/products/deals",
      tag: "products",
      summary: "Today's deals: products with a variant on sale and in stock, biggest saving first",
      query: DealsQuerySchema,
      response: z.array(ProductSchema),
    },
    async ({ query }) => ({ message: "Found", data: await listDeals({ limit: query.limit }) }),
  ),

  brands: defineRoute(
    {
      method: "get",
      path: "/products/distinct/brands",
      tag: "products",
      summary: "Every brand name, sorted",
      response: z.array(z.string()),
    },
    async () => ({ message: "Found", data: await listDistinctBrands() }),
  ),

  byId: defineRoute(
    {
      method: "get",
      path: "/products/product/{id}/product",
      tag: "products",
      summary: "One product",
      params: IdParamSchema,
      response: ProductSchema,
    },
    async ({ params }) => ({ message: "Found", data: await productDetails(params.id) }),
  ),

  byCategory: defineRoute(
    {
      method: "get",
      path: "/products/category/{categoryId}/products",
      tag: "products",
      summary: "The products of a category",
      params: z.object({ categoryId: IdSchema }),
      response: z.array(ProductSchema),
    },
    async ({ params }) => ({ message: "Found", data: await listProductsByCategory({ categoryId: params.categoryId }) }),
  ),

  sitemap: defineRoute(
    {
      method: "get",
      path: "/products/sitemap",
      tag: "products",
      summary: "What the sitemap lists: every category id, and product ids with the day they last changed",
      response: SitemapEntriesSchema,
    },
    async () => ({ message: "Found", data: await listSitemapEntries() }),
  ),
};
