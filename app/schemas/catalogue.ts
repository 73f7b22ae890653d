import { z } from "zod/v4";
import type { Rating } from "./review-constants";
import { blankToUndefined, IdSchema, isOneLine, oneLine, QueryBooleanSchema } from "./common";

import { MAX_PAGE_SIZE, PAGE_SIZE, SORTS } from "./constants";

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
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  last: z.boolean(),
  facets: FacetsSchema,
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

// ---------------------------------------------------------------- admin: product and category writes

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
/** a name is one line (a description may have several) */
const requiredLine = (label: string, max: number) => requiredText(label, max).refine(isOneLine, oneLine(label));

export const CategoryNameSchema = requiredLine("Category name", 100);
export const CategoryInputSchema = z.object({ name: CategoryNameSchema });

/** A product's category as clients send it: `{id}`, `{name}` or a bare name (an unknown name creates it). */
export const CategoryRefSchema = z.union(
  [
    z.object({ id: IdSchema }),
    z.object({ name: CategoryNameSchema }),
    CategoryNameSchema.transform((name) => ({ name })),
  ],
  { error: "Category is required" },
);

/** A number from JSON or a form: absent, null or blank is "required", anything else must parse as a number. */
const formNumber = <S extends z.ZodType>(label: string, rules: (n: z.ZodNumber) => S) =>
  z.preprocess(
    (v: unknown) =>
      v === null || v === undefined || (typeof v === "string" && v.trim() === "")
        ? undefined
        : typeof v === "string"
          ? Number(v)
          : v,
    rules(
      z.number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
      }),
    ),
  );

/**
 * A compare-at price from JSON or a form: absent is "leave it as it is", null or blank is "none" (not on sale),
 * anything else a price in dollars. That it is above the price is checked with the price (`compareAtAbovePrice`).
 */
const compareAtPrice = () =>
  z.preprocess(
    (v: unknown) =>
      v === null || (typeof v === "string" && v.trim() === "") ? null : typeof v === "string" ? Number(v) : v,
    z
      .number({ error: "Compare-at price must be a number" })
      .min(0, "Compare-at price must be 0 or more")
      .max(1_000_000, "Compare-at price is too large")
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "Compare-at price can have at most 2 decimals")
      .nullable()
      .optional(),
  );

type PriceAndCompareAt = { price?: unknown; compareAtPrice?: unknown };
const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * A compare-at price counts only above the price: one at or below it is refused on its field. It runs whenever both
 * figures are numbers, so the error shows together with the other fields' (a plain refinement waits for them).
 */
export const compareAtAbovePrice = z.refine<PriceAndCompareAt>(
  (v) => !bothPrices(v) || cents(v.compareAtPrice as number) > cents(v.price as number),
  {
    message: "Compare-at price must be above the price (leave it blank when not on sale)",
    path: ["compareAtPrice"],
    when: (payload) => bothPrices(payload.value as PriceAndCompareAt | null),
  },
);
const bothPrices = (v: PriceAndCompareAt | null) => Number.isFinite(v?.price) && Number.isFinite(v?.compareAtPrice);

export const ProductInputSchema = z
  .object({
    name: requiredLine("Name", 200),
    brand: requiredLine("Brand", 100),
    price: formNumber("Price", (n) =>
      n
        .min(0, "Price must be 0 or more")
        .max(1_000_000, "Price is too large")
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "Price can have at most 2 decimals"),
    ),
    inventory: formNumber("Inventory", (n) =>
      n
        .int("Inventory must be a whole number")
        .min(0, "Inventory must be 0 or more")
        .max(1_000_000, "Inventory is too large"),
    ),
    /** a product sold in one form: its variant's compare-at price (absent: unchanged; null or blank: not on sale) */
    compareAtPrice: compareAtPrice(),
    description: requiredText("Description", 5000),
    category: CategoryRefSchema,
  })
  .check(compareAtAbovePrice);
export type ProductInput = z.output<typeof ProductInputSchema>;

export const InventoryQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  lowStock: QueryBooleanSchema,
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  size: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(200).default(50)),
});

export const InventoryPageSchema = z.object({
  content: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      brand: z.string(),
      category: z.string(),
      price: z.number(),
      inventory: z.number().int(),
    }),
  ),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});

/** POST /products/import: products added and updated; variants added and updated; SKUs of variants the file left out. */
export const ImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  variantsCreated: z.number().int(),
  variantsUpdated: z.number().int(),
  /** SKUs of variants of the file's products that it does not name: left as they are, never deleted */
  variantsLeft: z.array(z.string()),
});
export type ImportResult = z.output<typeof ImportResultSchema>;

/** GET /products/sitemap: what /sitemap.xml lists (category ids, product ids with their last change). */
export const SitemapEntriesSchema = z.object({
  categories: z.array(z.number().int()),
  products: z.array(z.object({ id: z.number().int(), updatedAt: z.string() })),
});

// ---------------------------------------------------------------- admin: options and variants

/** An option's values as a list, or as a form's one field "Red, Brown, Blue". */
const OptionValuesSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",") : v),
  z
    .array(z.string().trim().max(60, "A value must be at most 60 characters"))
    .transform((values) => values.filter((value) => value !== ""))
    .pipe(
      z
        .array(z.string())
        .min(1, "Give at least one value")
        .max(30, "At most 30 values")
        .refine((values) => new Set(values.map((v) => v.toLowerCase())).size === values.length, "Values must differ"),
    ),
);

/**
 * PUT /products/{productId}/options, and the admin's options form: up to three options, each a name and its values;
 * a form's blank rows are left out. The product's variants become every combination of the values.
 */
