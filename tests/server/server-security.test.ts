import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDataDir } from "./support/seeded-data";
import { freePort, startShop, type ShopProcess } from "./support/shop-process";

// The built shop as `node scripts/server.mjs` runs it: the client's socket address reaches the rate limits of the
// API and of the pages (which call the API in-process), and redirects after login never leave the site. Clients are
// told apart by the loopback address they connect from (127.0.0.2, 127.0.0.3, …: all of 127/8 is this machine).

// a copy of the seeded demo shop (a new database and its seeding are server-lifecycle's and security-headers' tests)
let data: Awaited<ReturnType<typeof seededDataDir>>;
let shop: ShopProcess;

beforeAll(async () => {
  data = await seededDataDir("server-security");
  shop = startShop({
    port: await freePort(),
    env: {
      DATA_DIR: data.dir,
      LOGIN_FREE_ATTEMPTS: "2",
      LOGIN_MAX_FAILURES_PER_CLIENT: "1000",
      REGISTRATIONS_PER_CLIENT_PER_HOUR: "2",
    },
  });
  await shop.waitFor(/\[shop\] ready on/, 170_000);
}, 180_000);

afterAll(async () => {
  shop?.child.kill("SIGTERM");
  await shop?.exited;
  data?.cleanup();
});

interface Answer {
  status: number;
  location?: string;
  setCookie: string[];
  text: string;
}

