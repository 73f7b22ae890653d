import { z } from "zod/v4";
import { ProductSearchQuerySchema, type ProductPage } from "~/schemas/catalogue";
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
  // each option value on its own too, as the API reads it, written as the form's checkboxes write it ("Name: Value")
  option: z
    .array(z.string())
    .transform((values) =>
      [
        ...new Set(
          values
            .filter((v) => query.option.safeParse([v]).success)
            .map((v) => `${v.slice(0, v.indexOf(":")).trim()}: ${v.slice(v.indexOf(":") + 1).trim()}`),
        ),
      ].slice(0, MAX_BRANDS),
    ),
  minPrice: query.minPrice.catch(undefined),
  maxPrice: query.maxPrice.catch(undefined),
  inStock: query.inStock.catch(undefined),
  sort: query.sort.catch("relevance"),
  page: query.page.catch(1),
});

/**
 * The facets the sidebar shows: a ticked brand or option value stays listed, with (0), even when the other filters
 * leave none of its products (done here, so the listing's browser code has nothing to add).
 */
export function facetsWithSelected(facets: ProductPage["facets"], state: ListingState): ProductPage["facets"] {
  const brands = [...facets.brands];
  for (const brand of state.brand) {
    if (!brands.some((b) => b.name.toLowerCase() === brand.toLowerCase())) brands.push({ name: brand, count: 0 });
  }
  const options = facets.options.map((o) => ({ name: o.name, values: [...o.values] }));
  for (const selected of state.option) {
    const at = selected.indexOf(":");
    const name = selected.slice(0, at).trim();
    const value = selected.slice(at + 1).trim();
    let option = options.find((o) => o.name.toLowerCase() === name.toLowerCase());
    if (!option) options.push((option = { name, values: [] }));
    if (!option.values.some((v) => v.value.toLowerCase() === value.toLowerCase()))
      option.values.push({ value, count: 0 });
  }
  return { ...facets, brands, options };
}

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
    option: url.searchParams.getAll("option"),
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
