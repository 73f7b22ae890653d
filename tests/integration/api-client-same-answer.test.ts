import { beforeAll, describe, expect, it } from "vitest";
import { callApi, endpoints } from "~/client/api.server";
import type { AnyApiRoute } from "~/api/define";
import { useApiServer } from "../support/api-server";
import { orderHelpers } from "../support/orders";
import { createCategory, createImage, createProduct, word } from "../support/factories";
import { useTestDatabase } from "../support/test-db";

// The pages' in-process calls hand the handler's answer over without JSON (docs/decisions/0029): what a page gets
// must still be exactly what an HTTP client reads from the same route's JSON, dates as strings and nothing more.

const database = useTestDatabase();
const api = useApiServer();
const orders = orderHelpers(api, database);

const fixture = { token: "", userId: 0, orderId: 0, productId: 0, categoryId: 0, brand: "" };

beforeAll(async () => {
  const category = await createCategory(database.db);
  fixture.categoryId = category.id;
  fixture.brand = `Brand ${word()}`;
  for (const name of ["Quiet Mouse", "Loud Keyboard", "Quiet Keyboard"]) {
    const product = await createProduct(database.db, { categoryId: category.id, brand: fixture.brand, name });
    await createImage(database.db, product.id, { width: 640, height: 480 });
    fixture.productId = product.id;
  }
  const shopper = await orders.shopper();
  fixture.userId = shopper.id;
  fixture.token = shopper.auth.authorization!.slice("Bearer ".length);
  await orders.paidCart(shopper, fixture.productId, 1);
  const placed = await orders.placeOrder(shopper, shopper.id);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  fixture.orderId = placed.body.data.id;
  await orders.add(shopper, fixture.productId, 2);
}, 60_000);

/** The route's path with its parameters filled in, and the query string, as an HTTP client would ask. */
function httpPath(route: AnyApiRoute, params: Record<string, unknown> = {}, query: Record<string, unknown> = {}) {
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => String(params[name]));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  return search.size > 0 ? `${path}?${search}` : path;
}

const cases: Array<{
  name: string;
  route: AnyApiRoute;
  params?: () => Record<string, unknown>;
  query?: () => Record<string, unknown>;
  signedIn?: boolean;
}> = [
  { name: "products.search (listing)", route: endpoints.products.search, query: () => ({ size: 5 }) },
  {
    name: "products.search (words, brand, category, sort)",
    route: endpoints.products.search,
    query: () => ({ q: "quiet", brand: [fixture.brand], category: fixture.categoryId, sort: "price_asc" }),
  },
  { name: "products.byId", route: endpoints.products.byId, params: () => ({ id: fixture.productId }) },
  { name: "categories.all", route: endpoints.categories.all, query: () => ({ withProducts: true }) },
  { name: "products.brands", route: endpoints.products.brands },
  { name: "products.sitemap (dates)", route: endpoints.products.sitemap },
  { name: "users.get", route: endpoints.users.get, params: () => ({ userId: fixture.userId }), signedIn: true },
  { name: "cart.get", route: endpoints.cart.get, params: () => ({ userId: fixture.userId }), signedIn: true },
  { name: "cart.count", route: endpoints.cart.count, params: () => ({ userId: fixture.userId }), signedIn: true },
  {
    name: "orders.list (dates)",
    route: endpoints.orders.list,
    params: () => ({ userId: fixture.userId }),
    signedIn: true,
  },
  {
    name: "orders.get (dates)",
    route: endpoints.orders.get,
    params: () => ({ orderId: fixture.orderId }),
    signedIn: true,
  },
];

describe("an in-process call and the same call over HTTP", () => {
  it.each(cases)("give the same data: $name", async ({ route, params, query, signedIn }) => {
    const input = { params: params?.(), query: query?.(), token: signedIn ? fixture.token : undefined };
    const inProcess = await callApi(route, input as never);
    const http = await api.json(httpPath(route, input.params, input.query), {
      headers: signedIn ? { authorization: `Bearer ${fixture.token}` } : {},
    });
    expect(http.status).toBe(route.status ?? 200);
    expect(inProcess.message).toBe(http.body.message);
    // a Date, a bigint or a field the contract does not name would differ from the JSON here
    expect(inProcess.data).toStrictEqual(http.body.data);
    expect(JSON.parse(JSON.stringify(inProcess.data))).toStrictEqual(inProcess.data);
  });
});
