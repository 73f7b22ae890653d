const BASE = "http://same.site";

/** A path the browser reads as another host: `//host`, `/\host` (browsers treat `\` as `/`). */
const leavesTheSite = (path: string) => !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\");

/**
 * A same-site path to send the browser to after login or a guard, or `fallback`: never another origin. The target is
 * judged on its final, normalised form, the one that goes into the Location header: `/.//evil.example` normalises to
 * `//evil.example` and is refused like it (as are `/..//…`, `/%2E/…` and backslash forms). Control characters are
 * refused outright (browsers drop tabs and newlines from URLs, which can turn a path into a host).
 */
export function safeRedirectPath(to: string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  const value = to.trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f]/.test(value) || leavesTheSite(value)) return fallback;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return fallback;
    const path = url.pathname + url.search + url.hash;
    // the normalised form is what the browser gets: it must pass the same checks, and read back as itself
    if (leavesTheSite(path) || new URL(path, BASE).origin !== BASE) return fallback;
    return path;
  } catch {
    return fallback;
  }
}

/** The pages a sign-in keeps the way back of (coming back to them would ask to sign in again). */
const ACCOUNT_PAGES = new Set(["/login", "/register"]);
/**
 * The pages a sign-in never comes back to: a mailed link's page (its single-use token would be copied into the login
 * URL, and the spent link shown again), the way to a new password, and the "not allowed" page.
 */
const NO_WAY_BACK = new Set(["/forgot-password", "/reset-password", "/confirm-email", "/unauthorized"]);

/**
 * The login link of a page: `/login?redirectTo=<this page>`, so the shopper comes back to where they were. On the
 * login and registration pages themselves it keeps the page's own `redirectTo` (if any); on the home page it needs none.
 */
export function loginHref(location: { pathname: string; search: string }, to = "/login"): string {
  if (NO_WAY_BACK.has(location.pathname)) return to;
  const here = ACCOUNT_PAGES.has(location.pathname)
    ? new URLSearchParams(location.search).get("redirectTo")
    : location.pathname + location.search;
  return withRedirectTo(to, here);
}

/** `to` with `?redirectTo=` a safe page to come back to; just `to` when there is none, or it is the home page. */
export function withRedirectTo(to: string, redirectTo: string | null | undefined): string {
  const back = safeRedirectPath(redirectTo, "");
  return back && back !== "/" ? `${to}?${new URLSearchParams({ redirectTo: back })}` : to;
}
