import { getConfig } from "~/utils/env.server";

/**
 * The caller's network address for rate limits: the first X-Forwarded-For hop behind a trusted proxy, else the
 * socket's address when the transport knows it, else unknown.
 */
export function clientAddress(forwardedFor: string | undefined, socketAddress: string | undefined): string | undefined {
  if (getConfig().trustProxy) {
    const forwarded = forwardedFor?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress;
}
