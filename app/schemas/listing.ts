import { z } from "zod/v4";
import { ProductSearchQuerySchema, type ProductSearchQuery } from "./catalogue";
import { PAGE_SIZE } from "./constants";

/**
 * The state of the listing pages (/products and its two other URLs), in the search API's names: what the URL says,
 * what the filter form shows, and what the page asks /products/search for. This module is its one owner: it reads
 * the state from a URL, writes the canonical URL of a state, and turns a state into the API's query.
 *
 * The URL's own names are the product's (docs/product.md#routes): `search` for the text (the API's `q`, also read),
 * `brand` once per brand.
 */
export interface ListingState extends Pick<
  ProductSearchQuery,
  "category" | "brand" | "minPrice" | "maxPrice" | "sort" | "page"
> {
  /** the search text, "" for none */
  q: string;
  inStock: boolean;
}

const query = ProductSearchQuerySchema.shape;
const MAX_BRANDS = 50;
const MAX_BRAND_LENGTH = 100;

/** Each field on its own and leniently: a hand-edited value that does not parse is dropped, the page still answers. */
const LenientListingSchema = z.object({
  q: query.q.catch(undefined),
  category: query.category.catch(undefined),
  // each brand on its own: one bad value drops that brand, not the others
  brand: z
    .array(z.string())
    .transform((brands) =>
      [...new Set(brands.map((b) => b.trim()).filter((b) => b.length > 0 && b.length <= MAX_BRAND_LENGTH))].slice(
        0,
        MAX_BRANDS,
      ),
    ),
  minPrice: query.minPrice.catch(undefined),
  maxPrice: query.maxPrice.catch(undefined),
  inStock: query.inStock.catch(undefined),
  sort: query.sort.catch("relevance"),
  page: query.page.catch(1),
});

/**
 * Reads the listing state from a URL. `fallback` supplies what the path says (/products/{name},
 * /products/category/{id}/products) when the query string does not. A reversed price range is read swapped, so the
 * form shows the range the results are for.
 */
export function readListingState(url: URL, fallback: { q?: string; category?: number } = {}): ListingState {
  const get = (key: string) => url.searchParams.get(key)?.trim() || undefined;
  const read = LenientListingSchema.parse({
    q: get("search") ?? get("q"),
    category: get("category"),
    brand: url.searchParams.getAll("brand"),
    minPrice: get("minPrice"),
    maxPrice: get("maxPrice"),
    inStock: get("inStock"),
    sort: get("sort"),
    page: get("page"),
  });
  const reversed = read.minPrice !== undefined && read.maxPrice !== undefined && read.minPrice > read.maxPrice;
  return {
    ...read,
    q: read.q ?? fallback.q ?? "",
    category: read.category ?? fallback.category,
    minPrice: reversed ? read.maxPrice : read.minPrice,
    maxPrice: reversed ? read.minPrice : read.maxPrice,
    inStock: read.inStock === true,
  };
}

/** The canonical /products URL of a listing state, with some values changed (pagination keeps the rest). */
export function listingHref(state: ListingState, changes: Partial<ListingState> = {}): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("search", next.q);
  if (next.category !== undefined) params.set("category", String(next.category));
  for (const brand of next.brand) params.append("brand", brand);
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
 * How many of the sidebar's filters are on: each brand, the price range, "In stock only" (the phone's "Filters"
 * control shows it). The category is chosen in the search bar, and the search text is not a filter.
 */
export function activeFilterCount(state: ListingState): number {
  const price = state.minPrice !== undefined || state.maxPrice !== undefined;
  return state.brand.length + (price ? 1 : 0) + (state.inStock ? 1 : 0);
}
