import { data } from "@remix-run/node";
import { callApi, endpoints } from "~/client/api.server";
import { IdSchema } from "~/schemas/common";
import { loadOrThrow } from "./actions.server";
import { oncePerRequest } from "~/lib/request-context.server";

const NO_PRODUCT = "No product";

/** A route's {productId}: digits only, within the ids the database has; anything else is the page's 404. */
export function productIdParam(value: string | undefined): number {
  const id = IdSchema.safeParse(value);
  if (!/^\d{1,10}$/.test(value ?? "") || !id.success) throw data(NO_PRODUCT, { status: 404 });
  return id.data;
}

/** The product of a route's {productId}, or the page's 404. */
export async function loadProduct(param: string | undefined) {
  const id = productIdParam(param);
  return (await loadOrThrow(callApi(endpoints.products.byId, { params: { id } }), NO_PRODUCT)).data;
}

/**
 * The categories that have products (the footer's links, the search bar's choices: decision 0022), asked of the API
 * once per request however many loaders of the page need them.
 */
export function categoriesWithProducts() {
  return oncePerRequest("categories-with-products", () =>
    callApi(endpoints.categories.all, { query: { withProducts: true } }).then((answer) => answer.data),
  );
}
