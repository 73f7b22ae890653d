import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDataDir } from "./support/seeded-data";
import { freePort, startShop, type ShopProcess } from "./support/shop-process";

// GET /metrics of the built shop (docs/decisions/0038-running-the-shop.md): Prometheus's text format behind
// METRICS_TOKEN, every answer counted by method, route pattern and status, and the shop's own figures read at the
// scrape. Without METRICS_TOKEN it is an unknown path (server-security.test.ts).

const TOKEN = "metrics-token-for-tests-0123456789";
let data: Awaited<ReturnType<typeof seededDataDir>>;
let shop: ShopProcess;

beforeAll(async () => {
  data = await seededDataDir("metrics");
  shop = startShop({ port: await freePort(), env: { DATA_DIR: data.dir, METRICS_TOKEN: TOKEN } });
  await shop.waitFor(/\[shop\] ready on/, 170_000);
}, 180_000);

afterAll(async () => {
  shop?.child.kill("SIGTERM");
  await shop?.exited;
  data?.cleanup();
});

const scrape = (authorization = `Bearer ${TOKEN}`) =>
  fetch(`${shop.origin}/metrics`, { headers: authorization ? { authorization } : {} });

/** The value of one sample ("name{labels}"), 0 when it is not there yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = `${name}{${Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(",")}}`;
  const line = text.split("\n").find((l) => l.startsWith(`${wanted} `));
  return line ? Number(line.slice(wanted.length + 1)) : 0;
}

describe("/metrics", () => {
  it("is refused without its token (401, and nothing of the metrics), and answers in Prometheus's format with it", async () => {
    for (const authorization of ["", "Bearer wrong", `Basic ${TOKEN}`]) {
      const refused = await scrape(authorization);
      expect(refused.status, authorization).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await refused.text()).not.toContain("http_requests_total");
    }
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const text = await answer.text();
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE process_cpu_seconds_total counter");
    // the shop's figures were read from its database (the embedded one: no pool)
    expect(text).toMatch(/^shop_figures_up 1$/m);
    expect(text).toMatch(/^shop_mail_outbox_failed \d+$/m);
    expect(text).toMatch(/^shop_refunds_owed \d+$/m);
    expect(text).toMatch(/^shop_payments_paid_without_order \d+$/m);
    expect(text).toMatch(/^shop_db_pool_connections 0$/m);
  });

  it("counts each answer under its route's pattern, never the path as sent; the probes and the scrape are not counted", async () => {
    const before = await (await scrape()).text();
    const details = { method: "GET", route: "routes/shop/product-details", status: "200" };
    const api = { method: "GET", route: "/api/v1/products/product/{id}/product", status: "200" };
    const listing = { method: "GET", route: "routes/shop/listing", status: "200" };
    const missingApi = { method: "GET", route: "/api/v1/*", status: "404" };

    for (const path of [
      "/product/3/details",
      "/product/4/details",
      "/api/v1/products/product/3/product",
      "/products?search=private-words-of-a-shopper",
      "/products?search=private-words-of-a-shopper",
      "/api/v1/no/such/endpoint@example.com",
      "/healthz",
      "/readyz",
    ]) {
      const response = await fetch(`${shop.origin}${path}`);
      await response.arrayBuffer();
    }
    const after = await (await scrape()).text();
    expect(sample(after, "http_requests_total", details) - sample(before, "http_requests_total", details)).toBe(2);
    expect(sample(after, "http_requests_total", api) - sample(before, "http_requests_total", api)).toBe(1);
    expect(sample(after, "http_requests_total", listing) - sample(before, "http_requests_total", listing)).toBe(2);
    expect(sample(after, "http_requests_total", missingApi) - sample(before, "http_requests_total", missingApi)).toBe(
      1,
    );
    expect(
      sample(after, "http_request_duration_seconds_count", details) -
        sample(before, "http_request_duration_seconds_count", details),
    ).toBe(2);
    // the second anonymous listing came from the page cache
    const hits = (text: string) => sample(text, "shop_page_cache_answers_total", { outcome: "hit" });
    expect(hits(after) - hits(before)).toBeGreaterThanOrEqual(1);
    for (const secret of ["private-words", "example.com", "/product/3", "healthz", "readyz", 'route="/metrics"']) {
      expect(after, secret).not.toContain(secret);
    }
  });
});
