// The label of an API request in the operator's metrics: the endpoint's pattern as the contract writes it
// ("GET /orders/order/{orderId}/status" is "/api/v1/orders/order/{orderId}/status"), never the path as sent, so that
// no id, e-mail or search text becomes a label; a path no endpoint has is "/api/v1/*".
import { allRoutes, API_BASE } from "./app";

const patterns = allRoutes.map((route) => ({
  method: route.method.toUpperCase(),
  label: `${API_BASE}${route.path}`,
  // a {parameter} is one path segment; the static parts are matched as they are
  match: new RegExp(
    `^${API_BASE}${route.path
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("[^/]+")}/?$`,
  ),
  // a static path wins over a pattern that also matches it ("/products/all" over "/products/{id}")
  dynamic: (route.path.match(/\{/g) ?? []).length,
}));
patterns.sort((a, b) => a.dynamic - b.dynamic);

export function apiRouteLabel(method: string, pathname: string): string {
  const upper = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  return patterns.find((p) => p.method === upper && p.match.test(pathname))?.label ?? `${API_BASE}/*`;
}
