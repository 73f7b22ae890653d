import { describe, expect, it } from "vitest";
import { pageWindow } from "~/components/listing/pagination";
import { activeFilterCount, listingHref, toSearchQuery, type ListingState } from "~/schemas/listing";
import { readListingState } from "~/web/listing.server";

const base: ListingState = {
  q: "",
  category: undefined,
  brand: [],
  option: [],
  sort: "relevance",
  page: 1,
  minPrice: undefined,
  maxPrice: undefined,
  inStock: false,
};

describe("listing URL state", () => {
  it("reads every filter from the query string, in the API's names", () => {
    const url = new URL(
      "http://x/products?search=mouse&category=3&brand=Onyxa&brand=Lumora&sort=price_desc&page=2&minPrice=10&maxPrice=99.5&inStock=true&option=Colour%3A+White&option=Switch:Brown",
    );
    expect(readListingState(url)).toEqual({
      q: "mouse",
      category: 3,
      brand: ["Onyxa", "Lumora"],
      option: ["Colour: White", "Switch: Brown"],
      sort: "price_desc",
      page: 2,
      minPrice: 10,
      maxPrice: 99.5,
      inStock: true,
    });
    expect(readListingState(new URL("http://x/products?q=pad")).q).toBe("pad");
  });

  it("ignores hand-edited values that do not parse instead of failing the page", () => {
    const url = new URL("http://x/products?category=abc&sort=cheap&page=-4&minPrice=lots&brand=&inStock=maybe");
    expect(readListingState(url)).toEqual(base);
    const brands = new URL(`http://x/products?brand=Onyxa&brand=${"x".repeat(101)}&brand=Onyxa&brand=%20Lumora%20`);
    expect(readListingState(brands).brand).toEqual(["Onyxa", "Lumora"]);
    const options = new URL("http://x/products?option=White&option=Colour:&option=:White&option=Colour:%20White");
    expect(readListingState(options).option).toEqual(["Colour: White"]);
  });

  it("takes the search text or category from the path when the query has none", () => {
    expect(readListingState(new URL("http://x/products/Viper"), { q: "Viper" }).q).toBe("Viper");
    expect(readListingState(new URL("http://x/products/category/4/products"), { category: 4 }).category).toBe(4);
    expect(
      readListingState(new URL("http://x/products/category/4/products?category=5"), { category: 4 }).category,
    ).toBe(5);
  });

  it("builds canonical /products links that keep the other filters", () => {
    const state = { ...base, q: "rgb mouse", brand: ["A & B", "C"], sort: "name" as const, page: 3 };
    expect(listingHref(state, { page: 4 })).toBe("/products?search=rgb+mouse&brand=A+%26+B&brand=C&sort=name&page=4");
    expect(listingHref(base)).toBe("/products");
    expect(listingHref({ ...base, option: ["Switch: Brown"] })).toBe("/products?option=Switch%3A+Brown");
    expect(activeFilterCount({ ...base, brand: ["A"], option: ["Switch: Brown", "Colour: White"] })).toBe(3);
  });

  it("reads a reversed price range swapped, so the form shows the range the results are for", () => {
    const state = readListingState(new URL("http://x/products?minPrice=90&maxPrice=10"));
    expect(state).toMatchObject({ minPrice: 10, maxPrice: 90 });
    expect(toSearchQuery(state)).toMatchObject({ minPrice: 10, maxPrice: 90 });
  });

  it("asks the API for one page of the listing's size, without empty text or a false in-stock filter", () => {
    expect(toSearchQuery(base)).toEqual({
      q: undefined,
      category: undefined,
      brand: [],
      option: [],
      minPrice: undefined,
      maxPrice: undefined,
      inStock: undefined,
      sort: "relevance",
      page: 1,
      size: 18,
    });
  });

  it("counts the sidebar's filters: each brand, the price range, in stock (not the search text or the category)", () => {
    expect(activeFilterCount({ ...base, q: "mouse" })).toBe(0);
    expect(
      activeFilterCount({ ...base, category: 2, brand: ["A", "B"], minPrice: 5, maxPrice: 9, inStock: true }),
    ).toBe(4);
  });

  it("shows page numbers around the current page with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });
});
