import { serialize, type CookieOptions } from "hono/utils/cookie";
import { LoginSchema, TokenSchema } from "~/schemas/account";
import { login, logout, refresh, type Tokens } from "~/services/auth.server";
import { DomainError } from "~/services/errors";
import { REFRESH_TOKEN_DAYS } from "~/services/tokens.server";
import { defineRoute, type ApiRequest } from "../define";
import { domainErrorResponse } from "../errors";

export const REFRESH_COOKIE = "refreshToken";
const COOKIE_PATH = "/api/v1/auth";

function refreshCookie(request: ApiRequest, value: string, maxAge: number) {
  const options: CookieOptions = { httpOnly: true, sameSite: "Lax", secure: request.https, path: COOKIE_PATH, maxAge };
  return serialize(REFRESH_COOKIE, value, options);
}

/** The tokens: the access token in the body (top level too, for the reference client), the refresh token a cookie. */
function tokenReply(request: ApiRequest, tokens: Tokens, message: string) {
  return {
    message,
    data: { accessToken: tokens.accessToken },
    extra: { accessToken: tokens.accessToken },
    headers: {
      "Set-Cookie": refreshCookie(request, tokens.refreshToken, REFRESH_TOKEN_DAYS * 86_400),
      "Cache-Control": "no-store",
    },
  };
}

export const authRoutes = {
  login: defineRoute(
    {
      method: "post",
      path: "/auth/login",
      rateLimit: false,
      tag: "auth",
      summary: "Sign in: an access token, and a refresh token in an HttpOnly cookie",
      body: LoginSchema,
      bodyType: "json-or-form",
      response: TokenSchema,
    },
    async ({ body, request }) => {
      const tokens = await login({ email: body.email, password: body.password, clientAddress: request.clientAddress });
      return tokenReply(request, tokens, "Login successful");
    },
  ),

  refresh: defineRoute(
    {
      method: "post",
      path: "/auth/refresh-token",
      tag: "auth",
      summary: "A new access token for the refresh-token cookie (rotated)",
      response: TokenSchema,
    },
    async ({ request }) => {
      try {
        return tokenReply(request, await refresh({ refreshToken: request.cookie(REFRESH_COOKIE) }), "Token refreshed");
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        // a refused refresh token is of no more use: the browser forgets it
        return domainErrorResponse(error, request.requestId, { "Set-Cookie": refreshCookie(request, "", 0) });
      }
    },
  ),

  logout: defineRoute(
    { method: "post", path: "/auth/logout", tag: "auth", summary: "Revokes the refresh token and clears its cookie" },
    async ({ request }) => {
      await logout({ refreshToken: request.cookie(REFRESH_COOKIE) });
      return { message: "Logged out", headers: { "Set-Cookie": refreshCookie(request, "", 0) } };
    },
  ),
};
