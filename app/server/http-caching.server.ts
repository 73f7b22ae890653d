// How pages and their single-fetch data may be cached (docs/decisions/0028-throughput-and-http-caching.md).
//
// - The catalogue's pages (home, listings, a product's details) seen by a visitor without a session: anyone may keep
//   them, a shared cache (a CDN, a proxy) for a minute and then, while it asks again, one more; a browser asks every
//   time (max-age=0) and gets a 304 while the catalogue has not changed (ETag, set by the page cache).
// - Anything that carries or sets a session (a signed-in user, a flash message, a new cookie): private, no-store.
// - Any other page (the login form, a 404) for a visitor without a session: no-cache (kept for back and forward,
//   asked again otherwise).

export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";
export const PERSONAL_CACHE_CONTROL = "private, no-store";
const ANONYMOUS_CACHE_CONTROL = "no-cache";

/** The pages' cookies (app/client/session.server.ts): the session, and the message for the next page. */
const SESSION_COOKIES = new Set(["__session", "__flash"]);

/** The URLs of the catalogue's pages (app/routes.ts): home, the listing's three URLs, a product's details. */
const CATALOGUE_PATHS = [
  /^\/$/,
  /^\/products\/?$/,
  /^\/products\/[^/]+\/?$/,
  /^\/products\/category\/[^/]+\/products\/?$/,
  /^\/product\/[^/]+\/details\/?$/,
];

/** The page a path shows: a single-fetch data request (/products.data, /_root.data for the home) names its page. */
function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

export function isCataloguePage(url: URL): boolean {
  const path = pagePath(url.pathname);
  return CATALOGUE_PATHS.some((pattern) => pattern.test(path));
}

export function hasSessionCookie(request: Request): boolean {
  const cookie = request.headers.get("cookie");
  if (!cookie) return false;
  return cookie.split(";").some((pair) => SESSION_COOKIES.has(pair.split("=", 1)[0]!.trim()));
}

/** Whether a GET or HEAD may be answered from the page cache or a 304: no session, a catalogue page. */
export function isPublicPageRequest(request: Request): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !hasSessionCookie(request) &&
    isCataloguePage(new URL(request.url))
  );
}

/**
 * Sets the Cache-Control of a page or its data. A page that carries or sets a session is always private, whatever a
 * loader said; otherwise a Cache-Control a loader chose (a 503's no-store) stays.
 */
export function applyPageCacheHeaders(request: Request, status: number, headers: Headers) {
  if (hasSessionCookie(request) || headers.has("Set-Cookie")) {
    headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
    return;
  }
  if (headers.has("Cache-Control")) return;
  if (status === 200 && isPublicPageRequest(request)) {
    headers.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
    // a shared cache must not give this page to a request that carries a session
    headers.append("Vary", "Cookie");
    return;
  }
  headers.set("Cache-Control", ANONYMOUS_CACHE_CONTROL);
}
