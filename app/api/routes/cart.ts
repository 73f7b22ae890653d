import { z } from "zod/v4";
import { IdSchema } from "~/schemas/common";
import { AddToCartSchema, CartCountSchema, CartItemSchema, CartSchema, QuantitySchema } from "~/schemas/orders";
import { addItem, clearCart, countCartItems, getCart, removeItem, updateItemQuantity } from "~/services/cart.server";
import { ValidationError } from "~/services/errors";
import type { ApiRouter } from "../define";

const UserIdParams = z.object({ userId: IdSchema });
const CartParams = z.object({ cartId: IdSchema });
const LineParams = z.object({ cartId: IdSchema, itemId: IdSchema });

export function registerCartRoutes(api: ApiRouter) {
  api.route(
    {
      method: "post",
      path: "/cartItems/item/add",
      tag: "cart",
      summary: "Add a product to the caller's cart (adds to an existing line; never above the stock)",
      access: "user",
      body: AddToCartSchema,
      bodyType: "json-or-form",
      response: CartItemSchema,
    },
    async ({ c, body }) => {
      const { item, message } = await addItem({
        actor: c.get("actor"),
        productId: body.productId,
        quantity: body.quantity,
      });
      return { message, data: item };
    },
  );

  api.route(
    {
      method: "get",
      path: "/carts/user/{userId}/cart",
      tag: "cart",
      summary: "A user's cart (empty when none yet)",
      access: "owner",
      params: UserIdParams,
      response: CartSchema,
    },
    async ({ c, params }) => ({
      message: "Found",
      data: await getCart({ userId: params.userId, actor: c.get("actor") }),
    }),
  );

  api.route(
    {
      method: "get",
      path: "/carts/user/{userId}/count",
      tag: "cart",
      summary: "How many pieces a user's cart holds (the navigation badge)",
      access: "owner",
      params: UserIdParams,
      response: CartCountSchema,
    },
    async ({ c, params }) => ({
      message: "Found",
      data: { count: await countCartItems({ userId: params.userId, actor: c.get("actor") }) },
    }),
  );

  api.route(
    {
      method: "put",
      path: "/cartItems/cart/{cartId}/item/{itemId}/update",
      tag: "cart",
      summary: "Set a line's quantity (itemId is the product id; at least 1, at most the stock)",
      access: "owner",
      params: LineParams,
      query: z.object({ quantity: z.unknown() }),
      response: CartItemSchema,
    },
    async ({ c, params, query }) => {
      // a bad quantity is a validation failure of the request (422), as the contract has it
      const quantity = QuantitySchema.safeParse(query.quantity ?? "");
      if (!quantity.success)
        throw new ValidationError("Validation failed", { quantity: quantity.error.issues.map((i) => i.message) });
      const item = await updateItemQuantity({
        actor: c.get("actor"),
        cartId: params.cartId,
        productId: params.itemId,
        quantity: quantity.data,
      });
      return { message: "Cart updated", data: item };
    },
  );

  api.route(
    {
      method: "delete",
      path: "/cartItems/cart/{cartId}/item/{itemId}/remove",
      tag: "cart",
      summary: "Remove a line (itemId is the product id)",
      access: "owner",
      params: LineParams,
    },
    async ({ c, params }) => {
      await removeItem({ actor: c.get("actor"), cartId: params.cartId, productId: params.itemId });
      return { message: "Item removed from cart" };
    },
  );

  api.route(
    {
      method: "delete",
      path: "/carts/cart/{cartId}/clear",
      tag: "cart",
      summary: "Empty a cart",
      access: "owner",
      params: CartParams,
    },
    async ({ c, params }) => {
      await clearCart({ actor: c.get("actor"), cartId: params.cartId });
      return { message: "Cart cleared" };
    },
  );
}
