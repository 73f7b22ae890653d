import type { OfferTermsDto } from "~/schemas/offer-terms";

// The parts of a product's schema.org Offer that come from the shop's terms (docs/decisions/0043-policy-pages.md,
// addendum): shipping per zone and method, the return policy, and a sale's struck-through regular price.

/** "2–4 business days" → 2 and 4, "Next day" → none: the days the shop's words name, when they name them. */
export function transitDays(deliveryTime: string): { min: number; max: number } | null {
  const range = /(\d{1,3})\s*(?:–|-|to)\s*(\d{1,3})\s*(?:business\s+|working\s+)?days?/i.exec(deliveryTime);
  if (range) {
    const [min, max] = [Number(range[1]), Number(range[2])];
    return min <= max ? { min, max } : null;
  }
  const single = /(\d{1,3})\s*(?:business\s+|working\s+)?days?/i.exec(deliveryTime);
  return single ? { min: Number(single[1]), max: Number(single[1]) } : null;
}

/**
 * A zone naming more countries than this (an "everywhere else" zone names some 250) is left out of a product's
 * structured data: listed, it would add about 12 kB to every details page for what a search engine can do without.
 */
export const MAX_LISTED_COUNTRIES = 30;

/** The zones a product's structured data lists: those that name at most MAX_LISTED_COUNTRIES countries. */
const listedZones = (terms: OfferTermsDto) =>
  terms.shipping.filter((zone) => zone.regions.length <= MAX_LISTED_COUNTRIES);

/** One OfferShippingDetails per zone and method: the cost of one unit, where, and the days in transit when known. */
export function shippingDetails(terms: OfferTermsDto) {
  return listedZones(terms).flatMap((zone) => {
    const destinations = zone.regions.flatMap((region) =>
      region.subdivisions.length > 0
        ? region.subdivisions.map((subdivision) => ({
            "@type": "DefinedRegion",
            addressCountry: region.country,
            addressRegion: subdivision,
          }))
        : [{ "@type": "DefinedRegion", addressCountry: region.country }],
    );
    return zone.methods.map((method) => ({
      "@type": "OfferShippingDetails",
      shippingLabel: method.name,
      shippingRate: { "@type": "MonetaryAmount", value: method.amount.toFixed(2), currency: "USD" },
      shippingDestination: destinations,
      ...(method.transitDays
        ? {
            deliveryTime: {
              "@type": "ShippingDeliveryTime",
              transitTime: {
                "@type": "QuantitativeValue",
                minValue: method.transitDays.min,
                maxValue: method.transitDays.max,
                unitCode: "DAY",
              },
            },
          }
        : {}),
    }));
  });
}

/**
 * The shop's return window as a MerchantReturnPolicy, for the countries of the zones listed (see MAX_LISTED_COUNTRIES);
 * with none, the seller's country (Google wants `applicableCountry`); neither known: without it.
 */
export function returnPolicy(terms: OfferTermsDto, returnsPage: string) {
  const zoned = [...new Set(listedZones(terms).flatMap((zone) => zone.regions.map((region) => region.country)))];
  const countries = zoned.length > 0 ? zoned : terms.sellerCountry ? [terms.sellerCountry] : [];
  return {
    "@type": "MerchantReturnPolicy",
    ...(countries.length > 0 ? { applicableCountry: countries } : {}),
    returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
    merchantReturnDays: terms.returnDays,
    returnMethod: "https://schema.org/ReturnByMail",
    merchantReturnLink: returnsPage,
  };
}

/** A sale's price and its struck-through regular price, as Google reads them; nothing when not on sale. */
export function salePriceSpecification(price: number, regularPrice: number | null) {
  if (regularPrice === null) return {};
  return {
    priceSpecification: [
      { "@type": "UnitPriceSpecification", price: price.toFixed(2), priceCurrency: "USD" },
      {
        "@type": "UnitPriceSpecification",
        priceType: "https://schema.org/StrikethroughPrice",
        price: regularPrice.toFixed(2),
        priceCurrency: "USD",
      },
    ],
  };
}
