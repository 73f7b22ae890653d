// Saved items and related products (docs/decisions/0047-saved-items-and-related-products.md): one schema for the
// forms and the API.
import { z } from "zod/v4";
import { IdSchema } from "./common";
import { ProductSchema } from "./catalogue";
import { MOVE_INTENT, SAVE_INTENT, UNSAVE_INTENT } from "./saved-constants";

export * from "./saved-constants";

/** what saving, removing or moving names: a product */
export const SavedItemInputSchema = z.object({ productId: IdSchema });
export type SavedItemInput = z.output<typeof SavedItemInputSchema>;

export const SavedItemParamsSchema = z.object({ productId: IdSchema });

/** the forms' intents: save, remove, move to cart, each naming the product; `back` is where to return (a path) */
export const SavedIntentSchema = z.object({
  intent: z.enum([SAVE_INTENT, UNSAVE_INTENT, MOVE_INTENT]),
  productId: IdSchema,
});

export const SavedItemSchema = z.object({
  productId: z.number().int(),
  savedAt: z.string(),
  /** the product's (lowest) price when it was saved */
  savedPrice: z.number(),
  /** it costs less now than when saved */
  priceDropped: z.boolean(),
  /** it was sold out when saved and is in stock now */
  backInStock: z.boolean(),
  product: ProductSchema,
});
export type SavedItemDto = z.infer<typeof SavedItemSchema>;

export const SavedListSchema = z.object({ items: z.array(SavedItemSchema) });
export type SavedList = z.infer<typeof SavedListSchema>;

export const SavedIdsSchema = z.object({ productIds: z.array(z.number().int()) });

export const RelatedSchema = z.object({ products: z.array(ProductSchema) });
export type Related = z.infer<typeof RelatedSchema>;

export const RelatedParamsSchema = z.object({ id: IdSchema });
