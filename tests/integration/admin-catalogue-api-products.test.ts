import { beforeAll, describe, expect, it } from "vitest";
import { categories, products } from "~/db/schema";
import type { Category, ProductDto } from "~/schemas/catalogue";
import { useAdminCatalogue } from "../support/admin-catalogue";
import { useApiServer } from "../support/api-server";
import { createCategory, word } from "../support/factories";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The admin adds and updates products (over real HTTP, on PGlite and on PostgreSQL): prices, categories, validation,
// duplicates.

const database = useTestDatabase();
const api = useApiServer();
const helpers = useAdminCatalogue(api, database);
const { adminAuth, catalogue, catalogueState, productInput, addProduct, productRow, categoryRow } = helpers;

let categoryId: number;
beforeAll(() => {
  categoryId = catalogue.categoryId;
});

describe("POST /products/add and PUT /products/product/{id}/update", () => {
  it("adds a product (201 ProductDto, price stored in cents) with a category given by id", async () => {
    const input = productInput({ price: 0.29, inventory: 12 });
    const response = await addProduct(input);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const category = await categoryRow(categoryId);
    expect(response.body.data).toEqual({
      id: expect.any(Number),
      name: input.name,
      brand: input.brand,
      price: 0.29,
      inventory: 12,
      description: input.description,
      category: { id: categoryId, name: category!.name },
      images: [],
      // sold in one form: no options, its one (default) variant with the product's price and stock
      options: [],
      variants: [
        {
          id: expect.any(Number),
          sku: expect.any(String),
          price: 0.29,
          inventory: 12,
          weightGrams: null,
          position: 0,
          selectedOptions: [],
          imageIds: [],
          label: "",
          compareAtPrice: null,
        },
      ],
      // no reviews yet (docs/decisions/0045-reviews.md)
      rating: { average: null, count: 0 },
    });
    const row = await productRow(response.body.data.id);
    expect(row).toMatchObject({ name: input.name, brand: input.brand, priceCents: 29, inventory: 12, categoryId });
    const fetched = await api.json<Envelope<ProductDto>>(`/products/product/${response.body.data.id}/product`);
    expect(fetched.body.data).toEqual(response.body.data);
  });

  it("takes the category as {name} or a bare name: an existing one is found case-insensitively, an unknown one is created", async () => {
    const existing = await createCategory(database.db, `Garden ${word()}`);
    const byName = await addProduct(productInput({ category: { name: existing.name.toUpperCase() } }));
    expect(byName.status, JSON.stringify(byName.body)).toBe(201);
    expect(byName.body.data.category).toEqual({ id: existing.id, name: existing.name });

    const fresh = `Kitchen ${word()}`;
    const categoriesBefore = await database.db.$count(categories);
    const created = await addProduct(productInput({ category: fresh }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.category).toEqual({ id: expect.any(Number), name: fresh });
    expect(await database.db.$count(categories)).toBe(categoriesBefore + 1);
    const all = await api.json<Envelope<Category[]>>("/categories/all");
    expect(all.body.data).toContainEqual({ id: created.body.data.category.id, name: fresh });

    const again = await addProduct(productInput({ category: { name: fresh.toLowerCase() } }));
    expect(again.body.data.category.id).toBe(created.body.data.category.id);
    expect(await database.db.$count(categories)).toBe(categoriesBefore + 1);
  });

  it("answers 404 for {id} of a missing category and creates nothing", async () => {
    const before = await catalogueState();
    const input = productInput({ category: { id: 987_654 } });
    const response = await addProduct(input);
    expect(response.status, JSON.stringify(response.body)).toBe(404);
    expect(response.body.data).toBeNull();
    expect(response.body.message).toMatch(/category/i);
    expect(await catalogueState()).toEqual(before);
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["a missing name", { name: undefined }, "name"],
    ["a blank name", { name: "   " }, "name"],
    ["a blank brand", { brand: "" }, "brand"],
    ["a price with 3 decimals", { price: 19.999 }, "price"],
    ["a negative price", { price: -1 }, "price"],
    ["a price that is not a number", { price: "cheap" }, "price"],
    ["a missing price", { price: undefined }, "price"],
    ["a fractional inventory", { inventory: 1.5 }, "inventory"],
    ["a negative inventory", { inventory: -3 }, "inventory"],
    ["a missing description", { description: undefined }, "description"],
    ["a missing category", { category: undefined }, "category"],
    ["a blank category name", { category: { name: " " } }, "category"],
  ];
  for (const [label, overrides, field] of invalid) {
    it(`answers 422 with errors.${field} for ${label}, and stores nothing`, async () => {
      const before = await catalogueState();
      const response = await addProduct(productInput(overrides));
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body.data).toBeNull();
      expect(
        Object.keys(response.body.errors ?? {}).some((key) => key === field || key.startsWith(`${field}.`)),
        JSON.stringify(response.body.errors),
      ).toBe(true);
      expect(await catalogueState()).toEqual(before);
    });
  }

  // z.coerce.number() turns null and "" into 0: a product sent without a real price must not become free
  const coerced: Array<[string, Record<string, unknown>, string]> = [
    ["a null price", { price: null }, "price"],
    ["an empty-string price", { price: "" }, "price"],
    ["a null inventory", { inventory: null }, "inventory"],
  ];
  for (const [label, overrides, field] of coerced) {
    it(`answers 422 with errors.${field} for ${label} (not 0), and stores nothing`, async () => {
      const before = await catalogueState();
      const response = await addProduct(productInput(overrides));
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body.errors).toHaveProperty(field);
      expect(await catalogueState()).toEqual(before);
    });
  }

  it("answers 415 for a body that is not JSON and 400 for malformed JSON", async () => {
    const before = await catalogueState();
    const text = await api.json("/products/add", {
      method: "POST",
      headers: { "content-type": "text/plain", ...adminAuth },
      body: JSON.stringify(productInput()),
    });
    expect(text.status).toBe(415);
    const malformed = await api.json("/products/add", {
      method: "POST",
      headers: { "content-type": "application/json", ...adminAuth },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect(await catalogueState()).toEqual(before);
  });

  it("answers 409 for the same name and brand, case-insensitively, on add and on update", async () => {
    const input = productInput();
    const first = await addProduct(input);
    expect(first.status).toBe(201);
    const count = await database.db.$count(products);
    const duplicate = await addProduct(
      productInput({ name: `  ${input.name.toUpperCase()} `, brand: input.brand.toLowerCase(), price: 5 }),
    );
    expect(duplicate.status, JSON.stringify(duplicate.body)).toBe(409);
    expect(duplicate.body.data).toBeNull();
    expect(duplicate.body.message).toContain(input.name.toUpperCase());
    expect(await database.db.$count(products)).toBe(count);

    // same name, another brand: a different product
    const otherBrand = await addProduct(productInput({ name: input.name }));
    expect(otherBrand.status).toBe(201);
    const clash = await api.json<Envelope<ProductDto>>(
      `/products/product/${otherBrand.body.data.id}/update`,
      json("PUT", { ...input, brand: input.brand.toUpperCase() }, adminAuth),
    );
    expect(clash.status, JSON.stringify(clash.body)).toBe(409);
    expect((await productRow(otherBrand.body.data.id))!.brand).toBe(otherBrand.body.data.brand);
  });

  it("updates every field of a product, a change of case of its own name included, and answers 404 for an unknown product", async () => {
    const created = (await addProduct(productInput())).body.data;
    const newCategory = `Outdoor ${word()}`;
    const change = productInput({
      name: created.name.toUpperCase(),
      brand: created.brand,
      price: 120.5,
      inventory: 0,
      description: "Changed.",
      category: newCategory,
    });
    const response = await api.json<Envelope<ProductDto>>(
      `/products/product/${created.id}/update`,
      json("PUT", change, adminAuth),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      id: created.id,
      name: change.name,
      brand: change.brand,
      price: 120.5,
      inventory: 0,
      description: "Changed.",
      category: { name: newCategory },
    });
    expect(await productRow(created.id)).toMatchObject({
      name: change.name,
      priceCents: 12_050,
      inventory: 0,
      description: "Changed.",
      categoryId: response.body.data.category.id,
    });

    const before = await catalogueState();
    const missing = await api.json(`/products/product/987654/update`, json("PUT", productInput(), adminAuth));
    expect(missing.status).toBe(404);
    expect(missing.body.data).toBeNull();
    expect(await catalogueState()).toEqual(before);

    const invalid = await api.json(
      `/products/product/${created.id}/update`,
      json("PUT", { ...change, price: 1.234 }, adminAuth),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toHaveProperty("price");
    expect(await catalogueState()).toEqual(before);
  });
});
