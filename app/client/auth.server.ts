import { decodeJwt } from "jose";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod/v4";
import { LoginSchema } from "~/schemas/account";
import { getConfig } from "~/lib/env.server";
import { endSession, getSession, saveSession, type ShopSession, type Toast } from "~/client/session.server";
import { redirectWithToast } from "~/client/toast.server";
import { forgetRequestMemo, oncePerRequest, signInNeeded } from "~/lib/request-context.server";
import { loginHref } from "~/lib/safe-redirect";
import type { AnyApiRoute } from "~/api/define";
import { ApiError, callApi, endpoints, type CallInput, type CallResult } from "./api.server";

/**
 * The pages' side of signing in: remix-auth's form strategy signs in through /api/v1/auth like any other client,
 * the tokens live in the cookie session, and an expired access token is refreshed once and the call retried. A
 * refreshed session is recorded in the request's context and the server sends it with whatever the route answers
 * (docs/decisions/0031-session-seam.md): no route module handles the cookie.
 */

const REFRESH_COOKIE = "refreshToken";
const ADMIN = "ROLE_ADMIN";
const STAFF = "ROLE_STAFF";

const INVALID_LOGIN = "Invalid username or password";

/** A failed login, with the message to show under the form. */
export class LoginError extends Error {}

export interface AuthUser {
  userId: number;
  roles: string[];
  accessToken: string;
  refreshToken: string;
}

const ClaimsSchema = z.object({ id: z.number().int(), roles: z.array(z.string()), exp: z.number() });

/** The claims of a token the API gave us; read, not verified (the API verifies it on every call). */
function readAccessToken(token: string) {
  try {
    const claims = ClaimsSchema.safeParse(decodeJwt(token));
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}

function refreshTokenFrom(headers: Headers): string | undefined {
  for (const cookie of headers.getSetCookie()) {
    const [name, value] = (cookie.split(";")[0] ?? "").split("=");
    if (name?.trim() === REFRESH_COOKIE && value) return value.trim();
  }
  return undefined;
}

const withRefreshToken = (refreshToken: string) => new Headers({ cookie: `${REFRESH_COOKIE}=${refreshToken}` });

/**
 * What the API needs to know of the page's visitor for its per-client limits: the browser's X-Forwarded-For, passed
 * along only behind a trusted proxy (the API trusts it only then; otherwise it reads our own server's socket).
 */
export function callerHeaders(request: Request): Headers {
  const forwarded = request.headers.get("x-forwarded-for");
  return new Headers(getConfig().trustProxy && forwarded ? { "x-forwarded-for": forwarded } : {});
}

/** Signs in through the API; the refresh token comes back as the API's cookie and goes into our session. */
export async function apiLogin(credentials: { email: string; password: string }, request: Request) {
  const headers = callerHeaders(request);
  const answer = await callApi(endpoints.auth.login, { body: credentials, headers }).catch((error: unknown) => {
    // credentials the API cannot read (422: a control character in the e-mail) are no one's: the login page's message
    if (error instanceof ApiError) throw new LoginError(error.status === 422 ? INVALID_LOGIN : error.message);
    throw error;
  });
  const refreshToken = refreshTokenFrom(answer.headers);
  if (!refreshToken) throw new LoginError("The sign-in answer could not be read. Please try again.");
  return { accessToken: answer.data.accessToken, refreshToken };
}

/** A new pair of tokens for a refresh token, or null when the API refuses it. */
async function apiRefresh(refreshToken: string) {
  try {
    const answer = await callApi(endpoints.auth.refresh, { headers: withRefreshToken(refreshToken) });
    const next = refreshTokenFrom(answer.headers);
    return next ? { accessToken: answer.data.accessToken, refreshToken: next } : null;
  } catch (error) {
    // refused (401): logged out; the API unable to answer (5xx) is not a reason to end the session
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
}

export async function apiLogout(refreshToken: string) {
  await callApi(endpoints.auth.logout, { headers: withRefreshToken(refreshToken) });
}

export const authenticator = new Authenticator<AuthUser>();

/** Signs in through the API with an e-mail and a password: the user the session then keeps (LoginError if refused). */
export async function signInWith(
  credentials: { email: string; password: string },
  request: Request,
): Promise<AuthUser> {
  const tokens = await apiLogin(credentials, request);
  const claims = readAccessToken(tokens.accessToken);
  if (!claims) throw new LoginError("The sign-in answer could not be read. Please try again.");
  return { userId: claims.id, roles: claims.roles, ...tokens };
}

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = LoginSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
    if (!parsed.success) throw new LoginError(INVALID_LOGIN);
    return signInWith(parsed.data, request);
  }),
  "form",
);

/**
 * Refreshes in flight or just done, by refresh token. The loaders of one page (the root's and the route's) run at
 * the same time with the same cookie; they share one refresh instead of each making a call, and a late one within a
 * few seconds gets the same answer. Between processes (two app instances serving one user) the API's grace window
 * does the same job: a just-rotated token answers with its successor (services/accounts/sign-in.server.ts `refresh`).
 */
