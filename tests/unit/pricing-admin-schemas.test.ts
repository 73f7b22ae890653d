import { describe, expect, it } from "vitest";
import {
  methodFormField,
  PricingSettingsInputSchema,
  ShippingMethodInputSchema,
  ShippingZoneInputSchema,
  TaxRateInputSchema,
} from "~/schemas/pricing-admin";

// The admin's shipping and tax forms and the API read through the same schemas (decision 0035, "Admin pages for
// shipping and tax"): a form's text becomes the JSON's shape, and both are refused with the same words.

const errorsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("a zone", () => {
  it("reads countries one a line with their states, by code, alpha-3 code or English name", () => {
    const zone = ShippingZoneInputSchema.parse({ name: " West ", regions: "us: or, wa\nDEU;  Japan\n\n" });
    expect(zone).toEqual({
      name: "West",
      position: 0,
      regions: [
        { country: "US", subdivisions: ["OR", "WA"] },
        { country: "DE", subdivisions: [] },
        { country: "JP", subdivisions: [] },
      ],
    });
    expect(ShippingZoneInputSchema.parse({ name: "A", regions: [{ country: "fr" }] }).regions).toEqual([
      { country: "FR", subdivisions: [] },
    ]);
  });

  it("refuses a place that is no country, a state that is no code, a country twice, none at all", () => {
    expect(errorsOf(ShippingZoneInputSchema.safeParse({ name: "A", regions: "ZZ" }))).toEqual({
      "regions.0.country": "ZZ is not a country: use its two-letter code (US, DE)",
    });
    expect(errorsOf(ShippingZoneInputSchema.safeParse({ name: "A", regions: "US: Oregon" }))).toEqual({
      "regions.0.subdivisions.0": "A state or region is its code of 1 to 3 letters or digits (OR, BY)",
    });
    expect(errorsOf(ShippingZoneInputSchema.safeParse({ name: "A", regions: "US\nUSA" }))).toEqual({
      regions: "US is named twice: name it once, with all its states",
    });
    expect(errorsOf(ShippingZoneInputSchema.safeParse({ name: "", regions: "", position: "-1" }))).toEqual({
      name: "Name is required",
      regions: "Name at least one country",
      position: "Position must be 0 or more",
    });
  });
});

describe("a method", () => {
  it("reads a form's flat price and bands as the JSON's rate", () => {
    expect(ShippingMethodInputSchema.parse({ name: "Std", rateKind: "flat", amount: "5", bands: "x" })).toMatchObject({
      rate: { kind: "flat", amount: 5 },
      freeOver: null,
      deliveryTime: "",
    });
    expect(
      ShippingMethodInputSchema.parse({
        name: "Std",
        rateKind: "subtotal",
        bands: "0: 9\n$50 = $4.50",
        freeOver: "100",
      }),
    ).toMatchObject({
      rate: {
        kind: "subtotal",
        bands: [
          { from: 0, amount: 9 },
          { from: 50, amount: 4.5 },
        ],
      },
      freeOver: 100,
    });
    expect(ShippingMethodInputSchema.parse({ name: "Heavy", rateKind: "weight", bands: "1000g: 15" }).rate).toEqual({
      kind: "weight",
      bands: [{ upToGrams: 1000, amount: 15 }],
    });
  });

  it("refuses a negative price, a third decimal, bands out of order, an unknown kind; errors go to the form's fields", () => {
    const negative = ShippingMethodInputSchema.safeParse({ name: "A", rate: { kind: "flat", amount: -1 } });
    expect(errorsOf(negative)).toEqual({ "rate.amount": "Price must be 0 or more" });
    const cents = ShippingMethodInputSchema.safeParse({ name: "A", rateKind: "weight", bands: "100: 1.005\n50: 2" });
    expect(errorsOf(cents)).toEqual({
      "rate.bands.0.amount": "Price can have at most 2 decimals",
      "rate.bands": "Each band goes up to more grams than the one before it",
    });
    expect(errorsOf(ShippingMethodInputSchema.safeParse({ name: "A", rateKind: "free" }))).toEqual({
      "rate.kind": "Choose how the method is priced: flat, by subtotal or by weight",
    });
    expect(["rate.amount", "rate.bands.0.amount", "rate.kind", "freeOver"].map(methodFormField)).toEqual([
      "amount",
      "bands",
      "rateKind",
      "freeOver",
    ]);
  });
});

describe("a tax rate and the settings", () => {
  it("take a percent with 2 decimals, a blank subdivision as the whole country, checkboxes as booleans", () => {
    expect(TaxRateInputSchema.parse({ country: "Germany", subdivision: " ", name: "VAT", rate: "19" })).toEqual({
      country: "DE",
      subdivision: "",
      name: "VAT",
      rate: 19,
    });
    expect(errorsOf(TaxRateInputSchema.safeParse({ country: "US", name: "Tax", rate: "7.255" }))).toEqual({
      rate: "Rate can have at most 2 decimals",
    });
    expect(PricingSettingsInputSchema.parse({ taxShipping: "on" })).toEqual({
      pricesIncludeTax: false,
      taxShipping: true,
    });
    expect(PricingSettingsInputSchema.parse({ pricesIncludeTax: true, taxShipping: false })).toEqual({
      pricesIncludeTax: true,
      taxShipping: false,
    });
  });
});
