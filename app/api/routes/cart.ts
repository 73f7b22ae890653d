import { z } from "zod/v4";
import { IdSchema } from "~/schemas/common";
import {
  AddToCartSchema,
  CartCountSchema,
  CartItemSchema,
  CartLineQuerySchema,
  CartSchema,
  QuantitySchema,
} from "~/schemas/cart";
import { QuoteQuerySchema, QuoteSchema } from "~/schemas/orders";
import { applyCartCode, cartQuote } from "~/services/orders/quote.server";
import { removeDiscountCode } from "~/services/orders/discounts.server";
import { ApplyDiscountSchema } from "~/schemas/discounts";
import {
  addItem,
  clearCart,
  countCartItems,
  getCart,
  removeItem,
  updateItemQuantity,
} from "~/services/orders/cart.server";
import { validationFailed } from "../dispatch";
import { defineRoute } from "../define";

const UserIdParams = z.object({ userId: IdSchema });
const CartParams = z.object({ cartId: IdSchema });
const LineParams = z.object({ cartId: IdSchema, itemId: IdSchema });

/** A user's cart: lines hold a product's variant and a quantity, never above the variant's stock. */
export const cartRoutes = {
  add: defineRoute(
    {
      method: "post",
      path: "/cartItems/item/add",
      tag: "cart",
      summary:
        "Add a product's variant (its default variant when variantId is absent) to the caller's cart (adds to an existing line; never above the variant's stock)",
      access: "user",
      body: AddToCartSchema,
      bodyType: "json-or-form",
      response: CartItemSchema,
    },
    async ({ actor, body }) => {
      const { item, message } = await addItem({
        actor,
        productId: body.productId,
        variantId: body.variantId,
        quantity: body.quantity,
      });
      return { message, data: item };
    },
  ),

  get: defineRoute(
    {
      method: "get",
      path: "/carts/user/{userId}/cart",
      tag: "cart",
      summary: "A user's cart (empty when none yet)",
      access: "owner",
      params: UserIdParams,
      response: CartSchema,
    },
    async ({ actor, params }) => ({ message: "Found", data: await getCart({ userId: params.userId, actor }) }),
  ),

  quote: defineRoute(
    {
      method: "get",
      path: "/carts/user/{userId}/quote",
      tag: "cart",
      summary:
        "The cart's whole price for a destination (a country's estimate, a saved address or the default one): lines, shipping methods, tax, total",
      access: "owner",
      params: UserIdParams,
      query: QuoteQuerySchema,
      response: QuoteSchema,
    },
    async ({ actor, params, query }) => ({
      message: "Found",
      data: await cartQuote({ actor, userId: params.userId, ...query }),
    }),
  ),

  applyDiscount: defineRoute(
    {
      method: "post",
      path: "/carts/user/{userId}/discount",
      tag: "cart",
      summary:
        "Apply a discount code to a user's cart (any case); a code that gives nothing now is a 422 saying why (expired, spend more, already used…). Answers the cart's quote",
      access: "owner",
      params: UserIdParams,
      body: ApplyDiscountSchema,
      bodyType: "json-or-form",
      response: QuoteSchema,
    },
    async ({ actor, params, body }) => {
      const { applied, quote } = await applyCartCode({ actor, userId: params.userId, code: body.code });
      return { message: `Code ${applied.code} applied: ${applied.description}.`, data: quote };
    },
  ),

  removeDiscount: defineRoute(
    {
      method: "delete",
      path: "/carts/user/{userId}/discount",
      tag: "cart",
      summary: "Remove the discount code from a user's cart (none applied is fine)",
      access: "owner",
      params: UserIdParams,
    },
    async ({ actor, params }) => {
      await removeDiscountCode({ actor, userId: params.userId });
      return { message: "Discount code removed" };
    },
  ),

  count: defineRoute(
    {
      method: "get",
      path: "/carts/user/{userId}/count",
      tag: "cart",
      summary: "How many pieces a user's cart holds (the navigation badge)",
      access: "owner",
      params: UserIdParams,
      response: CartCountSchema,
    },
    async ({ actor, params }) => ({
      message: "Found",
      data: { count: await countCartItems({ userId: params.userId, actor }) },
    }),
  ),

  update: defineRoute(
    {
      method: "put",
      path: "/cartItems/cart/{cartId}/item/{itemId}/update",
      tag: "cart",
      summary:
        "Set a line's quantity (itemId is the product id; variantId names the line when the product is in the cart in several variants; at least 1, at most the variant's stock)",
      access: "owner",
      params: LineParams,
      query: CartLineQuerySchema.extend({ quantity: z.unknown() }),
      response: CartItemSchema,
    },
    async ({ actor, params, query }) => {
      // a bad quantity is a validation failure of the request (422), as the contract has it
      const quantity = QuantitySchema.safeParse(query.quantity ?? "");
      if (!quantity.success) {
        throw validationFailed({ quantity: quantity.error.issues.map((i) => i.message) });
      }
      const item = await updateItemQuantity({
        actor,
        cartId: params.cartId,
        productId: params.itemId,
        variantId: query.variantId,
        quantity: quantity.data,
      });
      return { message: "Cart updated", data: item };
    },
  ),

  remove: defineRoute(
    {
      method: "delete",
      path: "/cartItems/cart/{cartId}/item/{itemId}/remove",
      tag: "cart",
      summary:
        "Remove a line (itemId is the product id; with variantId only that variant's line, else all of the product's)",
      access: "owner",
      params: LineParams,
      query: CartLineQuerySchema,
    },
    async ({ actor, params, query }) => {
      await removeItem({ actor, cartId: params.cartId, productId: params.itemId, variantId: query.variantId });
      return { message: "Item removed from cart" };
    },
  ),

  clear: defineRoute(
    {
      method: "delete",
      path: "/carts/cart/{cartId}/clear",
      tag: "cart",
      summary: "Empty a cart",
      access: "owner",
      params: CartParams,
    },
    async ({ actor, params }) => {
      await clearCart({ actor, cartId: params.cartId });
      return { message: "Cart cleared" };
    },
  ),
};
