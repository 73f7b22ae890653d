import { describe, expect, it } from "vitest";
import { categories } from "~/db/schema";
import type { Category, ProductDto } from "~/schemas/catalogue";
import { useAdminCatalogue } from "../support/admin-catalogue";
import { useApiServer } from "../support/api-server";
import { createCategory, createProduct, word } from "../support/factories";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The admin adds, renames and deletes categories.

const database = useTestDatabase();
const api = useApiServer();
const { adminAuth, productRow, categoryRow } = useAdminCatalogue(api, database);

describe("categories: add, rename, delete", () => {
  const addCategory = (name: unknown) =>
    api.json<Envelope<Category>>("/categories/add", json("POST", { name }, adminAuth));
  const rename = (id: number, name: unknown) =>
    api.json<Envelope<Category>>(`/categories/category/${id}/update`, json("PUT", { name }, adminAuth));
  const remove = (id: number) =>
    api.json(`/categories/category/${id}/delete`, { method: "DELETE", headers: adminAuth });

  it("adds a category (201), refuses a duplicate name case-insensitively (409) and a blank one (422)", async () => {
    const name = `Toys ${word()}`;
    const created = await addCategory(name);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(Number), name });
    expect(await categoryRow(created.body.data.id)).toMatchObject({ name });

    const count = await database.db.$count(categories);
    const duplicate = await addCategory(` ${name.toUpperCase()} `);
    expect(duplicate.status, JSON.stringify(duplicate.body)).toBe(409);
    expect(duplicate.body.data).toBeNull();
    expect(duplicate.body.message).toMatch(/already exists/);
    const blank = await addCategory("   ");
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toHaveProperty("name");
    expect(await database.db.$count(categories)).toBe(count);
  });

  it("renames a category (products follow), allows a change of case, refuses another category's name with 409", async () => {
    const category = await createCategory(database.db, `Books ${word()}`);
    const product = await createProduct(database.db, { categoryId: category.id });
    const newName = `Novels ${word()}`;
    const renamed = await rename(category.id, newName);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toEqual({ id: category.id, name: newName });
    expect((await categoryRow(category.id))!.name).toBe(newName);
    const productDto = await api.json<Envelope<ProductDto>>(`/products/product/${product.id}/product`);
    expect(productDto.body.data.category).toEqual({ id: category.id, name: newName });

    const recased = await rename(category.id, newName.toUpperCase());
    expect(recased.status, JSON.stringify(recased.body)).toBe(200);
    expect((await categoryRow(category.id))!.name).toBe(newName.toUpperCase());

    const other = await createCategory(database.db, `Comics ${word()}`);
    const clash = await rename(category.id, other.name.toLowerCase());
    expect(clash.status, JSON.stringify(clash.body)).toBe(409);
    expect(clash.body.data).toBeNull();
    expect((await categoryRow(category.id))!.name).toBe(newName.toUpperCase());

    expect((await rename(987_654, `Nowhere ${word()}`)).status).toBe(404);
    expect((await rename(category.id, "")).status).toBe(422);
  });

  it("refuses to delete a category still in use: 409 with a message naming it, and it stays", async () => {
    const category = await createCategory(database.db, `Shoes ${word()}`);
    const product = await createProduct(database.db, { categoryId: category.id });
    const response = await remove(category.id);
    expect(response.status, JSON.stringify(response.body)).toBe(409);
    expect(response.body.data).toBeNull();
    expect(response.body.message).toContain(category.name);
    expect(await categoryRow(category.id)).toBeDefined();
    expect(await productRow(product.id)).toMatchObject({ categoryId: category.id });

    // once its product has gone, it can be deleted
    expect(
      (await api.json(`/products/product/${product.id}/delete`, { method: "DELETE", headers: adminAuth })).status,
    ).toBe(200);
    const deleted = await remove(category.id);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await categoryRow(category.id)).toBeUndefined();
  });

  it("deletes an unused category (gone from /categories/all), then answers 404", async () => {
    const category = await createCategory(database.db, `Spare ${word()}`);
    const response = await remove(category.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toBeNull();
    expect(await categoryRow(category.id)).toBeUndefined();
    const all = await api.json<Envelope<Category[]>>("/categories/all");
    expect(all.body.data.map((c) => c.id)).not.toContain(category.id);
    expect((await remove(category.id)).status).toBe(404);
  });
});
