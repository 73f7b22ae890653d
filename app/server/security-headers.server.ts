import { randomBytes } from "node:crypto";
import { cameOverHttps, getConfig } from "~/lib/env.server";

/**
 * The security headers of the shop's answers (docs/decisions/0016-security-headers-and-logs.md). Every answer gets
 * the base headers (scripts/server.mjs sets them on static files and the API too); HTML documents also get a
 * Content-Security-Policy with a nonce made for that answer alone.
 */

/** Stripe.js and Elements, only when Stripe is configured (Stripe's published list for Stripe.js and Checkout). */
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
  img: ["https://*.stripe.com"],
  // the form without JavaScript posts to our action, which redirects to Stripe's hosted Checkout: browsers apply
  // form-action to that redirect too
  formAction: ["https://checkout.stripe.com"],
};

export interface PolicyOptions {
  nonce: string;
  stripe: boolean;
  https: boolean;
  /** `remix vite:dev`: Vite's HMR client needs a websocket and evaluates updated modules */
  development: boolean;
}

/** A fresh nonce: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy({ nonce, stripe, https, development }: PolicyOptions): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'strict-dynamic': the nonced entry scripts may load the route modules (and Stripe.js) they import; 'self' is
    // there for browsers that know nonces but not 'strict-dynamic' (CSP 2), which ignore 'strict-dynamic'
    "script-src": [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'", ...(stripe ? STRIPE.script : [])],
    // React and Headless UI set style attributes; no <style> element is ever rendered
    "style-src": ["'self'"],
    "style-src-attr": ["'unsafe-inline'"],
    // blob: the previews of the images an admin is about to upload
    "img-src": ["'self'", "blob:", ...(stripe ? STRIPE.img : [])],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(stripe ? STRIPE.connect : []), ...(development ? ["ws:", "wss:"] : [])],
    "frame-src": stripe ? STRIPE.frame : ["'none'"],
    "worker-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'", ...(stripe ? STRIPE.formAction : [])],
    "frame-ancestors": ["'none'"],
  };
  if (development) {
    // Vite injects the CSS of a changed module as <style> elements
    directives["style-src"] = ["'self'", "'unsafe-inline'"];
  }
  const parts = Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(" ")}`);
  if (https) parts.push("upgrade-insecure-requests");
  return parts.join("; ");
}

/** What a shop may ask of the browser: nothing but payments, and those only through Stripe. */
export function permissionsPolicy(stripe: boolean): string {
  const off = [
    "accelerometer",
    "autoplay",
    "camera",
    "display-capture",
    "geolocation",
    "gyroscope",
    "magnetometer",
    "microphone",
    "midi",
    "usb",
    "browsing-topics",
  ].map((feature) => `${feature}=()`);
  return [...off, stripe ? 'payment=(self "https://js.stripe.com")' : "payment=()"].join(", ");
}

/** The headers of every answer: HTML, JSON, images, static files. */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000" } : {}),
  };
}

/** Whether this request reached us over HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto). */
export function requestCameOverHttps(request: Request): boolean {
  return cameOverHttps(request.url, request.headers.get("x-forwarded-proto"));
}

/** Sets the base headers on any answer the app makes (data requests, resource routes). */
export function applyBaseSecurityHeaders(request: Request, headers: Headers) {
  for (const [name, value] of Object.entries(baseSecurityHeaders(requestCameOverHttps(request)))) {
    headers.set(name, value);
  }
}

/** Sets every header of an HTML document, its CSP with this nonce. */
export function applyDocumentSecurityHeaders(request: Request, headers: Headers, nonce: string) {
  const https = requestCameOverHttps(request);
  const stripe = getConfig().stripe !== undefined;
  const development = process.env.NODE_ENV === "development";
  applyBaseSecurityHeaders(request, headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy({ nonce, stripe, https, development }));
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", permissionsPolicy(stripe));
}
