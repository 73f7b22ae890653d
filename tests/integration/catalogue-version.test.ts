import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { catalogueVersion, categories, images, products, taxRates } from "~/db/schema";
import { readCatalogueVersion } from "~/services/catalogue/catalogue-version.server";
import { useAdminOrders } from "../support/admin-orders";
import { useApiServer } from "../support/api-server";
import { createImage } from "../support/factories";
import { useTestDatabase } from "../support/test-db";

// The catalogue's version (drizzle/0011_catalogue_version.sql), which the page cache compares: every committed write
// that can change a page of the catalogue gives it a new value, a rolled-back one does not, and a transaction's
// writes give one new value at its commit (docs/decisions/0028-throughput-and-http-caching.md).

const database = useTestDatabase();
const api = useApiServer();
const { boss, shopper, product, placedOrder, setStatus } = useAdminOrders(api, database);

/** Runs `write` and says whether the version changed. */
async function changes(write: () => Promise<unknown>): Promise<boolean> {
  const before = await readCatalogueVersion();
  await write();
  return (await readCatalogueVersion()) !== before;
}

describe("the catalogue's version", () => {
  it("changes with every write to products, their stock, images and categories", async () => {
    const p = await product({ inventory: 5 });
    const db = database.db;
    expect(await changes(() => product({ inventory: 1 }))).toBe(true);
    expect(await changes(() => db.update(products).set({ inventory: 4 }).where(eq(products.id, p.id)))).toBe(true);
    expect(await changes(() => db.update(products).set({ priceCents: 999 }).where(eq(products.id, p.id)))).toBe(true);
    expect(await changes(() => createImage(db, p.id))).toBe(true);
    expect(await changes(() => db.delete(images).where(eq(images.productId, p.id)))).toBe(true);
    expect(await changes(() => db.insert(categories).values({ name: `Version ${p.id}` }))).toBe(true);
    expect(await changes(() => db.delete(categories).where(eq(categories.name, `Version ${p.id}`)))).toBe(true);
    // the tax rates, which price every cart with the settings, zones and methods (migration 0032)
    const region = { country: "ZZ", subdivision: `V${p.id}`, label: "Version tax" };
    expect(await changes(() => db.insert(taxRates).values({ ...region, basisPoints: 500 }))).toBe(true);
    expect(
      await changes(() => db.update(taxRates).set({ basisPoints: 600 }).where(eq(taxRates.label, region.label))),
    ).toBe(true);
    expect(await changes(() => db.delete(taxRates).where(eq(taxRates.label, region.label)))).toBe(true);
    expect(await changes(() => db.execute(sql`truncate tax_rates`))).toBe(true);
    // something outside the catalogue: the same version
    expect(await changes(() => db.execute(sql`select 1`))).toBe(false);
  });

  it("is not changed by a write that is rolled back, and a new value is seen only after the commit", async () => {
    const p = await product({ inventory: 5 });
    const db = database.db;
    const before = await readCatalogueVersion();
    await db
      .transaction(async (tx) => {
        await tx.update(products).set({ inventory: 0 }).where(eq(products.id, p.id));
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    expect(await readCatalogueVersion()).toBe(before);

    let inside: number | undefined;
    await db.transaction(async (tx) => {
      await tx.update(products).set({ inventory: 1 }).where(eq(products.id, p.id));
      await tx.update(products).set({ inventory: 2 }).where(eq(products.id, p.id));
      const [row] = await tx.select({ version: catalogueVersion.version }).from(catalogueVersion);
      inside = row?.version;
    });
    // the bump is deferred to the commit: inside the transaction the version is still the old one
    expect(inside).toBe(before);
    const after = await readCatalogueVersion();
    expect(after).not.toBe(before);
  });

  it("changes when an order takes stock and when the admin's cancellation gives it back", async () => {
    const user = await shopper();
    const p = await product({ inventory: 3 });
    let placed: Awaited<ReturnType<typeof placedOrder>> | undefined;
    expect(await changes(async () => (placed = await placedOrder(user, [[p.id, 2]])))).toBe(true);
    expect(
      await changes(async () => expect((await setStatus(boss.auth, placed!.order.id, "CANCELLED")).status).toBe(200)),
    ).toBe(true);
  });
});
