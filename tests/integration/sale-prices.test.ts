import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productVariants } from "~/db/schema";
import type { ProductDto, VariantDto } from "~/schemas/catalogue";
import type { CartDto } from "~/schemas/cart";
import { readCatalogueVersion } from "~/services/catalogue/catalogue-version.server";
import { useApiServer } from "../support/api-server";
import { addToCart, admin, shopper, useCategory, type User } from "../support/checkout";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Sale prices (docs/decisions/0041-sale-prices.md): a variant's compare-at price through /api/v1, the catalogue
// version it bumps (the page cache), Today's Deals, and the cart line's regular price.

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);
const ABOVE = "Compare-at price must be above the price (leave it blank when not on sale)";

async function boss(): Promise<User> {
  return admin(api, database.db);
}

const getProduct = async (id: number) =>
  (await api.json<Envelope<ProductDto>>(`/products/product/${id}/product`)).body.data;

const setVariants = (auth: User["auth"], productId: number, variants: unknown) =>
  api.json<Envelope<ProductDto>>(`/products/${productId}/variants`, json("PUT", { variants }, auth));

const row = (v: VariantDto) => ({ id: v.id, sku: v.sku, price: v.price, inventory: v.inventory, weightGrams: null });

const deals = async (limit = 100) =>
  (await api.json<Envelope<ProductDto[]>>(`/products/deals?limit=${limit}`)).body.data.map((p) => p.id);

/** A product sold in one form at `priceCents`, its variant on sale at `compareAtCents` (straight in the table). */
async function onSale(priceCents: number, compareAtCents: number | null, inventory = 5) {
  const p = await product({ priceCents, inventory });
  await database.db.update(productVariants).set({ compareAtCents }).where(eq(productVariants.productId, p.id));
  return p;
}

