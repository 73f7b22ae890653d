import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { nanoid } from "nanoid";
import { DomainError, NotFoundError, unavailableOr } from "~/services/errors";
import { authenticate } from "~/services/accounts/sign-in.server";
import type { ApiEnv } from "./context";
import type { AnyApiRoute } from "./define";
import { domainErrorResponse, unexpectedErrorResponse } from "./errors";
import { apiCaching } from "./http-caching";
import { serveRoutes } from "./http";
import { buildOpenApiDocument } from "./openapi";
import { adminProductRoutes } from "./routes/admin-products";
import { afterSaleRoutes } from "./routes/after-sale";
import { authRoutes } from "./routes/auth";
import { brandRoutes } from "./routes/brands";
import { cartRoutes } from "./routes/cart";
import { categoryRoutes } from "./routes/categories";
import { imageRoutes } from "./routes/images";
import { invoiceRoutes } from "./routes/invoices";
import { mailRoutes } from "./routes/mail";
import { offerTermsRoutes } from "./routes/offer-terms";
import { orderRoutes } from "./routes/orders";
import { pageRoutes } from "./routes/pages";
import { paymentRoutes } from "./routes/payments";
import { pricingRoutes } from "./routes/pricing";
import { productRoutes } from "./routes/products";
import { refundRoutes } from "./routes/refunds";
import { returnRoutes } from "./routes/returns";
import { discountRoutes } from "./routes/discounts";
import { reportRoutes } from "./routes/reports";
import { reviewRoutes } from "./routes/reviews";
import { relatedRoutes, savedRoutes } from "./routes/saved";
import { staffRoutes } from "./routes/staff";
import { stockAlertRoutes } from "./routes/stock-alerts";
import { auditRoutes } from "./routes/audit";
import { userRoutes } from "./routes/users";

export const API_BASE = "/api/v1";

/** Every endpoint, by resource: the HTTP server, the OpenAPI document and the pages' client all use this one list. */
export const endpoints = {
  auth: authRoutes,
  users: userRoutes,
  categories: categoryRoutes,
  products: productRoutes,
  offerTerms: offerTermsRoutes,
  brands: brandRoutes,
  images: imageRoutes,
  adminProducts: adminProductRoutes,
  cart: cartRoutes,
  payments: paymentRoutes,
  orders: orderRoutes,
  afterSale: afterSaleRoutes,
  invoices: invoiceRoutes,
  refunds: refundRoutes,
  returns: returnRoutes,
  discounts: discountRoutes,
  mail: mailRoutes,
  reports: reportRoutes,
  staff: staffRoutes,
  audit: auditRoutes,
  pricing: pricingRoutes,
  pages: pageRoutes,
  reviews: reviewRoutes,
  saved: savedRoutes,
  related: relatedRoutes,
  stockAlerts: stockAlertRoutes,
};

export const allRoutes: readonly AnyApiRoute[] = Object.values(endpoints).flatMap((set) => Object.values(set));

const SAFE_REQUEST_ID = /^[\w.-]{1,64}$/;

function createHttpApi() {
  const hono = new Hono<ApiEnv>().basePath(API_BASE);

  hono.use(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : nanoid();
    c.set("requestId", requestId);
    c.set("actor", null);
    const authorization = c.req.header("authorization");
    if (authorization?.toLowerCase().startsWith("bearer ")) {
      // an invalid or expired token, or one of an ended session, leaves the caller anonymous: endpoints that need
      // one answer 401
      c.set("actor", await authenticate(authorization.slice(7).trim()));
    }
    await next();
    c.header("X-Request-Id", requestId);
  });
  hono.use(apiCaching);

  serveRoutes(hono, allRoutes);
  const document = buildOpenApiDocument(allRoutes);
  hono.get("/openapi.json", (c) => c.json(document));

  hono.notFound((c) => domainErrorResponse(new NotFoundError("No such API endpoint"), c.get("requestId")));
  hono.onError((thrown, c) => {
    const requestId = c.get("requestId") ?? "unknown";
    const error = unavailableOr(thrown);
    if (error instanceof DomainError) return domainErrorResponse(error, requestId);
    if (error instanceof HTTPException && error.status < 500) {
      const headers = { "X-Request-Id": requestId, "Cache-Control": "no-store" };
      return Response.json({ message: error.message || "Bad request", data: null }, { status: error.status, headers });
    }
    return unexpectedErrorResponse(error, requestId, `${c.req.method} ${new URL(c.req.url).pathname}`);
  });
  return hono;
}

const httpApi = createHttpApi();

/** Answers one /api/v1 request over HTTP (the Remix splat route, a test server, another instance's client). */
export function handleApiRequest(request: Request): Promise<Response> {
  return Promise.resolve(httpApi.fetch(request));
}
