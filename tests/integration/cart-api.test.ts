import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, carts, products } from "~/db/schema";
import type { CartDto, CartItemDto } from "~/schemas/orders";
import { ensureAdminAccount } from "~/services/admin.server";
import { useApiServer } from "../support/api-server";
import { bearer, loginAs, PASSWORD, register } from "../support/accounts";
import { createCategory, createProduct, word } from "../support/factories";
import { useTestDatabase } from "../support/test-db";

const database = useTestDatabase();
const api = useApiServer();

type Envelope<T> = { message: string; data: T; errors?: Record<string, string[]> };

const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

let categoryId: number;
beforeAll(async () => {
  categoryId = (await createCategory(database.db)).id;
});

/** a registered, logged-in shopper */
async function shopper() {
  const user = await register(api);
  const { accessToken } = await loginAs(api, user.email);
  return { id: user.id, email: user.email, token: accessToken, auth: bearer(accessToken) };
}

async function admin() {
  const email = `${word()}@example.com`;
  const { userId } = await ensureAdminAccount({ email, password: PASSWORD, db: database.db });
  const { accessToken } = await loginAs(api, email);
  return { id: userId, token: accessToken, auth: bearer(accessToken) };
}

const product = (values: { priceCents?: number; inventory?: number; name?: string } = {}) =>
  createProduct(database.db, { categoryId, ...values });

async function add(auth: Record<string, string>, productId: number, quantity?: number) {
  return api.json<Envelope<CartItemDto>>(
    "/cartItems/item/add",
    json("POST", quantity === undefined ? { productId } : { productId, quantity }, auth),
  );
}

async function cartOf(user: { id: number; auth: Record<string, string> }) {
  const response = await api.json<Envelope<CartDto>>(`/carts/user/${user.id}/cart`, { headers: user.auth });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

/** the user's cart lines straight from the database: product id → quantity */
async function linesInDb(userId: number) {
  const rows = await database.db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.productId, r.quantity]));
}

