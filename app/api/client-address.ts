import { isIP } from "node:net";
import { getConfig } from "~/lib/env.server";
import { currentSocketAddress } from "~/lib/request-context.server";

/**
 * The caller's network address for rate limits: behind trusted proxies (TRUST_PROXY), the X-Forwarded-For hop that
 * the outermost of them added (TRUST_PROXY_HOPS from the right: proxies append, so hops further left are whatever the
 * client sent); else the socket's address (given by the transport, or by scripts/server.mjs for the request being
 * served); else unknown. IPv4-mapped IPv6 addresses read as IPv4; an IPv6 address counts as its /64, the block one
 * subscriber gets, so an attacker cannot take a fresh address for every attempt.
 */
export function clientAddress(forwardedFor: string | undefined, socketAddress: string | undefined): string | undefined {
  const config = getConfig();
  if (config.trustProxy && forwardedFor) {
    const hops = forwardedFor.split(",").map((hop) => hop.trim());
    const forwarded = normalise(withoutPort(hops[Math.max(0, hops.length - config.proxyHops)]));
    if (forwarded) return forwarded;
  }
  return normalise(socketAddress ?? currentSocketAddress());
}

/** "203.0.113.7:4711" → "203.0.113.7", "[2001:db8::1]:443" → "2001:db8::1" (some proxies add the port). */
function withoutPort(hop: string | undefined): string | undefined {
  if (!hop) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hop);
  if (bracketed) return bracketed[1];
  const v4 = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(hop);
  return v4 ? v4[1] : hop;
}

function normalise(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const kind = isIP(address);
  if (kind === 4) return address;
  if (kind !== 6) return undefined;
  return `${ipv6Prefix64(address)}::/64`;
}

/** The first four groups of an IPv6 address, expanded ("2001:db8::1" → "2001:db8:0:0"). */
function ipv6Prefix64(address: string): string {
  const plain = address.split("%")[0]!.toLowerCase();
  const [head = "", tail = ""] = plain.split("::");
  const left = head ? head.split(":") : [];
  const right = plain.includes("::") ? (tail ? tail.split(":") : []) : [];
  const groups = plain.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return groups
    .slice(0, 4)
    .map((g) => String(parseInt(g, 16).toString(16)))
    .join(":");
}
