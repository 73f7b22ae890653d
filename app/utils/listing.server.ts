import { ProductSearchQuerySchema } from "~/schemas/catalogue";
import { SORTS, type Sort } from "~/schemas/constants";
import { api } from "~/services/api-client.server";
import { redirect } from "@remix-run/node";
import { listingHref, toSearchQuery, type ListingParams } from "./listing";

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

/** Loader of the three listing URLs: the state comes from the query string, with the path's name or category. */
export async function loadListing(request: Request, from: { search?: string; categoryId?: string } = {}) {
  let categoryId: number | undefined;
  if (from.categoryId !== undefined) {
    categoryId = /^\d{1,9}$/.test(from.categoryId) ? Number(from.categoryId) : NaN;
  }
  const categories = await api.categories.all();
  if (categoryId !== undefined && !categories.some((c) => c.id === categoryId)) {
    throw new Response("Category not found", { status: 404 });
  }
  const params = readListingParams(new URL(request.url), { search: from.search, category: categoryId });
  const page = await api.products.search(toSearchQuery(params));
  // a page past the last (an old link, a hand-edited URL) shows the last page
  if (page.totalPages > 0 && params.page > page.totalPages)
    throw redirect(listingHref(params, { page: page.totalPages }));
  const category = categories.find((c) => c.id === params.category);
  const heading = params.search
    ? `Results for “${params.search}”${category ? ` in ${category.name}` : ""}`
    : (category?.name ?? "All Products");
  return { params, page, categories, heading };
}
