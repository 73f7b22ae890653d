import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { loadListing } from "~/utils/listing.server";
import { pageTitle } from "~/utils/site";
import { ProductListing } from "./product-listing";

type ListingData = Awaited<ReturnType<typeof loadListing>>;

/** meta and component shared by the three listing routes. */
export const listingMeta: MetaFunction = ({ data }) => {
  const listing = data as ListingData | undefined;
  if (!listing) return [{ title: pageTitle("Products") }];
  return [
    { title: pageTitle(listing.page.page > 1 ? `${listing.heading} (page ${listing.page.page})` : listing.heading) },
    {
      name: "description",
      content: `${listing.page.totalElements} gaming accessories: ${listing.page.facets.brands
        .slice(0, 5)
        .map((b) => b.name)
        .join(", ")} and more, with prices and stock.`,
    },
  ];
};

export function ListingPage() {
  const { params, page, categories, heading } = useLoaderData<ListingData>();
  return <ProductListing heading={heading} params={params} page={page} categories={categories} />;
}
