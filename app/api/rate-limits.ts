import type { Actor } from "~/services/access";
import { countEvent, type WindowRule } from "~/services/rate-limit.server";
import { getConfig } from "~/lib/env.server";
import type { AnyApiRoute, ApiRequest } from "./define";

const HOUR = 3600;

/**
 * The per-caller limits of a route (define.ts `rateLimit`), counted before its body is read: writes per user (or per
 * client address when anonymous), accounts per client address, payment attempts per user. A caller nobody can tell
 * apart (no token, no known address) is not counted: one shared bucket would let anyone shut everyone out.
 */
export async function applyRateLimits(route: AnyApiRoute, request: ApiRequest, actor: Actor | null) {
  if (route.rateLimit === false || route.method === "get") return;
  const limits = getConfig().rateLimits;
  const caller = actor ? `user:${actor.id}` : request.clientAddress ? `client:${request.clientAddress}` : undefined;
  const rules: WindowRule[] = [];
  if (caller) rules.push({ key: `writes:${caller}`, max: limits.writesPerMinute, windowSeconds: 60 });
  if (route.rateLimit === "registration" && request.clientAddress) {
    rules.push({ key: `register:${request.clientAddress}`, max: limits.registrationsPerHour, windowSeconds: HOUR });
  }
  if (route.rateLimit === "checkout" && caller) {
    rules.push({ key: `checkout:${caller}`, max: limits.checkoutsPerHour, windowSeconds: HOUR });
  }
  if (rules.length === 0) return;
  await countEvent(rules, tooMany(route.rateLimit));
}

function tooMany(kind: AnyApiRoute["rateLimit"]) {
  if (kind === "registration") return "Too many accounts were created from your network. Please try again later.";
  if (kind === "checkout") return "Too many payment attempts. Please wait a little before trying again.";
  return "Too many requests. Please slow down and try again in a moment.";
}
