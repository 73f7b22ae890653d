import { describe, expect, it } from "vitest";
import { cardVariants, cardWasPrice } from "~/components/shop/product-card";
import type { ListedProductDto, VariantDto } from "~/schemas/catalogue";

// A card's "from" price: in a listing filtered by price, stock or option, the lowest among the variants that matched.

const variant = (id: number, price: number, compareAtPrice: number | null = null): VariantDto => ({
  id,
  sku: `V${id}`,
  price,
  compareAtPrice,
  inventory: 1,
  weightGrams: null,
  position: id,
  selectedOptions: [],
  label: "",
  imageIds: [],
});

const keyboard = (matchedVariantIds?: number[]): ListedProductDto => ({
  id: 1,
  name: "Keyboard",
  brand: "Acme",
  price: 50,
  inventory: 3,
  description: "",
  category: { id: 1, name: "Keyboards" },
  rating: { average: 0, count: 0 },
  images: [],
  options: [],
  variants: [variant(1, 50, 60), variant(2, 100, 120), variant(3, 150)],
  matchedVariantIds,
});

describe("a card's price", () => {
  it("speaks for every variant without a filter, and for the matched ones with one", () => {
    expect(cardVariants(keyboard()).map((v) => v.id)).toEqual([1, 2, 3]);
    expect(cardVariants(keyboard([2, 3])).map((v) => v.id)).toEqual([2, 3]);
    // a list naming none of them (it cannot happen for a listed product) falls back to all
    expect(cardVariants(keyboard([])).map((v) => v.id)).toEqual([1, 2, 3]);
  });

  it("shows 'was' for the matched variant at the card's price, not the cheapest variant's", () => {
    expect(cardWasPrice(cardVariants(keyboard()), 50)).toBe(60);
    expect(cardWasPrice(cardVariants(keyboard([2, 3])), 100)).toBe(120);
    expect(cardWasPrice(cardVariants(keyboard([3])), 150)).toBeNull();
  });
});
