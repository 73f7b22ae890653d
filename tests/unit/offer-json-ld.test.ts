import { describe, expect, it } from "vitest";
import {
  MAX_LISTED_COUNTRIES,
  returnPolicy,
  salePriceSpecification,
  shippingDetails,
  transitDays,
} from "~/lib/offer-json-ld";

// The details page's Offer: shipping per zone and method, the return policy, a sale's struck-through price.

describe("the delivery days in a method's words", () => {
  it("reads a range, a single number, and nothing from words without days", () => {
    expect(transitDays("2–4 business days")).toEqual({ min: 2, max: 4 });
    expect(transitDays("3-5 working days")).toEqual({ min: 3, max: 5 });
    expect(transitDays("1 to 2 days")).toEqual({ min: 1, max: 2 });
    expect(transitDays("About 7 days")).toEqual({ min: 7, max: 7 });
    expect(transitDays("Next day")).toBeNull();
    expect(transitDays("5–2 days")).toBeNull();
  });
});

describe("the offer's JSON-LD", () => {
  const terms = {
    returnDays: 30,
    sellerCountry: "DE",
    shipping: [
      {
        zone: "North America",
        regions: [
          { country: "US", subdivisions: ["OR", "WA"] },
          { country: "CA", subdivisions: [] },
        ],
        methods: [
          { name: "Standard", amount: 5, deliveryTime: "3–5 business days", transitDays: { min: 3, max: 5 } },
          { name: "Courier", amount: 12.5, deliveryTime: "Next day", transitDays: null },
        ],
      },
    ],
  };

  it("states each method's rate and destinations, and its transit days when known", () => {
    const details = shippingDetails(terms);
    expect(details).toHaveLength(2);
    expect(details[0]).toEqual({
      "@type": "OfferShippingDetails",
      shippingLabel: "Standard",
      shippingRate: { "@type": "MonetaryAmount", value: "5.00", currency: "USD" },
      shippingDestination: [
        { "@type": "DefinedRegion", addressCountry: "US", addressRegion: "OR" },
        { "@type": "DefinedRegion", addressCountry: "US", addressRegion: "WA" },
        { "@type": "DefinedRegion", addressCountry: "CA" },
      ],
      deliveryTime: {
        "@type": "ShippingDeliveryTime",
        transitTime: { "@type": "QuantitativeValue", minValue: 3, maxValue: 5, unitCode: "DAY" },
      },
    });
    expect(details[1]).not.toHaveProperty("deliveryTime");
    expect(details[1]!.shippingRate.value).toBe("12.50");
  });

  it("states the return window for the countries shipped to; without zones the seller's; neither: none named", () => {
    expect(returnPolicy(terms, "https://shop.test/policies/returns")).toEqual({
      "@type": "MerchantReturnPolicy",
      applicableCountry: ["US", "CA"],
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: 30,
      returnMethod: "https://schema.org/ReturnByMail",
      merchantReturnLink: "https://shop.test/policies/returns",
    });
    expect(returnPolicy({ shipping: [], returnDays: 14, sellerCountry: "US" }, "/r")).toMatchObject({
      applicableCountry: ["US"],
    });
    expect(returnPolicy({ shipping: [], returnDays: 14, sellerCountry: null }, "/r")).not.toHaveProperty(
      "applicableCountry",
    );
  });

  it("leaves out a zone that names more than MAX_LISTED_COUNTRIES countries (an 'everywhere else' zone)", () => {
    const everywhere = {
      zone: "Everywhere else",
      regions: Array.from({ length: MAX_LISTED_COUNTRIES + 1 }, (_, i) => ({
        country: `X${String.fromCharCode(65 + (i % 26))}${i}`,
        subdivisions: [],
      })),
      methods: [{ name: "International", amount: 19.99, deliveryTime: "7–14 business days", transitDays: null }],
    };
    const wide = { ...terms, shipping: [...terms.shipping, everywhere] };
    expect(shippingDetails(wide).map((d) => d.shippingLabel)).toEqual(["Standard", "Courier"]);
    expect(returnPolicy(wide, "/r").applicableCountry).toEqual(["US", "CA"]);
    // only such a zone: the seller's country
    expect(returnPolicy({ ...terms, shipping: [everywhere] }, "/r").applicableCountry).toEqual(["DE"]);
  });

  it("gives a sale's regular price as the struck-through one, and nothing when not on sale", () => {
    expect(salePriceSpecification(79.99, 99.99).priceSpecification).toEqual([
      { "@type": "UnitPriceSpecification", price: "79.99", priceCurrency: "USD" },
      {
        "@type": "UnitPriceSpecification",
        priceType: "https://schema.org/StrikethroughPrice",
        price: "99.99",
        priceCurrency: "USD",
      },
    ]);
    expect(salePriceSpecification(79.99, null)).toEqual({});
  });
});
