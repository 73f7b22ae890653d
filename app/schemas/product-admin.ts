// The admin's writes of products and categories: names, prices and compare-at prices, stock, the product list and CSV
// import results. The variant schemas (./variant-admin.ts) share its field rules.
import { z } from "zod/v4";
import { IdSchema, QueryBooleanSchema, blankToUndefined, isOneLine, oneLine } from "./common";

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
/** a name is one line (a description may have several) */
export const requiredLine = (label: string, max: number) => requiredText(label, max).refine(isOneLine, oneLine(label));

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
export const formNumber = <S extends z.ZodType>(label: string, rules: (n: z.ZodNumber) => S) =>
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
export const compareAtPrice = () =>
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
