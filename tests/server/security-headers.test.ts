import { chromium, type Page } from "@playwright/test";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort, startShop, type ShopProcess } from "./support/shop-process";
import { seededDataDir } from "./support/seeded-data";
import { chromiumPath } from "../support/chromium";

// The built shop's headers over real HTTP (docs/decisions/0016-security-headers-and-logs.md) and its refusal of
// cross-origin posts (docs/decisions/0012-csrf.md). One data directory for the file, a copy of the seeded demo shop
// (the headers of the page served while a new database is made are server-lifecycle's); TRUST_PROXY on, so that the
// tests can say what a proxy in front would (X-Forwarded-Proto, X-Forwarded-Host).

let data: Awaited<ReturnType<typeof seededDataDir>>;
const started: ShopProcess[] = [];
let shop: ShopProcess;

async function start(env: Record<string, string> = {}) {
  const next = startShop({ port: await freePort(), env: { DATA_DIR: data.dir, TRUST_PROXY: "true", ...env } });
  started.push(next);
  return next;
}

async function stop(process: ShopProcess) {
  process.child.kill("SIGTERM");
  expect((await process.exited).code).toBe(0);
}

/** The nonce of a Content-Security-Policy's script-src. */
function nonceOf(policy: string | null): string | undefined {
  return /script-src 'nonce-([^']+)'/.exec(policy ?? "")?.[1];
}

function expectBaseHeaders(response: Response) {
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("strict-transport-security")).toBeNull(); // plain http
}

