import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { LoginSchema, TokenSchema } from "~/schemas/account";
import { login, logout, refresh, type Tokens } from "~/services/auth.server";
import { REFRESH_TOKEN_DAYS } from "~/services/tokens.server";
import { cameOverHttps } from "~/utils/env.server";
import { clientAddress } from "../client-address";
import type { ApiEnv } from "../context";
import type { ApiRouter } from "../define";

export const REFRESH_COOKIE = "refreshToken";
const COOKIE_PATH = "/api/v1/auth";

function isHttps(c: Context<ApiEnv>) {
  return cameOverHttps(c.req.url, c.req.header("x-forwarded-proto"));
}

function answer(c: Context<ApiEnv>, tokens: Tokens, message: string) {
  setCookie(c, REFRESH_COOKIE, tokens.refreshToken, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(c),
    path: COOKIE_PATH,
    maxAge: REFRESH_TOKEN_DAYS * 86_400,
  });
  c.header("Cache-Control", "no-store");
  return c.json({ message, accessToken: tokens.accessToken, data: { accessToken: tokens.accessToken } });
}

export function registerAuthRoutes(api: ApiRouter) {
  api.route(
    {
      method: "post",
      path: "/auth/login",
      tag: "auth",
      summary: "Sign in: an access token, and a refresh token in an HttpOnly cookie",
      body: LoginSchema,
      bodyType: "json-or-form",
      response: TokenSchema,
    },
    async ({ c, body }) =>
      answer(
        c,
        await login({ email: body.email, password: body.password, clientAddress: clientAddress(c) }),
        "Login successful",
      ),
  );

  api.route(
    {
      method: "post",
      path: "/auth/refresh-token",
      tag: "auth",
      summary: "A new access token for the refresh-token cookie (rotated)",
      response: TokenSchema,
    },
    async ({ c }) => {
      try {
        return answer(c, await refresh({ refreshToken: getCookie(c, REFRESH_COOKIE) }), "Token refreshed");
      } catch (error) {
        deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH });
        throw error;
      }
    },
  );

  api.route(
    { method: "post", path: "/auth/logout", tag: "auth", summary: "Revokes the refresh token and clears its cookie" },
    async ({ c }) => {
      await logout({ refreshToken: getCookie(c, REFRESH_COOKIE) });
      deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH });
      return { message: "Logged out" };
    },
  );
}
