import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderItems, products, productVariants, savedItems, users } from "~/db/schema";
import type { AccountExportDto } from "~/schemas/data-export";
import type { CartDto } from "~/schemas/cart";
import type { ReviewMailPreference } from "~/schemas/reviews";
import type { Related, SavedList } from "~/schemas/saved";
import { readCatalogueVersion } from "~/services/catalogue/catalogue-version.server";
import { RELATED_MAX } from "~/schemas/saved-constants";
import { MIN_ORDERS_TOGETHER, relatedToCart, relatedToProduct } from "~/services/catalogue/related.server";
import { PASSWORD } from "../support/accounts";
import { useAdminOrders } from "../support/admin-orders";
import { useApiServer } from "../support/api-server";
import { addToCart } from "../support/checkout";
import { createCategory, createProduct } from "../support/factories";
import { json, type Auth, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Saved items, related products and the review e-mails' opt-in (docs/decisions/0047-saved-items-and-related-products.md)
// over /api/v1.

const database = useTestDatabase();
const api = useApiServer();
const { boss, shopper, product, placedOrder, advance } = useAdminOrders(api, database);

const send = <T>(method: string, path: string, body: unknown, auth: Auth) =>
  api.json<Envelope<T>>(path, json(method, body, auth));
const get = <T>(path: string, auth: Auth = {}) => api.json<Envelope<T>>(path, { headers: auth });
const del = <T>(path: string, auth: Auth) => api.json<Envelope<T>>(path, { method: "DELETE", headers: auth });

async function setPrice(productId: number, priceCents: number) {
  await database.db.update(productVariants).set({ priceCents }).where(eq(productVariants.productId, productId));
}
async function setStock(productId: number, inventory: number) {
  await database.db.update(productVariants).set({ inventory }).where(eq(productVariants.productId, productId));
}

describe("saved items", () => {
  it("a shopper saves, lists (newest first), and removes; saving twice keeps one; others see none of it", async () => {
    const user = await shopper();
    const a = await product({ priceCents: 2000 });
    const b = await product({ priceCents: 3000 });
    expect((await send("POST", "/saved", { productId: a.id }, user.auth)).status).toBe(201);
    expect((await send("POST", "/saved", { productId: b.id }, user.auth)).status).toBe(201);
    const again = await send("POST", "/saved", { productId: a.id }, user.auth);
    expect(again.status).toBe(201);
    expect(again.body.message).toMatch(/already saved/);
    const list = await get<SavedList>("/saved", user.auth);
    expect(list.body.data.items.map((i) => i.productId)).toEqual([b.id, a.id]);
    expect(list.body.data.items[1]).toMatchObject({ savedPrice: 20, priceDropped: false, backInStock: false });
    const ids = await get<{ productIds: number[] }>("/saved/ids", user.auth);
    expect(ids.body.data.productIds.sort()).toEqual([a.id, b.id].sort());

    const other = await shopper();
    expect((await get<SavedList>("/saved", other.auth)).body.data.items).toEqual([]);
    expect((await del(`/saved/${a.id}`, other.auth)).status).toBe(404);

    expect((await del(`/saved/${a.id}`, user.auth)).status).toBe(200);
    expect((await del(`/saved/${a.id}`, user.auth)).status).toBe(404);
    expect((await get<SavedList>("/saved", user.auth)).body.data.items.map((i) => i.productId)).toEqual([b.id]);
  });

  it("a form body saves too; a bad or unknown product id is 422 / 404; a visitor is 401", async () => {
    const user = await shopper();
    const p = await product();
    const form = await api.json("/saved", {
      method: "POST",
      headers: user.auth,
      body: new URLSearchParams({ productId: String(p.id) }),
    });
    expect(form.status).toBe(201);
    expect((await send("POST", "/saved", { productId: "abc" }, user.auth)).status).toBe(422);
    expect((await send("POST", "/saved", { productId: 2147483647 }, user.auth)).status).toBe(404);
    expect((await send("POST", "/saved", { productId: p.id }, {})).status).toBe(401);
    expect((await get("/saved")).status).toBe(401);
  });

  it("says when the price dropped since it was saved, and when a sold-out item is back in stock", async () => {
    const user = await shopper();
    const cheaper = await product({ priceCents: 5000 });
    const restocked = await product({ priceCents: 1000 });
    await setStock(restocked.id, 0);
    await send("POST", "/saved", { productId: cheaper.id }, user.auth);
    await send("POST", "/saved", { productId: restocked.id }, user.auth);
    let items = (await get<SavedList>("/saved", user.auth)).body.data.items;
    expect(items.find((i) => i.productId === restocked.id)).toMatchObject({ backInStock: false, priceDropped: false });
    await setPrice(cheaper.id, 4000);
    await setStock(restocked.id, 3);
    items = (await get<SavedList>("/saved", user.auth)).body.data.items;
    expect(items.find((i) => i.productId === cheaper.id)).toMatchObject({
      savedPrice: 50,
      priceDropped: true,
      backInStock: false,
    });
    expect(items.find((i) => i.productId === restocked.id)).toMatchObject({ backInStock: true, priceDropped: false });
    // a price that went up is no note
    await setPrice(cheaper.id, 6000);
    items = (await get<SavedList>("/saved", user.auth)).body.data.items;
    expect(items.find((i) => i.productId === cheaper.id)?.priceDropped).toBe(false);
  });

  it("move to cart puts one in the cart and removes it from the saved items; sold out, it stays saved (409)", async () => {
    const user = await shopper();
    const p = await product({ inventory: 5 });
    const gone = await product({ inventory: 5 });
    await send("POST", "/saved", { productId: p.id }, user.auth);
    await send("POST", "/saved", { productId: gone.id }, user.auth);
    const moved = await send("POST", `/saved/${p.id}/move-to-cart`, {}, user.auth);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const cart = await get<CartDto>(`/carts/user/${user.id}/cart`, user.auth);
    expect(cart.body.data.items.map((i) => [i.itemId, i.quantity])).toEqual([[p.id, 1]]);
    await setStock(gone.id, 0);
    expect((await send("POST", `/saved/${gone.id}/move-to-cart`, {}, user.auth)).status).toBe(409);
    const left = (await get<SavedList>("/saved", user.auth)).body.data.items.map((i) => i.productId);
    expect(left).toEqual([gone.id]);
    expect((await send("POST", `/saved/${p.id}/move-to-cart`, {}, user.auth)).status).toBe(404);
  });

  it("a product with options is not moved to the cart with a variant picked for the shopper: 409, it stays saved", async () => {
    const user = await shopper();
    const p = await product({ inventory: 5 });
    const options = await send(
      "PUT",
      `/products/${p.id}/options`,
      { options: [{ name: "Colour", values: ["Black", "White"] }] },
      boss.auth,
    );
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    await database.db.update(productVariants).set({ inventory: 5 }).where(eq(productVariants.productId, p.id));
    await send("POST", "/saved", { productId: p.id }, user.auth);
    const moved = await send("POST", `/saved/${p.id}/move-to-cart`, {}, user.auth);
    expect(moved.status).toBe(409);
    expect(moved.body.message).toMatch(/choose yours on its page/);
    expect((await get<CartDto>(`/carts/user/${user.id}/cart`, user.auth)).body.data.items).toEqual([]);
    expect((await get<SavedList>("/saved", user.auth)).body.data.items.map((i) => i.productId)).toEqual([p.id]);
  });

  it("saving and removing never change the catalogue's version (the cached pages carry no saved state)", async () => {
    const user = await shopper();
    const p = await product();
    const before = await readCatalogueVersion();
    await send("POST", "/saved", { productId: p.id }, user.auth);
    await del(`/saved/${p.id}`, user.auth);
    expect(await readCatalogueVersion()).toBe(before);
  });

  it("an account's saved items go with the account when it is deleted", async () => {
    const user = await shopper();
    const p = await product();
    await send("POST", "/saved", { productId: p.id }, user.auth);
    expect(await database.db.select().from(savedItems).where(eq(savedItems.userId, user.id))).toHaveLength(1);
    // "Download my data" lists them
    const exported = await get<AccountExportDto>(`/users/${user.id}/export`, user.auth);
    expect(exported.body.data.savedItems).toEqual([
      { productId: p.id, productName: p.name, savedPrice: p.priceCents / 100, savedAt: expect.any(String) },
    ]);
    const deleted = await send("POST", `/users/${user.id}/delete`, { currentPassword: PASSWORD }, user.auth);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await database.db.select().from(savedItems).where(eq(savedItems.userId, user.id))).toEqual([]);
  });
});

