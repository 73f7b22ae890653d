import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import type { Category, ProductDto, ProductPage } from "~/schemas/catalogue";
import type { BrandUsage, CategoryUsage } from "~/schemas/taxonomy";
import { useAdminCatalogue } from "../support/admin-catalogue";
import { useApiServer } from "../support/api-server";
import { createCategory, createProduct, word } from "../support/factories";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The admin renames and deletes brands, sees how many products each brand and category has, and the footer's list
// of categories leaves out the empty ones. (Category add and rename: admin-catalogue-api-categories.test.ts.)

const database = useTestDatabase();
const api = useApiServer();
const { adminAuth, userAuth, catalogue, catalogueState, productRow } = useAdminCatalogue(api, database);

const brandPath = (brand: string) => `/products/brands/${encodeURIComponent(brand)}`;
const renameBrand = (brand: string, name: unknown, auth = adminAuth) =>
  api.json<Envelope<BrandUsage>>(brandPath(brand), json("PUT", { name }, auth));
const deleteBrand = (brand: string, auth = adminAuth) =>
  api.json(brandPath(brand), { method: "DELETE", headers: auth });
const brandUsage = async () =>
  (await api.json<Envelope<BrandUsage[]>>("/products/brands", { headers: adminAuth })).body.data;
const product = (values: { name?: string; brand: string; categoryId?: number }) =>
  createProduct(database.db, { categoryId: catalogue.categoryId, ...values });

