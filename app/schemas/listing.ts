import type { ProductSearchQuery } from "./catalogue";
import { PAGE_SIZE } from "./constants";

/**
 * The state of the listing pages (/products and its two other URLs), in the search API's names: what the URL says,
 * what the filter form shows, and what the page asks /products/search for. This module writes the canonical URL of a
 * state and turns a state into the API's query; `readListingState` (app/web/listing.server.ts) reads it from a URL
 * with the API's own schema. The reading is apart only because it needs zod, which the listing's browser code (it
 * writes URLs) must not download.
 *
 * The URL's own names are the product's (docs/product.md#routes): `search` for the text (the API's `q`, also read),
 * `brand` once per brand, `option` once per option value ("Switch: Brown").
 */
export interface ListingState extends Pick<
  ProductSearchQuery,
  "category" | "brand" | "option" | "minPrice" | "maxPrice" | "sort" | "page"
> {
  /** the search text, "" for none */
  q: string;
  inStock: boolean;
}

/** The canonical /products URL of a listing state, with some values changed (pagination keeps the rest). */
export function listingHref(state: ListingState, changes: Partial<ListingState> = {}): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("search", next.q);
  if (next.category !== undefined) params.set("category", String(next.category));
  for (const brand of next.brand) params.append("brand", brand);
  for (const option of next.option) params.append("option", option);
  if (next.minPrice !== undefined) params.set("minPrice", String(next.minPrice));
  if (next.maxPrice !== undefined) params.set("maxPrice", String(next.maxPrice));
  if (next.inStock) params.set("inStock", "true");
  if (next.sort !== "relevance") params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  const qs = params.toString();
  return `/products${qs ? `?${qs}` : ""}`;
}

/** The /products/search query of a listing state: one page of the listing's size. */
export function toSearchQuery(state: ListingState): Partial<ProductSearchQuery> {
  return { ...state, q: state.q || undefined, inStock: state.inStock || undefined, size: PAGE_SIZE };
}

/**
 * How many of the sidebar's filters are on: each brand and option value, the price range, "In stock only" (the phone's "Filters"
 * control shows it). The category is chosen in the search bar, and the search text is not a filter.
 */
export function activeFilterCount(state: ListingState): number {
  const price = state.minPrice !== undefined || state.maxPrice !== undefined;
  return state.brand.length + state.option.length + (price ? 1 : 0) + (state.inStock ? 1 : 0);
}
