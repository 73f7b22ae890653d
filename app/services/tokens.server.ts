import { createHash, randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { getConfig } from "~/utils/env.server";
import type { Actor } from "./access";

const encoder = new TextEncoder();
export const REFRESH_TOKEN_DAYS = 30;

function key() {
  return encoder.encode(getConfig().jwtSecret);
}

/** A short-lived HS256 access token with the claims of api-v1.md: id, roles, sub (the e-mail), iat, exp. */
export async function signAccessToken(user: { id: number; email: string; roles: string[] }): Promise<string> {
  return new SignJWT({ id: user.id, roles: user.roles })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.email)
    .setIssuedAt()
    .setExpirationTime(`${getConfig().accessTokenTtlSeconds}s`)
    .sign(key());
}

/** The actor of a valid, unexpired token, or null. */
export async function verifyAccessToken(token: string): Promise<Actor | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ["HS256"] });
    const id = payload.id;
    const roles = payload.roles;
    if (typeof id !== "number" || !Array.isArray(roles) || !roles.every((r) => typeof r === "string")) return null;
    return { id, roles };
  } catch {
    return null;
  }
}

/** Reads the claims without verifying (the UI reads roles from a token the API just gave it). */
export function decodeAccessToken(token: string): { id: number; roles: string[]; exp: number } | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload.id === "number" && Array.isArray(payload.roles) ? payload : null;
  } catch {
    return null;
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
