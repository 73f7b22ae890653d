import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedCategories, seedProducts } from "~/server/seed/catalogue";
import {
  connectionRefused,
  freePort,
  processTree,
  startShop,
  tempDir,
  waitUntilGone,
  type ShopProcess,
} from "./support/shop-process";

// The built shop on its embedded database, started as `node scripts/server.mjs` and as `npm start`, stopped by
// signals. One data directory for the file: the first start writes the demo catalogue, the later ones reuse it.

const data = tempDir("server-lifecycle");
const started: ShopProcess[] = [];

async function start(options: { via?: "server" | "npm"; env?: Record<string, string> } = {}) {
  const shop = startShop({ via: options.via, port: await freePort(), env: { DATA_DIR: data.dir, ...options.env } });
  started.push(shop);
  await shop.waitFor(/\[shop\] ready on/);
  return shop;
}

/** A POST whose body is sent in two halves: the request is in flight until `finish()` sends the second. */
function halfSentPost(origin: string, path: string, body: string) {
  const request = http.request(`${origin}${path}`, {
    method: "POST",
    agent: false,
    headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
  });
  const response = new Promise<{ status: number; connection?: string; text: string }>((resolve, reject) => {
    request.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (part: string) => (text += part));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }));
      res.on("error", reject);
    });
    request.on("error", reject);
  });
  // a test that fails before it reads the answer must not leave an unhandled rejection behind
  response.catch(() => undefined);
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  /** the connection is made (the server may still be reading what was written) */
  const connected = new Promise<void>((resolve) => request.once("socket", (socket) => socket.once("connect", resolve)));
  return { response, connected, finish: () => request.end(body.slice(half)), request };
}

let firstStartOutput = "";

beforeAll(async () => {
  // the first start writes the demo catalogue (a few seconds to half a minute); the tests then start in seconds
  const first = await start();
  first.child.kill("SIGTERM");
  expect((await first.exited).code).toBe(0);
  firstStartOutput = first.output();
}, 180_000);

// a test that failed half-way must not leave its server holding the data directory for the next one
afterEach(async () => {
  for (const shop of started.splice(0)) {
    if (shop.child.exitCode === null && shop.child.signalCode === null) shop.child.kill("SIGKILL");
    await shop.exited;
  }
});

afterAll(() => data.cleanup());