/** One request from the given local address (the client the shop sees). */
function send(
  from: string,
  path: string,
  { method = "GET", body, headers = {} }: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${shop.origin}${path}`, { method, localAddress: from, agent: false, headers });
    request.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (part: string) => (text += part));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          setCookie: res.headers["set-cookie"] ?? [],
          text,
        }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

const apiJson = (from: string, path: string, value: unknown) =>
  send(from, `/api/v1${path}`, {
    method: "POST",
    body: JSON.stringify(value),
    headers: { "content-type": "application/json" },
  });

const pageForm = (from: string, path: string, fields: Record<string, string>, cookie?: string) =>
  send(from, path, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
  });

let accounts = 0;
async function newAccount() {
  const email = `shopper-${Date.now()}-${++accounts}@example.com`;
  const password = "correct horse battery";
  // every account from its own address: the registration limit is per client
  const answer = await apiJson(`127.0.1.${accounts}`, "/users/add", {
    firstName: "Ada",
    lastName: "Lovelace",
    email,
    password,
  });
  expect(answer.status, answer.text).toBe(201);
  return { email, password };
}

describe("per-client limits under the shop's own server", () => {
  it("the API's login limit sees each client's address: the guesser waits, another client signs in", async () => {
    const { email, password } = await newAccount();
    for (let i = 0; i < 2; i++)
      expect((await apiJson("127.0.0.2", "/auth/login", { email, password: "guess!!!" })).status).toBe(401);
    const refused = await apiJson("127.0.0.2", "/auth/login", { email, password });
    expect(refused.status).toBe(429);
    expect((await apiJson("127.0.0.3", "/auth/login", { email, password })).status).toBe(200);
  });

  it("so does the login page (its in-process API call): the guesser is told to wait, the owner signs in", async () => {
    const { email, password } = await newAccount();
    for (let i = 0; i < 2; i++) {
      const wrong = await pageForm("127.0.0.4", "/login", { email, password: "guess!!!" });
      expect(wrong.text).toContain("Invalid username or password");
    }
    const refused = await pageForm("127.0.0.4", "/login", { email, password });
    expect(refused.status).not.toBe(303);
    expect(refused.text).toContain("Too many failed login attempts");
    const owner = await pageForm("127.0.0.5", "/login", { email, password });
    expect(owner.status).toBe(303);
  });

  it("counts registrations per client address", async () => {
    const add = (n: number) =>
      apiJson("127.0.0.6", "/users/add", {
        firstName: "Ada",
        lastName: "Lovelace",
        email: `many-${Date.now()}-${n}@example.com`,
        password: "correct horse battery",
      });
    expect((await add(1)).status).toBe(201);
    expect((await add(2)).status).toBe(201);
    const refused = await add(3);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain("Too many accounts");
  });
});

describe("redirects after login", () => {
  const bypasses = [
    "/.//evil.example",
    "/..//evil.example/x",
    "/%2E//evil.example",
    "/.\\/evil.example",
    "//evil.example",
  ];

  it.each(bypasses)("a login with redirectTo=%j lands on the shop", async (target) => {
    const { email, password } = await newAccount();
    const answer = await pageForm(`127.0.2.${accounts}`, "/login", { email, password, redirectTo: target });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/");
  });

  it("a signed-in shopper sent to /login?redirectTo=… is never sent off the site", async () => {
    const { email, password } = await newAccount();
    const login = await pageForm("127.0.0.7", "/login", { email, password });
    expect(login.status).toBe(303);
    const cookie = login.setCookie.map((c) => c.split(";")[0]).join("; ");
    for (const target of bypasses) {
      const answer = await send("127.0.0.7", `/login?redirectTo=${encodeURIComponent(target)}`, {
        headers: { cookie },
      });
      expect(answer.status, target).toBe(302);
      expect(answer.location, target).toBe("/");
    }
    const home = await send("127.0.0.7", `/login?redirectTo=${encodeURIComponent("/products?page=2")}`, {
      headers: { cookie },
    });
    expect(home.location).toBe("/products?page=2");
  });
});

/**
 * A client that sends a large body and does not read for a moment (a phone still uploading): what it finds once it
 * reads. Raw TCP, so nothing but the server decides what arrives.
 */
function uploadThenRead(path: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(shop.port, "127.0.0.1");
    let text = "";
    let stop = false;
    socket.pause();
    socket.on("data", (part: Buffer) => (text += part.toString()));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      stop = true;
      if (text) resolve(text);
      else resolve(`lost: ${error.code}`);
    });
    socket.on("end", () => resolve(text));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${shop.port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        "Transfer-Encoding: chunked\r\n\r\n",
    );
    const chunk = Buffer.alloc(64 * 1024, "x");
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    let sent = 0;
    const pump = () => {
      while (!stop && sent < 50 * 2 ** 20) {
        sent += chunk.length;
        if (!socket.write(frame)) return void socket.once("drain", pump);
      }
    };
    pump();
    setTimeout(() => {
      stop = true;
      socket.resume();
    }, 400);
  });
}

describe("a body refused while it streams", () => {
  // closed at once with the body unread, the connection was reset and the client lost the answer (EPIPE), every time
  it.each(["/register", "/api/v1/auth/login"])(
    "%s: the client still sending gets its 413 (the server reads and drops the rest before closing)",
    async (path) => {
      for (let i = 0; i < 3; i++) expect((await uploadThenRead(path)).slice(0, 12)).toBe("HTTP/1.1 413");
    },
  );
});

/** A raw request with the given Host header: the status line and the body of the answer. */
function withHost(host: string, path = "/"): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(shop.port, "127.0.0.1");
    let text = "";
    socket.on("data", (part: Buffer) => (text += part.toString()));
    socket.on("error", reject);
    socket.on("end", () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });
}

describe("a Host header that names no host", () => {
  // each of these was a 500 with a stack in the log: the page's URL (or the Request) could not be made from it
  it.each(["a b", "[", "%00", "a@b", "a:65536", "a:99999", "a/b"])(
    "%j: 400, one short line, no stack",
    async (host) => {
      const before = shop.output().length;
      for (const path of ["/", "/products", "/login", "/api/v1/categories/all"]) {
        const answer = await withHost(host, path);
        expect(answer.status, answer.text.slice(0, 300)).toBe(400);
        expect(answer.text).toContain("does not name a host");
      }
      await new Promise((r) => setTimeout(r, 100));
      const logged = shop.output().slice(before);
      expect(logged).not.toMatch(/\n\s+at |TypeError|Invalid URL|failed/);
      for (const line of logged.split("\n").filter(Boolean)) expect(line.length).toBeLessThan(160);
    },
  );

  it("a host with a port, an address, an IPv6 address: served", async () => {
    for (const host of [`127.0.0.1:${shop.port}`, "localhost", `[::1]:${shop.port}`, "shop.example:80"])
      expect((await withHost(host, "/login")).status, host).toBe(200);
  });
});

describe("/metrics without METRICS_TOKEN", () => {
  it("is an unknown path: the shop's 404, nothing of the metrics", async () => {
    const answer = await fetch(`${shop.origin}/metrics`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain("http_requests_total");
  });
});

describe("idle connections", () => {
  it("are kept 65 s, longer than a load balancer keeps them (Node's own 5 s would have it answer 502)", async () => {
    const answer = await fetch(`${shop.origin}/robots.txt`);
    await answer.text();
    expect(answer.headers.get("keep-alive")).toBe("timeout=65");
  });
});
