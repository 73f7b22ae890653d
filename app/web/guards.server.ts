import { data, redirect } from "@remix-run/node";
import { MAX_ID } from "~/schemas/common";
import { getAuth, hasAnyRole, type Auth } from "~/client/auth.server";
import { markSignInNeeded } from "~/lib/request-context.server";

const SHOPPER_OR_ADMIN = ["ROLE_ADMIN", "ROLE_USER"];

function origin(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

const isUserId = (value: string) => /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_ID;

/** /unauthorized saying where the user tried to go (the path only: a query may carry ids that belong to nobody else). */
export const unauthorized = (request: Request) =>
  redirect(`/unauthorized?from=${encodeURIComponent(new URL(request.url).pathname)}`);

/**
 * The guard (docs/product.md#roles-and-the-guard): no user → /login remembering the origin; none of the allowed roles
 * (case-insensitive) → /unauthorized carrying the origin; a {userId} that is not the user's own (and the user is no
 * admin) → /unauthorized.
 */
export async function requireAuth(
  request: Request,
  options: { roles?: string[]; userId?: string } = {},
): Promise<Auth> {
  // a {userId} that cannot be anyone's (not digits, past the database's ids) is no page: 404 before anything else
  if (options.userId !== undefined && !isUserId(options.userId)) throw data("Not found", { status: 404 });
  // said before anything awaits, so that a refresh refused in any loader of this request (the root's too) sends the
  // shopper to sign in and back here rather than to the home page
  markSignInNeeded();
  const auth = await getAuth(request);
  if (!auth) throw redirect(`/login?redirectTo=${encodeURIComponent(origin(request))}`);
  if (options.roles && !hasAnyRole(auth.roles, options.roles)) throw unauthorized(request);
  if (options.userId !== undefined && options.userId !== String(auth.userId) && !auth.isAdmin)
    throw unauthorized(request);
  return auth;
}

/** A shopper's page of their own ({userId} theirs, or an admin looking after it). */
export function requireShopper(request: Request, userId: string | undefined): Promise<Auth> {
  return requireAuth(request, { roles: SHOPPER_OR_ADMIN, userId: userId ?? "" });
}

/** A page only the signed-in owner may use, admin or not (checkout pays with the owner's own cart). */
export async function requireOwner(request: Request, userId: string | undefined): Promise<Auth> {
  const auth = await requireAuth(request, { roles: SHOPPER_OR_ADMIN });
  if (String(auth.userId) !== userId) throw unauthorized(request);
  return auth;
}

/** The shop-floor pages staff may use too: orders and stock (docs/decisions/0038-running-the-shop.md). */
export function requireStaff(request: Request): Promise<Auth> {
  return requireAuth(request, { roles: ["ROLE_ADMIN", "ROLE_STAFF"] });
}

/** The admin pages (docs/product.md#admin-navigation). */
export function requireAdmin(request: Request): Promise<Auth> {
  return requireAuth(request, { roles: ["ROLE_ADMIN"] });
}
