import { z } from "zod/v4";
import { IdSchema, QueryBooleanSchema, blankToUndefined } from "./common";
import { MAX_PAGE_SIZE, PAGE_SIZE, SORTS } from "./constants";
import { type Rating } from "./review-constants";

export { MAX_PAGE_SIZE, PAGE_SIZE, SORTS, type Sort } from "./constants";

export const ImageSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  fileType: z.string(),
  downloadUrl: z.string(),
  imageUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** changes when the bytes change: add `?v=` to the URL for long-lived caching */
  version: z.string(),
});
export type ImageDto = z.infer<typeof ImageSchema>;

export const CategorySchema = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof CategorySchema>;

/** One of a product's options (up to three), with its values in the order shoppers see them. */
export const ProductOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof ProductOptionSchema>;

/** What is sold: one combination of the product's option values, with its own SKU, price and stock. */
export const VariantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  /** dollars with at most 2 decimals */
  price: z.number(),
  /**
   * the regular price, shown struck through beside `price` ("was $89.99"); the variant is on sale only while it is
   * above `price`. Null: not on sale.
   */
  compareAtPrice: z.number().nullable(),
  inventory: z.number().int(),
  weightGrams: z.number().int().nullable(),
  position: z.number().int(),
  /** the variant's value of each of the product's options, in the options' order */
  selectedOptions: z.array(z.object({ name: z.string(), value: z.string() })),
  /** "Switch: Brown · Layout: ISO DE"; empty for a product without options */
  label: z.string(),
  /** ids of the product's images that are this variant's pictures, in order; none: it shows the product's */
  imageIds: z.array(z.number().int()),
});
export type VariantDto = z.infer<typeof VariantSchema>;

/** A product's published reviews (docs/decisions/0045-reviews.md): average to one decimal place (null: none), count. */
export const RatingSchema: z.ZodType<Rating> = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
});

export const ProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  /** dollars with at most 2 decimals */
  price: z.number(),
  inventory: z.number().int(),
  description: z.string(),
  category: CategorySchema,
  images: z.array(ImageSchema),
  /** none for a product sold in one form */
  options: z.array(ProductOptionSchema),
  /** at least one; the first is the default variant (the one bought when no variant is named) */
  variants: z.array(VariantSchema),
  /** the published reviews' average (one decimal place; null without any) and count (docs/decisions/0045-reviews.md) */
  rating: RatingSchema,
});
export type ProductDto = z.infer<typeof ProductSchema>;

const Price = z.preprocess(
  blankToUndefined,
  z.coerce.number({ error: "must be a number" }).min(0, "must be 0 or more").max(1_000_000, "is too large").optional(),
);

const SearchWords = z.preprocess(blankToUndefined, z.string().trim().max(200, "is too long").optional());

const searchParameters = {
  q: SearchWords,
  /** the reference client's name for `q` */
  name: SearchWords,
  category: z.preprocess(blankToUndefined, IdSchema.optional()),
  brand: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.string().trim().min(1, "must not be blank").max(100, "is too long")).max(50, "has too many values"),
  ),
  /** an option value, "Name: Value" ("Switch: Brown"), once per value: a product with a variant of each named option's
   *  values (any of an option's values given, every option given) */
  option: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(
        z
          .string()
          .trim()
          .max(130, "is too long")
          .regex(/^[^:]*\S[^:]*:\s*\S.*$/, 'must be "Name: Value"'),
      )
      .max(50, "has too many values"),
  ),
  minPrice: Price,
  maxPrice: Price,
  inStock: QueryBooleanSchema,
  sort: z.preprocess(
    blankToUndefined,
    z.enum(SORTS, { error: `must be one of ${SORTS.join(", ")}` }).default("relevance"),
  ),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number().int("must be a whole number").min(1, "must be 1 or more").max(100_000).default(1),
  ),
  size: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int("must be a whole number")
      .min(1, "must be 1 or more")
      .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
      .default(PAGE_SIZE),
  ),
  /** one product per distinct name (the home page's grid) */
  distinct: QueryBooleanSchema,
  /** false: skip the facet counts (empty lists), for pages that do not show them */
  facets: QueryBooleanSchema,
};

