import { describe, expect, it } from "vitest";
import { listingHref, pageWindow, toSearchQuery } from "~/components/listing/listing-url";
import { readListingParams, type ListingParams } from "~/schemas/listing";

const base: ListingParams = {
  search: "",
  category: undefined,
  brands: [],
  sort: "relevance",
  page: 1,
  minPrice: undefined,
  maxPrice: undefined,
  inStock: false,
};

describe("listing URL state", () => {
  it("reads every filter from the query string", () => {
    const url = new URL(
      "http://x/products?search=mouse&category=3&brand=Onyxa&brand=Lumora&sort=price_desc&page=2&minPrice=10&maxPrice=99.5&inStock=true",
    );
    expect(readListingParams(url)).toEqual({
      search: "mouse",
      category: 3,
      brands: ["Onyxa", "Lumora"],
      sort: "price_desc",
      page: 2,
      minPrice: 10,
      maxPrice: 99.5,
      inStock: true,
    });
  });

  it("ignores hand-edited values that do not parse instead of failing the page", () => {
    const url = new URL("http://x/products?category=abc&sort=cheap&page=-4&minPrice=lots&brand=&inStock=maybe");
    expect(readListingParams(url)).toEqual(base);
  });

  it("takes the search text or category from the path when the query has none", () => {
    expect(readListingParams(new URL("http://x/products/Viper"), { search: "Viper" }).search).toBe("Viper");
    expect(readListingParams(new URL("http://x/products/category/4/products"), { category: 4 }).category).toBe(4);
    expect(
      readListingParams(new URL("http://x/products/category/4/products?category=5"), { category: 4 }).category,
    ).toBe(5);
  });

  it("builds canonical /products links that keep the other filters", () => {
    const params = { ...base, search: "rgb mouse", brands: ["A & B", "C"], sort: "name" as const, page: 3 };
    expect(listingHref(params, { page: 4 })).toBe("/products?search=rgb+mouse&brand=A+%26+B&brand=C&sort=name&page=4");
    expect(listingHref(base)).toBe("/products");
  });

  it("swaps a reversed price range instead of showing nothing", () => {
    expect(toSearchQuery({ ...base, minPrice: 90, maxPrice: 10 })).toMatchObject({ minPrice: 10, maxPrice: 90 });
  });

  it("shows page numbers around the current page with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });
});
