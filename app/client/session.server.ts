import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { cameOverHttps, getConfig } from "../lib/env.server";

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

interface FlashData {
  toast: Toast;
}

export type ShopSession = Session<SessionData, FlashData>;

const storages = new Map<boolean, ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>>>();

export function isHttps(request: Request) {
  return cameOverHttps(request.url, request.headers.get("x-forwarded-proto"));
}

function storageFor(request: Request) {
  const secure = isHttps(request);
  let storage = storages.get(secure);
  if (!storage) {
    storage = createCookieSessionStorage<SessionData, FlashData>({
      cookie: {
        name: "__session",
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

export function getSession(request: Request): Promise<ShopSession> {
  return storageFor(request).getSession(request.headers.get("Cookie"));
}

export function commitSession(request: Request, session: ShopSession): Promise<string> {
  return storageFor(request).commitSession(session);
}

export function destroySession(request: Request, session: ShopSession): Promise<string> {
  return storageFor(request).destroySession(session);
}
