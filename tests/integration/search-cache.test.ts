import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { catalogueVersion, categories, products, productVariants } from "~/db/schema";
import { ProductSearchQuerySchema } from "~/schemas/catalogue";
import { productDetails } from "~/services/catalogue/catalogue.server";
import { searchCatalogue } from "~/services/catalogue/search.server";
import { resetVersionMemos, versionMemo } from "~/services/catalogue/version-memo.server";
import { useApiServer } from "../support/api-server";
import { admin } from "../support/checkout";
import { createCategory, createProduct, word } from "../support/factories";
import { json } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The search's answers are kept per catalogue version (docs/decisions/0050-search-answers-kept-per-catalogue-version.md):
// the same query at the same version is answered from memory, and every committed write to the catalogue, whichever
// connection made it, gives the next search a fresh answer.

const database = useTestDatabase();
const api = useApiServer();

const query = (input: Record<string, string | string[]>) => ProductSearchQuerySchema.parse(input);

describe("the search's kept answers", () => {
  it("answer the same query from memory until the catalogue changes, then afresh", async () => {
    const tag = word();
    const category = await createCategory(database.db);
    const made = await createProduct(database.db, { categoryId: category.id, name: `${tag} Pad`, inventory: 5 });

    const first = await searchCatalogue(query({ q: tag }));
    expect(first.content.map((p) => [p.id, p.inventory])).toEqual([[made.id, 5]]);
    expect(await searchCatalogue(query({ q: tag })), "kept").toBe(first);
    // another query is another answer
    const sorted = await searchCatalogue(query({ q: tag, sort: "price_asc" }));
    expect(sorted).not.toBe(first);

    // stock, price, a new product, a category's name: each committed write gives a fresh answer
    await database.db.update(products).set({ inventory: 2 }).where(eq(products.id, made.id));
    const restocked = await searchCatalogue(query({ q: tag }));
    expect(restocked).not.toBe(first);
    expect(restocked.content[0]!.inventory).toBe(2);

    await database.db.update(productVariants).set({ priceCents: 1234 }).where(eq(productVariants.productId, made.id));
    expect((await searchCatalogue(query({ q: tag }))).content[0]!.variants[0]!.price).toBe(12.34);

    await createProduct(database.db, { categoryId: category.id, name: `${tag} Mat` });
    expect((await searchCatalogue(query({ q: tag }))).totalElements).toBe(2);

    await database.db
      .update(categories)
      .set({ name: `${tag} Renamed` })
      .where(eq(categories.id, category.id));
    expect((await searchCatalogue(query({ q: tag }))).content[0]!.category.name).toBe(`${tag} Renamed`);
  });

  it("are the API's answers, and a write through the API is seen by the next search", async () => {
    const tag = word();
    const category = await createCategory(database.db);
    await createProduct(database.db, { categoryId: category.id, name: `${tag} Stick`, inventory: 3 });
    const search = async () =>
      (
        await api.json<{
          data: { content: Array<{ id: number; inventory: number; variants: Array<{ id: number }> }> };
        }>(`/products/search?q=${tag}`)
      ).body.data.content;
    const before = await search();
    expect(before.map((p) => p.inventory)).toEqual([3]);
    const boss = await admin(api, database.db);
    const [{ id, variants }] = before as [(typeof before)[number]];
    const stocked = await api.json(
      `/products/${id}/stock`,
      json("PUT", { variants: [{ id: variants[0]!.id, inventory: 9 }] }, boss.auth),
    );
    expect(stocked.status, JSON.stringify(stocked.body)).toBe(200);
    expect((await search()).map((p) => p.inventory)).toEqual([9]);
  });

  it("are frozen in the tests, so a caller that changes a shared answer fails here and not in production", async () => {
    const tag = word();
    const category = await createCategory(database.db);
    await createProduct(database.db, { categoryId: category.id, name: `${tag} Cable` });
    const page = await searchCatalogue(query({ q: tag }));
    expect(() => page.content.push(page.content[0]!)).toThrow(TypeError);
    expect(() => {
      (page.facets.brands as Array<{ name: string }>)[0]!.name = "changed";
    }).toThrow(TypeError);
  });

  it("are forgotten by resetVersionMemos", async () => {
    const tag = word();
    const category = await createCategory(database.db);
    await createProduct(database.db, { categoryId: category.id, name: `${tag} Dock` });
    const first = await searchCatalogue(query({ q: tag }));
    resetVersionMemos();
    expect(await searchCatalogue(query({ q: tag }))).not.toBe(first);
  });
});

