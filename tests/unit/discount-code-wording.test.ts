import { describe, expect, it } from "vitest";
import { totalCovers } from "~/components/shop/discount-code-form";

// The cart's "You save $5.00: the cart comes to $X …": what $X holds depends on what is priced in it.
const standard = { methodId: 1, method: "Standard", amount: 5 };

describe("what the cart's total after a code covers", () => {
  it("says shipping and tax are in it once a destination is priced with a method", () => {
    expect(totalCovers({ destination: { country: "NZ", state: "" }, taxIncluded: false, shipping: standard })).toBe(
      "with shipping and tax.",
    );
    expect(totalCovers({ destination: { country: "DE", state: "" }, taxIncluded: true, shipping: standard })).toBe(
      "with shipping and tax.",
    );
  });

  it("says shipping is still to come when no method serves the destination", () => {
    expect(totalCovers({ destination: { country: "AQ", state: "" }, taxIncluded: false, shipping: null })).toBe(
      "with tax, before shipping.",
    );
  });

  it("says what is still to come without a destination: shipping and tax, or only shipping when prices include tax", () => {
    expect(totalCovers({ destination: null, taxIncluded: false, shipping: null })).toBe("before shipping and tax.");
    expect(totalCovers({ destination: null, taxIncluded: true, shipping: null })).toBe(
      "before shipping (tax included).",
    );
  });
});
