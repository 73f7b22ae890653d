import { describe, expect, it } from "vitest";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  permissionsPolicy,
} from "~/server/security-headers.server";

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split("; ").map((part) => {
      const [name, ...sources] = part.split(" ");
      return [name!, sources];
    }),
  );

describe("the Content-Security-Policy", () => {
  it("in production without Stripe: the nonce, no third party, nothing inline but style attributes", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc", stripe: false, https: false, development: false }));
    expect(policy["script-src"]).toEqual(["'nonce-abc'", "'strict-dynamic'", "'self'"]);
    expect(policy["style-src"]).toEqual(["'self'"]);
    expect(policy["connect-src"]).toEqual(["'self'"]);
    expect(policy["frame-src"]).toEqual(["'none'"]);
    expect(policy["form-action"]).toEqual(["'self'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'none'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["upgrade-insecure-requests"]).toBeUndefined();
  });

  it("with Stripe: Stripe.js, its frames, its API, its images and its hosted Checkout", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc", stripe: true, https: true, development: false }));
    expect(policy["script-src"]).toContain("https://js.stripe.com");
    expect(policy["frame-src"]).toEqual([
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://hooks.stripe.com",
    ]);
    expect(policy["connect-src"]).toEqual(["'self'", "https://api.stripe.com"]);
    expect(policy["form-action"]).toEqual(["'self'", "https://checkout.stripe.com"]);
    expect(policy["upgrade-insecure-requests"]).toEqual([]);
  });

  it("under `npm run dev`: Vite's HMR socket and injected styles, still no eval and no inline script", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc", stripe: false, https: false, development: true }));
    expect(policy["connect-src"]).toEqual(["'self'", "ws:", "wss:"]);
    expect(policy["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy["script-src"]).toEqual(["'nonce-abc'", "'strict-dynamic'", "'self'"]);
  });

  it("a nonce is 128 random bits, new each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("the other headers", () => {
  it("HSTS only over https; payment only for Stripe", () => {
    expect(baseSecurityHeaders(false)["Strict-Transport-Security"]).toBeUndefined();
    expect(baseSecurityHeaders(true)["Strict-Transport-Security"]).toBe("max-age=31536000");
    expect(baseSecurityHeaders(false)["X-Content-Type-Options"]).toBe("nosniff");
    expect(permissionsPolicy(false)).toContain("payment=()");
    expect(permissionsPolicy(true)).toContain('payment=(self "https://js.stripe.com")');
    expect(permissionsPolicy(true)).toContain("camera=()");
  });
});
