import { z } from "zod/v4";
import { IdSchema } from "./common";
import { QuantitySchema } from "./cart";
import { ApplyDiscountSchema } from "./discounts";

/** The cart page's forms (quantity, remove, clear): one union of intents, posted by fetchers or plain forms. */
export const CartIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("update"),
    cartId: IdSchema,
    productId: IdSchema,
    variantId: IdSchema.optional(),
    quantity: QuantitySchema,
  }),
  z.object({ intent: z.literal("remove"), cartId: IdSchema, productId: IdSchema, variantId: IdSchema.optional() }),
  z.object({ intent: z.literal("clear"), cartId: IdSchema }),
  z.object({ intent: z.literal("discount-apply"), code: ApplyDiscountSchema.shape.code }),
  z.object({ intent: z.literal("discount-remove") }),
]);
export type CartIntent = z.infer<typeof CartIntentSchema>;

/** The details page's form: 'Add to cart' or 'Buy now' (add, then straight to checkout) with a quantity. */
export const AddToCartIntentSchema = z.object({
  intent: z.enum(["add", "buy"]).catch("add"),
  /** the chosen variant; the product's default one when absent */
  variantId: z.preprocess((v) => (v === "" ? undefined : v), IdSchema.optional()),
  quantity: z.unknown(),
});
