import { describe, expect, it } from "vitest";
import type { ProductDto, ProductPage, VariantDto } from "~/schemas/catalogue";
import { useApiServer } from "../support/api-server";
import { admin, useCategory } from "../support/checkout";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The listing's price range and in-stock filter read each variant (docs/decisions/0036-product-variants.md): a
// product is in a price range when one of its variants is, in stock when one of them is, and with both filters one
// variant must be both.

const database = useTestDatabase();
const api = useApiServer();
const { product, category } = useCategory(database);

/** Switch: Red $50 (no stock), Brown $100 (stock 5), Blue $150 (no stock); and the others of the category. */
async function catalogue() {
  const who = await admin(api, database.db);
  const keyboard = await product({ priceCents: 5000, inventory: 0, name: "Ranged Keyboard" });
  const options = await api.json<Envelope<ProductDto>>(
    `/products/${keyboard.id}/options`,
    json("PUT", { options: [{ name: "Switch", values: ["Red", "Brown", "Blue"] }] }, who.auth),
  );
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const [red, brown, blue] = options.body.data.variants as [VariantDto, VariantDto, VariantDto];
  const saved = await api.json<Envelope<ProductDto>>(
    `/products/${keyboard.id}/variants`,
    json(
      "PUT",
      {
        variants: [
          { id: red.id, sku: `RK-${keyboard.id}-RED`, price: 50, inventory: 0 },
          { id: brown.id, sku: `RK-${keyboard.id}-BROWN`, price: 100, inventory: 5 },
          { id: blue.id, sku: `RK-${keyboard.id}-BLUE`, price: 150, inventory: 0 },
        ],
      },
      who.auth,
    ),
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.data).toMatchObject({ price: 50, inventory: 5 });
  const single = await product({ priceCents: 9000, inventory: 3, name: "Single Mouse" });
  const soldOut = await product({ priceCents: 12000, inventory: 0, name: "Sold Out Pad" });
  return { keyboard, single, soldOut };
}

async function ids(query: string) {
  const response = await api.json<Envelope<ProductPage>>(`/products/search?category=${category.id}&${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const page = response.body.data;
  // the facets count what the page lists
  expect(page.facets.brands.reduce((sum, b) => sum + b.count, 0)).toBe(page.totalElements);
  return page.content.map((p) => p.id).sort((a, b) => a - b);
}

describe("listing filters per variant", () => {
  it("a price range finds a product when any of its variants' prices is in it, not only the lowest", async () => {
    const { keyboard, single, soldOut } = await catalogue();
    expect(await ids("minPrice=80&maxPrice=120")).toEqual([keyboard.id, single.id, soldOut.id]);
    expect(await ids("minPrice=140&maxPrice=200")).toEqual([keyboard.id]);
    expect(await ids("minPrice=130")).toEqual([keyboard.id]);
    // between two of its prices: none of its variants is in the range
    expect(await ids("minPrice=60&maxPrice=95")).toEqual([single.id]);
    expect(await ids("maxPrice=60")).toEqual([keyboard.id]);
  });

  it("in stock when any variant has stock; with a price range too, one variant must be both", async () => {
    const { keyboard, single } = await catalogue();
    const mine = (list: number[]) => list.filter((id) => id >= keyboard.id);
    expect(mine(await ids("inStock=true"))).toEqual([keyboard.id, single.id]);
    // Brown ($100) is in stock
    expect(mine(await ids("inStock=true&minPrice=90&maxPrice=110"))).toEqual([keyboard.id, single.id]);
    // Blue ($150) and Red ($50) are in their ranges but out of stock
    expect(mine(await ids("inStock=true&minPrice=140"))).toEqual([]);
    expect(mine(await ids("inStock=true&maxPrice=60"))).toEqual([]);
    expect(mine(await ids("inStock=false&maxPrice=60"))).toEqual([keyboard.id]);
  });

  it("names the variants that matched a price, stock or option filter, so a card says 'from' the lowest of theirs", async () => {
    const { keyboard, single } = await catalogue();
    const matched = async (query: string) => {
      const response = await api.json<Envelope<ProductPage>>(`/products/search?category=${category.id}&${query}`);
      expect(response.status).toBe(200);
      return Object.fromEntries(response.body.data.content.map((p) => [p.id, p]));
    };
    const prices = (p: ProductPage["content"][number] | undefined) =>
      p?.variants.filter((v) => p.matchedVariantIds?.includes(v.id)).map((v) => v.price);
    // $80–$200: Brown ($100) and Blue ($150), not Red ($50): the card's price is $100, still "from" (two prices)
    const ranged = await matched("minPrice=80&maxPrice=200");
    expect(prices(ranged[keyboard.id])).toEqual([100, 150]);
    expect(prices(ranged[single.id])).toEqual([90]);
    // $140 and up: Blue alone, one price, no "from"
    expect(prices((await matched("minPrice=140"))[keyboard.id])).toEqual([150]);
    // in stock: Brown alone
    expect(prices((await matched("inStock=true"))[keyboard.id])).toEqual([100]);
    // an option value: its variant
    expect(prices((await matched(`option=${encodeURIComponent("Switch: Red")}`))[keyboard.id])).toEqual([50]);
    // no such filter: no list, the card speaks for every variant
    expect((await matched("sort=price_asc"))[keyboard.id]?.matchedVariantIds).toBeUndefined();
  });
});
