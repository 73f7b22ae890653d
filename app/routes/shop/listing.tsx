import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { callApi, endpoints } from "~/client/api.server";
import { AdminCardLinks } from "~/components/admin/admin-card-links";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { ProductListing } from "~/components/listing/product-listing";
import { listingHref, toSearchQuery } from "~/schemas/listing";
import { facetsWithSelected, readListingState } from "~/web/listing.server";
import { loadOrThrow } from "~/web/actions.server";
import { categoriesWithProducts } from "~/web/products.server";
import { pageTitle } from "~/lib/site";
import { productCard, type ProductCardData } from "~/lib/product-card";
import { getAuth } from "~/client/auth.server";
import { SaveButton, SaveForm } from "~/components/shop/save-button";
import type { loader as rootLoader } from "~/root";

/**
 * The listing, at three URLs (app/routes.ts): /products, /products/{name} (the home grid's 'Shop now': the search
 * for that name) and /products/category/{categoryId}/products (that category preselected). The state lives in the
 * query string; the path gives the name or the category.
 */
export const meta: MetaFunction<typeof loader> = ({ data: listing, error }) => {
  if (!listing)
    return [{ title: pageTitle(isRouteErrorResponse(error) && error.status === 404 ? "Page not found" : "Products") }];
  const brands = listing.page.facets.brands.slice(0, 5).map((b) => b.name);
  return [
    { title: pageTitle(listing.page.page > 1 ? `${listing.heading} (page ${listing.page.page})` : listing.heading) },
    {
      name: "description",
      content: `${listing.page.totalElements}${listing.page.totalCapped ? "+" : ""} gaming accessories: ${brands.join(", ")} and more, with prices and stock.`,
    },
  ];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  let categoryId: number | undefined;
  if (params.categoryId !== undefined) {
    categoryId = /^\d{1,9}$/.test(params.categoryId) ? Number(params.categoryId) : NaN;
  }
  const listing = readListingState(new URL(request.url), { q: params.name, category: categoryId });
  // the search bar offers the categories with products (like the footer, decision 0022), and the one shown
  let categories = await categoriesWithProducts();
  const shown = listing.category;
  const missing = (id: number | undefined) => id !== undefined && !categories.some((c) => c.id === id);
  if (missing(shown) || missing(categoryId)) {
    const { data: all } = await callApi(endpoints.categories.all, {});
    // a category without products still has its (empty) page; one that does not exist is a 404
    if (categoryId !== undefined && !all.some((c) => c.id === categoryId)) {
      throw data("Category not found", { status: 404 });
    }
    categories = all.filter((c) => c.id === shown || categories.some((s) => s.id === c.id));
  }
  // a query the API cannot read (a control character in a brand) is the page's 400, not a failure of ours
  const { data: page } = await loadOrThrow(callApi(endpoints.products.search, { query: toSearchQuery(listing) }));
  // a page past the last (an old link, a hand-edited URL) shows the last page
  if (page.totalPages > 0 && listing.page > page.totalPages) {
    throw redirect(listingHref(listing, { page: page.totalPages }));
  }
  const category = categories.find((c) => c.id === listing.category);
  const heading = listing.q
    ? `Results for “${listing.q}”${category ? ` in ${category.name}` : ""}`
    : (category?.name ?? "All Products");
  // a signed-in shopper's saved products (their cards say "Saved"); an anonymous page, the cached one, has none
  const auth = await getAuth(request);
  const saved = auth ? (await auth.api(endpoints.saved.ids, {})).data.productIds : null;
  return {
    params: listing,
    // the browser gets what the cards render, not the API's whole products (app/lib/product-card.ts)
    page: { ...page, content: page.content.map(productCard), facets: facetsWithSelected(page.facets, listing) },
    categories,
    heading,
    saved,
  };
}

export default function Listing() {
  const { params, page, categories, heading, saved } = useLoaderData<typeof loader>();
  const isAdmin = useRouteLoaderData<typeof rootLoader>("root")?.user?.isAdmin ?? false;
  const extras = (product: ProductCardData) => (
    <>
      {saved ? <SaveButton productId={product.id} name={product.name} saved={saved.includes(product.id)} /> : null}
      {isAdmin ? <AdminCardLinks product={product} /> : null}
    </>
  );
  return (
    <>
      <ProductListing heading={heading} params={params} page={page} categories={categories} cardExtras={extras} />
      {/* the cards' "Save for later" forms, outside the listing's form (their buttons are in the cards) */}
      {saved
        ? page.content.map((p) => (
            <SaveForm key={p.id} detached productId={p.id} name={p.name} saved={saved.includes(p.id)} />
          ))
        : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