describe("POST /cartItems/item/add", () => {
  it("adds a product with JSON and answers the line as a CartItemDto, priced on the server", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 1999, inventory: 10 });
    const response = await add(user.auth, p.id, 3);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toBe(`3 × ${p.name} added to cart`);
    expect(response.body.data).toMatchObject({ itemId: p.id, quantity: 3, unitPrice: 19.99, totalPrice: 59.97 });
    expect(response.body.data.product).toMatchObject({
      id: p.id,
      name: p.name,
      brand: p.brand,
      price: 19.99,
      inventory: 10,
      category: { id: categoryId },
    });
    expect(await linesInDb(user.id)).toEqual({ [p.id]: 3 });
  });

  it("adds one piece when no quantity is sent, and adds to the quantity of an existing line", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 250, inventory: 10 });
    const first = await add(user.auth, p.id);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(`${p.name} added to cart`);
    expect(first.body.data.quantity).toBe(1);
    const second = await add(user.auth, p.id, 4);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ itemId: p.id, quantity: 5, totalPrice: 12.5 });
    expect(await linesInDb(user.id)).toEqual({ [p.id]: 5 });
    const rows = await database.db.select().from(cartItems).where(eq(cartItems.productId, p.id));
    expect(rows).toHaveLength(1);
  });

  it("accepts urlencoded form data", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const response = await api.json<Envelope<CartItemDto>>("/cartItems/item/add", {
      method: "POST",
      headers: user.auth,
      body: new URLSearchParams({ productId: String(p.id), quantity: "2" }),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ itemId: p.id, quantity: 2 });
    expect(await linesInDb(user.id)).toEqual({ [p.id]: 2 });
  });

  it("accepts multipart form data, as the reference client sends it", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const form = new FormData();
    form.append("productId", String(p.id));
    form.append("quantity", "4");
    const response = await api.json<Envelope<CartItemDto>>("/cartItems/item/add", {
      method: "POST",
      headers: user.auth,
      body: form,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ itemId: p.id, quantity: 4 });
    // without a quantity, one piece is added to the line
    const one = new FormData();
    one.append("productId", String(p.id));
    const again = await api.json<Envelope<CartItemDto>>("/cartItems/item/add", {
      method: "POST",
      headers: user.auth,
      body: one,
    });
    expect(again.status).toBe(200);
    expect(again.body.data.quantity).toBe(5);
    expect(await linesInDb(user.id)).toEqual({ [p.id]: 5 });
  });

  it("refuses a total line quantity above the stock with 409, keeping the line as it was", async () => {
    const user = await shopper();
    const p = await product({ inventory: 3 });
    expect((await add(user.auth, p.id, 2)).status).toBe(200);
    const response = await add(user.auth, p.id, 2);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: `Only 3 of ${p.name} are in stock. You already have 2 in your cart.`,
      data: null,
    });
    expect(await linesInDb(user.id)).toEqual({ [p.id]: 2 });

    // the last piece still fits
    expect((await add(user.auth, p.id, 1)).body.data.quantity).toBe(3);
    expect(await linesInDb(user.id)).toEqual({ [p.id]: 3 });
  });

  it("refuses more than the stock for a new line, and any piece of a sold-out product, creating no line", async () => {
    const user = await shopper();
    const few = await product({ inventory: 3 });
    const tooMany = await add(user.auth, few.id, 4);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe(`Only 3 of ${few.name} are in stock.`);
    const soldOut = await product({ inventory: 0 });
    const none = await add(user.auth, soldOut.id);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(`Sorry, ${soldOut.name} is out of stock.`);
    expect(await linesInDb(user.id)).toEqual({});
  });

  it("answers an unknown product with 404", async () => {
    const user = await shopper();
    const response = await add(user.auth, 987_654);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Product not found", data: null });
    expect(await linesInDb(user.id)).toEqual({});
  });

  it("validates the quantity (1 to 999) and the product id with 422 and field errors", async () => {
    const user = await shopper();
    const p = await product({ inventory: 5000 });
    for (const quantity of [0, -1, 1000, 1.5, "many"]) {
      const response = await api.json("/cartItems/item/add", json("POST", { productId: p.id, quantity }, user.auth));
      expect(response.status, `quantity ${quantity}`).toBe(422);
      expect(Object.keys(response.body.errors!), `quantity ${quantity}`).toEqual(["quantity"]);
    }
    const missing = await api.json("/cartItems/item/add", json("POST", { quantity: 1 }, user.auth));
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty("productId");
    // 999 is the most a line may hold
    expect((await add(user.auth, p.id, 999)).status).toBe(200);
    expect(await linesInDb(user.id)).toEqual({ [p.id]: 999 });
  });

  it("needs a token (401), a JSON or form body (415) and valid JSON (400)", async () => {
    const p = await product();
    const anonymous = await api.json("/cartItems/item/add", json("POST", { productId: p.id, quantity: 1 }));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.data).toBeNull();
    const user = await shopper();
    expect(
      (
        await api.json("/cartItems/item/add", {
          method: "POST",
          headers: { ...user.auth, "content-type": "text/plain" },
          body: "x",
        })
      ).status,
    ).toBe(415);
    expect(
      (
        await api.json("/cartItems/item/add", {
          method: "POST",
          headers: { ...user.auth, "content-type": "application/json" },
          body: "{nope",
        })
      ).status,
    ).toBe(400);
    expect(await linesInDb(user.id)).toEqual({});
  });
});

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