describe("brands: usage, rename, delete", () => {
  it("lists every brand once (spellings merged) with its product count, admins only", async () => {
    const brand = `Zeta ${word()}`;
    await product({ brand });
    await product({ brand: brand.toUpperCase() });
    const usage = await brandUsage();
    expect(usage.filter((b) => b.name.toLowerCase() === brand.toLowerCase())).toEqual([
      { name: expect.stringMatching(new RegExp(`^${brand}$`, "i")), products: 2 },
    ]);

    expect((await api.json("/products/brands")).status).toBe(401);
    expect((await api.json("/products/brands", { headers: userAuth })).status).toBe(403);
  });

  it("renames a brand: every product of it (any spelling) takes the new name, the search finds them under it", async () => {
    const brand = `Acme ${word()}`;
    const first = await product({ brand });
    const second = await product({ brand: brand.toLowerCase() });
    const before = await productRow(first.id);
    const newName = `Globex ${word()}`;
    const renamed = await renameBrand(brand.toUpperCase(), ` ${newName} `);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.message).toBe("Brand renamed");
    expect(renamed.body.data).toEqual({ name: newName, products: 2 });
    expect((await productRow(first.id))!.brand).toBe(newName);
    expect((await productRow(second.id))!.brand).toBe(newName);
    // the product changed for its page and the sitemap; the search's vector followed (the trigger)
    expect((await productRow(first.id))!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    const found = await api.json<Envelope<ProductPage>>(
      `/products/search?q=${encodeURIComponent(newName.split(" ")[1]!)}`,
    );
    expect(found.body.data.content.map((p) => p.id).sort()).toEqual([first.id, second.id].sort());
    expect((await brandUsage()).some((b) => b.name.toLowerCase() === brand.toLowerCase())).toBe(false);
    const dto = await api.json<Envelope<ProductDto>>(`/products/product/${first.id}/product`);
    expect(dto.body.data.brand).toBe(newName);
  });

  it("renaming into another brand moves the products there; a name both brands have is refused with 409", async () => {
    const target = `Initech ${word()}`;
    const source = `Hooli ${word()}`;
    await product({ brand: target, name: `Keyboard ${word()}` });
    const moving = await product({ brand: source, name: `Mouse ${word()}` });
    const merged = await renameBrand(source, target.toLowerCase());
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.data.products).toBe(2);
    expect((await productRow(moving.id))!.brand).toBe(target.toLowerCase());
    expect((await brandUsage()).filter((b) => b.name.toLowerCase() === target.toLowerCase())).toHaveLength(1);

    // two products named alike, one under each brand: renaming one brand into the other would make them one
    const shared = `Headset ${word()}`;
    const other = `Umbrella ${word()}`;
    await product({ brand: other, name: shared });
    await product({ brand: target, name: shared.toUpperCase() });
    const state = await catalogueState();
    const clash = await renameBrand(other, target);
    expect(clash.status, JSON.stringify(clash.body)).toBe(409);
    expect(clash.body.data).toBeNull();
    expect(clash.body.message).toBe(
      `${target} already has a product named ${shared}: rename or move one of the two first.`,
    );
    expect(clash.body.errors).toEqual({ name: [`${target} already has a product named ${shared}.`] });
    expect(await catalogueState()).toEqual(state);
  });

  it("a change of case alone is a rename; a brand with a slash and spaces travels in the path", async () => {
    const brand = `AC/DC Gear ${word()}`;
    const made = await product({ brand });
    const recased = await renameBrand(brand, brand.toUpperCase());
    expect(recased.status, JSON.stringify(recased.body)).toBe(200);
    expect((await productRow(made.id))!.brand).toBe(brand.toUpperCase());
  });

  it("refuses a blank or too long name (422), an unknown brand (404), and non-admins (401, 403); nothing changes", async () => {
    const brand = `Wayne ${word()}`;
    await product({ brand });
    const state = await catalogueState();
    const blank = await renameBrand(brand, "   ");
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toHaveProperty("name");
    expect((await renameBrand(brand, "x".repeat(101))).status).toBe(422);
    const unknown = await renameBrand(`Nobody ${word()}`, `Somebody ${word()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^No product has the brand Nobody /);
    expect((await renameBrand(brand, `Stark ${word()}`, {})).status).toBe(401);
    expect((await renameBrand(brand, `Stark ${word()}`, userAuth)).status).toBe(403);
    expect(await catalogueState()).toEqual(state);
  });

  it("refuses to delete a brand while products have it (409, how many), 404 once none has it", async () => {
    const brand = `Cyberdyne ${word()}`;
    const one = await product({ brand });
    const two = await product({ brand });
    const state = await catalogueState();
    const refused = await deleteBrand(brand);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.data).toBeNull();
    expect(refused.body.message).toBe(
      `${brand} still has 2 products: move them to another brand (rename it into one) or delete them first.`,
    );
    expect(await catalogueState()).toEqual(state);
    expect((await deleteBrand(brand, userAuth)).status).toBe(403);

    await database.db.delete(products).where(eq(products.id, one.id));
    expect((await deleteBrand(brand)).body.message).toMatch(/still has 1 product:/);
    await database.db.delete(products).where(eq(products.id, two.id));
    const gone = await deleteBrand(brand);
    expect(gone.status).toBe(404);
    expect((await brandUsage()).some((b) => b.name === brand)).toBe(false);
  });
});

describe("categories: usage, delete refused with the count, the footer's list", () => {
  it("lists every category with its product count, admins only", async () => {
    const used = await createCategory(database.db, `Quartz ${word()}`);
    const empty = await createCategory(database.db, `quartz ${word()}`);
    await createProduct(database.db, { categoryId: used.id });
    await createProduct(database.db, { categoryId: used.id });
    const usage = await api.json<Envelope<CategoryUsage[]>>("/categories/usage", { headers: adminAuth });
    expect(usage.status).toBe(200);
    expect(usage.body.data).toContainEqual({ id: used.id, name: used.name, products: 2 });
    expect(usage.body.data).toContainEqual({ id: empty.id, name: empty.name, products: 0 });
    expect((await api.json("/categories/usage", { headers: userAuth })).status).toBe(403);
  });

  it("refuses to delete a category with products: 409 saying how many", async () => {
    const category = await createCategory(database.db, `Lamps ${word()}`);
    await createProduct(database.db, { categoryId: category.id });
    await createProduct(database.db, { categoryId: category.id });
    const refused = await api.json(`/categories/category/${category.id}/delete`, {
      method: "DELETE",
      headers: adminAuth,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `${category.name} still has 2 products; move or delete them before deleting the category.`,
    );
  });

  it("withProducts=true lists only the categories some product is in; the plain list keeps every one", async () => {
    const stocked = await createCategory(database.db, `Aardvark ${word()}`);
    const emptied = await createCategory(database.db, `Aardwolf ${word()}`);
    await createProduct(database.db, { categoryId: stocked.id });
    const last = await createProduct(database.db, { categoryId: emptied.id });
    const withProducts = async () =>
      (await api.json<Envelope<Category[]>>("/categories/all?withProducts=true")).body.data;
    expect((await withProducts()).map((c) => c.id)).toEqual(expect.arrayContaining([stocked.id, emptied.id]));

    // its last product deleted, the category leaves the footer's list but stays a category
    await database.db.delete(products).where(eq(products.id, last.id));
    const listed = await withProducts();
    expect(listed.map((c) => c.id)).toContain(stocked.id);
    expect(listed.map((c) => c.id)).not.toContain(emptied.id);
    const counted = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM categories c WHERE EXISTS (SELECT 1 FROM products p WHERE p.category_id = c.id)`,
    );
    expect(listed).toHaveLength((counted as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);

    const all = await api.json<Envelope<Category[]>>("/categories/all");
    expect(all.body.data.map((c) => c.id)).toEqual(expect.arrayContaining([stocked.id, emptied.id]));
    expect((await api.json("/categories/all?withProducts=maybe")).status).toBe(400);
  });
});
