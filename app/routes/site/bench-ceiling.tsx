import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { ProductListing } from "~/components/listing/product-listing";
import { readListingState } from "~/web/listing.server";
import { benchCeilingCategories, benchCeilingPage } from "~/web/bench-ceiling.server";
import { productCard } from "~/lib/product-card";

/**
 * The throughput benchmark's ceiling: the listing's 18 cards rendered from memory (app/web/bench-ceiling.server.ts).
 * Registered only in a build made with BENCH_CEILING=1 (app/routes.ts): in the shop's build this URL is its ordinary 404.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const page = benchCeilingPage();
  return {
    params: readListingState(new URL(request.url)),
    // as the listing's loader does: the cards' data, not the API's whole products
    page: { ...page, content: page.content.map(productCard) },
    categories: benchCeilingCategories(),
  };
}

export default function BenchCeiling() {
  const { params, page, categories } = useLoaderData<typeof loader>();
  return <ProductListing heading="All Products" params={params} page={page} categories={categories} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
