import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getConfig } from "~/lib/env.server";
import {
  alertOfToken,
  confirmToken,
  emailOfToken,
  linkKey,
  unsubscribeToken,
} from "~/services/stock-alerts/link-tokens.server";

// The stock-alert links are signed with a key derived by HKDF for them, never with the JWT key itself
// (docs/decisions/0046-back-in-stock-alerts.md).
const rawlySigned = (purpose: string, subject: string) =>
  createHmac("sha256", getConfig().jwtSecret).update(`stock-alert-${purpose}:${subject}`).digest("base64url");

describe("stock-alert link tokens", () => {
  it("verify when made by the helpers", () => {
    expect(alertOfToken(confirmToken(42))).toBe(42);
    expect(emailOfToken(unsubscribeToken("Ann@Example.com"))).toBe("ann@example.com");
  });

  it("confirm only when signed with the derived key; an unsubscribe link signed with the secret itself (mailed before) still stops", () => {
    expect(alertOfToken(`42.${rawlySigned("confirm", "42")}`)).toBeNull();
    const address = "ann@example.com";
    const encoded = Buffer.from(address).toString("base64url");
    expect(emailOfToken(`${encoded}.${rawlySigned("unsubscribe", address)}`)).toBe(address);
    // but not a signature of another purpose, or of another address
    expect(emailOfToken(`${encoded}.${rawlySigned("confirm", address)}`)).toBeNull();
    expect(emailOfToken(`${encoded}.${rawlySigned("unsubscribe", "bob@example.com")}`)).toBeNull();
  });

  it("derive a key of their own: not the secret, and another from another secret", () => {
    const secret = getConfig().jwtSecret;
    expect(linkKey(secret)).toHaveLength(32);
    expect(linkKey(secret).equals(Buffer.from(secret))).toBe(false);
    expect(linkKey(secret).equals(linkKey(`${secret}x`))).toBe(false);
  });

  it("refuse a tampered signature or subject", () => {
    const token = confirmToken(7);
    expect(alertOfToken(token.replace(/^7\./, "8."))).toBeNull();
    expect(alertOfToken(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeNull();
  });
});
