import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { getConfig } from "~/lib/env.server";
import type { Actor } from "../access";

const encoder = new TextEncoder();
export const REFRESH_TOKEN_DAYS = 30;

function key() {
  return encoder.encode(getConfig().jwtSecret);
}

/**
 * A short-lived HS256 access token with the claims of docs/api.md#authentication (id, roles, sub: the e-mail, iat, exp)
 * and `sid`, the session it belongs to (the refresh-token family of one login): the API checks on every call that the
 * session has not ended, so logging out or a revocation ends access at once rather than when the token expires.
 */
export async function signAccessToken(
  user: { id: number; email: string; roles: string[] },
  sessionId: string,
): Promise<string> {
  return new SignJWT({ id: user.id, roles: user.roles, sid: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.email)
    .setIssuedAt()
    .setExpirationTime(`${getConfig().accessTokenTtlSeconds}s`)
    .sign(key());
}

/**
 * The actor and session of a token signed by us, unexpired and complete, or null. A token without `exp` (it would
 * never expire) or without a session is refused however well it is signed. Whether the session is still open is the
 * caller's check (auth.server.ts `authenticate`).
 */
export async function verifyAccessToken(token: string): Promise<(Actor & { sessionId: string }) | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ["HS256"], requiredClaims: ["exp", "iat"] });
    const { id, roles, sid } = payload;
    if (!Number.isSafeInteger(id) || typeof sid !== "string" || !sid) return null;
    if (!Array.isArray(roles) || !roles.every((r) => typeof r === "string")) return null;
    return { id: id as number, roles, sessionId: sid };
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

// ---------------------------------------------------------------- the successor of a rotated refresh token

const BOX_VERSION = "v1";
const BOX_INFO = "gearhub refresh-token successor v1";

/** An AES-256 key that only the holder of `token` can derive (HKDF-SHA256; the salt is stored with the box). */
function successorKey(token: string, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(token, "utf8"), salt, BOX_INFO, 32));
}

/** What a rotation handed out: the new refresh token and the access token that came with it. */
export interface SuccessorPair {
  refreshToken: string;
  accessToken: string;
}

/**
 * Seals the tokens that replaced `token` so that only a holder of `token` can read them: AES-256-GCM under a key
 * derived from `token`, which the database never holds (it keeps its sha-256 only). A leaked row gives nothing usable.
 * Format: `v1.<salt>.<iv>.<ciphertext>.<tag>`, base64url parts.
 */
export function sealSuccessor(token: string, successor: SuccessorPair): string {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", successorKey(token, salt), iv);
  cipher.setAAD(Buffer.from(BOX_VERSION));
  const plain = JSON.stringify({ r: successor.refreshToken, a: successor.accessToken });
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [BOX_VERSION, salt, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The tokens sealed in `box`, or null when `token` is not the one they were sealed for (or the box was altered). */
export function openSuccessor(token: string, box: string): SuccessorPair | null {
  const [version, salt, iv, sealed, tag, ...rest] = box.split(".");
  if (version !== BOX_VERSION || !salt || !iv || !sealed || !tag || rest.length > 0) return null;
  try {
    const authTag = Buffer.from(tag, "base64url");
    // a full-length tag only: a shortened one would be easier to forge
    if (authTag.length !== 16) return null;
    const decipher = createDecipheriv(
      "aes-256-gcm",
      successorKey(token, Buffer.from(salt, "base64url")),
      Buffer.from(iv, "base64url"),
      { authTagLength: 16 },
    );
    decipher.setAAD(Buffer.from(BOX_VERSION));
    decipher.setAuthTag(authTag);
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]);
    const pair = JSON.parse(plain.toString("utf8")) as { r?: unknown; a?: unknown };
    return typeof pair.r === "string" && typeof pair.a === "string"
      ? { refreshToken: pair.r, accessToken: pair.a }
      : null;
  } catch {
    return null;
  }
}
