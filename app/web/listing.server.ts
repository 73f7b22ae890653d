import { z } from "zod/v4";
import { ProductSearchQuerySchema } from "~/schemas/catalogue";
import type { ListingState } from "~/schemas/listing";

// Reading the listing's state from its URL (the state, its URL and its API query: app/schemas/listing.ts).

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
