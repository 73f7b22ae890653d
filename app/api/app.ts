import { Hono } from "hono";
import { nanoid } from "nanoid";
import { NotFoundError } from "~/services/errors";
import type { ApiEnv } from "./context";
import { ApiRouter } from "./define";
import { errorResponse } from "./errors";
import { buildOpenApiDocument } from "./openapi";
import { verifyAccessToken } from "~/services/tokens.server";
import { registerAdminCatalogueRoutes } from "./routes/admin-catalogue";
import { registerAuthRoutes } from "./routes/auth";
import { registerCartRoutes } from "./routes/cart";
import { registerOrderRoutes } from "./routes/orders";
import { registerCategoryRoutes } from "./routes/categories";
import { registerImageRoutes } from "./routes/images";
import { registerProductRoutes } from "./routes/products";
import { registerUserRoutes } from "./routes/users";

export const API_BASE = "/api/v1";

const SAFE_REQUEST_ID = /^[\w.-]{1,64}$/;

function createApi() {
  const hono = new Hono<ApiEnv>().basePath(API_BASE);

  hono.use(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : nanoid();
    c.set("requestId", requestId);
    c.set("actor", null);
    const authorization = c.req.header("authorization");
    if (authorization?.toLowerCase().startsWith("bearer ")) {
      // an invalid or expired token leaves the caller anonymous: endpoints that need one answer 401
      c.set("actor", await verifyAccessToken(authorization.slice(7).trim()));
    }
    await next();
    c.header("X-Request-Id", requestId);
  });

  const api = new ApiRouter(hono);
  registerAuthRoutes(api);
  registerUserRoutes(api);
  registerCategoryRoutes(api);
  registerProductRoutes(api);
  registerImageRoutes(api);
  registerAdminCatalogueRoutes(api);
  registerCartRoutes(api);
  registerOrderRoutes(api);

  const document = buildOpenApiDocument(api.routes);
  hono.get("/openapi.json", (c) => c.json(document));

  hono.notFound((c) => errorResponse(new NotFoundError("No such API endpoint"), c));
  hono.onError((error, c) => errorResponse(error, c));
  return { hono, routes: api.routes };
}

export const api = createApi();

/** Answers one /api/v1 request (from the Remix splat route, a test server or the in-process client). */
export function handleApiRequest(request: Request): Promise<Response> {
  return Promise.resolve(api.hono.fetch(request));
}
