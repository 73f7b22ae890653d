import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { images, orderItems, products, productVariants } from "~/db/schema";
import type { ProductDto, VariantDto } from "~/schemas/catalogue";
import type { CartDto, CartItemDto } from "~/schemas/cart";
import type { OrderDto } from "~/schemas/orders";
import { checkInvariants } from "~/services/orders/invariants.server";
import { useApiServer } from "../support/api-server";
import { admin, payAndPlaceOrder, shopper, useCategory, type User } from "../support/checkout";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Products with options and variants through /api/v1 (docs/decisions/0036-product-variants.md): the admin sets
// options and each variant's figures, shoppers add a chosen variant, checkout takes that variant's stock.

const database = useTestDatabase();
const api = useApiServer();
const { product, category } = useCategory(database);

async function boss(): Promise<User> {
  return admin(api, database.db);
}

async function setOptions(auth: User["auth"], productId: number, options: unknown) {
  return api.json<Envelope<ProductDto>>(`/products/${productId}/options`, json("PUT", { options }, auth));
}

async function setVariants(auth: User["auth"], productId: number, variants: unknown) {
  return api.json<Envelope<ProductDto>>(`/products/${productId}/variants`, json("PUT", { variants }, auth));
}

/** A keyboard by switch: Red $99 (stock 1), Brown $109 (stock 20), Blue $99 (stock 0). */
async function keyboard() {
  const who = await boss();
  const p = await product({ priceCents: 9900, inventory: 1 });
  const set = await setOptions(who.auth, p.id, [{ name: "Switch", values: ["Red", "Brown", "Blue"] }]);
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const [red, brown, blue] = set.body.data.variants as [VariantDto, VariantDto, VariantDto];
  const saved = await setVariants(who.auth, p.id, [
    { id: red.id, sku: `KB-${p.id}-RED`, price: 99, inventory: 1 },
    { id: brown.id, sku: `KB-${p.id}-BROWN`, price: 109, inventory: 20, weightGrams: 900 },
    { id: blue.id, sku: `KB-${p.id}-BLUE`, price: 99, inventory: 0 },
  ]);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { admin: who, product: saved.body.data, red, brown, blue };
}

const add = (user: User, body: Record<string, unknown>) =>
  api.json<Envelope<CartItemDto>>("/cartItems/item/add", json("POST", body, user.auth));

const cartOf = async (user: User) =>
  (await api.json<Envelope<CartDto>>(`/carts/user/${user.id}/cart`, { headers: user.auth })).body.data;

