// The admin's writes of a product's options and variants: the options, each variant's price, stock, weight and
// pictures, a variant added by hand, and one change for several variants at once.
import { z } from "zod/v4";
import { IdSchema } from "./common";
import { compareAtAbovePrice, compareAtPrice, formNumber, requiredLine, requiredText } from "./product-admin";

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
