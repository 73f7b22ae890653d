import { describe, expect, it } from "vitest";
import type { ProductDto } from "~/schemas/catalogue";
import { useApiServer } from "../support/api-server";
import { createCategory, createImage, createProduct, word } from "../support/factories";
import type { Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

const database = useTestDatabase();
const api = useApiServer();

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
