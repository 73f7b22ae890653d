import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { selectRows } from "~/db/query.server";
import { carts, products } from "~/db/schema";
import type { CartItemDto } from "~/schemas/cart";
import { useApiServer } from "../support/api-server";
import { cartHelpers } from "../support/cart";
import { useCategory } from "../support/checkout";
import type { Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The cart and its lines: reading it and its count, changing a line's quantity, removing lines, clearing it.

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);
const { shopper, admin, add, cartOf, linesInDb } = cartHelpers(api, database);

describe("GET /carts/user/{userId}/cart and /count", () => {
  it("answers an empty cart and a count of 0 for a user who has added nothing", async () => {
    const user = await shopper();
    const cart = await cartOf(user);
    expect(cart).toEqual({ cartId: expect.any(Number), items: [], totalAmount: 0 });
    const [row] = await database.db.select().from(carts).where(eq(carts.userId, user.id));
    expect(row?.id).toBe(cart.cartId);
    const count = await api.json<Envelope<{ count: number }>>(`/carts/user/${user.id}/count`, { headers: user.auth });
    expect(count.status).toBe(200);
    expect(count.body.data).toEqual({ count: 0 });
  });

  it("makes one cart for concurrent first visits, and writes nothing when a shopper views the cart they have", async () => {
    const user = await shopper();
    const first = await Promise.all(Array.from({ length: 6 }, () => cartOf(user)));
    expect(new Set(first.map((cart) => cart.cartId)).size).toBe(1);
    expect(await database.db.select().from(carts).where(eq(carts.userId, user.id))).toHaveLength(1);
    // viewing it again writes nothing: not even a value of the ids' sequence is taken
    const sequence = async () =>
      (await selectRows<{ last: number }>(database.db, sql`SELECT last_value::int AS last FROM carts_id_seq`))[0]!.last;
    const before = await sequence();
    for (let i = 0; i < 3; i++) expect((await cartOf(user)).cartId).toBe(first[0]!.cartId);
    expect(await sequence()).toBe(before);
  });

  it("lists the lines with their prices and the total in dollars, and counts the pieces", async () => {
    const user = await shopper();
    const a = await product({ priceCents: 1999, inventory: 10 });
    const b = await product({ priceCents: 1010, inventory: 10 });
    const c = await product({ priceCents: 1, inventory: 10 });
    await add(user.auth, a.id, 2);
    await add(user.auth, b.id, 3);
    await add(user.auth, c.id, 7);
    const cart = await cartOf(user);
    expect(cart.items.map((i) => [i.itemId, i.quantity, i.unitPrice, i.totalPrice])).toEqual([
      [a.id, 2, 19.99, 39.98],
      [b.id, 3, 10.1, 30.3],
      [c.id, 7, 0.01, 0.07],
    ]);
    expect(cart.items[1]!.product).toMatchObject({ id: b.id, name: b.name, brand: b.brand, price: 10.1 });
    expect(cart.totalAmount).toBe(70.35);
    const count = await api.json<Envelope<{ count: number }>>(`/carts/user/${user.id}/count`, { headers: user.auth });
    expect(count.body.data).toEqual({ count: 12 });
  });

  it("shows the current price of a product, and drops a deleted product from the cart", async () => {
    const user = await shopper();
    const a = await product({ priceCents: 1000, inventory: 10 });
    const b = await product({ priceCents: 500, inventory: 10 });
    await add(user.auth, a.id, 2);
    await add(user.auth, b.id, 1);
    await database.db.update(products).set({ priceCents: 1250 }).where(eq(products.id, a.id));
    await database.db.delete(products).where(eq(products.id, b.id));
    const cart = await cartOf(user);
    expect(cart.items).toEqual([
      expect.objectContaining({ itemId: a.id, quantity: 2, unitPrice: 12.5, totalPrice: 25 }),
    ]);
    expect(cart.totalAmount).toBe(25);
    expect(
      (await api.json<Envelope<{ count: number }>>(`/carts/user/${user.id}/count`, { headers: user.auth })).body.data
        .count,
    ).toBe(2);
  });

  it("answers an admin asking for a user who does not exist with 404", async () => {
    const boss = await admin();
    const response = await api.json(`/carts/user/987654/cart`, { headers: boss.auth });
    expect(response.status).toBe(404);
  });
});