describe("sale prices", () => {
  it("an admin sets a variant's compare-at price; the API shows it, keeps it when left out, clears it with null", async () => {
    const who = await boss();
    const p = await product({ priceCents: 7999, inventory: 3 });
    const [variant] = (await getProduct(p.id)).variants;
    expect(variant!.compareAtPrice).toBeNull();

    const saved = await setVariants(who.auth, p.id, [{ ...row(variant!), compareAtPrice: 89.99 }]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.variants[0]).toMatchObject({ price: 79.99, compareAtPrice: 89.99 });
    // a product's price keeps its meaning: the lowest price charged
    expect((await getProduct(p.id)).price).toBe(79.99);

    const kept = await setVariants(who.auth, p.id, [{ ...row(variant!), inventory: 4 }]);
    expect(kept.body.data.variants[0]).toMatchObject({ inventory: 4, compareAtPrice: 89.99 });

    const cleared = await setVariants(who.auth, p.id, [{ ...row(variant!), compareAtPrice: null }]);
    expect(cleared.body.data.variants[0]!.compareAtPrice).toBeNull();
  });

  it("a compare-at price not above the price is refused on its field, and nothing is written", async () => {
    const who = await boss();
    const p = await product({ priceCents: 7999, inventory: 3 });
    const [variant] = (await getProduct(p.id)).variants;
    for (const compareAtPrice of [79.99, 10]) {
      const refused = await setVariants(who.auth, p.id, [{ ...row(variant!), compareAtPrice }]);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ "variants.0.compareAtPrice": [ABOVE] });
    }
    const product422 = await api.json(
      `/products/product/${p.id}/update`,
      json(
        "PUT",
        {
          name: `Sale ${p.id}`,
          brand: "Acme",
          price: 50,
          inventory: 3,
          description: "d",
          category: "Gear",
          compareAtPrice: 50,
        },
        who.auth,
      ),
    );
    expect(product422.status).toBe(422);
    expect(product422.body.errors).toEqual({ compareAtPrice: [ABOVE] });
    expect((await getProduct(p.id)).variants[0]!.compareAtPrice).toBeNull();
  });

  it("the product API sets the compare-at price of a product sold in one form, and refuses one for several variants", async () => {
    const who = await boss();
    const input = { brand: "Acme", price: 49.99, inventory: 6, description: "A deck.", category: "Sale gear" };
    const created = await api.json<Envelope<ProductDto>>(
      "/products/add",
      json("POST", { ...input, name: `Deck ${Date.now()}`, compareAtPrice: 59.99 }, who.auth),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ price: 49.99 });
    expect(created.body.data.variants[0]).toMatchObject({ price: 49.99, compareAtPrice: 59.99 });

    const id = created.body.data.id;
    const update = (body: Record<string, unknown>) =>
      api.json<Envelope<ProductDto>>(
        `/products/product/${id}/update`,
        json("PUT", { ...input, name: created.body.data.name, ...body }, who.auth),
      );
    expect((await update({ price: 39.99 })).body.data.variants[0]).toMatchObject({
      price: 39.99,
      compareAtPrice: 59.99,
    });
    expect((await update({ compareAtPrice: null })).body.data.variants[0]!.compareAtPrice).toBeNull();

    const options = await api.json(
      `/products/${id}/options`,
      json("PUT", { options: [{ name: "Colour", values: ["Black", "White"] }] }, who.auth),
    );
    expect(options.status).toBe(200);
    const several = await update({ price: 39.99, inventory: 6, compareAtPrice: 69.99 });
    expect(several.status).toBe(422);
    expect(several.body.errors).toMatchObject({ compareAtPrice: ["Set the compare-at price of each variant instead"] });
  });

  it("changing a compare-at price gives the catalogue a new version (the page cache drops its pages)", async () => {
    const who = await boss();
    const p = await product({ priceCents: 2000, inventory: 3 });
    const [variant] = (await getProduct(p.id)).variants;
    const changes = async (write: () => Promise<unknown>) => {
      const before = await readCatalogueVersion();
      await write();
      return (await readCatalogueVersion()) !== before;
    };
    expect(await changes(() => setVariants(who.auth, p.id, [{ ...row(variant!), compareAtPrice: 25 }]))).toBe(true);
    expect(
      await changes(() =>
        database.db.update(productVariants).set({ compareAtCents: 3000 }).where(eq(productVariants.id, variant!.id)),
      ),
    ).toBe(true);
    expect(await changes(() => setVariants(who.auth, p.id, [{ ...row(variant!), compareAtPrice: null }]))).toBe(true);
  });

  it("Today's Deals: products with a variant on sale and in stock, biggest saving first", async () => {
    const small = await onSale(5000, 5500); // saves $5
    const big = await onSale(10000, 15000); // saves $50
    const middle = await onSale(2000, 4000); // saves $20 (a bigger share, a smaller saving)
    const soldOut = await onSale(1000, 9000, 0); // on sale but none left
    const notAbove = await onSale(3000, 3000); // a compare-at price not above the price: not on sale
    const none = await onSale(3000, null);
    const listed = await deals();
    const ours = listed.filter((id) => [small, big, middle, soldOut, notAbove, none].some((p) => p.id === id));
    expect(ours).toEqual([big.id, middle.id, small.id]);

    // several variants: the product's biggest saving counts, once
    const who = await boss();
    const kb = await product({ priceCents: 9900, inventory: 5 });
    const set = await api.json<Envelope<ProductDto>>(
      `/products/${kb.id}/options`,
      json("PUT", { options: [{ name: "Switch", values: ["Red", "Brown"] }] }, who.auth),
    );
    const [red, brown] = set.body.data.variants as [VariantDto, VariantDto];
    const saved = await setVariants(who.auth, kb.id, [
      { ...row(red), compareAtPrice: 109 }, // saves $10
      { ...row(brown), inventory: 2, compareAtPrice: 129 }, // saves $30
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const again = await deals();
    expect(again.filter((id) => [small.id, big.id, middle.id, kb.id].includes(id))).toEqual([
      big.id,
      kb.id,
      middle.id,
      small.id,
    ]);
    expect(again.filter((id) => id === kb.id)).toHaveLength(1);

    // limit
    expect(await deals(1)).toHaveLength(1);
    expect((await api.json(`/products/deals?limit=0`)).status).toBe(400);
  });

  it("a cart line shows the variant's regular price while it is on sale; the price charged is the sale price", async () => {
    const p = await onSale(4500, 6000);
    const buyer = await shopper(api);
    await addToCart(api, buyer.auth, p.id, 2);
    const cart = (await api.json<Envelope<CartDto>>(`/carts/user/${buyer.id}/cart`, { headers: buyer.auth })).body.data;
    expect(cart.items[0]).toMatchObject({ unitPrice: 45, compareAtPrice: 60, totalPrice: 90 });
    expect(cart.totalAmount).toBe(90);

    await database.db.update(productVariants).set({ compareAtCents: null }).where(eq(productVariants.productId, p.id));
    const after = (await api.json<Envelope<CartDto>>(`/carts/user/${buyer.id}/cart`, { headers: buyer.auth })).body
      .data;
    expect(after.items[0]!.compareAtPrice).toBeNull();
  });
});
