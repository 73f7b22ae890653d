import type { LoaderFunctionArgs } from "@remix-run/node";
import { ListingPage, listingMeta } from "~/components/shop/listing-route";
import { loadListing } from "~/utils/listing.server";

export const meta = listingMeta;

/** /products/category/{categoryId}/products: the listing with that category preselected. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  loadListing(request, { categoryId: params.categoryId });

export default ListingPage;