describe("PUT /cartItems/cart/{cartId}/item/{itemId}/update", () => {
  it("sets the line's quantity (itemId is the product id) and answers the line", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 300, inventory: 8 });
    await add(user.auth, p.id, 2);
    const { cartId } = await cartOf(user);
    const response = await api.json<Envelope<CartItemDto>>(`/cartItems/cart/${cartId}/item/${p.id}/update?quantity=8`, {
      method: "PUT",
      headers: user.auth,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ itemId: p.id, quantity: 8, unitPrice: 3, totalPrice: 24 });
    expect(await linesInDb(user.id)).toEqual({ [p.id]: 8 });
    const down = await api.json<Envelope<CartItemDto>>(`/cartItems/cart/${cartId}/item/${p.id}/update?quantity=1`, {
      method: "PUT",
      headers: user.auth,
    });
    expect(down.body.data.quantity).toBe(1);
    expect(await linesInDb(user.id)).toEqual({ [p.id]: 1 });
  });

  it("answers a quantity below 1, not a number, or missing with 422 and errors.quantity, changing nothing", async () => {
    const user = await shopper();
    const p = await product({ inventory: 8 });
    await add(user.auth, p.id, 2);
    const { cartId } = await cartOf(user);
    for (const query of ["?quantity=0", "?quantity=-3", "?quantity=abc", "?quantity=", ""]) {
      const response = await api.json(`/cartItems/cart/${cartId}/item/${p.id}/update${query}`, {
        method: "PUT",
        headers: user.auth,
      });
      expect(response.status, `"${query}" → ${JSON.stringify(response.body)}`).toBe(422);
      expect(response.body.errors, query).toHaveProperty("quantity");
      expect(response.body.errors!.quantity!.length, query).toBeGreaterThan(0);
    }
    expect(await linesInDb(user.id)).toEqual({ [p.id]: 2 });
  });

  it("refuses more than the stock with 409, changing nothing", async () => {
    const user = await shopper();
    const p = await product({ inventory: 3 });
    await add(user.auth, p.id, 2);
    const { cartId } = await cartOf(user);
    const response = await api.json(`/cartItems/cart/${cartId}/item/${p.id}/update?quantity=4`, {
      method: "PUT",
      headers: user.auth,
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toContain(`Only 3 of ${p.name}`);
    expect(await linesInDb(user.id)).toEqual({ [p.id]: 2 });
  });

  it("answers a product that is not in the cart with 404, creating no line", async () => {
    const user = await shopper();
    const inCart = await product({ inventory: 5 });
    const other = await product({ inventory: 5 });
    await add(user.auth, inCart.id, 1);
    const { cartId } = await cartOf(user);
    const response = await api.json(`/cartItems/cart/${cartId}/item/${other.id}/update?quantity=2`, {
      method: "PUT",
      headers: user.auth,
    });
    expect(response.status).toBe(404);
    expect(await linesInDb(user.id)).toEqual({ [inCart.id]: 1 });
  });
});

describe("DELETE …/item/{itemId}/remove and /carts/cart/{cartId}/clear", () => {
  it("removes one line, and removing it again is still a 200", async () => {
    const user = await shopper();
    const a = await product();
    const b = await product();
    await add(user.auth, a.id, 2);
    await add(user.auth, b.id, 1);
    const { cartId } = await cartOf(user);
    const first = await api.json(`/cartItems/cart/${cartId}/item/${a.id}/remove`, {
      method: "DELETE",
      headers: user.auth,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: "Item removed from cart", data: null });
    expect(await linesInDb(user.id)).toEqual({ [b.id]: 1 });
    const again = await api.json(`/cartItems/cart/${cartId}/item/${a.id}/remove`, {
      method: "DELETE",
      headers: user.auth,
    });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe("Item removed from cart");
    expect(await linesInDb(user.id)).toEqual({ [b.id]: 1 });
    expect((await cartOf(user)).items.map((i) => i.itemId)).toEqual([b.id]);
  });

  it("clears every line and keeps the (empty) cart", async () => {
    const user = await shopper();
    const a = await product();
    const b = await product();
    await add(user.auth, a.id, 2);
    await add(user.auth, b.id, 3);
    const { cartId } = await cartOf(user);
    const response = await api.json(`/carts/cart/${cartId}/clear`, { method: "DELETE", headers: user.auth });
    expect(response.status).toBe(200);
    expect(response.body.data).toBeNull();
    expect(await linesInDb(user.id)).toEqual({});
    expect(await cartOf(user)).toEqual({ cartId, items: [], totalAmount: 0 });
    expect(
      (await api.json<Envelope<{ count: number }>>(`/carts/user/${user.id}/count`, { headers: user.auth })).body.data
        .count,
    ).toBe(0);
    // the products are untouched
    const [row] = await database.db.select().from(products).where(eq(products.id, a.id));
    expect(row!.inventory).toBe(10);
  });
});
