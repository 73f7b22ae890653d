import { redirect } from "@remix-run/node";
import { apiRefresh } from "~/services/api-auth.server";
import { ApiError } from "~/services/api-client.server";
import { decodeAccessToken } from "~/services/tokens.server";
import { commitSession, destroySession, getSession, type ShopSession, type Toast } from "./session.server";
import { redirectWithToast } from "./toast.server";

const ADMIN = "ROLE_ADMIN";

/**
 * Refreshes in flight or just done, by refresh token. The loaders of one page (the root's and the route's) run at
 * the same time with the same cookie; each refreshing on its own would present a rotated token and revoke the whole
 * family (a reuse). They share one refresh instead, and a late one within a few seconds gets the same answer.
 */
const refreshes = new Map<string, Promise<Awaited<ReturnType<typeof apiRefresh>>>>();
const REFRESH_SHARE_MS = 5_000;

/** Forgets the shared refreshes, as if their window had passed (tests). */
export function clearSharedRefreshes() {
  refreshes.clear();
}

function sharedRefresh(refreshToken: string) {
  let pending = refreshes.get(refreshToken);
  if (!pending) {
    pending = apiRefresh(refreshToken);
    refreshes.set(refreshToken, pending);
    const forget = () => setTimeout(() => refreshes.delete(refreshToken), REFRESH_SHARE_MS).unref();
    pending.then(forget, forget);
  }
  return pending;
}
const hasAnyRole = (roles: string[], allowed: string[]) =>
  roles.some((role) => allowed.some((wanted) => wanted.toUpperCase() === role.toUpperCase()));

/** The signed-in user of a request, with API calls that refresh an expired access token once and retry. */
export class Auth {
  /** Set-Cookie headers to send with the response (a refreshed session) */
  readonly headers = new Headers();

  constructor(
    private readonly request: Request,
    private readonly session: ShopSession,
  ) {}

  get userId(): number {
    return this.session.get("userId")!;
  }
  get roles(): string[] {
    return this.session.get("roles") ?? [];
  }
  get isAdmin(): boolean {
    return hasAnyRole(this.roles, [ADMIN]);
  }

  private async refresh(): Promise<string> {
    const next = await sharedRefresh(this.session.get("refreshToken") ?? "");
    if (!next) {
      // the refresh failed: the user is logged out and sent to / (spec.md §8)
      throw redirect("/", { headers: { "Set-Cookie": await destroySession(this.request, this.session) } });
    }
    this.session.set("accessToken", next.accessToken);
    this.session.set("refreshToken", next.refreshToken);
    const claims = decodeAccessToken(next.accessToken);
    if (claims) this.session.set("roles", claims.roles);
    // a toast waiting in the cookie is the root loader's to show: do not hand it back in this cookie
    this.session.get("toast");
    this.headers.set("Set-Cookie", await commitSession(this.request, this.session));
    return next.accessToken;
  }

  /** A 303 with a toast, committing this session (with any refreshed tokens) once. */
  redirect(to: string, toast: Toast) {
    return redirectWithToast(this.request, to, toast, this.session);
  }

  /** Runs an authenticated API call; an expired token is refreshed once (before, when it is about to expire, or on 401). */
  async call<T>(fn: (token: string) => Promise<T>): Promise<T> {
    let token = this.session.get("accessToken") ?? "";
    const claims = decodeAccessToken(token);
    if (!claims || claims.exp * 1000 < Date.now() + 10_000) token = await this.refresh();
    try {
      return await fn(token);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      return fn(await this.refresh());
    }
  }
}

export async function getAuth(request: Request): Promise<Auth | null> {
  const session = await getSession(request);
  return session.get("userId") && session.get("accessToken") ? new Auth(request, session) : null;
}

function origin(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/**
 * The guard of spec.md §2: no user → /login remembering the origin; none of the allowed roles (case-insensitive) →
 * /unauthorized carrying the origin; a {userId} that is not the user's own (and the user is no admin) → /unauthorized.
 */
export async function requireAuth(
  request: Request,
  options: { roles?: string[]; userId?: string } = {},
): Promise<Auth> {
  const auth = await getAuth(request);
  const from = origin(request);
  if (!auth) throw redirect(`/login?redirectTo=${encodeURIComponent(from)}`);
  const unauthorized = redirect(`/unauthorized?from=${encodeURIComponent(from)}`);
  if (options.roles && !hasAnyRole(auth.roles, options.roles)) throw unauthorized;
  if (options.userId !== undefined && options.userId !== String(auth.userId) && !auth.isAdmin) throw unauthorized;
  return auth;
}
