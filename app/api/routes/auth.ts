import { serialize, type CookieOptions } from "hono/utils/cookie";
import { ForgotPasswordSchema, LinkSchema, LoginSchema, ResetPasswordSchema, TokenSchema } from "~/schemas/account";
import { login, logout, refresh, type Tokens } from "~/services/accounts/sign-in.server";
import { DomainError } from "~/services/errors";
import {
  checkPasswordResetLink,
  PASSWORD_RESET_DONE,
  RESET_REQUESTED,
  requestPasswordReset,
  resetPassword,
} from "~/services/accounts/password-reset.server";
import { REFRESH_TOKEN_DAYS } from "~/services/accounts/tokens.server";
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

  forgotPassword: defineRoute(
    {
      method: "post",
      path: "/auth/forgot-password",
      tag: "auth",
      summary:
        "Mails a single-use password reset link (1 hour) if the address has an account; the same 202 answer either way",
      body: ForgotPasswordSchema,
      status: 202,
      errorStatuses: { "429": "Too many resets asked for from this client address (Retry-After)" },
    },
    async ({ body, request }) => {
      await requestPasswordReset({ email: body.email, clientAddress: request.clientAddress });
      return { message: RESET_REQUESTED, status: 202, headers: { "Cache-Control": "no-store" } };
    },
  ),

  resetPassword: defineRoute(
    {
      method: "post",
      path: "/auth/reset-password",
      tag: "auth",
      summary:
        "Sets a new password with a reset link's token: the link is spent and every session of the account is ended",
      body: ResetPasswordSchema,
      errorStatuses: {
        "400": "The token is no reset link of ours",
        "410": "The link was used, replaced by a newer one, or has expired",
      },
    },
    async ({ body }) => {
      await resetPassword({ token: body.token, password: body.password });
      return { message: PASSWORD_RESET_DONE };
    },
  ),

  checkResetLink: defineRoute(
    {
      method: "post",
      path: "/auth/reset-password/check",
      tag: "auth",
      summary: "Whether a reset link's token can still be used (nothing is spent): the reset page asks before the form",
      body: LinkSchema,
      errorStatuses: {
        "400": "The token is no reset link of ours",
        "410": "The link was used, replaced by a newer one, or has expired",
      },
    },
    async ({ body }) => {
      await checkPasswordResetLink({ token: body.token });
      return { message: "This link can be used." };
    },
  ),
};
