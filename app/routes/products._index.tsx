import type { LoaderFunctionArgs } from "@remix-run/node";
import { ListingPage, listingMeta } from "~/components/shop/listing-route";
import { loadListing } from "~/utils/listing.server";

export const meta = listingMeta;

export const loader = ({ request }: LoaderFunctionArgs) => loadListing(request);

export default ListingPage;
