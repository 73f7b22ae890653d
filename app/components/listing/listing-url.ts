import type { ProductSearchQuery } from "~/schemas/catalogue";
import { PAGE_SIZE, type Sort } from "~/schemas/constants";
import type { ListingParams } from "~/schemas/listing";

export type { ListingParams };

export const SORT_LABELS: Record<Sort, string> = {
  relevance: "Best match",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
  newest: "Newest",
  name: "Name",
};

export function toSearchQuery(params: ListingParams): Partial<ProductSearchQuery> {
  const bothPrices = params.minPrice !== undefined && params.maxPrice !== undefined;
  const swap = bothPrices && params.minPrice! > params.maxPrice!;
  return {
    q: params.search || undefined,
    category: params.category,
    brand: params.brands,
    minPrice: swap ? params.maxPrice : params.minPrice,
    maxPrice: swap ? params.minPrice : params.maxPrice,
    inStock: params.inStock || undefined,
    sort: params.sort,
    page: params.page,
    size: PAGE_SIZE,
  };
}

/** The canonical /products URL of a listing state, with some values changed (pagination keeps the rest). */
export function listingHref(params: ListingParams, changes: Partial<ListingParams> = {}): string {
  const next = { ...params, ...changes };
  const query = new URLSearchParams();
  if (next.search) query.set("search", next.search);
  if (next.category !== undefined) query.set("category", String(next.category));
  for (const brand of next.brands) query.append("brand", brand);
  if (next.minPrice !== undefined) query.set("minPrice", String(next.minPrice));
  if (next.maxPrice !== undefined) query.set("maxPrice", String(next.maxPrice));
  if (next.inStock) query.set("inStock", "true");
  if (next.sort !== "relevance") query.set("sort", next.sort);
  if (next.page > 1) query.set("page", String(next.page));
  const qs = query.toString();
  return `/products${qs ? `?${qs}` : ""}`;
}

/** Page numbers to show around the current one, with null for a gap: 1 … 4 5 [6] 7 8 … 20 */
export function pageWindow(current: number, total: number, radius = 2): Array<number | null> {
  const pages: Array<number | null> = [];
  for (let page = 1; page <= total; page++) {
    if (page === 1 || page === total || Math.abs(page - current) <= radius) pages.push(page);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
