import type { LoaderFunctionArgs } from "@remix-run/node";
import { ListingPage, listingMeta } from "~/components/shop/listing-route";
import { loadListing } from "~/utils/listing.server";

export const meta = listingMeta;

/** /products/{name}: the listing searched for that name (the home grid's 'Shop now'). */
export const loader = ({ request, params }: LoaderFunctionArgs) => loadListing(request, { search: params.name });

export default ListingPage;
