import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { DomainError, RateLimitedError } from "~/services/errors";
import type { ApiEnv } from "./context";

/** The one place where failures become HTTP answers: always the JSON error envelope of api-v1.md. */
export function errorResponse(error: unknown, c: Context<ApiEnv>): Response {
  const requestId = c.get("requestId") ?? "unknown";
  const headers: Record<string, string> = { "X-Request-Id": requestId, "Cache-Control": "no-store" };
  if (error instanceof DomainError) {
    if (error instanceof RateLimitedError) headers["Retry-After"] = String(error.retryAfterSeconds);
    const body = { message: error.message, data: null, ...(error.fieldErrors ? { errors: error.fieldErrors } : {}) };
    return Response.json(body, { status: error.status, headers });
  }
  if (error instanceof HTTPException && error.status < 500) {
    return Response.json({ message: error.message || "Bad request", data: null }, { status: error.status, headers });
  }
  console.error(`[api] ${requestId} ${c.req.method} ${new URL(c.req.url).pathname} failed:`, error);
  return Response.json(
    { message: `Something went wrong on our side. Reference: ${requestId}`, data: null },
    { status: 500, headers },
  );
}