/**
 * GET /products/search: the query string, as the API reads it. A parameter it does not know is a 400 naming it (a
 * misspelt filter was ignored silently and everything came back); `name` is the reference client's name for `q`
 * (the route reads `q ?? name`).
 */
export const ProductSearchQuerySchema = z
  .strictObject(searchParameters, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `is not a search parameter (the search takes ${Object.keys(searchParameters).join(", ")})`
        : undefined,
  })
  .refine((v) => v.q === undefined || v.name === undefined || v.q === v.name, {
    message: "is another name for q: give one of them",
    path: ["name"],
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: "must not be above maxPrice",
    path: ["minPrice"],
  });
export type ProductSearchQuery = z.infer<typeof ProductSearchQuerySchema>;
export type ProductSearchInput = z.input<typeof ProductSearchQuerySchema>;

export const FacetsSchema = z.object({
  brands: z.array(z.object({ name: z.string(), count: z.number().int() })),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
  /** per option name, its values with the number of products offering them */
  options: z.array(
    z.object({ name: z.string(), values: z.array(z.object({ value: z.string(), count: z.number().int() })) }),
  ),
});

/**
 * A product as a listing gives it: with a price range, the in-stock filter or an option filter, the ids of its
 * variants that match them (its card's price is the lowest of theirs); absent without such a filter.
 */
export const ListedProductSchema = ProductSchema.extend({ matchedVariantIds: z.array(z.number().int()).optional() });
export type ListedProductDto = z.infer<typeof ListedProductSchema>;

export const ProductPageSchema = z.object({
  content: z.array(ListedProductSchema),
  page: z.number().int(),
  size: z.number().int(),
  /** the matches, counted exactly up to a bound (1,000); with more, the bound itself and `totalCapped` */
  totalElements: z.number().int(),
  /** more products match than `totalElements` says: show it as "1,000+" (docs/api.md) */
  totalCapped: z.boolean(),
  /** the pages there are; by relevance, only the best-ranked window of a large result is paged (docs/api.md) */
  totalPages: z.number().int(),
  last: z.boolean(),
  facets: FacetsSchema,
  /** the facet counts were taken from the first 1,000 matches, not all of them: show them as such */
  facetsSampled: z.boolean(),
  /** set when nothing matched the words as typed and the search ran on corrected words instead */
  correctedQuery: z.string().nullable(),
  /** the query with misspelt words corrected, when some word is not known as typed ("Did you mean …") */
  didYouMean: z.string().nullable(),
});
export type ProductPage = z.infer<typeof ProductPageSchema>;

/** GET /products/suggestions: as-you-type suggestions. */
export const SuggestionsQuerySchema = z.object({
  q: z.string().trim().max(200, "is too long").default(""),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int("must be a whole number")
      .min(1, "must be 1 or more")
      .max(10, "must be at most 10")
      .default(6),
  ),
});

/** GET /products/deals: how many of the products on sale. */
export const DealsQuerySchema = z.object({
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int("must be a whole number")
      .min(1, "must be 1 or more")
      .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
      .default(8),
  ),
});

export const SearchSuggestionsSchema = z.object({
  query: z.string(),
  products: z.array(
    z.object({ id: z.number().int(), name: z.string(), brand: z.string(), category: z.string(), price: z.number() }),
  ),
  categories: z.array(CategorySchema),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestionsSchema>;

export const ImageDownloadQuerySchema = z.object({
  v: z.string().max(64).optional(),
  w: z.preprocess(
    blankToUndefined,
    z.coerce.number().int("must be a whole number").min(16, "must be at least 16").max(4000, "is too large").optional(),
  ),
});

/** GET /products/sitemap: what /sitemap.xml lists (category ids, product ids with their last change). */
export const SitemapEntriesSchema = z.object({
  categories: z.array(z.number().int()),
  products: z.array(z.object({ id: z.number().int(), updatedAt: z.string() })),
});
