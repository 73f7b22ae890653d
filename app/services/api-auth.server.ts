import { getConfig } from "~/utils/env.server";
import { apiError, apiFetch } from "./api-client.server";

/** A failed login, with the message to show under the form. */
export class LoginError extends Error {}

const REFRESH_COOKIE = "refreshToken";

function refreshTokenFrom(response: Response): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const [name, value] = (pair ?? "").split("=");
    if (name?.trim() === REFRESH_COOKIE && value) return value.trim();
  }
  return undefined;
}

function forwardedFor(request: Request): Record<string, string> {
  // the API trusts X-Forwarded-For only behind a trusted proxy; pass the browser's along in that case
  const header = request.headers.get("x-forwarded-for");
  return getConfig().trustProxy && header ? { "x-forwarded-for": header } : {};
}

/** Signs in through the API; the refresh token comes back as the API's cookie and goes into our session. */
export async function apiLogin(credentials: { email: string; password: string }, request: Request) {
  const response = await apiFetch("/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json", ...forwardedFor(request) },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new LoginError((await apiError(response)).message);
  const body = (await response.json()) as { accessToken?: string };
  const refreshToken = refreshTokenFrom(response);
  if (!body.accessToken || !refreshToken)
    throw new LoginError("The sign-in answer could not be read. Please try again.");
  return { accessToken: body.accessToken, refreshToken };
}

/** A new pair of tokens for a refresh token, or null when the API refuses it. */
export async function apiRefresh(refreshToken: string) {
  const response = await apiFetch("/auth/refresh-token", {
    method: "POST",
    headers: { cookie: `${REFRESH_COOKIE}=${refreshToken}` },
  });
  if (!response.ok) return null;
  const body = (await response.json()) as { accessToken?: string };
  const next = refreshTokenFrom(response);
  return body.accessToken && next ? { accessToken: body.accessToken, refreshToken: next } : null;
}

export async function apiLogout(refreshToken: string) {
  await apiFetch("/auth/logout", { method: "POST", headers: { cookie: `${REFRESH_COOKIE}=${refreshToken}` } });
}