describe("a product's kept answer", () => {
  it("is the API's answer, one per product, until the product or its variants change", async () => {
    const category = await createCategory(database.db);
    const made = await createProduct(database.db, { categoryId: category.id, inventory: 4 });
    const other = await createProduct(database.db, { categoryId: category.id, inventory: 7 });
    const first = await productDetails(made.id);
    expect(await productDetails(made.id), "kept").toBe(first);
    expect((await productDetails(other.id)).id, "another product, another answer").toBe(other.id);
    expect(first.id).toBe(made.id);
    const viaApi = async () =>
      (
        await api.json<{ data: { inventory: number; variants: Array<{ price: number }> } }>(
          `/products/product/${made.id}/product`,
        )
      ).body.data;
    expect((await viaApi()).inventory).toBe(4);

    await database.db.update(productVariants).set({ priceCents: 4321 }).where(eq(productVariants.productId, made.id));
    expect((await viaApi()).variants[0]!.price).toBe(43.21);
    expect(await productDetails(made.id)).not.toBe(first);
    // a product that does not exist is 404, as before
    expect((await api.json("/products/product/2147483647/product")).status).toBe(404);
  });
});

describe("the version memo", () => {
  it("keeps nothing computed in a transaction, whose writes have not moved the version yet", async () => {
    const memo = versionMemo<{ n: number }>({ entries: 10 });
    let computed = 0;
    const compute = async () => ({ n: ++computed });
    await database.db.transaction(async (tx) => {
      await memo.get(tx, "k", compute);
      await memo.get(tx, "k", compute);
    });
    expect(computed).toBe(2);
    const kept = await memo.get(database.db, "k", compute);
    expect(await memo.get(database.db, "k", compute)).toBe(kept);
    expect(computed).toBe(3);
  });

  it("computes an answer asked for by several requests at once only once, and shares a failure without keeping it", async () => {
    const memo = versionMemo<{ n: number }>({ entries: 10 });
    /** a computation that waits until the test lets it end: meanwhile the other requests read the version and wait */
    function held<T>(end: () => Promise<T>) {
      let calls = 0;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      return {
        compute: async () => {
          calls += 1;
          await gate;
          return end();
        },
        calls: () => calls,
        // the first request is computing; the others (one read of the version each) have long asked by then
        async releaseSoon() {
          await expect.poll(() => calls).toBe(1);
          await new Promise((resolve) => setTimeout(resolve, 250));
          release();
        },
      };
    }
    const slow = held(async () => ({ n: 1 }));
    const burst = Promise.all([1, 2, 3].map(() => memo.get(database.db, "k", slow.compute)));
    await slow.releaseSoon();
    const answers = await burst;
    expect(slow.calls()).toBe(1);
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toBe(answers[0]);

    const failing = held<{ n: number }>(async () => {
      throw new Error("the database went away");
    });
    const outcomes = Promise.allSettled([1, 2].map(() => memo.get(database.db, "f", failing.compute)));
    await failing.releaseSoon();
    expect((await outcomes).map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    expect(failing.calls()).toBe(1);
    expect(await memo.get(database.db, "f", async () => ({ n: 7 }))).toEqual({ n: 7 });
  });

  it("answers several keys with one read of the version: the kept ones from memory, the others in one call", async () => {
    const memo = versionMemo<{ key: string }>({ entries: 10 });
    const asked: string[][] = [];
    const compute = async (missing: string[]) => {
      asked.push(missing);
      // "gone" has no answer (a product deleted meanwhile), and an answer nobody asked for is not kept
      return new Map([...missing, "stray"].filter((key) => key !== "gone").map((key) => [key, { key }]));
    };
    const a = await memo.get(database.db, "a", async () => ({ key: "a" }));
    const first = await memo.getMany(database.db, ["a", "b", "gone", "b"], compute);
    expect(asked).toEqual([["b", "gone"]]);
    expect([...first.keys()].sort()).toEqual(["a", "b"]);
    expect(first.get("a")).toBe(a);
    const again = await memo.getMany(database.db, ["b", "gone", "stray"], compute);
    expect(asked.at(-1)).toEqual(["gone", "stray"]);
    expect(again.get("b")).toBe(first.get("b"));
    expect(again.get("stray")).toEqual({ key: "stray" });
    // in a transaction nothing is looked up or kept
    await database.db.transaction(async (tx) => {
      const inside = await memo.getMany(tx, ["a"], compute);
      expect(inside.get("a")).not.toBe(a);
    });
    // a new version: everything afresh
    await database.db.insert(categories).values({ name: `Memo ${Date.now()}` });
    await memo.getMany(database.db, ["a", "b"], compute);
    expect(asked.at(-1)).toEqual(["a", "b"]);
    // the catalogue changed while computing, and another request saw it: what was computed may be older, not kept
    const late = await memo.getMany(database.db, ["c"], async (missing) => {
      await database.db.insert(categories).values({ name: `Memo late ${Date.now()}` });
      await memo.get(database.db, "other", async () => ({ key: "other" }));
      return compute(missing);
    });
    expect(late.get("c")).toEqual({ key: "c" });
    const computations = asked.length;
    await memo.getMany(database.db, ["c"], compute);
    expect(asked.length, "computed again").toBe(computations + 1);
  });

  it("drops what it holds when the version goes back (a database restored under the running shop)", async () => {
    const memo = versionMemo<{ n: number }>({ entries: 10 });
    let computed = 0;
    const compute = async () => ({ n: ++computed });
    const kept = await memo.get(database.db, "k", compute);
    // no trigger watches the version's own table
    const shift = (by: number) =>
      database.db.update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + ${by}` });
    await shift(-1000);
    try {
      expect(await memo.get(database.db, "k", compute)).not.toBe(kept);
    } finally {
      // the sequence gives the same number again: not the answer kept before the restore
      await shift(1000);
    }
    expect(await memo.get(database.db, "k", compute)).not.toBe(kept);
    expect(computed).toBe(3);
  });

  it("weighs an answer kept twice (two requests computed it at once) once", async () => {
    const memo = versionMemo<{ weight: number }>({ entries: 10, weight: { max: 8, of: (answer) => answer.weight } });
    const two = async (missing: string[]) => new Map(missing.map((key) => [key, { weight: 2 }]));
    // both requests miss and compute: neither computation ends before the other has begun
    let arrived = 0;
    let open!: () => void;
    const both = new Promise<void>((resolve) => (open = resolve));
    const together = async (missing: string[]) => {
      if (++arrived === 2) open();
      await both;
      return two(missing);
    };
    await Promise.all([memo.getMany(database.db, ["x"], together), memo.getMany(database.db, ["x"], together)]);
    const kept = (await memo.getMany(database.db, ["x"], two)).get("x");
    for (const key of ["y", "z", "w"]) await memo.getMany(database.db, [key], two);
    // 2 + 2 + 2 + 2 = 8 fits: x is still kept (counted twice, 10 would have pushed it out)
    expect((await memo.getMany(database.db, ["x"], two)).get("x")).toBe(kept);
  });

  it("keeps answers within their weight: none heavier than a quarter, the least recently used going first", async () => {
    const memo = versionMemo<{ weight: number }>({ entries: 10, weight: { max: 9, of: (answer) => answer.weight } });
    const get = (key: string, weight: number) => memo.get(database.db, key, async () => ({ weight }));
    const heavy = await get("heavy", 3);
    expect(await get("heavy", 3), "3 is above a quarter of 9").not.toBe(heavy);
    const a = await get("a", 2);
    const b = await get("b", 2);
    const c = await get("c", 2);
    const d = await get("d", 2);
    expect(await get("a", 2), "used again: now the most recent").toBe(a);
    await get("e", 2); // 10 > 9: b, the least recently used, goes
    expect(await get("c", 2)).toBe(c);
    expect(await get("d", 2)).toBe(d);
    expect(await get("b", 2)).not.toBe(b);
  });
});
