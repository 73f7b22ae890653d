import { describe, expect, it } from "vitest";
import type { ProductDto, ProductPage, VariantDto } from "~/schemas/catalogue";
import { useApiServer } from "../support/api-server";
import { admin, useCategory, type User } from "../support/checkout";
import { word } from "../support/factories";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Option values in search and as a facet (docs/decisions/0036-product-variants.md): "brown switches" finds a keyboard
// sold with brown switches; the listing counts products per option value and filters by them, per variant.

const database = useTestDatabase();
const api = useApiServer();
const { product, category } = useCategory(database);

async function withOptions(who: User, productId: number, options: unknown, stock: (v: VariantDto) => number) {
  const set = await api.json<Envelope<ProductDto>>(
    `/products/${productId}/options`,
    json("PUT", { options }, who.auth),
  );
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const variants = set.body.data.variants.map((v) => ({ id: v.id, sku: v.sku, price: v.price, inventory: stock(v) }));
  const saved = await api.json<Envelope<ProductDto>>(
    `/products/${productId}/variants`,
    json("PUT", { variants }, who.auth),
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data;
}

async function search(query: string) {
  const response = await api.json<Envelope<ProductPage>>(`/products/search?category=${category.id}&${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

const ids = async (query: string) => (await search(query)).content.map((p) => p.id).sort((a, b) => a - b);

describe("option values in search and as a facet", () => {
  it("finds products by their option values, counts them per value and filters by them", async () => {
    const who = await admin(api, database.db);
    const tag = word();
    // Brown sold out: the in-stock filter with Brown finds nothing
    const keyboard = await product({ name: `Ember ${tag} Keyboard`, priceCents: 9900, inventory: 1 });
    await withOptions(who, keyboard.id, [{ name: "Switch", values: ["Red", "Brown", "Blue"] }], (v) =>
      v.label.includes("Brown") ? 0 : 4,
    );
    const mouse = await product({ name: `Comet ${tag} Mouse`, priceCents: 4900, inventory: 1 });
    await withOptions(
      who,
      mouse.id,
      [
        { name: "Colour", values: ["Black", "White"] },
        { name: "Grip", values: ["Claw", "Palm"] },
      ],
      () => 2,
    );
    const plain = await product({ name: `Nova ${tag} Mouse`, priceCents: 3900, inventory: 5 });

    // words: an option's value and name, and plural forms, together with the product's own words
    expect(await ids(`q=brown switches`)).toEqual([keyboard.id]);
    expect(await ids(`q=white mouse`)).toEqual([mouse.id]);
    expect(await ids(`q=${tag} mouse`)).toEqual([mouse.id, plain.id]);
    expect(await ids(`q=palm`)).toEqual([mouse.id]);

    // the facet: each option value with its products, by option name, values in the product's order
    const all = await search("");
    expect(all.facets.options).toEqual([
      {
        name: "Colour",
        values: [
          { value: "Black", count: 1 },
          { value: "White", count: 1 },
        ],
      },
      {
        name: "Grip",
        values: [
          { value: "Claw", count: 1 },
          { value: "Palm", count: 1 },
        ],
      },
      {
        name: "Switch",
        values: [
          { value: "Red", count: 1 },
          { value: "Brown", count: 1 },
          { value: "Blue", count: 1 },
        ],
      },
    ]);

    // filtering: any of an option's values, and a variant with each option asked for, case-insensitively
    expect(await ids(`option=${encodeURIComponent("Switch: Brown")}`)).toEqual([keyboard.id]);
    expect(await ids(`option=${encodeURIComponent("colour: white")}&option=Colour:Black`)).toEqual([mouse.id]);
    expect(await ids(`option=Colour:White&option=Grip:Palm`)).toEqual([mouse.id]);
    expect(await ids(`option=Switch:Brown&option=Colour:White`)).toEqual([]);
    expect(await ids(`option=Switch:Brown&inStock=true`)).toEqual([]);
    expect(await ids(`option=Switch:Red&inStock=true`)).toEqual([keyboard.id]);

    // the facet is counted without its own filter; the others apply to it
    const filtered = await search(`option=Switch:Brown`);
    expect(filtered.totalElements).toBe(1);
    expect(filtered.facets.options).toEqual(all.facets.options);
    expect(filtered.facets.brands.reduce((sum, b) => sum + b.count, 0)).toBe(1);
    expect((await search(`q=mouse`)).facets.options.map((o) => o.name)).toEqual(["Colour", "Grip"]);

    // a parameter that names no option is refused
    const bad = await api.json(`/products/search?option=White`);
    expect(bad.status).toBe(400);
  });

  it("a change of options changes what the product is found by", async () => {
    const who = await admin(api, database.db);
    const tag = word();
    const pad = await product({ name: `Tundra ${tag} Pad`, priceCents: 1900, inventory: 3 });
    await withOptions(who, pad.id, [{ name: "Size", values: ["Medium", "Extended"] }], () => 1);
    expect(await ids(`q=${tag} extended`)).toEqual([pad.id]);
    await withOptions(who, pad.id, [{ name: "Size", values: ["Medium", "Large"] }], () => 1);
    expect(await ids(`q=${tag} extended`)).toEqual([]);
    expect(await ids(`q=${tag} large`)).toEqual([pad.id]);
    await withOptions(who, pad.id, [], () => 1);
    expect(await ids(`q=${tag} large`)).toEqual([]);
  });
});
