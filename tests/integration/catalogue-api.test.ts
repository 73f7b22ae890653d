import { describe, expect, it } from "vitest";
import type { ProductDto, ProductPage } from "~/schemas/catalogue";
import { useApiServer } from "../support/api-server";
import { createCategory, createImage, createProduct, word } from "../support/factories";
import { useTestDatabase } from "../support/test-db";

const database = useTestDatabase();
const api = useApiServer();

type Envelope<T> = { message: string; data: T; errors?: Record<string, string[]> };

async function search(query: string) {
  const response = await api.json<Envelope<ProductPage>>(`/products/search?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

describe("catalogue API", () => {
  it("lists categories sorted by name, case-insensitively", async () => {
    const tag = word();
    await createCategory(database.db, `zeta ${tag}`);
    await createCategory(database.db, `Alpha ${tag}`);
    await createCategory(database.db, `beta ${tag}`);
    const { status, body } = await api.json<Envelope<Array<{ id: number; name: string }>>>("/categories/all");
    expect(status).toBe(200);
    const ours = body.data.filter((c) => c.name.endsWith(tag)).map((c) => c.name);
    expect(ours).toEqual([`Alpha ${tag}`, `beta ${tag}`, `zeta ${tag}`]);
  });

  it("returns one product with its category, images and price in dollars", async () => {
    const category = await createCategory(database.db);
    const product = await createProduct(database.db, { categoryId: category.id, priceCents: 12_345, inventory: 3 });
    const image = await createImage(database.db, product.id);
    const { status, body, headers } = await api.json<Envelope<ProductDto>>(`/products/product/${product.id}/product`);
    expect(status).toBe(200);
    expect(headers.get("x-request-id")).toBeTruthy();
    expect(body.data).toMatchObject({
      id: product.id,
      name: product.name,
      brand: product.brand,
      price: 123.45,
      inventory: 3,
      category: { id: category.id, name: category.name },
    });
    expect(body.data.images).toEqual([
      expect.objectContaining({
        id: image.id,
        downloadUrl: `/api/v1/images/image/download/${image.id}`,
        imageUrl: `/api/v1/images/image/download/${image.id}`,
      }),
    ]);
  });

  it("answers 404 for an unknown product and 400 for a malformed id, as JSON", async () => {
    const missing = await api.json("/products/product/987654/product");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Product not found", data: null });
    const malformed = await api.json("/products/product/abc/product");
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toHaveProperty("id");
  });

  it("answers unknown API paths with a JSON 404 and a request id", async () => {
    const response = await api.json("/no/such/thing");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "No such API endpoint", data: null });
    expect(response.headers.get("x-request-id")).toMatch(/^[\w-]+$/);
  });

  it("echoes a safe X-Request-Id and replaces an unsafe one", async () => {
    const safe = await api.request("/categories/all", { headers: { "X-Request-Id": "trace-123" } });
    expect(safe.headers.get("x-request-id")).toBe("trace-123");
    const unsafe = await api.request("/categories/all", { headers: { "X-Request-Id": "bad id <script>" } });
    expect(unsafe.headers.get("x-request-id")).not.toBe("bad id <script>");
  });

  it("lists all products, distinct products by name and distinct brands", async () => {
    const category = await createCategory(database.db);
    const name = `Twin ${word()}`;
    const brandA = `Abrand ${word()}`;
    const first = await createProduct(database.db, { categoryId: category.id, name, brand: brandA });
    await createProduct(database.db, { categoryId: category.id, name: name.toUpperCase(), brand: `Other ${word()}` });

    const all = await api.json<Envelope<ProductDto[]>>("/products/all");
    expect(all.body.data.filter((p) => p.name.toLowerCase() === name.toLowerCase())).toHaveLength(2);

    const distinct = await api.json<Envelope<ProductDto[]>>("/products/distinct/products");
    const twins = distinct.body.data.filter((p) => p.name.toLowerCase() === name.toLowerCase());
    expect(twins.map((p) => p.id)).toEqual([first.id]);

    const brands = await api.json<Envelope<string[]>>("/products/distinct/brands");
    expect(brands.body.data).toContain(brandA);
    expect([...brands.body.data].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(
      brands.body.data,
    );
  });

  it("lists the products of a category, and 404 for an unknown category", async () => {
    const category = await createCategory(database.db);
    const other = await createCategory(database.db);
    const mine = await createProduct(database.db, { categoryId: category.id });
    await createProduct(database.db, { categoryId: other.id });
    const { status, body } = await api.json<Envelope<ProductDto[]>>(`/products/category/${category.id}/products`);
    expect(status).toBe(200);
    expect(body.data.map((p) => p.id)).toEqual([mine.id]);
    expect((await api.json("/products/category/999999/products")).status).toBe(404);
  });
});

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

  it("corrects a misspelt word against the dictionary and says so", async () => {
    const tag = word();
    const category = await createCategory(database.db);
    const product = await createProduct(database.db, { categoryId: category.id, name: `Quasar ${tag}` });
    const misspelt = `${tag.slice(0, 4)}${tag.slice(5)}`; // one letter dropped
    const page = await search(`q=${misspelt}`);
    expect(page.content.map((p) => p.id)).toEqual([product.id]);
    expect(page.correctedQuery).toBe(tag);
    const exact = await search(`q=${tag}`);
    expect(exact.correctedQuery).toBeNull();
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
});

describe("image download", () => {
  it("serves the original, WebP variants by width, an ETag and 304 on revalidation", async () => {
    const category = await createCategory(database.db);
    const product = await createProduct(database.db, { categoryId: category.id });
    const image = await createImage(database.db, product.id, { width: 1000, height: 800 });

    const original = await api.request(`/images/image/download/${image.id}`);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/png");
    expect(original.headers.get("cache-control")).toContain("must-revalidate");
    const etag = original.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);

    const variant = await api.request(`/images/image/download/${image.id}?w=300&v=${image.version}`);
    expect(variant.headers.get("content-type")).toBe("image/webp");
    expect(variant.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await variant.arrayBuffer());
    const { default: sharp } = await import("sharp");
    expect((await sharp(bytes).metadata()).width).toBe(400);

    const revalidated = await api.request(`/images/image/download/${image.id}`, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);

    const wide = await api.request(`/images/image/download/${image.id}?w=3000`);
    expect(wide.headers.get("content-type")).toBe("image/png");
  });

  it("answers 404 for an unknown image and 400 for a bad width", async () => {
    expect((await api.json("/images/image/download/999999")).status).toBe(404);
    expect((await api.json("/images/image/download/1?w=abc")).status).toBe(400);
  });
});

describe("OpenAPI document", () => {
  it("documents every catalogue endpoint with its parameters", async () => {
    const { status, body } = await api.json<{
      openapi: string;
      paths: Record<string, Record<string, { parameters: Array<{ name: string }> }>>;
    }>("/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    for (const path of [
      "/categories/all",
      "/products/all",
      "/products/search",
      "/products/distinct/products",
      "/products/distinct/brands",
      "/products/product/{id}/product",
      "/products/category/{categoryId}/products",
      "/images/image/download/{imageId}",
      "/users/user/{userId}/user",
      "/addresses/{userId}/address",
    ]) {
      expect(body.paths[path]?.get, path).toBeDefined();
    }
    for (const path of [
      "/auth/login",
      "/auth/refresh-token",
      "/auth/logout",
      "/users/add",
      "/addresses/{userId}/new",
    ]) {
      expect(body.paths[path]?.post, path).toBeDefined();
    }
    expect(body.paths["/users/user/{userId}/user"]!.get).toHaveProperty("security");
    const searchParams = body.paths["/products/search"]!.get!.parameters.map((p) => p.name);
    expect(searchParams).toEqual(
      expect.arrayContaining(["q", "category", "brand", "minPrice", "maxPrice", "inStock", "sort", "page", "size"]),
    );
  });
});
