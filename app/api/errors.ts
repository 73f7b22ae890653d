import { type DomainError, retryAfterOf } from "~/services/errors";
import { createLogger } from "~/lib/log.server";

const log = createLogger("api");

/** The JSON error envelope (docs/api.md#envelope) for a domain error: its status, message and field errors. */
export function domainErrorResponse(error: DomainError, requestId: string, headers: Record<string, string> = {}) {
  const all: Record<string, string> = { "X-Request-Id": requestId, "Cache-Control": "no-store", ...headers };
  const retryAfter = retryAfterOf(error);
  if (retryAfter !== undefined) all["Retry-After"] = String(retryAfter);
  const body = { message: error.message, data: null, ...(error.fieldErrors ? { errors: error.fieldErrors } : {}) };
  return Response.json(body, { status: error.status, headers: all });
}

/** Anything else is our fault: logged with the request id, answered as a 500 that says only the reference. */
export function unexpectedErrorResponse(error: unknown, requestId: string, what: string) {
  log.error(`${requestId} ${what} failed`, error);
  return Response.json(
    { message: `Something went wrong on our side. Reference: ${requestId}`, data: null },
    { status: 500, headers: { "X-Request-Id": requestId, "Cache-Control": "no-store" } },
  );
}
