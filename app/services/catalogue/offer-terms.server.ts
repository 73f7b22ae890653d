// What a product's offer says beyond its price (docs/decisions/0043-policy-pages.md, addendum): where it ships, by
// which methods and at what cost for one unit, and the shop's return window. The details page states them in its
// JSON-LD (shippingDetails, hasMerchantReturnPolicy). The costs come from quote.server.ts, the one place totals are
// computed; shipping zones, methods and the shop settings move the catalogue's version, so a cached page follows them.
import { and, asc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { products, productVariants, shippingZones, shopSettings } from "~/db/schema";
import { centsToDollars } from "~/lib/money";
import { transitDays } from "~/lib/offer-json-ld";
import type { OfferTermsDto } from "~/schemas/offer-terms";
import { NotFoundError } from "../errors";
import { withdrawalDays } from "../orders/after-sale.server";
import { pricingLines, quote } from "../orders/quote.server";
import { versionMemo } from "./version-memo.server";

// Each answer depends only on the variant's price, weight and category, the zones, methods and shop settings: every
// write to those moves the catalogue's version (migrations 0011, 0023). So answers are kept per version, process-wide
// (version-memo.server.ts), for at most 500 variants.
const memo = versionMemo<OfferTermsDto>({ entries: 500 });

/** GET /products/product/{productId}/offer-terms: the variant's (the default one's when none is named). */
export async function offerTerms({
  productId,
  variantId,
  db = getDb(),
}: {
  productId: number;
  variantId?: number;
  db?: DbOrTx;
}): Promise<OfferTermsDto> {
  return memo.get(db, `${productId}:${variantId ?? ""}`, () => computeOfferTerms(productId, variantId, db));
}

async function computeOfferTerms(productId: number, variantId: number | undefined, db: DbOrTx): Promise<OfferTermsDto> {
  const [variant] = await db
    .select({
      priceCents: productVariants.priceCents,
      weightGrams: productVariants.weightGrams,
      categoryId: products.categoryId,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.productId, productId),
        variantId === undefined ? undefined : eq(productVariants.id, variantId),
      ),
    )
    .orderBy(asc(productVariants.position), asc(productVariants.id))
    .limit(1);
  if (!variant) throw new NotFoundError(variantId === undefined ? "Product not found" : "Variant not found");

  const lines = pricingLines([{ productId, ...variant, quantity: 1 }]);
  const zones = await db.select().from(shippingZones).orderBy(asc(shippingZones.position), asc(shippingZones.id));
  const shipping: OfferTermsDto["shipping"] = [];
  for (const zone of zones) {
    const [first] = zone.regions;
    if (!first) continue;
    // a zone's methods cost the same wherever in it the parcel goes: priced for its first region
    const priced = await quote({
      lines,
      destination: { country: first.country, state: first.subdivisions[0] ?? "" },
      db,
    });
    const methods = priced.methods
      .filter((method) => method.cents !== null)
      .map((method) => ({
        name: method.name,
        amount: centsToDollars(method.cents!),
        deliveryTime: method.deliveryTime,
        transitDays: transitDays(method.deliveryTime),
      }));
    if (methods.length > 0) shipping.push({ zone: zone.name, regions: zone.regions, methods });
  }
  const [seller] = await db
    .select({ country: shopSettings.sellerCountry })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  return {
    shipping,
    returnDays: await withdrawalDays(db),
    sellerCountry: seller?.country || null,
  };
}
