import { describe, expect, it } from "vitest";
import { totalCovers } from "~/components/shop/discount-code-form";

// The cart's "You save $5.00: the cart comes to $X …": what $X holds depends on whether a destination is priced.
describe("what the cart's total after a code covers", () => {
  it("says shipping and tax are in it once a destination (a chosen country or the default address) is priced", () => {
    expect(totalCovers({ destination: { country: "NZ", state: "" }, taxIncluded: false })).toBe(
      "with shipping and tax.",
    );
    expect(totalCovers({ destination: { country: "DE", state: "" }, taxIncluded: true })).toBe(
      "with shipping and tax.",
    );
  });

  it("says what is still to come without a destination: shipping and tax, or only shipping when prices include tax", () => {
    expect(totalCovers({ destination: null, taxIncluded: false })).toBe("before shipping and tax.");
    expect(totalCovers({ destination: null, taxIncluded: true })).toBe("before shipping (tax included).");
  });
});
