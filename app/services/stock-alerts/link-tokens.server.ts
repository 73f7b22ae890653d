// The tokens of the stock-alert mails' links (docs/decisions/0046-back-in-stock-alerts.md): an HMAC keyed with a key
// derived by HKDF from the shop's secret for this one purpose, so the JWT signing key itself never signs a link.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { getConfig } from "~/lib/env.server";

/** HKDF's info: binds the derived key to the stock-alert links (another purpose derives another key). */
export const LINK_KEY_INFO = "stock-alert-links";

/** The links' key, derived from a secret (SHA-256, no salt: the secret is already a high-entropy key). */
export function linkKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), LINK_KEY_INFO, 32));
}

function sign(purpose: string, subject: string, key: Buffer | string = linkKey(getConfig().jwtSecret)): string {
  return createHmac("sha256", key).update(`stock-alert-${purpose}:${subject}`).digest("base64url");
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The confirmation link's token: the subscription's id and its signature. */
export function confirmToken(alertId: number): string {
  return `${alertId}.${sign("confirm", String(alertId))}`;
}

/** The unsubscribe link's token: the address (base64url) and its signature; it stops every alert to the address. */
export function unsubscribeToken(email: string): string {
  const address = email.toLowerCase();
  return `${Buffer.from(address).toString("base64url")}.${sign("unsubscribe", address)}`;
}

/** The subscription a confirmation token names, or null when it is malformed or not signed with the links' key. */
export function alertOfToken(token: string): number | null {
  const match = /^(\d{1,10})\.([\w-]{43})$/.exec(token.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && id <= 2_147_483_647 && sameSignature(sign("confirm", String(id)), match[2]!) ? id : null;
}

/** The address an unsubscribe token names, or null when it is malformed or not signed with the links' key. */
export function emailOfToken(token: string): string | null {
  const match = /^([\w-]{1,400})\.([\w-]{43})$/.exec(token.trim());
  if (!match) return null;
  const email = Buffer.from(match[1]!, "base64url").toString("utf8");
  // links mailed (or rendered into a queued alert's mail) before the derived key, signed with the secret itself, still
  // unsubscribe: stopping mail is never harmful, and a mail's unsubscribe link must keep working
  const signedWith = (key?: string) => sameSignature(sign("unsubscribe", email, key), match[2]!);
  return signedWith() || signedWith(getConfig().jwtSecret) ? email : null;
}