export const ProductOptionsInputSchema = z.object({
  options: z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v.filter((row) => {
            if (!row || typeof row !== "object") return true;
            const { name, values } = row as { name?: unknown; values?: unknown };
            const blank = (x: unknown) => x === undefined || (typeof x === "string" && x.trim() === "");
            return !(blank(name) && blank(values));
          })
        : v === undefined
          ? []
          : v,
    z
      .array(z.object({ name: requiredText("Option name", 60), values: OptionValuesSchema }))
      .max(3, "A product has at most three options")
      .refine(
        (options) => new Set(options.map((o) => o.name.toLowerCase())).size === options.length,
        "Option names must differ",
      ),
  ),
});
export type ProductOptionsInput = z.output<typeof ProductOptionsInputSchema>;

export const WeightGramsSchema = z.preprocess(
  (v) => (v === "" || v === undefined ? null : typeof v === "string" ? Number(v) : v),
  z
    .number({ error: "Weight must be a number of grams" })
    .int("Weight must be a whole number of grams")
    .min(0, "Weight must be 0 or more")
    .max(1_000_000, "Weight is too large")
    .nullable(),
);

/** One row of the admin's variant table. */
export const VariantInputSchema = z
  .object({
    id: IdSchema,
    sku: requiredText("SKU", 64),
    price: formNumber("Price", (n) =>
      n
        .min(0, "Price must be 0 or more")
        .max(1_000_000, "Price is too large")
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "Price can have at most 2 decimals"),
    ),
    /** absent: unchanged; null or blank: not on sale */
    compareAtPrice: compareAtPrice(),
    inventory: formNumber("Stock", (n) =>
      n.int("Stock must be a whole number").min(0, "Stock must be 0 or more").max(1_000_000, "Stock is too large"),
    ),
    weightGrams: WeightGramsSchema,
  })
  .check(compareAtAbovePrice);

/**
 * PUT /products/{productId}/variants, and the admin's variant table: SKU, price, compare-at price, stock and weight
 * of each.
 */
export const VariantsInputSchema = z.object({
  variants: z
    .array(VariantInputSchema)
    .min(1, "Give at least one variant")
    .max(500, "At most 500 variants")
    .refine((rows) => new Set(rows.map((r) => r.id)).size === rows.length, "Each variant once")
    .refine((rows) => new Set(rows.map((r) => r.sku.toLowerCase())).size === rows.length, "SKUs must differ"),
});
export type VariantsInput = z.output<typeof VariantsInputSchema>;

const variantPrice = (label: string) =>
  formNumber(label, (n) =>
    n
      .min(0, "Price must be 0 or more")
      .max(1_000_000, "Price is too large")
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "Price can have at most 2 decimals"),
  );
const variantStock = (label: string) =>
  formNumber(label, (n) =>
    n.int("Stock must be a whole number").min(0, "Stock must be 0 or more").max(1_000_000, "Stock is too large"),
  );
const blankIsAbsent = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/**
 * POST /products/{productId}/variants, and the admin's "Add a variant" form: one combination, a value for each of the
 * product's options in their order (a value the option does not offer yet is added to it), with its own figures. A
 * blank SKU is made from the product's SKUs and the values.
 */
export const NewVariantInputSchema = z
  .object({
    values: z
      .array(requiredLine("Value", 60))
      .min(1, "Give a value for each option")
      .max(3, "A product has at most three options"),
    sku: z.preprocess(blankIsAbsent, requiredText("SKU", 64).optional()),
    price: variantPrice("Price"),
    compareAtPrice: compareAtPrice(),
    inventory: variantStock("Stock"),
    weightGrams: WeightGramsSchema.optional(),
  })
  .check(compareAtAbovePrice);
export type NewVariantInput = z.output<typeof NewVariantInputSchema>;

/**
 * POST /products/{productId}/variants/bulk, and the admin table's "for the selected" action: one price, one
 * compare-at price (or "clear": `clearCompareAt`, or `compareAtPrice: null`), one stock, or several, for each chosen
 * variant. A compare-at price must be above the price each variant has after the action (the service checks the
 * variants' own prices when no price is given).
 */
export const BulkVariantsInputSchema = z
  .object({
    variantIds: z.preprocess(
      (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
      z.array(IdSchema).min(1, "Select at least one variant").max(500, "At most 500 variants"),
    ),
    price: z.preprocess(blankIsAbsent, variantPrice("Price").optional()),
    /** blank: unchanged (a form's empty field); null: cleared */
    compareAtPrice: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), compareAtPrice()),
    /** the form's "Clear compare-at price" checkbox */
    clearCompareAt: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).optional(),
    inventory: z.preprocess(blankIsAbsent, variantStock("Stock").optional()),
  })
  .check(compareAtAbovePrice)
  .refine((input) => !(input.clearCompareAt && typeof input.compareAtPrice === "number"), {
    message: "Give a compare-at price or clear it, not both",
    path: ["compareAtPrice"],
  })
  .refine(
    (input) =>
      input.price !== undefined ||
      input.inventory !== undefined ||
      input.compareAtPrice !== undefined ||
      input.clearCompareAt,
    { message: "Give a price, a compare-at price, a stock, or clear the compare-at price", path: ["price"] },
  )
  .transform(({ clearCompareAt, ...input }) => (clearCompareAt ? { ...input, compareAtPrice: null } : input));
export type BulkVariantsInput = z.output<typeof BulkVariantsInputSchema>;

/** PUT /products/{productId}/variants/{variantId}/images, and the admin's pictures form: some of the product's images. */
export const VariantImagesInputSchema = z.object({
  imageIds: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(IdSchema)
      .max(20, "At most 20 pictures")
      .refine((ids) => new Set(ids).size === ids.length, "Each picture once"),
  ),
});
export type VariantImagesInput = z.output<typeof VariantImagesInputSchema>;
