import { expect } from "vitest";
import type { CartDto, CartItemDto } from "~/schemas/cart";
import { admin, cartLines, shopper, type Api, type TestDatabase } from "./checkout";
import { json, type Auth, type Envelope } from "./requests";

/** The cart API tests' helpers, bound to the test file's API server and database. */
export function cartHelpers(api: Api, database: TestDatabase) {
  return {
    /** a registered, logged-in shopper */
    shopper: () => shopper(api),
    admin: () => admin(api, database.db),
    /** POST /cartItems/item/add with JSON; without a quantity the body has none */
    add(auth: Auth, productId: number, quantity?: number) {
      return api.json<Envelope<CartItemDto>>(
        "/cartItems/item/add",
        json("POST", quantity === undefined ? { productId } : { productId, quantity }, auth),
      );
    },
    async cartOf(user: { id: number; auth: Auth }) {
      const response = await api.json<Envelope<CartDto>>(`/carts/user/${user.id}/cart`, { headers: user.auth });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data;
    },
    /** the user's cart lines straight from the database: product id → quantity */
    linesInDb: (userId: number) => cartLines(database.db, userId),
  };
}
