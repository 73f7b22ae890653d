import type { Db } from "~/db/client.server";
import { shippingMethods, shippingZones, shopSettings, taxRates } from "~/db/schema";

// A shop that ships by zones and charges tax (decision 0035), for the tests of the price of an order: the US by
// Standard ($5, free from $100) or Express (by weight: $15 up to 1 kg, $25 up to 5 kg), Texas' and Oregon's sales
// tax added (prices without tax, shipping untaxed), Germany's VAT on the books but no zone shipping there.
export async function setUpUsShipping(db: Db) {
  await db.insert(shopSettings).values({ id: 1, pricesIncludeTax: false, taxShipping: false }).onConflictDoNothing();
  await db.insert(taxRates).values([
    { country: "US", subdivision: "TX", basisPoints: 625, label: "Sales tax (TX)" },
    { country: "US", subdivision: "OR", basisPoints: 0, label: "Sales tax (OR)" },
    { country: "DE", subdivision: "", basisPoints: 1900, label: "VAT" },
  ]);
  const [zone] = await db
    .insert(shippingZones)
    .values({ name: "United States", regions: [{ country: "US", subdivisions: [] }] })
    .returning();
  const [standard, express] = await db
    .insert(shippingMethods)
    .values([
      {
        zoneId: zone!.id,
        name: "Standard",
        rate: { kind: "flat", cents: 500 },
        freeOverCents: 10_000,
        deliveryTime: "3–5 business days",
        position: 0,
      },
      {
        zoneId: zone!.id,
        name: "Express",
        rate: {
          kind: "weight",
          bands: [
            { upToGrams: 1000, cents: 1500 },
            { upToGrams: 5000, cents: 2500 },
          ],
        },
        freeOverCents: null,
        deliveryTime: "1–2 business days",
        position: 1,
      },
    ])
    .returning();
  return { zone: zone!, standard: standard!, express: express! };
}
