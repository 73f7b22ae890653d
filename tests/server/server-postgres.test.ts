import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createScratchDatabase, postgresServer } from "./support/scratch-database";
import { freePort, startShop, tempDir, type ShopProcess } from "./support/shop-process";
import { tcpProxy } from "./support/tcp-proxy";

// The built shop on PostgreSQL (DATABASE_URL), the way several instances run behind a load balancer. The database
// is reached through a relay the tests switch on and off.

const SECRETS = { SESSION_SECRET: "s".repeat(32), JWT_SECRET: "j".repeat(32) };
const started: ShopProcess[] = [];
const cleanups: Array<() => unknown> = [];

async function start(env: Record<string, string>) {
  const data = tempDir("server-pg");
  cleanups.push(data.cleanup);
  const shop = startShop({ port: await freePort(), env: { DATA_DIR: data.dir, ...SECRETS, ...env } });
  started.push(shop);
  return shop;
}

async function stop(shop: ShopProcess) {
  shop.child.kill("SIGTERM");
  return shop.exited;
}

afterEach(async () => {
  for (const shop of started.splice(0)) {
    if (shop.child.exitCode === null && shop.child.signalCode === null) shop.child.kill("SIGKILL");
    await shop.exited;
  }
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function readiness(shop: ShopProcess) {
  const response = await fetch(`${shop.origin}/readyz`);
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    cacheControl: response.headers.get("cache-control"),
    body: (await response.json()) as { status: string; failed?: string; checks?: Record<string, string> },
  };
}

/** /readyz shares one database probe's answer for a second (a flood of probes opens no connections): wait it out. */
const probeForgotten = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe("the shop on PostgreSQL", () => {
  it("gives up on an unreachable database after DB_START_TIMEOUT_MS: one line per try, then exit 1", async () => {
    const port = await freePort(); // nothing listens there
    const shop = await start({
      DATABASE_URL: `postgres://shop:secret-password@127.0.0.1:${port}/gearhub`,
      DB_START_TIMEOUT_MS: "2500",
    });
    const before = Date.now();
    const exit = await shop.exited;
    expect(exit.code).toBe(1);
    expect(exit.at - before).toBeLessThan(10_000);
    const tries = shop
      .output()
      .match(
        /^\[shop\] database 127\.0\.0\.1:\d+\/gearhub not reachable \(.*ECONNREFUSED.*\): try \d+ failed, next in .* s, giving up in .* s$/gm,
      );
    expect(tries?.length).toBeGreaterThanOrEqual(2);
    expect(shop.stderr().trim()).toMatch(
      /^\[shop\] could not start: database 127\.0\.0\.1:\d+\/gearhub still unreachable after .* s \(\d+ tries, DB_START_TIMEOUT_MS=2500\): .*ECONNREFUSED/,
    );
    expect(shop.output()).not.toContain("secret-password");
  });

  it("waits for a database that comes up during the start, then serves; /readyz follows the database, /healthz does not", async () => {
    const database = await createScratchDatabase("srv");
    cleanups.push(() => database.drop());
    const port = await freePort();
    const proxy = tcpProxy({ port, target: postgresServer() });
    cleanups.push(() => proxy.down());

    const shop = await start({ DATABASE_URL: database.urlVia(port), DB_START_TIMEOUT_MS: "30000" });
    await shop.waitFor(/not reachable .*try 2 failed/, 20_000);
    // still starting: alive, not ready
    expect((await fetch(`${shop.origin}/healthz`)).status).toBe(200);
    expect(await readiness(shop)).toMatchObject({ status: 503, body: { failed: "process" } });

    await proxy.up();
    await shop.waitFor(/\[shop\] ready on/, 30_000);
    expect(shop.output()).toMatch(/database 127\.0\.0\.1:\d+\/\w+ answered after \d+ tries/);
    expect(await readiness(shop)).toEqual({
      status: 200,
      retryAfter: null,
      cacheControl: "no-store",
      body: { status: "ok", checks: { process: "ok", database: "ok", migrations: "ok" } },
    });

    // the database goes away: not ready (say which check), but alive
    await proxy.down();
    await probeForgotten();
    const down = await readiness(shop);
    expect(down).toMatchObject({ status: 503, retryAfter: "5", cacheControl: "no-store" });
    expect(down.body).toMatchObject({ status: "unavailable", failed: "database", checks: { process: "ok" } });
    // the driver's words (addresses, users) are for the log, not for whoever asks the public probe
    expect(down.body.checks!.database).toBe("unavailable (the log says why)");
    await shop.waitFor(/^\[readyz\] database check failed: .*(ECONNREFUSED|terminat|closed)/m, 5_000);
    const health = await fetch(`${shop.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });

    // and comes back
    await proxy.up();
    await probeForgotten();
    expect((await readiness(shop)).status).toBe(200);

    // a migration the database does not have (a restore of an older backup): not ready, and which one
    await database.query(
      "delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)",
    );
    await probeForgotten();
    expect((await readiness(shop)).body).toMatchObject({
      failed: "migrations",
      checks: { database: "ok", migrations: expect.stringMatching(/^not applied: 0\d{3}_\w+$/) },
    });

    expect((await stop(shop)).code).toBe(0);
  });

  it("during an outage every page answers 503 with Retry-After and the try-again page, or the page kept; never a 500", async () => {
    const database = await createScratchDatabase("srv");
    cleanups.push(() => database.drop());
    const port = await freePort();
    const proxy = tcpProxy({ port, target: postgresServer() });
    cleanups.push(() => proxy.down());
    await proxy.up();
    const shop = await start({ DATABASE_URL: database.urlVia(port), DB_CONNECT_TIMEOUT_MS: "1000" });
    await shop.waitFor(/\[shop\] ready on/, 30_000);
    // seen once while the database answers: kept by the anonymous page cache
    for (const path of ["/", "/products"]) {
      const response = await fetch(`${shop.origin}${path}`);
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
    }

    await proxy.down();
    const logBefore = shop.output().length;
    const kept: string[] = [];
    for (const path of [
      "/",
      "/products",
      "/products?q=never-seen",
      "/products/category/1/products",
      "/product/1/details",
      "/sitemap.xml",
      "/search/suggestions?q=mouse",
      "/products.data",
    ]) {
      const response = await fetch(`${shop.origin}${path}`);
      const text = await response.text();
      expect(response.status, `${path}: ${text.slice(0, 200)}`).not.toBe(500);
      if (response.status === 200) {
        // a page kept before the outage, served as it was
        expect(response.headers.get("x-page-cache"), path).toBe("stale");
        expect(response.headers.get("cache-control")).toBe("no-store");
        kept.push(path);
        continue;
      }
      expect(response.status, path).toBe(503);
      expect(response.headers.get("retry-after"), path).toMatch(/^\d+$/);
      if (response.headers.get("content-type")?.startsWith("text/html"))
        expect(text, path).toContain("Please try again in a few seconds");
    }
    expect(kept).toEqual(["/", "/products"]);
    // no stack per request: the log says what is wrong in a few lines
    expect(shop.output().slice(logBefore)).not.toMatch(/\n\s+at /);

    await proxy.up();
    const back = await fetch(`${shop.origin}/products?q=never-seen`);
    expect(back.status).toBe(200);
    expect((await stop(shop)).code).toBe(0);
  });

  it("takes no more than about a second to say the database does not answer", async () => {
    const database = await createScratchDatabase("srv");
    cleanups.push(() => database.drop());
    const port = await freePort();
    const proxy = tcpProxy({ port, target: postgresServer() });
    cleanups.push(() => proxy.down());
    await proxy.up();
    const shop = await start({ DATABASE_URL: database.urlVia(port) });
    await shop.waitFor(/\[shop\] ready on/, 30_000);

    // a relay that accepts connections and never answers: a database host that went silent
    await proxy.down();
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => void held.add(socket.on("error", () => undefined)));
    await new Promise<void>((resolve) => silent.listen(port, "127.0.0.1", resolve));
    cleanups.push(() => {
      for (const socket of held) socket.destroy();
      return new Promise((resolve) => silent.close(resolve));
    });
    const asked = Date.now();
    const answer = await readiness(shop);
    expect(Date.now() - asked).toBeLessThan(4_000);
    expect(answer.body).toMatchObject({ failed: "database", checks: { database: "no answer within 1000 ms" } });
    expect((await stop(shop)).code).toBe(0);
  });

  it("starts two instances together on a fresh database with ADMIN_EMAIL: both ready, one admin account", async () => {
    const database = await createScratchDatabase("srv");
    cleanups.push(() => database.drop());
    const env = { DATABASE_URL: database.url, ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "a long password" };
    const shops = await Promise.all([start(env), start(env)]);
    await Promise.all(shops.map((shop) => shop.waitFor(/\[shop\] ready on/, 60_000)));
    for (const shop of shops) expect((await readiness(shop)).status).toBe(200);

    const accounts = await database.query<{ email: string; roles: string }>(
      `select u.email, string_agg(r.name, ',' order by r.name) as roles
         from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id group by u.email`,
    );
    expect(accounts).toEqual([{ email: "boss@example.com", roles: "ROLE_ADMIN,ROLE_USER" }]);
    expect(shops.map((shop) => shop.output()).join("\n")).toMatch(/admin account boss@example.com created/);

    const exits = await Promise.all(shops.map(stop));
    expect(exits.map((exit) => exit.code)).toEqual([0, 0]);
  });
});
