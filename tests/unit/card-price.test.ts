import { describe, expect, it } from "vitest";
import {
  CARD_DESCRIPTION_CHARACTERS,
  cardDescription,
  cardVariants,
  cardWasPrice,
  dealCard,
  productCard,
} from "~/lib/product-card";
import type { ListedProductDto, VariantDto } from "~/schemas/catalogue";

// A card's "from" price: in a listing filtered by price, stock or option, the lowest among the variants that matched;
// and what a card sends the browser (app/lib/product-card.ts).

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

describe("a card's data", () => {
  it("is the lowest price of the variants it speaks for, 'from' when they differ, and 'was' at that price", () => {
    expect(productCard(keyboard())).toMatchObject({ price: 50, priceFrom: true, wasPrice: 60 });
    expect(productCard(keyboard([2, 3]))).toMatchObject({ price: 100, priceFrom: true, wasPrice: 120 });
    expect(productCard(keyboard([3]))).toMatchObject({ price: 150, priceFrom: false, wasPrice: null });
  });

  it("keeps the first picture's URL parts and size only, and none without a picture", () => {
    const image = {
      id: 7,
      fileName: "k.webp",
      fileType: "image/webp",
      downloadUrl: "/api/v1/images/image/download/7",
      imageUrl: "/api/v1/images/image/download/7",
      width: 1200,
      height: 900,
      version: "abc",
    };
    const card = productCard({ ...keyboard(), images: [image, { ...image, id: 8 }] });
    expect(card.image).toEqual({ downloadUrl: image.downloadUrl, version: "abc", width: 1200, height: 900 });
    expect(productCard(keyboard()).image).toBeNull();
    // nothing of the product that no card shows: variants, options, category, every other picture
    expect(Object.keys(card).sort()).toEqual(
      ["brand", "description", "id", "image", "inventory", "name", "price", "priceFrom", "rating", "wasPrice"].sort(),
    );
  });

  it("cuts a long description at a word, and leaves a short one whole", () => {
    expect(cardDescription("Light and quick.")).toBe("Light and quick.");
    const long = "word ".repeat(100).trim();
    const cut = cardDescription(long);
    expect(cut.length).toBeLessThanOrEqual(CARD_DESCRIPTION_CHARACTERS + 1);
    expect(cut).toMatch(/^(word )+word…$/);
    // one long run without a space is cut at the limit, a line break is a place to cut, and no emoji is cut in two
    expect(cardDescription("x".repeat(500))).toBe(`${"x".repeat(CARD_DESCRIPTION_CHARACTERS)}…`);
    expect(cardDescription(`${"y".repeat(200)}\n${"z".repeat(100)}`)).toBe(`${"y".repeat(200)}…`);
    const emoji = cardDescription("🎮".repeat(300));
    expect([...emoji]).toHaveLength(CARD_DESCRIPTION_CHARACTERS + 1);
    expect(emoji).toBe(`${"🎮".repeat(CARD_DESCRIPTION_CHARACTERS)}…`);
  });

  it("gives a deal the biggest saving of its variants on sale and in stock, and says 'up to' when they differ", () => {
    expect(dealCard(keyboard())).toMatchObject({ saving: 20, savingUpTo: true });
    const soldOut = keyboard();
    soldOut.variants = soldOut.variants.map((v) => (v.id === 2 ? { ...v, inventory: 0 } : v));
    expect(dealCard(soldOut)).toMatchObject({ saving: 10, savingUpTo: false });
    const none = keyboard();
    none.variants = none.variants.map((v) => ({ ...v, compareAtPrice: null }));
    expect(dealCard(none)).toMatchObject({ saving: 0, savingUpTo: false });
  });
});
