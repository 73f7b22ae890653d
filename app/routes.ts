import { flatRoutes } from "@remix-run/fs-routes";
import { route, type RouteConfig } from "@remix-run/route-config";

const LISTING = "routes/products._index.tsx";

export default [
  ...(await flatRoutes({ ignoredRouteFiles: ["**/*.test.ts", "**/.*"] })),
  // the listing's other two URLs: the same module (its loader reads the name or the category from the path)
  route("products/:name", LISTING, { id: "routes/products.$name" }),
  route("products/category/:categoryId/products", LISTING, { id: "routes/products.category.$categoryId.products" }),
] satisfies RouteConfig;
