import type { Context } from "hono";
import { getConfig } from "~/utils/env.server";
import type { ApiEnv } from "./context";

/**
 * The caller's network address for rate limits: the first X-Forwarded-For hop behind a trusted proxy, the socket's
 * address when served by @hono/node-server, otherwise unknown.
 */
export function clientAddress(c: Context<ApiEnv>): string | undefined {
  if (getConfig().trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}
