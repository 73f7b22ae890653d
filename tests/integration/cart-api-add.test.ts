import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems } from "~/db/schema";
import type { CartItemDto } from "~/schemas/cart";
import { useApiServer } from "../support/api-server";
import { cartHelpers } from "../support/cart";
import { createCategory, createProduct } from "../support/factories";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Adding to the cart: POST /cartItems/item/add with JSON or a form, within the stock, validated.

const database = useTestDatabase();
const api = useApiServer();
const { shopper, add, linesInDb } = cartHelpers(api, database);

let categoryId: number;
beforeAll(async () => {
  categoryId = (await createCategory(database.db)).id;
});

const product = (values: { priceCents?: number; inventory?: number; name?: string } = {}) =>
  createProduct(database.db, { categoryId, ...values });

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

describe("a refused body names its first field and reason in the message", () => {
  it.each([
    [{ quantity: [1] }, "Validation failed: quantity: Quantity must be a whole number"],
    [{ quantity: "1e2" }, "Validation failed: quantity: Quantity must be a whole number"],
    [{ quantity: 0 }, "Validation failed: quantity: Quantity must be at least 1"],
  ])("%j: 422 %j, nothing added", async (body, message) => {
    const user = await shopper();
    const p = await product({ inventory: 200 });
    const response = await api.json<Envelope<null> & { errors?: Record<string, string[]> }>(
      "/cartItems/item/add",
      json("POST", { productId: p.id, ...body }, user.auth),
    );
    expect(response.status).toBe(422);
    expect(response.body.message).toBe(message);
    expect(response.body.errors?.quantity).toBeDefined();
    expect(await linesInDb(user.id)).toEqual({});
  });
});