const refreshes = new Map<string, ReturnType<typeof apiRefresh>>();
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

export const hasAnyRole = (roles: string[], allowed: string[]) =>
  roles.some((role) => allowed.some((wanted) => wanted.toUpperCase() === role.toUpperCase()));

export const SESSION_ENDED = "Your session has ended. Please sign in again.";

/** The signed-in user of a request, with API calls that refresh an expired access token once and retry. */
export class Auth {
  /** the refresh this request made (or is making): one per request, whichever loader or action needs it first */
  private refreshing: Promise<string> | undefined;

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
  /** staff or an admin: may use the orders and stock pages */
  get isStaff(): boolean {
    return hasAnyRole(this.roles, [ADMIN, STAFF]);
  }

  private refresh(): Promise<string> {
    this.refreshing ??= this.refreshOnce();
    return this.refreshing;
  }

  private async refreshOnce(): Promise<string> {
    const next = await sharedRefresh(this.session.get("refreshToken") ?? "");
    if (!next) {
      // the refresh failed (expired, revoked): the user is logged out and told why; a page that needs a signed-in user
      // sends them to sign in and come back to it, any other to / (docs/product.md#logout)
      await endSession(this.request, this.session);
      const url = new URL(this.request.url);
      const to = signInNeeded() ? loginHref(url) : "/";
      throw await redirectWithToast(this.request, to, { type: "info", message: SESSION_ENDED });
    }
    this.session.set("accessToken", next.accessToken);
    this.session.set("refreshToken", next.refreshToken);
    const claims = readAccessToken(next.accessToken);
    if (claims) this.session.set("roles", claims.roles);
    await saveSession(this.request, this.session);
    return next.accessToken;
  }

  /** A 303 with a toast (the session, refreshed or not, goes with the answer by itself). */
  redirect(to: string, toast: Toast) {
    return redirectWithToast(this.request, to, toast);
  }

  /** Runs an authenticated call; an expired token is refreshed once (before, when it is about to expire, or on 401). */
  async call<T>(fn: (token: string) => Promise<T>): Promise<T> {
    let token = this.session.get("accessToken") ?? "";
    const claims = readAccessToken(token);
    if (!claims || claims.exp * 1000 < Date.now() + 10_000) token = await this.refresh();
    try {
      return await fn(token);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      // a token refreshed a moment ago by another loader of this request is not refused: this one was stale
      const fresh = this.session.get("accessToken") ?? "";
      return fn(fresh !== token ? fresh : await this.refreshAgain());
    }
  }

  /** A 401 for the token of this request's refresh: the API ended the session since; one more try decides. */
  private refreshAgain(): Promise<string> {
    this.refreshing = this.refreshOnce();
    return this.refreshing;
  }

  /** Calls an API route as this user (see `call`). */
  api<R extends AnyApiRoute>(route: R, input: CallInput<R>): Promise<CallResult<R>> {
    return this.call((token) => callApi(route, { ...input, token }));
  }
}

/**
 * A 303 to `to` with a toast, in a browser whose session is over: after a password reset (every session of the
 * account was ended), a confirmed e-mail change seen signed out, or a deleted account. A session of another
 * account still in the cookie is logged out properly first.
 */
export async function signedOutRedirect(request: Request, to: string, toast: Toast) {
  const session = await getSession(request);
  const refreshToken = session.get("refreshToken");
  if (refreshToken) await apiLogout(refreshToken).catch(() => undefined);
  if (session.has("userId") || refreshToken) await endSession(request, session);
  forgetRequestMemo();
  return redirectWithToast(request, to, toast);
}

/**
 * The signed-in user of a request, or null for a visitor. One per request: the root's and the route's loaders (and
 * an action) share it, so a refresh happens once and every loader uses its tokens.
 */
export function getAuth(request: Request): Promise<Auth | null> {
  return oncePerRequest("page-auth", async () => {
    const session = await getSession(request);
    return session.get("userId") && session.get("accessToken") ? new Auth(request, session) : null;
  });
}

/** Keeps a user who just signed in (their tokens) in the session. */
export async function startSession(request: Request, user: AuthUser): Promise<void> {
  const session = await getSession(request);
  session.set("userId", user.userId);
  session.set("roles", user.roles);
  session.set("accessToken", user.accessToken);
  session.set("refreshToken", user.refreshToken);
  await saveSession(request, session);
  forgetRequestMemo();
}

/** Signs out: the refresh token is revoked through the API (a failure is logged, not shown) and the session ended. */
export async function signOut(request: Request, onRevokeFailed: (error: unknown) => void): Promise<void> {
  const session = await getSession(request);
  const refreshToken = session.get("refreshToken");
  if (refreshToken) await apiLogout(refreshToken).catch(onRevokeFailed);
  await endSession(request, session);
  forgetRequestMemo();
}
