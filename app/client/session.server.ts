import { createCookie, createCookieSessionStorage, type Cookie, type Session } from "@remix-run/node";
import { cameOverHttps, getConfig } from "../lib/env.server";
import { setResponseCookie } from "../lib/request-context.server";

/**
 * The pages' two cookies (docs/decisions/0031-session-seam.md): `__session` holds who is signed in (the API's tokens),
 * `__flash` the one message to show on the next page (the toast). Nothing here returns a Set-Cookie header: a change
 * is recorded in the request's context, and the server adds it to whatever the route answers
 * (app/server/page-session.server.ts). So no route module ever carries a cookie by hand.
 */

export interface Toast {
  type: "success" | "error" | "info";
  message: string;
}

export interface SessionData {
  userId: number;
  roles: string[];
  accessToken: string;
  refreshToken: string;
}

export type ShopSession = Session<SessionData>;

export const SESSION_COOKIE = "__session";
export const FLASH_COOKIE = "__flash";

const storages = new Map<boolean, ReturnType<typeof createCookieSessionStorage<SessionData>>>();
const flashCookies = new Map<boolean, Cookie>();

export function isHttps(request: Request) {
  return cameOverHttps(request.url, request.headers.get("x-forwarded-proto"));
}

function storageFor(request: Request) {
  const secure = isHttps(request);
  let storage = storages.get(secure);
  if (!storage) {
    storage = createCookieSessionStorage<SessionData>({
      cookie: {
        name: SESSION_COOKIE,
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure,
        secrets: [getConfig().sessionSecret],
        maxAge: 30 * 86_400,
      },
    });
    storages.set(secure, storage);
  }
  return storage;
}

/** The flash cookie: signed (a message no one else wrote), short-lived (it is read on the very next page). */
function flashCookieFor(request: Request) {
  const secure = isHttps(request);
  let cookie = flashCookies.get(secure);
  if (!cookie) {
    cookie = createCookie(FLASH_COOKIE, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      secrets: [getConfig().sessionSecret],
      maxAge: 10 * 60,
    });
    flashCookies.set(secure, cookie);
  }
  return cookie;
}

export function getSession(request: Request): Promise<ShopSession> {
  return storageFor(request).getSession(request.headers.get("Cookie"));
}

/** Keeps `session` (new or refreshed tokens) in the browser: recorded for this request's answer. */
export async function saveSession(request: Request, session: ShopSession): Promise<void> {
  setResponseCookie(SESSION_COOKIE, await storageFor(request).commitSession(session));
}

/** Ends the session in the browser (signed out): recorded for this request's answer. */
export async function endSession(request: Request, session?: ShopSession): Promise<void> {
  const current = session ?? (await getSession(request));
  setResponseCookie(SESSION_COOKIE, await storageFor(request).destroySession(current));
}

/** A message for the next page (recorded for this request's answer). */
export async function flashToast(request: Request, toast: Toast): Promise<void> {
  setResponseCookie(FLASH_COOKIE, await flashCookieFor(request).serialize(toast));
}

const ToastTypes = new Set(["success", "error", "info"]);

function readToast(value: unknown): Toast | null {
  if (typeof value !== "object" || value === null) return null;
  const { type, message } = value as Record<string, unknown>;
  return typeof type === "string" && ToastTypes.has(type) && typeof message === "string"
    ? { type: type as Toast["type"], message }
    : null;
}

/**
 * Reads the message waiting for this page and consumes it (the cookie is cleared in this answer, unless the request
 * itself left a new message for the next page).
 */
export async function takeToast(request: Request): Promise<Toast | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${FLASH_COOKIE}=`)) return null;
  const cookie = flashCookieFor(request);
  const toast = readToast(await cookie.parse(header).catch(() => null));
  setResponseCookie(FLASH_COOKIE, await cookie.serialize("", { maxAge: 0, expires: new Date(0) }), { keep: true });
  return toast;
}
