import { ProductSearchQuerySchema } from "./catalogue";
import { SORTS, type Sort } from "./constants";

/** The catalogue state that lives in the URL of the listing pages. */
export interface ListingParams {
  search: string;
  category: number | undefined;
  brands: string[];
  sort: Sort;
  page: number;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  inStock: boolean;
}

/**
 * Reads the listing state from a URL leniently: a hand-edited value that does not parse is ignored rather than
 * failing the page. `fallback` supplies what the path says (/products/{name}, /products/category/{id}/products).
 */
export function readListingParams(url: URL, fallback: { search?: string; category?: number } = {}): ListingParams {
  const get = (key: string) => url.searchParams.get(key)?.trim() || undefined;
  const shape = ProductSearchQuerySchema.shape;
  const field = <K extends keyof typeof shape>(key: K, value: unknown) => {
    const parsed = shape[key].safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  const sort = get("sort");
  return {
    search: (field("q", get("search") ?? get("q")) as string | undefined) ?? fallback.search ?? "",
    category: (field("category", get("category")) as number | undefined) ?? fallback.category,
    brands: [
      ...new Set(
        url.searchParams
          .getAll("brand")
          .map((b) => b.trim())
          .filter((b) => b.length > 0 && b.length <= 100),
      ),
    ].slice(0, 50),
    sort: sort && (SORTS as readonly string[]).includes(sort) ? (sort as Sort) : "relevance",
    page: (field("page", get("page")) as number | undefined) ?? 1,
    minPrice: field("minPrice", get("minPrice")) as number | undefined,
    maxPrice: field("maxPrice", get("maxPrice")) as number | undefined,
    inStock: field("inStock", get("inStock")) === true,
  };
}
