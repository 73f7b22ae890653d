import { index, route, type RouteConfig } from "@remix-run/route-config";

/**
 * Every URL of the shop and the screen that answers it. Route modules are named by screen and grouped by area
 * (shop/, account/, admin/, site/); the URLs are the product's (docs/product.md#routes). A route's id is its file
 * path without the extension ("routes/shop/listing").
 */
const LISTING = "routes/shop/listing.tsx";

export default [
  // shop: what every visitor sees
  index("routes/shop/home.tsx"),
  route("products", LISTING, { id: "routes/shop/listing" }),
  // the listing's other two URLs: the same module (its loader reads the name or the category from the path)
  route("products/:name", LISTING, { id: "routes/shop/listing-by-name" }),
  route("products/category/:categoryId/products", LISTING, { id: "routes/shop/listing-by-category" }),
  route("product/:productId/details", "routes/shop/product-details.tsx"),
  route("search/suggestions", "routes/shop/search-suggestions.ts"),
  route("user/:userId/my-cart", "routes/shop/cart.tsx"),
  route("checkout/:userId/checkout", "routes/shop/checkout.tsx"),
  route("checkout/:userId/complete", "routes/shop/checkout-complete.tsx"),

  // account: signing in and out, and the shopper's own pages
  route("login", "routes/account/login.tsx"),
  route("register", "routes/account/register.tsx"),
  route("logout", "routes/account/logout.tsx"),
  route("forgot-password", "routes/account/forgot-password.tsx"),
  route("reset-password", "routes/account/reset-password.tsx"),
  route("confirm-email", "routes/account/confirm-email.tsx"),
  route("user-profile", "routes/account/profile-redirect.tsx"),
  route("user-profile/:userId/profile", "routes/account/profile.tsx"),
  route("user-profile/:userId/settings", "routes/account/settings.tsx"),
  route("user-profile/:userId/my-data.json", "routes/account/data-export.ts"),
  route("orders/:orderId", "routes/account/order.tsx"),
  route("orders/:orderId/invoice", "routes/account/invoice.tsx"),
  route("orders/:orderId/credit-notes", "routes/account/credit-notes.tsx"),
  // returns (docs/decisions/0044-returns.md)
  route("orders/:orderId/return", "routes/account/order-return.tsx"),
  route("returns/:returnId/slip", "routes/account/return-slip.tsx"),
  // saved items (docs/decisions/0047-saved-items-and-related-products.md)
  route("account/saved", "routes/account/saved.tsx"),
  route("account/alerts", "routes/account/alerts.tsx"),

  // admin: managing the shop
  route("add-product", "routes/admin/add-product.tsx"),
  route("update-product/:productId/update", "routes/admin/update-product.tsx"),
  route("update-product/:productId/variants", "routes/admin/product-variants.tsx"),
  route("delete-product/:productId", "routes/admin/delete-product.tsx"),
  route("admin", "routes/admin/dashboard.tsx"),
  route("admin/dashboard.csv", "routes/admin/dashboard-csv.ts"),
  route("admin/catalogue", "routes/admin/brands-categories.tsx"),
  route("admin/products", "routes/admin/products.tsx"),
  route("admin/products.csv", "routes/admin/products-csv.ts"),
  route("admin/orders", "routes/admin/orders.tsx"),
  route("admin/refunds", "routes/admin/refunds.tsx"),
  route("admin/withdrawals", "routes/admin/withdrawals.tsx"),
  route("admin/returns", "routes/admin/returns.tsx"),
  route("admin/returns/:returnId", "routes/admin/return.tsx"),
  route("admin/discounts", "routes/admin/discounts.tsx"),
  route("admin/stock", "routes/admin/stock.tsx"),
  route("admin/stock/:productId", "routes/admin/stock-product.tsx"),
  route("admin/users", "routes/admin/users.tsx"),
  route("admin/audit", "routes/admin/audit.tsx"),
  route("admin/shipping", "routes/admin/shipping.tsx"),
  route("admin/tax", "routes/admin/tax.tsx"),
  route("admin/pages", "routes/admin/policy-pages.tsx"),
  route("admin/reviews", "routes/admin/reviews.tsx"),
  route("admin/seller", "routes/admin/seller.tsx"),
  route("admin/mail", "routes/admin/mail.tsx"),
  route("admin/mail/:mailId", "routes/admin/mail-message.tsx"),
  route("admin/mail/:mailId/html", "routes/admin/mail-message-html.ts"),

  // site: the API, files for machines, and the pages of no area
  route("api/v1/*", "routes/site/api.ts"),
  route("favicon.ico", "routes/site/favicon.ts"),
  route("robots.txt", "routes/site/robots.ts"),
  route("sitemap.xml", "routes/site/sitemap.ts"),
  // the throughput benchmark's ceiling: only in a build made for it (BENCH_CEILING=1, bench/throughput.ts)
  ...(process.env.BENCH_CEILING === "1" ? [route("bench/ceiling", "routes/site/bench-ceiling.tsx")] : []),
  route("unauthorized", "routes/site/unauthorized.tsx"),
  // the withdrawal from the contract: public, linked from every page's footer (docs/decisions/0039-after-sale.md)
  route("withdraw", "routes/site/withdraw.tsx"),
  // the shop's terms, privacy, shipping, returns and contact pages, as the admin wrote them (docs/decisions/0043-policy-pages.md)
  route("policies/:slug", "routes/site/policy.tsx"),
  // the one-click opt-out link of the review-request e-mails (docs/decisions/0045-reviews.md)
  route("reviews/opt-out", "routes/site/review-opt-out.tsx"),
  // the links of the back-in-stock e-mails (docs/decisions/0046-back-in-stock-alerts.md)
  route("stock-alerts/confirm", "routes/site/stock-alert-confirm.tsx"),
  route("stock-alerts/unsubscribe", "routes/site/stock-alert-unsubscribe.tsx"),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