function expectDocumentHeaders(response: Response) {
  expectBaseHeaders(response);
  const policy = response.headers.get("content-security-policy") ?? "";
  expect(policy).toMatch(/script-src 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic' 'self'(;|$)/);
  for (const directive of [
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self';",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "default-src 'self'",
  ]) {
    expect(policy).toContain(directive);
  }
  expect(policy).not.toContain("stripe");
  expect(policy).not.toContain("unsafe-eval");
  expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(policy).not.toContain("upgrade-insecure-requests");
  expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  expect(response.headers.get("permissions-policy")).toContain("payment=()");
  expect(response.headers.get("permissions-policy")).toContain("camera=()");
}

beforeAll(async () => {
  data = await seededDataDir("security-headers");
  shop = await start();
  await shop.waitFor(/\[shop\] ready on/);
}, 180_000);

afterEach(async () => {
  for (const process of started.splice(0)) {
    if (process === shop) continue;
    if (process.child.exitCode === null && process.child.signalCode === null) process.child.kill("SIGKILL");
    await process.exited;
  }
});

afterAll(async () => {
  if (shop && shop.child.exitCode === null) await stop(shop);
  data?.cleanup();
});

describe("security headers", () => {
  it("every page has its own nonce, and every script of the page carries it", async () => {
    const [first, second] = await Promise.all([fetch(`${shop.origin}/products`), fetch(`${shop.origin}/products`)]);
    expectDocumentHeaders(first);
    expectDocumentHeaders(second);
    const nonce = nonceOf(first.headers.get("content-security-policy"))!;
    expect(nonce).not.toBe(nonceOf(second.headers.get("content-security-policy")));

    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const script of scripts) {
      if (/type="application\/ld\+json"/.test(script)) continue; // data, not run
      expect(script).toContain(`nonce="${nonce}"`);
    }
  });

  it("error pages (404), the home page and the login page have the same headers", async () => {
    for (const path of ["/no-such-page", "/product/999999/details", "/", "/login"]) {
      const response = await fetch(`${shop.origin}${path}`);
      expect(response.headers.get("content-type"), path).toContain("text/html");
      expectDocumentHeaders(response);
      await response.arrayBuffer();
    }
  });

  it("a missing build file gets a short plain 404, not a page of the shop", async () => {
    const response = await fetch(`${shop.origin}/assets/entry.client-OLDHASH.js`);
    expect(response.status).toBe(404);
    expectBaseHeaders(response);
    const text = await response.text();
    expect(text).toContain("There is no such file.");
    expect(text).not.toContain("Page not found");
  });

  it("a path that does not decode gets a plain 400 page from the server, and no stack in the log", async () => {
    const before = shop.output().length;
    for (const path of ["/products/%", "/assets/%zz"]) {
      const response = await fetch(`${shop.origin}${path}`);
      expect(response.status, path).toBe(400);
      expectBaseHeaders(response);
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(await response.text()).not.toMatch(/URIError|\bat /);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(shop.output().slice(before)).not.toMatch(/URIError|^\s+at /m);
  });

  it("the API's JSON, images and static files are nosniff, not framed, with a referrer policy", async () => {
    const categories = await fetch(`${shop.origin}/api/v1/categories/all`);
    expect(categories.status).toBe(200);
    expect(categories.headers.get("content-type")).toContain("application/json");
    expectBaseHeaders(categories);

    const refused = await fetch(`${shop.origin}/api/v1/users/user/1/user`);
    expect(refused.status).toBe(401);
    expectBaseHeaders(refused);

    const page = await (await fetch(`${shop.origin}/products`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(page)![0];
    const image = /\/api\/v1\/images\/image\/download\/[^"\s]+/.exec(page)![0].replace(/&amp;/g, "&");
    for (const path of [asset, image, "/favicon.svg", "/robots.txt", "/healthz"]) {
      const response = await fetch(`${shop.origin}${path}`);
      expect(response.status, path).toBe(200);
      expectBaseHeaders(response);
      await response.arrayBuffer();
    }
  });

  it("over https (X-Forwarded-Proto from the trusted proxy): HSTS on every answer, and upgrade-insecure-requests", async () => {
    for (const path of ["/products", "/api/v1/categories/all", "/favicon.svg"]) {
      const response = await fetch(`${shop.origin}${path}`, { headers: { "X-Forwarded-Proto": "https" } });
      expect(response.headers.get("strict-transport-security"), path).toBe("max-age=31536000");
      if (path === "/products") {
        expect(response.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
      }
      await response.arrayBuffer();
    }
  });
});

describe("cross-origin posts", () => {
  const form = new URLSearchParams({ email: "nobody@example.com", password: "not the password" });
  const post = (path: string, headers: Record<string, string>) =>
    fetch(`${shop.origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: form,
    });

  it("a form from another site gets 403, with no stack trace in the answer or the log", async () => {
    const before = shop.output().length;
    for (const [path, origin] of [
      ["/login", "http://evil.example"],
      ["/login.data", "http://evil.example"], // a fetcher's single-fetch post
      ["/register", `http://shop.evil.example:${shop.port}`],
      ["/logout", "http://evil.example"], // a resource route: Remix's own check does not cover it
      ["/login", "null"],
    ] as const) {
      const response = await post(path, { Origin: origin });
      expect(response.status, `${path} from ${origin}`).toBe(403);
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
      expectBaseHeaders(response);
      const body = await response.text();
      expect(body).toContain("sent from another site");
      expect(body).not.toMatch(/\bat \S+ \(|Error:/);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const log = shop.output().slice(before);
    expect(log).toContain("cross-origin post refused");
    expect(log).not.toMatch(/^\s+at /m);
    expect(log).not.toMatch(/header does not match `origin`/);
  });

  it("the shop's own forms, clients without an Origin, the API and a trusted proxy's host pass", async () => {
    const own = await post("/login", { Origin: shop.origin });
    expect(own.status).not.toBe(403);
    expect(own.status).toBeLessThan(500);
    const curl = await post("/login", {});
    expect(curl.status).not.toBe(403);
    expect(curl.status).toBeLessThan(500);
    const proxied = await post("/login", {
      Origin: "https://shop.example",
      "X-Forwarded-Host": "shop.example",
      "X-Forwarded-Proto": "https",
    });
    expect(proxied.status).not.toBe(403);
    expect(proxied.status).toBeLessThan(500);
    // the API authenticates with bearer tokens and may be called from other origins
    const api = await fetch(`${shop.origin}/api/v1/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://other-client.example" },
      body: JSON.stringify({ email: "nobody@example.com", password: "not the password" }),
    });
    expect(api.status).toBe(401);
  });

  it("without TRUST_PROXY, X-Forwarded-Host does not make another site's form ours", async () => {
    await stop(shop);
    shop = await start({ TRUST_PROXY: "false" });
    await shop.waitFor(/\[shop\] ready on/);
    const response = await post("/login", { Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" });
    expect(response.status).toBe(403);
    // nor does it make the shop's own form another site's: Remix would read it and answer 500
    const own = await post("/login", { Origin: shop.origin, "X-Forwarded-Host": "evil.example" });
    expect(own.status).not.toBe(403);
    expect(own.status).toBeLessThan(500);
    const https = await fetch(`${shop.origin}/products`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toBeNull();
    await https.arrayBuffer();
  });
});

describe("with Stripe configured", () => {
  it("the policy lets Stripe.js, its frames, its API and its hosted Checkout in; payment is allowed for Stripe", async () => {
    await stop(shop);
    shop = await start({
      STRIPE_SECRET_KEY: "sk_test_headers",
      STRIPE_PUBLISHABLE_KEY: "pk_test_headers",
      STRIPE_API_URL: "http://127.0.0.1:9",
      RECONCILE_INTERVAL_MS: "0",
    });
    await shop.waitFor(/\[shop\] ready on/);
    const response = await fetch(`${shop.origin}/products`);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic' 'self' https:\/\/js\.stripe\.com/);
    expect(policy).toContain("frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    expect(policy).toContain("connect-src 'self' https://api.stripe.com");
    expect(policy).toContain("form-action 'self' https://checkout.stripe.com");
    expect(response.headers.get("permissions-policy")).toContain('payment=(self "https://js.stripe.com")');
    await response.arrayBuffer();
    expect(shop.output()).not.toContain("sk_test_headers");
  });

  /**
   * The checkout in a browser under that policy: Stripe.js is requested once, whether it arrives or not
   * (@stripe/stripe-js requests it a second time when the first fails; app/components/checkout/stripe-card.tsx).
   * This machine does not reach Stripe: the browser gets a stand-in Stripe.js, or a failed request.
   */
  it("the checkout requests Stripe.js once, when it loads and when it cannot", async () => {
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: ["--no-sandbox", "--disable-gpu"],
    });
    try {
      for (const outcome of ["loads", "fails"] as const) {
        const page = await browser.newPage();
        const requested: string[] = [];
        let mounted = false;
        await page.exposeFunction("cardMounted", () => (mounted = true));
        await page.route(/^https:\/\/([\w-]+\.)?js\.stripe\.com\//, async (route) => {
          requested.push(route.request().url());
          if (outcome === "fails") return route.abort("connectionrefused");
          await route.fulfill({ contentType: "application/javascript", body: STRIPE_STAND_IN });
        });
        await signInAndFillCart(page, shop.origin);
        await page.goto(`${shop.origin}${await checkoutPath(page)}`);
        await page.getByRole("button", { name: "Pay Now" }).waitFor();
        if (outcome === "loads") await expect.poll(() => mounted, { timeout: 15_000 }).toBe(true);
        // what a second attempt would take: the script's load and error events have long come
        await page.waitForTimeout(1_000);
        expect(requested, outcome).toEqual([expect.stringMatching(/^https:\/\/js\.stripe\.com\/\w+\/stripe\.js$/)]);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });
});

/** Enough of Stripe.js for the card box: a client whose card element says when it is mounted. */
const STRIPE_STAND_IN = `
window.Stripe = function () {
  return {
    _registerWrapper() {},
    createToken() {},
    createPaymentMethod() {},
    confirmCardPayment() {},
    elements() {
      return {
        create() {
          return { mount() { window.cardMounted(); }, on() {}, off() {}, once() {}, update() {}, destroy() {}, unmount() {} };
        },
        getElement() { return null; },
        update() {},
      };
    },
  };
};
window.Stripe.version = "endive";
`;

/** The demo shopper, signed in, with something in the cart. */
async function signInAndFillCart(page: Page, origin: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill("shopper@gearhub.example");
  await page.getByLabel("Password").fill("gearhub-demo");
  await Promise.all([
    page.waitForURL((url) => url.pathname !== "/login"),
    page.getByRole("button", { name: "Login" }).click(),
  ]);
  await page.goto(`${origin}/product/1/details`);
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByRole("button", { name: "Add to cart" }).click(),
  ]);
}

async function checkoutPath(page: Page) {
  const cart = await page.getByRole("link", { name: /^Cart,/ }).getAttribute("href");
  return cart!.replace(/^\/user\/(\d+)\/my-cart$/, "/checkout/$1/checkout");
}
