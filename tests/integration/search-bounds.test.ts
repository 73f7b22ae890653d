import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import { ProductSearchQuerySchema } from "~/schemas/catalogue";
import { searchProducts } from "~/services/catalogue/search.server";
import type { SearchBounds } from "~/services/catalogue/search-page.server";
import { createCategory, createProduct, word } from "../support/factories";
import { useTestDatabase } from "../support/test-db";

// The search's work stays bounded whatever the number of matches (docs/decisions/0048-search-at-scale.md): counts
// exact up to a bound, facets of a sample above it, relevance ranked in a window. The bounds are 10,000 and 1,000 in
// the shop; here they are a few products, so the rules are seen at work without making thousands.

const database = useTestDatabase();

function search(input: Record<string, string | string[]>, bounds: SearchBounds) {
  return searchProducts({ query: ProductSearchQuerySchema.parse(input), db: database.db, bounds });
}

describe("the search's bounds", () => {
  it("counts exactly up to the bound, then says there are more, and samples the facets (text, filters or both)", async () => {
    const tag = word();
    const category = await createCategory(database.db);
    for (let i = 0; i < 7; i++)
      await createProduct(database.db, { categoryId: category.id, name: `${tag} Pad ${i}`, brand: `Acme ${tag}` });

    const small = { count: 5, rankWindow: 100 };
    for (const input of <Array<Record<string, string | string[]>>>[
      { q: tag },
      { q: tag, category: String(category.id) },
      { q: tag, category: String(category.id), brand: [`acme ${tag}`] },
      { category: String(category.id), inStock: "true" },
      { q: tag, sort: "price_asc" },
    ]) {
      const page = await search({ ...input, size: "2" }, small);
      expect([page.totalElements, page.totalCapped, page.facetsSampled], JSON.stringify(input)).toEqual([
        5,
        true,
        true,
      ]);
      expect(page.totalPages).toBe(3);
      expect(page.content).toHaveLength(2);
    }
    // with room, the same searches are exact
    const exact = await search({ q: tag, category: String(category.id), size: "2" }, { count: 7, rankWindow: 100 });
    expect([exact.totalElements, exact.totalCapped, exact.facetsSampled, exact.totalPages]).toEqual([
      7,
      false,
      false,
      4,
    ]);
    expect(exact.facets.brands).toEqual([{ name: `Acme ${tag}`, count: 7 }]);
    // a sample's counts are of the products read: no more than the bound and one
    const sampled = await search({ q: tag }, small);
    expect(sampled.facets.brands).toEqual([{ name: `Acme ${tag}`, count: 6 }]);
  });

  it("ranks a large result in a window: the strong matches by id first, then the others; pages stop at the window", async () => {
    const tag = word();
    const category = await createCategory(database.db);
    // created first, so lower ids: the word only in the description
    const weak = [];
    for (let i = 0; i < 3; i++)
      weak.push(await createProduct(database.db, { categoryId: category.id, description: `Goes with a ${tag}.` }));
    const strong = [];
    for (let i = 0; i < 2; i++)
      strong.push(await createProduct(database.db, { categoryId: category.id, name: `${tag} Model ${i}` }));

    const windowed = await search({ q: tag, size: "2" }, { count: 100, rankWindow: 3 });
    expect(windowed.totalElements).toBe(5);
    expect(windowed.totalPages).toBe(2);
    expect(windowed.content.map((p) => p.id)).toEqual(strong.map((p) => p.id));
    const second = await search({ q: tag, size: "2", page: "2" }, { count: 100, rankWindow: 3 });
    expect(second.content.map((p) => p.id)).toEqual([weak[0]!.id]);
    expect(second.last).toBe(true);
    const past = await search({ q: tag, size: "2", page: "3" }, { count: 100, rankWindow: 3 });
    expect(past.content).toEqual([]);

    // more strong matches than the window: the first by id, ranked
    const few = await search({ q: tag }, { count: 100, rankWindow: 1 });
    expect(few.content.map((p) => p.id)).toEqual([strong[0]!.id]);

    // a window as large as the result ranks every match, as without one
    const all = await search({ q: tag }, { count: 100, rankWindow: 5 });
    expect(all.content.map((p) => p.id)).toEqual([...strong, ...weak].map((p) => p.id));
    expect(all.totalPages).toBe(1);
    // another sort pages through every match
    const byPrice = await search({ q: tag, size: "2", sort: "price_asc" }, { count: 100, rankWindow: 3 });
    expect(byPrice.totalPages).toBe(3);
  });

  it("browses (a category, brands, neither) with the counts the triggers keep, exact at any size", async () => {
    const tag = word();
    const category = await createCategory(database.db);
    const other = await createCategory(database.db);
    const made = [];
    for (const [brand, at] of [
      [`North ${tag}`, category],
      [`North ${tag}`, category],
      [`South ${tag}`, category],
      [`South ${tag}`, other],
    ] as const)
      made.push(await createProduct(database.db, { categoryId: at.id, brand }));
    const tiny = { count: 1, rankWindow: 1 };

    const inCategory = await search({ category: String(category.id) }, tiny);
    expect([inCategory.totalElements, inCategory.totalCapped, inCategory.facetsSampled]).toEqual([3, false, false]);
    expect(inCategory.facets.brands).toEqual([
      { name: `North ${tag}`, count: 2 },
      { name: `South ${tag}`, count: 1 },
    ]);
    const ofBrand = await search({ brand: [`south ${tag}`] }, tiny);
    expect(ofBrand.totalElements).toBe(2);
    expect(new Map(ofBrand.facets.categories.map((c) => [c.id, c.count]))).toEqual(
      new Map([
        [category.id, 1],
        [other.id, 1],
      ]),
    );
    const both = await search({ category: String(category.id), brand: [`South ${tag}`, `North ${tag}`] }, tiny);
    expect(both.totalElements).toBe(3);

    // the triggers follow a product moved to another category and brand, and one deleted
    await database.db
      .update(products)
      .set({ categoryId: other.id, brand: `West ${tag}` })
      .where(eq(products.id, made[0]!.id));
    await database.db.delete(products).where(eq(products.id, made[1]!.id));
    const after = await search({ category: String(category.id) }, tiny);
    expect(after.totalElements).toBe(1);
    expect(after.facets.brands).toEqual([{ name: `South ${tag}`, count: 1 }]);
    const moved = await search({ category: String(other.id) }, tiny);
    expect(moved.facets.brands).toEqual([
      { name: `South ${tag}`, count: 1 },
      { name: `West ${tag}`, count: 1 },
    ]);
  });
});
