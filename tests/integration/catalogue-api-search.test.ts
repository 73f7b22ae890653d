import { describe, expect, it } from "vitest";
import type { ProductPage } from "~/schemas/catalogue";
import { useApiServer } from "../support/api-server";
import { createCategory, createProduct, word } from "../support/factories";
import type { Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Product search (GET /products/search): words, spelling, filters, facets, sorting and paging.

const database = useTestDatabase();
const api = useApiServer();

async function search(query: string) {
  const response = await api.json<Envelope<ProductPage>>(`/products/search?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

describe("product search", () => {
  it("finds by any word of name, brand, category or description, with prefixes, all words required", async () => {
    const tag = word();
    const category = await createCategory(database.db, `Gadgets ${tag}`);
    const hit = await createProduct(database.db, {
      categoryId: category.id,
      name: `Mechanical ${tag} Keyboard`,
      brand: `Keyforge`,
      description: `Hot-swappable switches and a ${tag}zone aluminium frame.`,
    });
    await createProduct(database.db, { categoryId: category.id, name: `Wireless ${tag} Mouse` });

    expect((await search(`q=${tag}`)).totalElements).toBe(2);
    expect((await search(`q=mechani ${tag}`)).content.map((p) => p.id)).toEqual([hit.id]);
    expect((await search(`q=${tag.slice(0, 6)}`)).totalElements).toBeGreaterThanOrEqual(2);
    expect((await search(`q=${tag}zone`)).content.map((p) => p.id)).toEqual([hit.id]);
    expect((await search(`q=${tag} keyfor`)).content.map((p) => p.id)).toEqual([hit.id]);
  });

  it("ranks a name match above a description match", async () => {
    const tag = word();
    const category = await createCategory(database.db);
    const inDescription = await createProduct(database.db, {
      categoryId: category.id,
      description: `Pairs well with ${tag}.`,
    });
    const inName = await createProduct(database.db, { categoryId: category.id, name: `${tag} Pro` });
    const page = await search(`q=${tag}`);
    expect(page.content.map((p) => p.id)).toEqual([inName.id, inDescription.id]);
  });

  it("forgives typos (one edit from 4 letters, two from 8, a transposition counting one) and says what was meant", async () => {
    // ten different letters: two edits allowed. (A random word with runs of one letter, "ffllilgtcs", shares too few
    // trigrams with its typos for the suggestion to find it now and then: the test failed by chance, not the search.)
    const tag = [...new Set(word(40))].slice(0, 10).join("");
    expect(tag).toHaveLength(10);
    const category = await createCategory(database.db);
    const product = await createProduct(database.db, { categoryId: category.id, name: `Quasar ${tag}` });
    const dropped = `${tag.slice(0, 4)}${tag.slice(5)}`;
    const swapped = `${tag.slice(0, 2)}${tag[3]}${tag[2]}${tag.slice(4)}`;
    for (const typo of [dropped, swapped, `${swapped.slice(0, 6)}${swapped.slice(7)}`]) {
      const page = await search(`q=${typo}`);
      expect(
        page.content.map((p) => p.id),
        typo,
      ).toEqual([product.id]);
      expect(page.didYouMean).toBe(tag);
      expect(page.correctedQuery).toBeNull();
    }
    const exact = await search(`q=${tag}`);
    expect([exact.didYouMean, exact.correctedQuery]).toEqual([null, null]);
  });

  it("searches for the nearest known word when a word is one edit past what it forgives, and says so", async () => {
    const tag = word();
    const category = await createCategory(database.db);
    const product = await createProduct(database.db, { categoryId: category.id, name: `Quasar ${tag}` });
    // three edits to a ten-letter word: not matched, but close enough to suggest (and nothing else matched). The
    // letter added is not in the word: one that is could make two of the edits one substitution (a run failed on
    // "njegyosccq", whose last letter was the one added)
    const absent = [..."abcdefghijklmnopqrstuvwxyz"].find((letter) => !tag.includes(letter))!;
    const far = `${tag.slice(0, 3)}${tag.slice(4, 7)}${tag.slice(8)}${absent}`;
    const page = await search(`q=${far}`);
    expect(page.correctedQuery).toBe(tag);
    expect(page.content.map((p) => p.id)).toEqual([product.id]);
  });

  it("finds text inside a word of a name, after whole words and prefixes", async () => {
    const tag = word();
    const category = await createCategory(database.db);
    const inside = await createProduct(database.db, { categoryId: category.id, name: `Ultra${tag} One` });
    const prefix = await createProduct(database.db, { categoryId: category.id, name: `${tag}qz Two` });
    const whole = await createProduct(database.db, { categoryId: category.id, name: `Three ${tag}` });
    const page = await search(`q=${tag}`);
    expect(page.content.map((p) => p.id)).toEqual([whole.id, prefix.id, inside.id]);
    // inside a word only counts in names, brands and categories, not descriptions
    await createProduct(database.db, { categoryId: category.id, description: `Not a pre${tag} match.` });
    expect((await search(`q=${tag}`)).totalElements).toBe(3);
  });

  it("ranks name, then brand or category, then description; products of the type the word names come first", async () => {
    // a vowel before the plural's "s", or the stemmer keeps it ("bcdfghjklms" is not the plural of "bcdfghjklm")
    const tag = `${word()}ax`;
    const gadgets = await createCategory(database.db, `Desk ${tag}s`); // the product type: its last word
    const accessories = await createCategory(database.db, `${tag} Stands`); // mentions it, is not it
    const other = await createCategory(database.db);
    const inDescription = await createProduct(database.db, { categoryId: other.id, description: `Fits any ${tag}.` });
    const inBrand = await createProduct(database.db, { categoryId: other.id, brand: `${tag} Labs` });
    const accessory = await createProduct(database.db, { categoryId: accessories.id });
    const inName = await createProduct(database.db, { categoryId: other.id, name: `Big ${tag} Deluxe` });
    const ofType = await createProduct(database.db, { categoryId: gadgets.id });
    const page = await search(`q=${tag}`);
    expect(page.content.map((p) => p.id)).toEqual([
      ofType.id,
      inName.id,
      // brand and the category's other words rank alike, then by id
      ...[inBrand.id, accessory.id].sort((a, b) => a - b),
      inDescription.id,
    ]);
  });

  it("suggests products (ranked) and categories as the shopper types, and refuses a bad limit", async () => {
    const tag = word();
    const category = await createCategory(database.db, `Zeta ${tag}s`);
    const first = await createProduct(database.db, { categoryId: category.id, name: `${tag} Prime` });
    const second = await createProduct(database.db, { categoryId: category.id, name: `Ultra${tag}` });
    const response = await api.json<Envelope<{ products: Array<{ id: number }>; categories: Array<{ id: number }> }>>(
      `/products/suggestions?q=${tag.slice(0, 6)}`,
    );
    expect(response.status).toBe(200);
    expect(response.body.data.products.map((p) => p.id).slice(0, 1)).toEqual([first.id]);
    expect(response.body.data.categories.map((c) => c.id)).toEqual([category.id]);
    const whole = await api.json<Envelope<{ products: Array<{ id: number }> }>>(`/products/suggestions?q=${tag}`);
    expect(whole.body.data.products.map((p) => p.id)).toEqual([first.id, second.id]);
    const empty = await api.json<Envelope<{ products: unknown[] }>>(`/products/suggestions?q=`);
    expect(empty.body.data.products).toEqual([]);
    const bad = await api.json<unknown>(`/products/suggestions?q=a&limit=11`);
    expect(bad.status).toBe(400);
  });

  it("treats tsquery syntax in the text as plain words", async () => {
    const page = await search(`q=${encodeURIComponent("a & | ! ( ) :* <-> '")}`);
    expect(page.totalElements).toBeGreaterThanOrEqual(0);
  });

  it("combines category, several brands, price range and stock with AND", async () => {
    const category = await createCategory(database.db);
    const other = await createCategory(database.db);
    const [b1, b2, b3] = [`B ${word()}`, `B ${word()}`, `B ${word()}`];
    const cheapB1 = await createProduct(database.db, { categoryId: category.id, brand: b1, priceCents: 1000 });
    const dearB2 = await createProduct(database.db, { categoryId: category.id, brand: b2, priceCents: 9000 });
    await createProduct(database.db, { categoryId: category.id, brand: b3, priceCents: 2000 });
    await createProduct(database.db, { categoryId: other.id, brand: b1, priceCents: 1500 });
    const soldOut = await createProduct(database.db, {
      categoryId: category.id,
      brand: b2,
      priceCents: 3000,
      inventory: 0,
    });

    const both = await search(
      `category=${category.id}&brand=${encodeURIComponent(b1)}&brand=${encodeURIComponent(b2)}&sort=price_asc`,
    );
    expect(both.content.map((p) => p.id)).toEqual([cheapB1.id, soldOut.id, dearB2.id]);
    expect(both.totalElements).toBe(3);

    const inRange = await search(
      `category=${category.id}&brand=${encodeURIComponent(b1)}&brand=${encodeURIComponent(b2)}&minPrice=20&maxPrice=95`,
    );
    expect(inRange.content.map((p) => p.id).sort()).toEqual([dearB2.id, soldOut.id].sort());

    const inStock = await search(`category=${category.id}&brand=${encodeURIComponent(b2)}&inStock=true`);
    expect(inStock.content.map((p) => p.id)).toEqual([dearB2.id]);

    const caseInsensitive = await search(`category=${category.id}&brand=${encodeURIComponent(b1.toUpperCase())}`);
    expect(caseInsensitive.content.map((p) => p.id)).toEqual([cheapB1.id]);
  });

  it("counts facets for brands without the brand filter and categories without the category filter", async () => {
    const tag = word();
    const category = await createCategory(database.db);
    const other = await createCategory(database.db);
    const [b1, b2] = [`F ${word()}`, `F ${word()}`];
    await createProduct(database.db, { categoryId: category.id, brand: b1, name: `${tag} one` });
    await createProduct(database.db, { categoryId: category.id, brand: b1, name: `${tag} two` });
    await createProduct(database.db, { categoryId: category.id, brand: b2, name: `${tag} three` });
    await createProduct(database.db, { categoryId: other.id, brand: b2, name: `${tag} four` });

    const page = await search(`q=${tag}&category=${category.id}&brand=${encodeURIComponent(b1)}`);
    expect(page.totalElements).toBe(2);
    expect(page.facets.brands).toEqual(
      [
        { name: b1, count: 2 },
        { name: b2, count: 1 },
      ].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())),
    );
    // the other category's product is of brand b2, which the brand filter excludes
    expect(page.facets.categories).toEqual([{ id: category.id, name: category.name, count: 2 }]);
    const byCategoryOnly = await search(`q=${tag}&category=${category.id}`);
    expect(byCategoryOnly.facets.categories).toEqual(
      [
        { id: category.id, name: category.name, count: 3 },
        { id: other.id, name: other.name, count: 1 },
      ].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())),
    );
  });

  it("counts one brand facet for spellings that differ only in case", async () => {
    const category = await createCategory(database.db);
    const brand = `Case ${word()}`;
    await createProduct(database.db, { categoryId: category.id, brand });
    await createProduct(database.db, { categoryId: category.id, brand });
    await createProduct(database.db, { categoryId: category.id, brand: brand.toLowerCase() });
    const page = await search(`category=${category.id}`);
    expect(page.facets.brands).toEqual([{ name: brand, count: 3 }]);
    expect(page.totalElements).toBe(3);
  });

  it("sorts by price both ways, newest and name", async () => {
    const category = await createCategory(database.db);
    const a = await createProduct(database.db, {
      categoryId: category.id,
      name: `Charlie ${word()}`,
      priceCents: 3000,
      createdAt: new Date("2026-01-03"),
    });
    const b = await createProduct(database.db, {
      categoryId: category.id,
      name: `alpha ${word()}`,
      priceCents: 1000,
      createdAt: new Date("2026-01-01"),
    });
    const c = await createProduct(database.db, {
      categoryId: category.id,
      name: `Bravo ${word()}`,
      priceCents: 2000,
      createdAt: new Date("2026-01-02"),
    });
    const ids = async (sort: string) => (await search(`category=${category.id}&sort=${sort}`)).content.map((p) => p.id);
    expect(await ids("price_asc")).toEqual([b.id, c.id, a.id]);
    expect(await ids("price_desc")).toEqual([a.id, c.id, b.id]);
    expect(await ids("newest")).toEqual([a.id, c.id, b.id]);
    expect(await ids("name")).toEqual([b.id, c.id, a.id]);
  });

  it("pages 18 at a time by default and reports totals", async () => {
    const category = await createCategory(database.db);
    for (let i = 0; i < 20; i++)
      await createProduct(database.db, { categoryId: category.id, name: `Paged ${i} ${word()}` });
    const first = await search(`category=${category.id}`);
    expect(first).toMatchObject({ page: 1, size: 18, totalElements: 20, totalPages: 2, last: false });
    expect(first.content).toHaveLength(18);
    const second = await search(`category=${category.id}&page=2`);
    expect(second).toMatchObject({ page: 2, totalPages: 2, last: true });
    expect(second.content).toHaveLength(2);
    const small = await search(`category=${category.id}&size=5&page=4`);
    expect(small.content).toHaveLength(5);
    const beyond = await search(`category=${category.id}&page=9`);
    expect(beyond.content).toHaveLength(0);
  });

  it("collapses products of the same name with distinct=true", async () => {
    const category = await createCategory(database.db);
    const name = `Same ${word()}`;
    const first = await createProduct(database.db, { categoryId: category.id, name });
    await createProduct(database.db, { categoryId: category.id, name });
    const page = await search(`category=${category.id}&distinct=true`);
    expect(page.content.map((p) => p.id)).toEqual([first.id]);
    expect(page.totalElements).toBe(1);
    const withoutFacets = await search(`category=${category.id}&distinct=true&facets=false`);
    expect(withoutFacets).toMatchObject({ totalElements: 1, facets: { brands: [], categories: [] } });
    expect(withoutFacets.content.map((p) => p.id)).toEqual([first.id]);
  });

  it.each([
    ["page=0", "page"],
    ["page=abc", "page"],
    ["size=101", "size"],
    ["sort=cheapest", "sort"],
    ["minPrice=-1", "minPrice"],
    ["minPrice=50&maxPrice=10", "minPrice"],
    ["category=x", "category"],
    ["inStock=maybe", "inStock"],
  ])("rejects a bad query (%s) with 400 and the field", async (query, field) => {
    const { status, body } = await api.json(`/products/search?${query}`);
    expect(status).toBe(400);
    expect(body.data).toBeNull();
    expect(body.errors).toHaveProperty(field);
  });

  it("takes the reference client's name= as q", async () => {
    const tag = word();
    const category = await createCategory(database.db);
    const hit = await createProduct(database.db, { categoryId: category.id, name: `Lamp ${tag}` });
    await createProduct(database.db, { categoryId: category.id, name: `Chair ${word()}` });

    expect((await search(`name=${tag}`)).content.map((p) => p.id)).toEqual([hit.id]);
    expect((await search(`q=${tag}&name=${tag}`)).content.map((p) => p.id)).toEqual([hit.id]);
    const both = await api.json(`/products/search?q=${tag}&name=chair`);
    expect(both.status).toBe(400);
    expect(both.body.errors).toHaveProperty("name");
  });

  it("refuses a parameter it does not know with 400 naming it, instead of ignoring it and answering everything", async () => {
    const { status, body } = await api.json(`/products/search?q=lamp&colour=red&pricemax=3`);
    expect(status).toBe(400);
    expect(body.data).toBeNull();
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(["colour", "pricemax"]);
    expect(body.errors?.colour?.[0]).toMatch(/^is not a search parameter \(the search takes q, name, category, brand,/);
    expect(body.message).toMatch(/^Invalid query parameter: colour: is not a search parameter/);
  });

  it("takes every parameter the pages send", async () => {
    const tag = word();
    const category = await createCategory(database.db);
    await createProduct(database.db, { categoryId: category.id, name: `Desk ${tag}`, brand: "Acme" });
    const all = `q=${tag}&category=${category.id}&brand=Acme&minPrice=0&maxPrice=100000&inStock=false&sort=name&page=1&size=18&distinct=true&facets=false`;
    expect((await search(all)).totalElements).toBe(1);
  });
});