describe("the shop's own server", () => {
  it("answers the probes: /healthz and /readyz 200, not cached", async () => {
    const shop = await start();
    const health = await fetch(`${shop.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await health.json()).toEqual({ status: "ok" });

    const ready = await fetch(`${shop.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({
      status: "ok",
      checks: { process: "ok", database: "ok", migrations: "ok" },
    });

    // static files as remix-serve serves them: fingerprinted assets for a year, the rest for an hour
    const page = await (await fetch(`${shop.origin}/products`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(page)?.[0];
    expect(asset).toBeDefined();
    expect((await fetch(`${shop.origin}${asset}`)).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await fetch(`${shop.origin}/favicon.svg`)).headers.get("cache-control")).toBe("public, max-age=600");

    shop.child.kill("SIGTERM");
    expect((await shop.exited).code).toBe(0);
  });

  it(
    "on SIGTERM finishes the request in flight, refuses new connections, closes the database and exits 0",
    { timeout: 60_000 },
    async () => {
      const shop = await start({ env: { SHUTDOWN_TIMEOUT_MS: "10000" } });
      const tree = processTree(shop.pid);
      const login = halfSentPost(
        shop.origin,
        "/api/v1/auth/login",
        JSON.stringify({ email: "nobody@example.com", password: "not the password" }),
      );
      // the server has the request (its headers and half its body) before the signal: connected, then a second for
      // a loaded machine's server to read it (300 ms was too short once in a full CI run)
      await login.connected;
      await new Promise((resolve) => setTimeout(resolve, 1_000));

      const signalled = Date.now();
      shop.child.kill("SIGTERM");
      expect(await shop.waitFor(/\[shop\] SIGTERM: stopping/, 5_000)).toMatch(/1 request\(s\) in flight/);
      expect(await connectionRefused(shop.port)).toBe(true);
      expect(shop.child.exitCode).toBeNull();

      login.finish();
      const answer = await login.response;
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.text)).toMatchObject({ message: expect.any(String) });
      expect(answer.connection).toBe("close");

      const exit = await shop.exited;
      expect(exit.code).toBe(0);
      expect(exit.at - signalled).toBeLessThan(10_000);
      expect(shop.output()).toContain("[shop] stopped");
      expect(await waitUntilGone(tree)).toEqual([]);
      expect(await connectionRefused(shop.port)).toBe(true);
    },
  );

  it("cuts off a request that outlasts SHUTDOWN_TIMEOUT_MS and still exits 0", { timeout: 60_000 }, async () => {
    const shop = await start({ env: { SHUTDOWN_TIMEOUT_MS: "1500" } });
    // a body that never ends
    const upload = halfSentPost(shop.origin, "/api/v1/auth/login", JSON.stringify({ email: "x".repeat(1000) }));
    const cut = upload.response.then(
      () => "answered",
      (error: NodeJS.ErrnoException) => error.code ?? error.message,
    );
    // as above: connected, then a second for the server to read it
    await upload.connected;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const signalled = Date.now();
    shop.child.kill("SIGTERM");

    const exit = await shop.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalled).toBeGreaterThanOrEqual(1_400);
    expect(exit.at - signalled).toBeLessThan(8_000);
    expect(shop.output()).toMatch(/1 request\(s\) still running after 1500 ms: closing them/);
    expect(await cut).toBe("ECONNRESET");
  });

  it("stops on Ctrl-C (SIGINT) the same way", async () => {
    const shop = await start();
    const tree = processTree(shop.pid);
    shop.child.kill("SIGINT");
    expect((await shop.exited).code).toBe(0);
    expect(shop.output()).toContain("[shop] SIGINT: stopping");
    expect(await waitUntilGone(tree)).toEqual([]);
  });

  it(
    "under `npm start`, a SIGTERM to npm stops npm and the server and frees the port",
    { timeout: 60_000 },
    async () => {
      const shop = await start({ via: "npm" });
      const tree = processTree(shop.pid);
      // npm and the server (npm's shell is replaced by it: `exec node scripts/start.mjs`)
      expect(tree.length).toBe(2);
      expect((await fetch(`${shop.origin}/healthz`)).status).toBe(200);

      shop.child.kill("SIGTERM");
      const exit = await shop.exited;
      expect(exit.code).toBe(0);
      expect(await waitUntilGone(tree)).toEqual([]);
      expect(await connectionRefused(shop.port)).toBe(true);
      expect(shop.output()).toContain("[shop] stopped");
    },
  );

  it("refuses a busy port with one line and exit code 1", async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, "127.0.0.1", resolve));
    try {
      const shop = startShop({ port, env: { DATA_DIR: data.dir } });
      started.push(shop);
      expect((await shop.exited).code).toBe(1);
      expect(shop.stderr().trim()).toBe(
        `[shop] port ${port} on 127.0.0.1 is already in use: stop what uses it, or set PORT`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it("refuses to open an embedded database that another server uses", { timeout: 60_000 }, async () => {
    const first = await start();
    const second = startShop({ port: await freePort(), env: { DATA_DIR: data.dir } });
    started.push(second);
    expect((await second.exited).code).toBe(1);
    // the refusal first and only: nothing about listening before it
    expect(second.output().trim()).toMatch(
      new RegExp(`^\\[shop\\] could not start: \\S+ is in use by process ${first.pid} .*stop the shop first$`),
    );
    first.child.kill("SIGTERM");
    expect((await first.exited).code).toBe(0);
  });
});

describe("a new embedded database", () => {
  it("is made in the data directory by a process of its own, which exits", () => {
    expect(firstStartOutput).toContain(
      `[shop] demo catalogue ready: ${seedProducts.length} products in ${seedCategories.length} categories`,
    );
    expect(fs.readdirSync(data.dir).filter((name) => name.startsWith("pgdata"))).toEqual(["pgdata"]);
  });

  it(
    "answers 503 while it seeds, and is left unmade, with no process behind, when the first start is stopped then",
    { timeout: 90_000 },
    async () => {
      const fresh = tempDir("server-first-start");
      try {
        const shop = startShop({ port: await freePort(), env: { DATA_DIR: fresh.dir } });
        started.push(shop);
        await shop.waitFor(/\[shop\] new embedded database: writing the demo catalogue/, 60_000);
        // meanwhile every page is the server's own short 503 page: no script, a policy that lets nothing in
        await shop.waitFor(/\[shop\] listening on/);
        const meanwhile = await fetch(`${shop.origin}/products`);
        expect(meanwhile.status).toBe(503);
        expect(meanwhile.headers.get("x-content-type-options")).toBe("nosniff");
        expect(meanwhile.headers.get("x-frame-options")).toBe("DENY");
        expect(meanwhile.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
        expect(meanwhile.headers.get("content-security-policy")).toBe(
          "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        );
        expect(await meanwhile.text()).not.toContain("<script");
        // the server and the process that makes the database
        const tree = processTree(shop.pid);
        expect(tree.length).toBe(2);

        shop.child.kill("SIGTERM");
        expect((await shop.exited).code).toBe(0);
        expect(await waitUntilGone(tree)).toEqual([]);
        // no `pgdata`: the next start makes it again from the beginning (and removes the half-made pgdata.new)
        expect(fs.existsSync(path.join(fresh.dir, "pgdata"))).toBe(false);
      } finally {
        fresh.cleanup();
      }
    },
  );
});

describe("the demo shopper of a new embedded database", () => {
  const demoLine = "[shop] demo shopper: sign in as shopper@gearhub.example with the password gearhub-demo";

  it("is created on the first start and printed, signs in, and is no longer printed once its password changed", async () => {
    expect(firstStartOutput).toContain(demoLine);
    const shop = await start();
    expect(shop.output()).toContain(demoLine);

    const login = await fetch(`${shop.origin}/api/v1/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "shopper@gearhub.example", password: "gearhub-demo" }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    // the access token's claims carry the user's id (docs/api.md#authentication)
    const { id } = JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString()) as { id: number };
    const { data: user } = (await (
      await fetch(`${shop.origin}/api/v1/users/user/${id}/user`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      })
    ).json()) as { data: { firstName: string; addressList: Array<{ city: string }> } };
    expect(user.firstName).toBe("Demo");
    expect(user.addressList.map((address) => address.city)).toEqual(["Springfield"]);

    const changed = await fetch(`${shop.origin}/api/v1/users/${id}/password`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ currentPassword: "gearhub-demo", newPassword: "a private password now" }),
    });
    expect(changed.status).toBe(200);
    shop.child.kill("SIGTERM");
    expect((await shop.exited).code).toBe(0);

    const later = await start();
    expect(later.output()).not.toContain("demo shopper");
    later.child.kill("SIGTERM");
    expect((await later.exited).code).toBe(0);
  });
});

describe("npm start while it builds", () => {
  it("stops the build on SIGTERM and leaves no process behind", { timeout: 60_000 }, async () => {
    const build = tempDir("server-build");
    try {
      // an empty build folder of its own: npm start must build there, and build/ stays untouched
      const shop = startShop({
        via: "npm",
        port: await freePort(),
        env: { DATA_DIR: data.dir, BUILD_DIR: build.relative },
      });
      started.push(shop);
      await shop.waitFor(/\[shop\] building the app/, 30_000);
      // until the build's own process runs (npm → node scripts/start.mjs → node remix vite:build)
      let tree = processTree(shop.pid);
      for (let i = 0; i < 100 && tree.length < 3; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        tree = processTree(shop.pid);
      }
      expect(tree.length).toBeGreaterThanOrEqual(3);
      // and whatever the build starts meanwhile (esbuild)
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      tree = [...new Set([...tree, ...processTree(shop.pid)])];

      shop.child.kill("SIGTERM");
      const exit = await shop.exited;
      expect(exit.code).toBe(0);
      expect(shop.output()).toContain("[shop] SIGTERM: build stopped");
      expect(await waitUntilGone(processTree(shop.pid).concat(tree))).toEqual([]);
    } finally {
      build.cleanup();
    }
  });
});
