import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/layout/nonce";
import { bootstrap } from "~/server/bootstrap.server";
import { createCoalescingStream } from "~/server/coalesce-stream.server";
import { applyPageCacheHeaders } from "~/server/http-caching.server";
import { createPageCache, type RequestHandler } from "~/server/page-cache.server";
import { withPageSession } from "~/server/page-session.server";
import { readCatalogueVersion } from "~/services/catalogue/catalogue-version.server";
import { getConfig } from "~/lib/env.server";
import { applyBaseSecurityHeaders, applyDocumentSecurityHeaders, createNonce } from "~/server/security-headers.server";
import { createLogger } from "~/lib/log.server";

// What scripts/server.mjs (the production server) calls besides Remix: the probes, the way out, and the logger's
// redaction for its access log and failures. The server build exposes them as `build.entry.module`.
export { checkLiveness, checkReadiness } from "~/server/health.server";
export { beginShutdown, runShutdown } from "~/server/lifecycle.server";
export { runWithSocketAddress } from "~/lib/request-context.server";
export { withPageSession } from "~/server/page-session.server";
export { redactText as redactLogText } from "~/lib/log.server";
// what scripts/server.mjs's /metrics reads (docs/decisions/0038-running-the-shop.md)
export { apiRouteLabel } from "~/api/route-label";
export { operationalFigures } from "~/services/reports/operations.server";
export const logError = (message: string, error: unknown) => createLogger("shop").error(message, error);

/**
 * Wraps Remix's request handler with the session seam (the cookies the pages changed go out with any answer:
 * docs/decisions/0031-session-seam.md) and the anonymous page cache around it
 * (docs/decisions/0028-throughput-and-http-caching.md): the Node server sends every request through what this returns.
 */
export function withPageCache(render: RequestHandler, buildVersion: string): RequestHandler {
  const { pageCacheMb } = getConfig();
  const cache = createPageCache({
    readVersion: readCatalogueVersion,
    buildVersion,
    maxBytes: pageCacheMb * 1024 * 1024,
    store: pageCacheMb > 0,
  });
  const withSession = withPageSession(render);
  return async (request) => {
    const response = await cache.serve(request, withSession);
    // a resource route (the sitemap, the search suggestions) meeting the outage too says when to come back
    if (response.status === 503 && !response.headers.has("Retry-After")) {
      const headers = new Headers(response.headers);
      sayWhenToRetry(503, headers);
      return new Response(response.body, { status: 503, statusText: response.statusText, headers });
    }
    return response;
  };
}

// The app does not answer before the database is open, migrated and (first start) seeded.
await bootstrap();

const ABORT_DELAY = 5_000;

const log = createLogger("remix");

/**
 * A form refused while it streamed (too large 413, not a form 400, too many files 422) was not read to its end:
 * the connection cannot carry another request, so the answer closes it. A post refused for its fields was read
 * whole; closing that connection too costs only a reconnect.
 */
function closeIfBodyRefused(request: Request, status: number, headers: Headers) {
  if (request.method === "POST" && (status === 400 || status === 413 || status === 422))
    headers.set("Connection", "close");
}

/** A 503 (the database cannot serve now) says when to come back, whichever loader or action gave it. */
function sayWhenToRetry(status: number, headers: Headers) {
  if (status === 503 && !headers.has("Retry-After")) headers.set("Retry-After", "5");
  if (status === 503) headers.set("Cache-Control", "no-store");
}

export function handleDataRequest(response: Response, { request }: { request: Request }) {
  closeIfBodyRefused(request, response.status, response.headers);
  sayWhenToRetry(response.status, response.headers);
  applyPageCacheHeaders(request, response.status, response.headers);
  applyBaseSecurityHeaders(request, response.headers);
  return response;
}

/**
 * Errors of loaders, actions and rendering, written through the logger (no query parameters, bytes or tokens). A
 * request the client gave up on, or Remix's own 404 and 405, are not errors of ours; Remix's refusal of a cross-origin
 * action is one line, no stack (scripts/server.mjs answers those 403 before Remix sees them; this is for
 * `npm run dev`).
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // a URL that matches no route (404), a method a route does not take (405): the access log says enough
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // Remix's warning for a legacy `?_data=` request, which anyone can send: the access log has the request, and a
  // stack trace per request would let a client flood the log
  if (error instanceof Error && error.message.includes("should not be making ?_data requests")) return;
  const where = `${request.method} ${new URL(request.url).pathname}`;
  if (error instanceof Error && /header does not match `origin` header|headers are not provided/.test(error.message)) {
    log.warn(`${where}: cross-origin action refused (Origin ${request.headers.get("origin") ?? "none"})`);
    return;
  }
  log.error(`${where} failed`, error);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // crawlers and browsers without JavaScript get the whole document at once
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  // one nonce per answer: the CSP allows the scripts that carry it, and nothing an attacker could inject
  const nonce = createNonce();
  applyDocumentSecurityHeaders(request, responseHeaders, nonce);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // joined into few chunks: the compressor gets the page whole, not 2 kB at a time
          const body = createCoalescingStream();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          closeIfBodyRefused(request, responseStatusCode, responseHeaders);
          sayWhenToRetry(responseStatusCode, responseHeaders);
          applyPageCacheHeaders(request, responseStatusCode, responseHeaders);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error(`${request.method} ${new URL(request.url).pathname}: rendering failed`, error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