describe("products with options and variants", () => {
  it("a product without options is sold as its one default variant, with the product's price and stock", async () => {
    const p = await product({ priceCents: 2500, inventory: 7 });
    const response = await api.json<Envelope<ProductDto>>(`/products/product/${p.id}/product`);
    expect(response.body.data).toMatchObject({ price: 25, inventory: 7, options: [] });
    expect(response.body.data.variants).toEqual([
      expect.objectContaining({ id: p.variantId, price: 25, inventory: 7, selectedOptions: [], label: "" }),
    ]);
  });

  it("options make every combination a variant; the product's price is the lowest and its stock the sum", async () => {
    const { product: kb, red, brown, blue } = await keyboard();
    expect(kb.options).toEqual([{ name: "Switch", values: ["Red", "Brown", "Blue"] }]);
    expect(kb.variants.map((v) => [v.label, v.price, v.inventory])).toEqual([
      ["Switch: Red", 99, 1],
      ["Switch: Brown", 109, 20],
      ["Switch: Blue", 99, 0],
    ]);
    // the variant made with the product kept its stock and became the first combination
    expect(red.inventory).toBe(1);
    expect(brown.id).not.toBe(blue.id);
    expect(kb).toMatchObject({ price: 99, inventory: 21 });
    expect(kb.variants[1]).toMatchObject({ weightGrams: 900, selectedOptions: [{ name: "Switch", value: "Brown" }] });

    // a second option: the existing variants keep their figures as the first value of the new option
    const who = await boss();
    const two = await setOptions(who.auth, kb.id, [
      { name: "Switch", values: ["Red", "Brown", "Blue"] },
      { name: "Layout", values: "US ANSI, ISO DE" },
    ]);
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    expect(two.body.data.variants.map((v) => [v.label, v.inventory])).toEqual([
      ["Switch: Red · Layout: US ANSI", 1],
      ["Switch: Red · Layout: ISO DE", 0],
      ["Switch: Brown · Layout: US ANSI", 20],
      ["Switch: Brown · Layout: ISO DE", 0],
      ["Switch: Blue · Layout: US ANSI", 0],
      ["Switch: Blue · Layout: ISO DE", 0],
    ]);
    expect(two.body.data.variants[2]!.id).toBe(brown.id);
    expect(two.body.data).toMatchObject({ price: 99, inventory: 21 });
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it("refuses bad options and variant figures with 422, another product's variant with 422, a taken SKU with 409", async () => {
    const { admin: who, product: kb, red } = await keyboard();
    const other = await product();
    expect((await setOptions(who.auth, kb.id, [{ name: "Switch", values: [] }])).status).toBe(422);
    expect(
      (
        await setOptions(who.auth, kb.id, [
          { name: "A", values: ["x"] },
          { name: "B", values: ["x"] },
          { name: "C", values: ["x"] },
          { name: "D", values: ["x"] },
        ])
      ).status,
    ).toBe(422);
    expect((await setVariants(who.auth, kb.id, [{ id: red.id, sku: "X", price: -1, inventory: 1 }])).status).toBe(422);
    const stranger = await setVariants(who.auth, other.id, [{ id: red.id, sku: "X", price: 1, inventory: 1 }]);
    expect(stranger.status).toBe(422);
    const taken = await setVariants(who.auth, other.id, [
      { id: other.variantId, sku: kb.variants[0]!.sku.toLowerCase(), price: 1, inventory: 1 },
    ]);
    expect(taken.status, JSON.stringify(taken.body)).toBe(409);
    // a shopper may not
    const user = await shopper(api);
    expect((await setOptions(user.auth, kb.id, [])).status).toBe(403);
    // the product form cannot set a figure that is its variants' (it may send them back unchanged)
    const form = { name: kb.name, brand: kb.brand, description: "d", category: { id: category.id } };
    const changed = await api.json(
      `/products/product/${kb.id}/update`,
      json("PUT", { ...form, price: 50, inventory: 21 }, who.auth),
    );
    expect(changed.status).toBe(422);
    const same = await api.json(
      `/products/product/${kb.id}/update`,
      json("PUT", { ...form, price: 99, inventory: 21 }, who.auth),
    );
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const [row] = await database.db.select().from(products).where(eq(products.id, kb.id));
    expect(row).toMatchObject({ priceCents: 9900, inventory: 21 });
  });

  it("adds the chosen variant, the default one when none is named; refuses an unknown or another product's variant", async () => {
    const { product: kb, red, brown } = await keyboard();
    const other = await product();
    const user = await shopper(api);

    const chosen = await add(user, { productId: kb.id, variantId: brown.id, quantity: 2 });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.message).toBe(`2 × ${kb.name} (Switch: Brown) added to cart`);
    expect(chosen.body.data).toMatchObject({
      itemId: kb.id,
      variantId: brown.id,
      variantLabel: "Switch: Brown",
      unitPrice: 109,
      totalPrice: 218,
      inventory: 20,
    });
    const byDefault = await add(user, { productId: kb.id, quantity: 1 });
    expect(byDefault.body.data).toMatchObject({ variantId: red.id, unitPrice: 99 });

    const unknown = await add(user, { productId: kb.id, variantId: 999_999, quantity: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Variant not found");
    const stranger = await add(user, { productId: other.id, variantId: brown.id, quantity: 1 });
    expect(stranger.status).toBe(422);
    expect(stranger.body.message).toBe(`Variant ${brown.id} is not a variant of product ${other.id}.`);

    // the last Red is in the cart: no more of it, while Brown has plenty
    const beyond = await add(user, { productId: kb.id, variantId: red.id, quantity: 1 });
    expect(beyond.status).toBe(409);
    expect(beyond.body.message).toContain(`${kb.name} (Switch: Red)`);

    const cart = await cartOf(user);
    expect(cart.items.map((i) => [i.variantLabel, i.quantity, i.unitPrice])).toEqual([
      ["Switch: Brown", 2, 109],
      ["Switch: Red", 1, 99],
    ]);
    expect(cart.totalAmount).toBe(317);

    // two lines of one product: the line is named by its variant
    const ambiguous = await api.json(
      `/cartItems/cart/${cart.cartId}/item/${kb.id}/update?quantity=3`,
      json("PUT", {}, user.auth),
    );
    expect(ambiguous.status).toBe(422);
    const named = await api.json<Envelope<CartItemDto>>(
      `/cartItems/cart/${cart.cartId}/item/${kb.id}/update?quantity=3&variantId=${brown.id}`,
      json("PUT", {}, user.auth),
    );
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.data).toMatchObject({ variantId: brown.id, quantity: 3 });
    const removed = await api.json(
      `/cartItems/cart/${cart.cartId}/item/${kb.id}/remove?variantId=${red.id}`,
      json("DELETE", {}, user.auth),
    );
    expect(removed.status).toBe(200);
    expect((await cartOf(user)).items.map((i) => [i.variantId, i.quantity])).toEqual([[brown.id, 3]]);
  });

  it("checkout takes the bought variant's stock only; the order names the variant, and keeps it when the variant goes", async () => {
    const { admin: who, product: kb, red, brown, blue } = await keyboard();
    const user = await shopper(api);
    expect((await add(user, { productId: kb.id, variantId: brown.id, quantity: 2 })).status).toBe(200);
    expect((await add(user, { productId: kb.id, variantId: red.id, quantity: 1 })).status).toBe(200);
    const { order } = await payAndPlaceOrder(api, user);
    expect(order.totalAmount).toBe(317);
    expect(order.items.map((i) => [i.variantId, i.variantLabel, i.quantity, i.price])).toEqual([
      [red.id, "Switch: Red", 1, 99],
      [brown.id, "Switch: Brown", 2, 109],
    ]);
    const stock = async () =>
      Object.fromEntries(
        (
          await database.db
            .select({ id: productVariants.id, inventory: productVariants.inventory })
            .from(productVariants)
            .where(eq(productVariants.productId, kb.id))
        ).map((v) => [v.id, v.inventory]),
      );
    expect(await stock()).toEqual({ [red.id]: 0, [brown.id]: 18, [blue.id]: 0 });
    const [row] = await database.db.select().from(products).where(eq(products.id, kb.id));
    expect(row).toMatchObject({ inventory: 18, priceCents: 9900 });

    // the sold-out variant cannot be added
    expect((await add(user, { productId: kb.id, variantId: red.id, quantity: 1 })).status).toBe(409);

    // a variant with orders is deleted: the order keeps its lines and their label
    const deleted = await api.json<Envelope<ProductDto>>(
      `/products/${kb.id}/variants/${brown.id}`,
      json("DELETE", {}, who.auth),
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data).toMatchObject({ inventory: 0, price: 99 });
    const orders = await api.json<Envelope<OrderDto[]>>(`/orders/user/${user.id}/orders`, { headers: user.auth });
    expect(orders.body.data[0]!.items.map((i) => [i.variantId, i.variantLabel])).toEqual([
      [red.id, "Switch: Red"],
      [null, "Switch: Brown"],
    ]);
    expect(await database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).toHaveLength(2);

    // cancelling returns the stock of the variants still there
    const cancelled = await api.json(
      `/orders/order/${order.id}/status`,
      json("PUT", { status: "CANCELLED" }, who.auth),
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await stock()).toEqual({ [red.id]: 1, [blue.id]: 0 });
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it("a CSV import may send a product's variant figures back unchanged, and is refused a new one (422)", async () => {
    const { admin: who, product: kb } = await keyboard();
    const csv = (price: string, inventory: number) =>
      `id,name,brand,category,price,inventory,description\n${kb.id},${kb.name},${kb.brand},${kb.category.name},${price},${inventory},d\n`;
    const importCsv = (body: string) =>
      api.json<Envelope<unknown>>("/products/import", {
        method: "POST",
        headers: { ...who.auth, "content-type": "text/csv" },
        body,
      });
    const same = await importCsv(csv("99.00", 21));
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const changed = await importCsv(csv("50.00", 21));
    expect(changed.status).toBe(422);
    expect(changed.body.errors).toEqual({
      "line 2": ["this product has variants: set its price and stock on each variant"],
    });
  });

  it("the last variant of a product cannot be deleted", async () => {
    const who = await boss();
    const p = await product();
    const response = await api.json(`/products/${p.id}/variants/${p.variantId}`, json("DELETE", {}, who.auth));
    expect(response.status).toBe(409);
  });

  it("adds one variant by hand: a new value joins its option, the SKU is made when blank; refuses a sold combination", async () => {
    const { admin: who, product: kb } = await keyboard();
    const addOne = (body: unknown) =>
      api.json<Envelope<ProductDto>>(`/products/${kb.id}/variants`, json("POST", body, who.auth));
    const added = await addOne({ values: ["silver"], price: 120, inventory: 4, weightGrams: 950 });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data.options).toEqual([{ name: "Switch", values: ["Red", "Brown", "Blue", "silver"] }]);
    expect(added.body.data.variants.at(-1)).toMatchObject({
      sku: `KB-${kb.id}-SILVER`,
      price: 120,
      inventory: 4,
      weightGrams: 950,
      label: "Switch: silver",
    });
    expect(added.body.data.inventory).toBe(1 + 20 + 0 + 4);

    // a combination already sold (whatever its case), a taken SKU, a product without options, bad figures
    expect((await addOne({ values: ["RED"], price: 1, inventory: 1 })).status).toBe(409);
    const taken = await addOne({ values: ["Black"], sku: `kb-${kb.id}-red`, price: 1, inventory: 1 });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ sku: ["Another variant has this SKU"] });
    const wrongCount = await addOne({ values: ["Black", "ISO"], price: 1, inventory: 1 });
    expect(wrongCount.status).toBe(422);
    const bad = await addOne({ values: [""], price: -1, inventory: 1.5 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(["inventory", "price", "values.0"]);
    const plain = await product();
    const noOptions = await api.json(
      `/products/${plain.id}/variants`,
      json("POST", { values: ["Red"], price: 1, inventory: 1 }, who.auth),
    );
    expect(noOptions.status).toBe(422);
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it("sets one price and/or stock on the selected variants only; refuses another product's variant", async () => {
    const { admin: who, product: kb, red, brown, blue } = await keyboard();
    const bulk = (body: unknown) =>
      api.json<Envelope<ProductDto>>(`/products/${kb.id}/variants/bulk`, json("POST", body, who.auth));
    const both = await bulk({ variantIds: [red.id, blue.id], price: 89.5, inventory: 7 });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    const figures = (p: ProductDto) => p.variants.map((v) => [v.id, v.price, v.inventory]);
    expect(figures(both.body.data)).toEqual([
      [red.id, 89.5, 7],
      [brown.id, 109, 20],
      [blue.id, 89.5, 7],
    ]);
    expect(both.body.data).toMatchObject({ price: 89.5, inventory: 34 });
    const stockOnly = await bulk({ variantIds: [brown.id], inventory: 0 });
    expect(figures(stockOnly.body.data)).toEqual([
      [red.id, 89.5, 7],
      [brown.id, 109, 0],
      [blue.id, 89.5, 7],
    ]);
    expect((await bulk({ variantIds: [red.id] })).status).toBe(422);
    expect((await bulk({ variantIds: [], price: 1 })).status).toBe(422);
    const other = await product();
    const stranger = await bulk({ variantIds: [red.id, other.variantId], price: 1 });
    expect(stranger.status).toBe(422);
    const shopperCall = await api.json(
      `/products/${kb.id}/variants/bulk`,
      json("POST", { variantIds: [red.id], price: 1 }, (await shopper(api)).auth),
    );
    expect(shopperCall.status).toBe(403);
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it("sets or clears a compare-at price on the selected variants, refused unless above each one's price", async () => {
    const { admin: who, product: kb, red, brown, blue } = await keyboard();
    const bulk = (body: unknown) =>
      api.json<Envelope<ProductDto> & { errors?: Record<string, string[]> }>(
        `/products/${kb.id}/variants/bulk`,
        json("POST", body, who.auth),
      );
    const sale = (p: ProductDto) => p.variants.map((v) => [v.id, v.price, v.compareAtPrice]);
    // brown is $109: $105 is not above it, so the whole action is refused and nothing changes
    const under = await bulk({ variantIds: [red.id, brown.id], compareAtPrice: 105 });
    expect(under.status).toBe(422);
    expect(under.body.errors?.compareAtPrice?.[0]).toMatch(
      /above the price of each selected variant \(.+ is \$109\.00\)/,
    );
    const set = await bulk({ variantIds: [red.id, brown.id], compareAtPrice: 129 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(sale(set.body.data)).toEqual([
      [red.id, 99, 129],
      [brown.id, 109, 129],
      [blue.id, 99, null],
    ]);
    // with a new price in the same action, the compare-at price is checked against it (the form's field error)
    const withPrice = await bulk({ variantIds: [blue.id], price: 80, compareAtPrice: 79 });
    expect(withPrice.status).toBe(422);
    expect(withPrice.body.errors?.compareAtPrice).toEqual([
      "Compare-at price must be above the price (leave it blank when not on sale)",
    ]);
    const both = await bulk({ variantIds: [blue.id], compareAtPrice: 150, clearCompareAt: true });
    expect(both.status).toBe(422);
    // the form's checkbox, and null in JSON, clear it
    const cleared = await bulk({ variantIds: [red.id], clearCompareAt: "on" });
    expect(sale(cleared.body.data)[0]).toEqual([red.id, 99, null]);
    const nulled = await bulk({ variantIds: [brown.id], compareAtPrice: null });
    expect(sale(nulled.body.data)[1]).toEqual([brown.id, 109, null]);
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it("a variant's pictures are some of its product's images; none: the product's; another product's image is 422", async () => {
    const { admin: who, product: kb, red, brown } = await keyboard();
    const picture = async (productId: number, name: string) => {
      const [row] = await database.db
        .insert(images)
        .values({
          productId,
          fileName: `${name}.png`,
          contentType: "image/png",
          width: 1,
          height: 1,
          byteSize: 1,
          etag: name,
          data: Buffer.from([0]),
        })
        .returning({ id: images.id });
      return row!.id;
    };
    const [a, b] = [await picture(kb.id, "a"), await picture(kb.id, "b")];
    const other = await product();
    const foreign = await picture(other.id, "c");
    const put = (variantId: number, imageIds: number[]) =>
      api.json<Envelope<ProductDto>>(
        `/products/${kb.id}/variants/${variantId}/images`,
        json("PUT", { imageIds }, who.auth),
      );
    const saved = await put(brown.id, [b, a]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const pictures = (p: ProductDto) => Object.fromEntries(p.variants.map((v) => [v.id, v.imageIds]));
    expect(pictures(saved.body.data)).toMatchObject({ [brown.id]: [b, a], [red.id]: [] });
    expect((await put(red.id, [foreign])).status).toBe(422);
    expect((await put(other.variantId, [])).status).toBe(404);
    // a picture deleted goes from its variants
    await database.db.delete(images).where(eq(images.id, b));
    const read = await api.json<Envelope<ProductDto>>(`/products/product/${kb.id}/product`);
    expect(pictures(read.body.data)[brown.id]).toEqual([a]);
    expect((await put(brown.id, [])).body.data.variants.find((v) => v.id === brown.id)!.imageIds).toEqual([]);
  });
});
