// The demo shop's shipping and tax (decision 0035): a US shop that enters prices without tax, adds sales
// tax for a few states at checkout (not on shipping), ships in the United States (Standard, free from $75, or
// Express) and everywhere else (International). One source of truth: seed.server.ts writes these rows into an empty
// shop, and the e2e specs price their expected totals from them through priceOrder (tests/e2e/checkout-helpers.ts).
// Plain data, no server imports, so the specs can import it.
import type { PricingSettings, PricingTaxRate, ShippingRate } from "~/services/orders/pricing";

export const SEED_PRICING_SETTINGS: PricingSettings = { pricesIncludeTax: false, taxShipping: false };

export interface SeedTaxRate {
  country: string;
  /** a US state's code */
  subdivision: string;
  name: string;
  basisPoints: number;
}

/** Sales tax of a few states (state rates only; Oregon has none, and says so). */
export const SEED_TAX_RATES: SeedTaxRate[] = [
  { country: "US", subdivision: "CA", name: "Sales tax (CA)", basisPoints: 725 },
  { country: "US", subdivision: "NY", name: "Sales tax (NY)", basisPoints: 400 },
  { country: "US", subdivision: "OR", name: "Sales tax (OR)", basisPoints: 0 },
  { country: "US", subdivision: "TX", name: "Sales tax (TX)", basisPoints: 625 },
];

export interface SeedShippingMethod {
  name: string;
  rate: ShippingRate;
  freeOverCents: number | null;
  deliveryTime: string;
}

export interface SeedShippingZone {
  name: string;
  /** ISO 3166-1 alpha-2 codes (whole countries); "*": every country no other zone names */
  countries: string[] | "*";
  methods: SeedShippingMethod[];
}

export const SEED_SHIPPING_ZONES: SeedShippingZone[] = [
  {
    name: "United States",
    countries: ["US"],
    methods: [
      { name: "Standard", rate: { kind: "flat", cents: 599 }, freeOverCents: 7500, deliveryTime: "3–5 business days" },
      { name: "Express", rate: { kind: "flat", cents: 1499 }, freeOverCents: null, deliveryTime: "1–2 business days" },
    ],
  },
  {
    name: "Everywhere else",
    countries: "*",
    methods: [
      {
        name: "International",
        rate: { kind: "flat", cents: 1999 },
        freeOverCents: null,
        deliveryTime: "7–14 business days",
      },
    ],
  },
];

/** The seeded tax rates an address in `country` and `state` pays (quote.server.ts's ratesFor on the seed). */
export function seedTaxRatesFor(country: string, state: string): PricingTaxRate[] {
  return SEED_TAX_RATES.filter(
    (rate) =>
      rate.country === country.toUpperCase() && (rate.subdivision === "" || rate.subdivision === state.toUpperCase()),
  ).map((rate) => ({ name: rate.name, basisPoints: rate.basisPoints }));
}

/** The seeded zone that serves `country` (the one naming it, else the catch-all). */
export function seedZoneFor(country: string): SeedShippingZone {
  const code = country.toUpperCase();
  return (
    SEED_SHIPPING_ZONES.find((zone) => zone.countries !== "*" && zone.countries.includes(code)) ??
    SEED_SHIPPING_ZONES.find((zone) => zone.countries === "*")!
  );
}