describe("related products", () => {
  it("bought together first (in two orders or more, most orders first, cancelled orders not counted), then the category, then the brand; never sold out or itself", async () => {
    const mice = await createCategory(database.db);
    const pads = await createCategory(database.db);
    const cables = await createCategory(database.db);
    const mouse = await createProduct(database.db, { categoryId: mice.id, brand: "Zephyr", inventory: 50 });
    const pad = await createProduct(database.db, { categoryId: pads.id, brand: "Other A", inventory: 50 });
    const bungee = await createProduct(database.db, { categoryId: cables.id, brand: "Other B", inventory: 50 });
    const cancelledOnly = await createProduct(database.db, { categoryId: cables.id, brand: "Other C", inventory: 50 });
    const soldOutPair = await createProduct(database.db, { categoryId: pads.id, brand: "Other D", inventory: 50 });
    const otherMouse = await createProduct(database.db, { categoryId: mice.id, brand: "Other E", inventory: 5 });
    const soldOutMouse = await createProduct(database.db, { categoryId: mice.id, brand: "Other F", inventory: 0 });
    const sameBrand = await createProduct(database.db, { categoryId: pads.id, brand: "zephyr", inventory: 5 });
    // bought with the mouse once only: one shopper's basket, never shown
    const onceOnly = await createProduct(database.db, { categoryId: cables.id, brand: "Other G", inventory: 50 });

    const buyer = await shopper();
    await placedOrder(buyer, [
      [mouse.id, 1],
      [pad.id, 1],
      [soldOutPair.id, 1],
    ]);
    await placedOrder(buyer, [
      [mouse.id, 1],
      [pad.id, 1],
      [bungee.id, 1],
    ]);
    await placedOrder(buyer, [
      [mouse.id, 1],
      [pad.id, 1],
      [bungee.id, 1],
      [onceOnly.id, 1],
    ]);
    for (let i = 0; i < 3; i++) {
      const { order } = await placedOrder(buyer, [
        [mouse.id, 1],
        [cancelledOnly.id, 1],
      ]);
      await advance(order.id, ["CANCELLED"]);
    }
    await setStock(soldOutPair.id, 0);

    const related = await get<Related>(`/products/product/${mouse.id}/related`);
    expect(related.status).toBe(200);
    expect(related.body.data.products.map((p) => p.id)).toEqual([pad.id, bungee.id, otherMouse.id, sameBrand.id]);
    expect(related.body.data.products.length).toBeLessThanOrEqual(RELATED_MAX);
    const ids = related.body.data.products.map((p) => p.id);
    expect(ids).not.toContain(soldOutMouse.id);
    expect(ids).not.toContain(mouse.id);
    expect(ids).not.toContain(onceOnly.id);

    // the cart: complements of what is in it, none of what is in it
    const shopperWithCart = await shopper();
    expect((await get<Related>("/cart/related", shopperWithCart.auth)).body.data.products).toEqual([]);
    await addToCart(api, shopperWithCart.auth, mouse.id, 1);
    await addToCart(api, shopperWithCart.auth, pad.id, 1);
    const forCart = (await get<Related>("/cart/related", shopperWithCart.auth)).body.data.products.map((p) => p.id);
    expect(forCart[0]).toBe(bungee.id);
    expect(forCart).not.toContain(onceOnly.id);
    expect(forCart).not.toContain(mouse.id);
    expect(forCart).not.toContain(pad.id);
    expect(forCart).not.toContain(soldOutMouse.id);
    expect((await get("/cart/related")).status).toBe(401);
  });

  it("a product that does not exist is 404; a bad id is 400", async () => {
    expect((await get("/products/product/2147483647/related")).status).toBe(404);
    expect((await get("/products/product/abc/related")).status).toBe(400);
  });

  it("an order placed changes the catalogue's version through the stock it takes (no trigger of its own)", async () => {
    const p = await product({ inventory: 10 });
    const buyer = await shopper();
    const before = await readCatalogueVersion();
    await placedOrder(buyer, [[p.id, 1]]);
    expect(await readCatalogueVersion()).not.toBe(before);
    const [row] = await database.db.select().from(products).where(eq(products.id, p.id));
    expect(row!.inventory).toBe(9);
  });

  it("are kept per catalogue version, and the orders placed and cancelled since are seen (decision 0050)", async () => {
    const mice = await createCategory(database.db);
    const cables = await createCategory(database.db);
    const mouse = await createProduct(database.db, { categoryId: mice.id, brand: "Kept A", inventory: 50 });
    const cable = await createProduct(database.db, { categoryId: cables.id, brand: "Kept B", inventory: 50 });
    const related = async () =>
      (await get<Related>(`/products/product/${mouse.id}/related`)).body.data.products.map((p) => p.id);
    expect(await related()).toEqual([]);
    const first = await relatedToProduct({ id: mouse.id });
    expect(await relatedToProduct({ id: mouse.id }), "kept").toBe(first);

    const buyer = await shopper();
    const orders = [];
    for (let i = 0; i < MIN_ORDERS_TOGETHER; i++) {
      orders.push(
        await placedOrder(buyer, [
          [mouse.id, 1],
          [cable.id, 1],
        ]),
      );
    }
    expect(await related(), "bought together since").toEqual([cable.id]);
    expect(
      (await relatedToProduct({ id: cable.id })).map((p) => p.id),
      "another product, another answer",
    ).toEqual([mouse.id]);

    // carts: kept by the products in them, whatever the order they were added in
    const cartOf = async (...productIds: number[]) => {
      const who = await shopper();
      for (const id of productIds) await addToCart(api, who.auth, id, 1);
      return () => relatedToCart({ actor: { id: who.id, roles: ["ROLE_USER"] } });
    };
    const [mouseOnly, mouseThenCable, cableThenMouse] = [
      await cartOf(mouse.id),
      await cartOf(mouse.id, cable.id),
      await cartOf(cable.id, mouse.id),
    ];
    const forMouse = await mouseOnly();
    expect(forMouse.map((p) => p.id)).toEqual([cable.id]);
    expect(await mouseOnly(), "kept").toBe(forMouse);
    const forBoth = await mouseThenCable();
    expect(forBoth, "other products, another answer").toEqual([]);
    expect(await cableThenMouse(), "the same products added in another order").toBe(forBoth);

    // an order whose lines lost their variant (deleted since) puts no stock back when cancelled: the order's own
    // trigger moves the version (migration 0030)
    const cancelled = orders[0]!.order.id;
    await database.db.update(orderItems).set({ variantId: null }).where(eq(orderItems.orderId, cancelled));
    const version = await readCatalogueVersion();
    await advance(cancelled, ["CANCELLED"]);
    expect(await readCatalogueVersion()).not.toBe(version);
    expect(await related(), "one of the two orders cancelled").toEqual([]);
    expect(await mouseOnly()).toEqual([]);
  });
});

describe("review e-mails: opting back in", () => {
  it("the account setting turns them off and on again (JSON and a form's checkbox)", async () => {
    const user = await shopper();
    const read = async () => (await get<ReviewMailPreference>("/review-mail", user.auth)).body.data;
    expect(await read()).toEqual({ reviewMail: true });
    // a form without the checkbox: off
    const off = await api.json("/review-mail", {
      method: "PUT",
      headers: user.auth,
      body: new URLSearchParams({}),
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await read()).toEqual({ reviewMail: false });
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.reviewMailOptOutAt).not.toBeNull();
    const on = await api.json("/review-mail", {
      method: "PUT",
      headers: user.auth,
      body: new URLSearchParams({ reviewMail: "on" }),
    });
    expect(on.status).toBe(200);
    expect(await read()).toEqual({ reviewMail: true });
    expect((await send("PUT", "/review-mail", { reviewMail: "maybe" }, user.auth)).status).toBe(422);
    expect((await send("PUT", "/review-mail", { reviewMail: false }, {})).status).toBe(401);
  });
});