describe("authorization of the cart endpoints", () => {
  type Actor = "anonymous" | "other" | "admin" | "owner";
  let owner: Awaited<ReturnType<typeof shopper>>;
  let other: Awaited<ReturnType<typeof shopper>>;
  let boss: Awaited<ReturnType<typeof admin>>;
  let ownerCartId: number;
  let p: Awaited<ReturnType<typeof product>>;

  beforeAll(async () => {
    owner = await shopper();
    other = await shopper();
    boss = await admin();
    p = await product({ inventory: 50 });
    ownerCartId = (await cartOf(owner)).cartId;
  });

  const headersOf = (actor: Actor) => (actor === "anonymous" ? {} : { owner, other, admin: boss }[actor].auth);

  /** puts the owner's line back to 2 pieces of p */
  async function seed() {
    await database.db
      .insert(cartItems)
      .values({ cartId: ownerCartId, productId: p.id, quantity: 2 })
      .onConflictDoUpdate({ target: [cartItems.cartId, cartItems.productId], set: { quantity: 2 } });
  }

  const ownerLine = async () => (await linesInDb(owner.id))[p.id];

  const endpoints: Array<{
    name: string;
    method: string;
    path: () => string;
    after: Record<"owner" | "admin", number | undefined>;
  }> = [
    {
      name: "GET /carts/user/{userId}/cart",
      method: "GET",
      path: () => `/carts/user/${owner.id}/cart`,
      after: { owner: 2, admin: 2 },
    },
    {
      name: "GET /carts/user/{userId}/count",
      method: "GET",
      path: () => `/carts/user/${owner.id}/count`,
      after: { owner: 2, admin: 2 },
    },
    {
      name: "PUT /cartItems/cart/{cartId}/item/{itemId}/update",
      method: "PUT",
      path: () => `/cartItems/cart/${ownerCartId}/item/${p.id}/update?quantity=5`,
      after: { owner: 5, admin: 5 },
    },
    {
      name: "DELETE /cartItems/cart/{cartId}/item/{itemId}/remove",
      method: "DELETE",
      path: () => `/cartItems/cart/${ownerCartId}/item/${p.id}/remove`,
      after: { owner: undefined, admin: undefined },
    },
    {
      name: "DELETE /carts/cart/{cartId}/clear",
      method: "DELETE",
      path: () => `/carts/cart/${ownerCartId}/clear`,
      after: { owner: undefined, admin: undefined },
    },
  ];

  for (const endpoint of endpoints) {
    it(`${endpoint.name}: anonymous 401 and another user 403 change nothing; the owner and an admin may`, async () => {
      for (const actor of ["anonymous", "other", "admin", "owner"] as Actor[]) {
        await seed();
        const response = await api.json(endpoint.path(), { method: endpoint.method, headers: headersOf(actor) });
        const label = `${actor} → ${response.status} ${JSON.stringify(response.body)}`;
        if (actor === "anonymous") expect(response.status, label).toBe(401);
        else if (actor === "other") expect(response.status, label).toBe(403);
        else expect(response.status, label).toBe(200);
        expect(response.body.message, label).toEqual(expect.any(String));
        if (actor === "anonymous" || actor === "other") {
          expect(response.body.data, label).toBeNull();
          expect(JSON.stringify(response.body), label).not.toContain(p.name);
          expect(await ownerLine(), label).toBe(2);
        } else {
          expect(await ownerLine(), label).toBe(endpoint.after[actor]);
        }
      }
    });
  }

  it("an admin sees the owner's cart and count; another user's cart or count is 403 and reveals nothing", async () => {
    await seed();
    const asAdmin = await api.json<Envelope<CartDto>>(`/carts/user/${owner.id}/cart`, { headers: boss.auth });
    expect(asAdmin.body.data).toMatchObject({
      cartId: ownerCartId,
      items: [expect.objectContaining({ itemId: p.id, quantity: 2 })],
    });
    const count = await api.json<Envelope<{ count: number }>>(`/carts/user/${owner.id}/count`, { headers: boss.auth });
    expect(count.body.data).toEqual({ count: 2 });
    const asOther = await api.json(`/carts/user/${owner.id}/cart`, { headers: other.auth });
    expect(asOther.status).toBe(403);
    expect(asOther.body).toEqual({ message: expect.any(String), data: null });
  });

  it("adding to the cart always adds to the caller's own cart", async () => {
    await seed();
    const response = await add(other.auth, p.id, 1);
    expect(response.status).toBe(200);
    expect(await ownerLine()).toBe(2);
    expect(await linesInDb(other.id)).toEqual({ [p.id]: 1 });
  });

  it("a cart that does not exist is 404 for an admin and 403 for a user", async () => {
    for (const [method, path] of [
      ["PUT", `/cartItems/cart/987654/item/${p.id}/update?quantity=1`],
      ["DELETE", `/cartItems/cart/987654/item/${p.id}/remove`],
      ["DELETE", `/carts/cart/987654/clear`],
    ] as const) {
      expect((await api.json(path, { method, headers: boss.auth })).status, `admin ${method} ${path}`).toBe(404);
      expect((await api.json(path, { method, headers: other.auth })).status, `user ${method} ${path}`).toBe(403);
      expect((await api.json(path, { method })).status, `anonymous ${method} ${path}`).toBe(401);
    }
  });

  it("a user cannot reach another user's line through their own cart id", async () => {
    await seed();
    const otherCartId = (await cartOf(other)).cartId;
    // p is in the other user's cart from an earlier test or not: the owner's line must stay untouched either way
    await api.json(`/cartItems/cart/${otherCartId}/item/${p.id}/remove`, { method: "DELETE", headers: other.auth });
    expect(await ownerLine()).toBe(2);
    const rows = await database.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.cartId, ownerCartId), eq(cartItems.productId, p.id)));
    expect(rows).toHaveLength(1);
  });
});
