// The cart: a line's quantity, adding to the cart, and the cart as the API answers it.
import { z } from "zod/v4";
import { ProductSchema } from "./catalogue";
import { IdSchema } from "./common";

// the browser's pages import these from ./cart-constants (without zod)
export { beyondStock, CART_BEYOND_STOCK, CHECKOUT_BEYOND_STOCK } from "./cart-constants";

/** The most of one product a cart line may hold (stock limits it further). */
export const MAX_LINE_QUANTITY = 999;

/**
 * A quantity is a whole number written as one: a JSON number, or a form's or query's digits ("3", " 3 "). Anything
 * else ("1e2", "0x10", "1.0", [1], true) is refused rather than read as some number.
 */
export const QuantitySchema = z.preprocess(
  (value) => (typeof value === "string" && /^\s*[+-]?\d{1,12}\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
);

/** POST /cartItems/item/add (form data, urlencoded or JSON) */
export const AddToCartSchema = z.object({
  productId: IdSchema,
  /** one of the product's variants; its default variant when absent */
  variantId: z.preprocess((v) => (v === "" || v === null ? undefined : v), IdSchema.optional()),
  quantity: QuantitySchema.default(1),
});

export const CartItemSchema = z.object({
  /** the line's product id, as the reference backend has it */
  itemId: z.number().int(),
  /** the variant in the cart (a cart may hold several variants of one product, each its own line) */
  variantId: z.number().int(),
  /** "Switch: Brown · Layout: ISO DE"; empty for a product without options */
  variantLabel: z.string(),
  sku: z.string(),
  /** the variant's stock */
  inventory: z.number().int(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  /** the variant's regular price when it is on sale (its compare-at price, above `unitPrice`), else null */
  compareAtPrice: z.number().nullable(),
  totalPrice: z.number(),
  product: ProductSchema,
});

/** `?variantId=` of a cart line's update and remove: which of the product's lines (needed when it has several). */
export const CartLineQuerySchema = z.object({
  variantId: z.preprocess((v) => (v === "" ? undefined : v), IdSchema.optional()),
});
export type CartItemDto = z.infer<typeof CartItemSchema>;

export const CartSchema = z.object({
  cartId: z.number().int(),
  items: z.array(CartItemSchema),
  totalAmount: z.number(),
});
export type CartDto = z.infer<typeof CartSchema>;

export const CartCountSchema = z.object({ count: z.number().int() });
