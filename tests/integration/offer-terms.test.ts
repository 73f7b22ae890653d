import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productVariants, shippingMethods, shopSettings } from "~/db/schema";
import type { OfferTermsDto } from "~/schemas/offer-terms";
import { readCatalogueVersion } from "~/services/catalogue/catalogue-version.server";
import { offerTerms } from "~/services/catalogue/offer-terms.server";
import { resetVersionMemos } from "~/services/catalogue/version-memo.server";
import { useApiServer } from "../support/api-server";
import { useCategory } from "../support/checkout";
import { setUpUsShipping } from "../support/pricing";
import type { Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// What a product's offer says besides its price (the details page's JSON-LD): where it ships, by which methods and at
// what cost for one unit (priced by the one pricing function: bands, weight, free-over thresholds), the shop's return
// window; and the catalogue's version moving with the shipping and the shop settings, so a cached page follows them.

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);

const termsOf = (productId: number, query = "") =>
  api.json<Envelope<OfferTermsDto>>(`/products/product/${productId}/offer-terms${query}`);

describe("a product's offer terms", () => {
  it("without shipping zones: no shipping stated, the default 14-day return window", async () => {
    const item = await product({ priceCents: 2000 });
    const response = await termsOf(item.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toEqual({ shipping: [], returnDays: 14, sellerCountry: null });
  });

  it("with zones: each method's cost for one unit, its delivery days read from its words", async () => {
    const before = await readCatalogueVersion();
    await setUpUsShipping(database.db);
    expect(await readCatalogueVersion(), "zones and methods move the catalogue's version").not.toBe(before);

    const cheap = await product({ priceCents: 2000 });
    const dear = await product({ priceCents: 15_000 });
    await database.db.update(productVariants).set({ weightGrams: 2000 }).where(eq(productVariants.productId, dear.id));
    const zone = { zone: "United States", regions: [{ country: "US", subdivisions: [] }] };
    expect((await termsOf(cheap.id)).body.data.shipping).toEqual([
      {
        ...zone,
        methods: [
          { name: "Standard", amount: 5, deliveryTime: "3–5 business days", transitDays: { min: 3, max: 5 } },
          { name: "Express", amount: 15, deliveryTime: "1–2 business days", transitDays: { min: 1, max: 2 } },
        ],
      },
    ]);
    // over Standard's free-shipping threshold, and in Express's second weight band
    expect((await termsOf(dear.id, `?variantId=${dear.variantId}`)).body.data.shipping[0]!.methods).toEqual([
      expect.objectContaining({ name: "Standard", amount: 0 }),
      expect.objectContaining({ name: "Express", amount: 25 }),
    ]);

    // a changed method and a changed return window move the version too
    const moved = await readCatalogueVersion();
    await database.db
      .update(shippingMethods)
      .set({ deliveryTime: "Next day" })
      .where(eq(shippingMethods.name, "Express"));
    expect(await readCatalogueVersion()).not.toBe(moved);
    const again = await readCatalogueVersion();
    await database.db.update(shopSettings).set({ withdrawalDays: 30 }).where(eq(shopSettings.id, 1));
    expect(await readCatalogueVersion()).not.toBe(again);
    const terms = (await termsOf(cheap.id)).body.data;
    expect(terms.returnDays).toBe(30);
    expect(terms.shipping[0]!.methods[1]).toMatchObject({ deliveryTime: "Next day", transitDays: null });
  });

  it("names the seller's country as the seller page keeps it, and none while it is not chosen", async () => {
    const item = await product({ priceCents: 1500 });
    const setCountry = (sellerCountry: string) =>
      database.db
        .insert(shopSettings)
        .values({ id: 1, sellerAddress: "1 Main St\nPortland, OR 97201\nUnited States", sellerCountry })
        .onConflictDoUpdate({ target: shopSettings.id, set: { sellerCountry } });
    await setCountry("");
    expect((await termsOf(item.id)).body.data.sellerCountry).toBeNull();
    await setCountry("US");
    expect((await termsOf(item.id)).body.data.sellerCountry).toBe("US");
  });

  it("is kept per catalogue version: computed once while nothing changes, again after any write", async () => {
    const item = await product({ priceCents: 3000 });
    const first = await offerTerms({ productId: item.id, db: database.db });
    // the same answer, not computed again
    expect(await offerTerms({ productId: item.id, db: database.db })).toBe(first);
    await database.db.update(productVariants).set({ priceCents: 90_000 }).where(eq(productVariants.productId, item.id));
    const after = await offerTerms({ productId: item.id, db: database.db });
    expect(after).not.toBe(first);
    expect(await offerTerms({ productId: item.id, db: database.db })).toBe(after);
    resetVersionMemos();
    expect(await offerTerms({ productId: item.id, db: database.db })).not.toBe(after);
  });

  it("answers 404 for a product that is not there and for another product's variant", async () => {
    const one = await product();
    const other = await product();
    expect((await termsOf(99_999_999)).status).toBe(404);
    expect((await termsOf(one.id, `?variantId=${other.variantId}`)).status).toBe(404);
    expect((await termsOf(one.id, "?variantId=abc")).status).toBe(400);
  });
});
