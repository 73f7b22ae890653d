import { z } from "zod/v4";
import { CategoryNameSchema, ProductInputSchema } from "./product-admin";
import { IdSchema, QueryBooleanSchema } from "./common";

/** A brand as the pages and the API name it: the product's brand field (trimmed, 1 to 100 characters). */
export const BrandNameSchema = ProductInputSchema.shape.brand;

/** PUT /products/brands/{brand}: the brand's new name (another brand's name moves the products into it). */
export const BrandInputSchema = z.object({ name: BrandNameSchema });

/** The {brand} of a brand's path, case-insensitive like every brand comparison. */
export const BrandParamSchema = z.object({ brand: BrandNameSchema });

/** GET /categories/all: `withProducts=true` lists only the categories some product is in (the footer). */
export const CategoryListQuerySchema = z.object({ withProducts: QueryBooleanSchema });

export const CategoryUsageSchema = z.object({ id: z.number().int(), name: z.string(), products: z.number().int() });
export type CategoryUsage = z.infer<typeof CategoryUsageSchema>;

export const BrandUsageSchema = z.object({ name: z.string(), products: z.number().int() });
export type BrandUsage = z.infer<typeof BrandUsageSchema>;

const PICK_AN_ACTION = { error: "Please choose what to do." };

/** 'Brands & categories' (/admin/catalogue): add a category, rename or delete one row; `name` is the name field. */
export const TaxonomyIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add-category"), name: CategoryNameSchema }),
    z.object({ intent: z.literal("rename-category"), categoryId: IdSchema, name: CategoryNameSchema }),
    z.object({ intent: z.literal("delete-category"), categoryId: IdSchema }),
    z.object({ intent: z.literal("rename-brand"), brand: BrandNameSchema, name: BrandNameSchema }),
    z.object({ intent: z.literal("delete-brand"), brand: BrandNameSchema }),
  ],
  PICK_AN_ACTION,
);
export type TaxonomyIntent = z.infer<typeof TaxonomyIntentSchema>;

/** The row a form of that page belongs to: where its errors and its typed value go back to. */
export const categoryRow = (id: number) => `category-${id}`;
export const brandRow = (brand: string) => `brand-${brand.toLowerCase()}`;
/** the "Add a category" form's row */
export const NEW_CATEGORY_ROW = "category-new";
