import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDataDir } from "./support/seeded-data";
import { freePort, startShop, type ShopProcess } from "./support/shop-process";

// The built shop's HTTP caching and compression (docs/decisions/0028-throughput-and-http-caching.md): which answers
// a shared cache may keep, ETags and 304s, the anonymous page cache and its invalidation by an admin's change, and
// the compressed size of a streamed page. One embedded database for the file.

// a copy of the seeded demo shop (a new database and its seeding are server-lifecycle's and security-headers' tests)
let data: Awaited<ReturnType<typeof seededDataDir>>;
const ADMIN = { email: "admin@gearhub.test", password: "admin-password-caching" };
const SHOPPER = { email: "shopper@gearhub.example", password: "gearhub-demo" };
const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";
let shop: ShopProcess;

beforeAll(async () => {
  data = await seededDataDir("http-caching");
  shop = startShop({
    port: await freePort(),
    env: { DATA_DIR: data.dir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  await shop.waitFor(/\[shop\] ready on/, 180_000);
}, 200_000);

afterAll(async () => {
  shop.child.kill("SIGTERM");
  await shop.exited;
  data?.cleanup();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${shop.origin}${path}`, { headers, redirect: "manual" });

/** The bytes as sent (fetch would decompress them, and adds Cache-Control: no-cache to a conditional request). */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${shop.origin}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

function nonceOf(response: Response) {
  return /script-src 'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
}

async function signIn(credentials: { email: string; password: string }) {
  const response = await fetch(`${shop.origin}/login`, {
    method: "POST",
    body: new URLSearchParams(credentials),
    redirect: "manual",
  });
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  expect(cookie).toBeDefined();
  return cookie!.split(";")[0]!;
}

async function adminToken() {
  const response = await fetch(`${shop.origin}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

interface Product {
  id: number;
  name: string;
  brand: string;
  price: number;
  inventory: number;
  description: string;
  category: { id: number; name: string };
}

async function firstProduct(): Promise<Product> {
  const response = await get("/api/v1/products/search?size=1&sort=name");
  return ((await response.json()) as { data: { content: Product[] } }).data.content[0]!;
}

async function updateProduct(token: string, product: Product, change: Partial<Product>) {
  const next = { ...product, ...change };
  const response = await fetch(`${shop.origin}/api/v1/products/product/${product.id}/update`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...next, category: { id: product.category.id } }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
}

describe("the catalogue's pages for a visitor without a session", () => {
  it("may be kept by a shared cache, revalidated by ETag, and come from the page cache the second time", async () => {
    const product = await firstProduct();
    for (const path of ["/", "/products", `/products/category/${product.category.id}/products`, "/products/Mouse"]) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get("cache-control"), path).toBe(PUBLIC);
      expect(first.headers.get("vary"), path).toContain("Cookie");
      const etag = first.headers.get("etag");
      expect(etag, path).toMatch(/^W\/"/);
      await first.arrayBuffer();

      const second = await get(path);
      expect(second.headers.get("x-page-cache"), path).toBe("hit");
      expect(second.headers.get("etag"), path).toBe(etag);
      // each answer has a nonce of its own, in the policy and in every script of the page
      const nonce = nonceOf(second);
      expect(nonce).toBeDefined();
      expect(nonce).not.toBe(nonceOf(first));
      const html = await second.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(1);
      for (const script of scripts) {
        if (!script.includes("application/ld+json")) expect(script, path).toContain(`nonce="${nonce}"`);
      }

      const revalidated = await get(path, { "if-none-match": etag! });
      expect(revalidated.status, path).toBe(304);
      expect(revalidated.headers.get("etag")).toBe(etag);
      expect(revalidated.headers.get("cache-control")).toBe(PUBLIC);
    }
  });

  it("an admin's change is on the very next request, and a product out of stock says so on its card", async () => {
    const token = await adminToken();
    const product = await firstProduct();
    const details = `/product/${product.id}/details`;
    const before = await get(details);
    const etag = before.headers.get("etag")!;
    await before.arrayBuffer();
    expect((await get(details)).headers.get("x-page-cache")).toBe("hit");
    const listing = await (await get("/products?sort=name")).text();
    expect(listing).not.toContain(`Out of stock: ${product.name}`);

    await updateProduct(token, product, { price: 1234.56, inventory: 0 });

    const after = await get(details, { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("x-page-cache")).toBeNull();
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(await after.text()).toContain("1,234.56");
    expect(await (await get("/products?sort=name")).text()).toContain(`Out of stock: ${product.name}`);

    await updateProduct(token, product, { price: product.price, inventory: product.inventory });
    expect(await (await get("/products?sort=name")).text()).not.toContain(`Out of stock: ${product.name}`);
  });

  it("the benchmark's ceiling page does not exist in the shop's build (only in one made with BENCH_CEILING=1)", async () => {
    const response = await get("/bench/ceiling");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Talon X1 Mouse"); // the first of its in-memory cards
  });

  it("other pages are not shared: the login form is no-cache, a missing product too", async () => {
    for (const path of ["/login", "/product/999999/details", "/no-such-page"]) {
      const response = await get(path);
      expect(response.headers.get("cache-control"), path).toBe("no-cache");
      expect(response.headers.get("etag"), path).toBeNull();
      await response.arrayBuffer();
    }
  });
});

describe("a signed-in shopper", () => {
  it("never gets a kept page, nor one a shared cache may keep", async () => {
    // the anonymous page is in the cache
    await (await get("/products")).arrayBuffer();
    expect((await get("/products")).headers.get("x-page-cache")).toBe("hit");

    const cookie = await signIn(SHOPPER);
    for (const path of ["/", "/products", "/user-profile"]) {
      const response = await get(path, { cookie });
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      expect(response.headers.get("x-page-cache"), path).toBeNull();
      expect(response.headers.get("etag"), path).toBeNull();
      await response.arrayBuffer();
    }
    const page = await (await get("/products", { cookie })).text();
    expect(page).toMatch(/Log out|Logout|Sign out/i);
    // an old ETag from before signing in is not answered with a 304
    const anonymous = await get("/products");
    await anonymous.arrayBuffer();
    const withEtag = await get("/products", { cookie, "if-none-match": anonymous.headers.get("etag")! });
    expect(withEtag.status).toBe(200);
    await withEtag.arrayBuffer();
  });
});

describe("the API", () => {
  it("public catalogue reads may be shared and revalidated; an authenticated caller's are private", async () => {
    const search = await get("/api/v1/products/search?size=3");
    expect(search.headers.get("cache-control")).toBe(PUBLIC);
    const etag = search.headers.get("etag");
    expect(etag).toMatch(/^"/);
    await search.arrayBuffer();
    expect((await get("/api/v1/products/search?size=3", { "if-none-match": etag! })).status).toBe(304);
    expect((await get("/api/v1/categories/all")).headers.get("cache-control")).toBe(PUBLIC);

    const token = await adminToken();
    const mine = await get("/api/v1/products/search?size=3", { authorization: `Bearer ${token}` });
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.headers.get("etag")).toBeNull();
    const inventory = await get("/api/v1/products/inventory", { authorization: `Bearer ${token}` });
    expect(inventory.headers.get("cache-control")).toBe("private, no-store");
    const refused = await get("/api/v1/products/inventory");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });
});

describe("static files", () => {
  it("fingerprinted build files are immutable; the others are kept ten minutes and revalidated", async () => {
    const page = await (await get("/products")).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(page)![0];
    const hashed = await get(asset);
    expect(hashed.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    for (const path of ["/favicon.svg", "/hero/hero-1-800.webp"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("public, max-age=600");
      expect(response.headers.get("last-modified"), path).toBeTruthy();
      const etag = response.headers.get("etag");
      expect(etag, path).toBeTruthy();
      await response.arrayBuffer();
      expect((await rawGet(path, { "if-none-match": etag! })).status, path).toBe(304);
    }
  });
});

describe("compression", () => {
  it("a streamed page compresses within 10% of compressing it whole", async () => {
    // first as rendered and streamed by Remix (a URL not kept yet), then from the page cache
    for (const path of ["/products?sort=price_desc", "/products?sort=price_desc", "/?page=2"]) {
      const sent = await rawGet(path, { "accept-encoding": "gzip" });
      expect(sent.headers["content-encoding"]).toBe("gzip");
      const plain = await rawGet(path, { "accept-encoding": "identity" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      // the same page (another nonce, the same length)
      expect(zlib.gunzipSync(sent.body).length).toBe(plain.body.length);
      const whole = zlib.gzipSync(plain.body, { level: 4 }).length;
      expect(sent.body.length / whole, path).toBeLessThanOrEqual(1.1);
    }
  });
});
