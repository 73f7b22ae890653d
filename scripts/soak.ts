// `npm run soak`: two shop instances behind a small round-robin balancer on loopback, on a fresh PostgreSQL
// database, under mixed traffic (browse 80%, cart 15%, checkout 5%) for SOAK_MINUTES (default 10, at most 10).
// Passes when no answer is a 5xx, each instance's memory (its live heap after a full collection, measured by
// scripts/soak-memory.mjs) and the database connections stay flat (within 20% between the first and the last third
// of the run, after a warm-up), and the shop's invariants hold at the end. The resident set is reported too.
// Needs PostgreSQL (SOAK_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/shop_soak: the database is
// created fresh and dropped after) and a build (`npm run build`; `npm start` builds too).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { createInterface } from "node:readline";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPostgres } from "../app/db/client.server";
import { products } from "../app/db/schema";
import { isEmptyShop, seedDemoCatalogue } from "../app/server/seed/seed.server";
import { checkInvariants, formatInvariantReport } from "../app/services/orders/invariants.server";

const minutes = Math.min(10, Number(process.env.SOAK_MINUTES ?? 10));
const clients = Number(process.env.SOAK_CLIENTS ?? 8);
const baseUrl = new URL(process.env.SOAK_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_soak");
const dbName = `${baseUrl.pathname.slice(1) || "shop_soak"}_${Date.now().toString(36)}`;
const dbUrl = Object.assign(new URL(baseUrl), { pathname: `/${dbName}` }).toString();
const maintenanceUrl = Object.assign(new URL(baseUrl), { pathname: "/postgres" }).toString();
const root = path.resolve(import.meta.dirname, "..");

const log = (...args: unknown[]) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}]`, ...args);

async function admin(query: string) {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- the shop: two instances and a balancer

/** Per instance (port): its live heap after a full collection and its resident set, every 15 s (soak-memory.mjs). */
const memorySamples = new Map<number, Array<{ at: number; heapMb: number; rssMb: number }>>();

function startInstance(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      SESSION_SECRET: "soak-session-secret-0123456789abcdef",
      JWT_SECRET: "soak-jwt-secret-0123456789abcdef0123",
      STRIPE_SECRET_KEY: "",
      STRIPE_PUBLISHABLE_KEY: "",
      DB_POOL_MAX: "10",
      // the soak's clients are all 127.0.0.1: its many logins, accounts and writes are not an attack
      LOGIN_MAX_FAILURES_PER_CLIENT: "100000",
      REGISTRATIONS_PER_CLIENT_PER_HOUR: "100000",
      API_WRITES_PER_MINUTE: "100000",
      CHECKOUTS_PER_USER_PER_HOUR: "100000",
      NODE_OPTIONS: `--expose-gc --import ${path.join(root, "scripts/soak-memory.mjs")}`,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const lines = createInterface({ input: child.stderr! });
  lines.on("line", (line) => {
    const memory = /^SOAK-MEMORY (\d+) (\d+) (\d+)$/.exec(line);
    if (!memory) return void process.stderr.write(`[instance ${port}] ${line}\n`);
    const samples = memorySamples.get(port) ?? [];
    samples.push({ at: Number(memory[1]), heapMb: Number(memory[2]) / 2 ** 20, rssMb: Number(memory[3]) / 2 ** 20 });
    memorySamples.set(port, samples);
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 120_000;
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`instance on ${port} exited (${child.exitCode})`));
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return resolve(child);
      if (Date.now() > deadline) return reject(new Error(`instance on ${port} did not start`));
      setTimeout(() => void poll(), 500);
    };
    void poll();
  });
}

/** Round robin over the instances, as a load balancer in front of the shop would. */
function startBalancer(ports: number[]): Promise<http.Server> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    const port = ports[next++ % ports.length]!;
    const upstream = http.request(
      { host: "127.0.0.1", port, path: req.url, method: req.method, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// ---------------------------------------------------------------- traffic

interface Shopper {
  userId: number;
  auth: Record<string, string>;
}
const tally = new Map<string, number>();
const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
const latencies: number[] = [];
const fiveHundreds: string[] = [];

async function call(origin: string, what: string, pathname: string, init?: RequestInit) {
  const started = performance.now();
  const response = await fetch(origin + pathname, { ...init, redirect: "manual" }).catch(() => null);
  const body = response ? await response.text() : "";
  latencies.push(performance.now() - started);
  const status = response?.status ?? 0;
  count(`${what} ${status}`);
  if (status >= 500 || status === 0) fiveHundreds.push(`${what} ${pathname}: ${status} ${body.slice(0, 200)}`);
  return { status, body };
}

const json = (body: unknown, auth: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...auth },
  body: JSON.stringify(body),
});

async function newShopper(origin: string, i: number): Promise<Shopper> {
  const email = `soak-${Date.now().toString(36)}-${i}@example.com`;
  const password = "Soak-password-1";
  const address = {
    street: "1 Loopback Way",
    city: "Localhost",
    state: "",
    country: "US",
    postalCode: "12345",
    mobileNumber: "+1 512 555 0100",
    addressType: "HOME",
  };
  const user = { firstName: "Soak", lastName: `Shopper${i}`, email, password, addressList: [address] };
  const registered = await call(origin, "register", "/api/v1/users/add", json(user));
  const login = await call(origin, "login", "/api/v1/auth/login", json({ email, password }));
  return {
    userId: JSON.parse(registered.body).data.id,
    auth: { authorization: `Bearer ${JSON.parse(login.body).accessToken}` },
  };
}

const card = { cardNumber: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };
const billing = {
  firstName: "Soak",
  lastName: "Shopper",
  email: "soak@example.com",
  street: "1 Loopback Way",
  city: "Localhost",
  country: "US",
  postalCode: "12345",
};

async function client(origin: string, shopper: Shopper, productIds: number[], until: number) {
  const pick = () => productIds[Math.floor(Math.random() * productIds.length)]!;
  const browse = [
    () => "/",
    () => "/products",
    () => `/products?page=${1 + Math.floor(Math.random() * 3)}`,
    () => `/product/${pick()}/details`,
    () => "/products?search=gaming",
  ];
  while (Date.now() < until) {
    const roll = Math.random();
    if (roll < 0.8) {
      await call(origin, "browse", browse[Math.floor(Math.random() * browse.length)]!());
    } else if (roll < 0.95) {
      await call(origin, "cart", "/api/v1/cartItems/item/add", json({ productId: pick(), quantity: 1 }, shopper.auth));
    } else {
      const shown = await call(origin, "attempt", `/api/v1/orders/user/${shopper.userId}/checkout-attempt`, {
        headers: shopper.auth,
      });
      const attempt = shown.status === 200 ? JSON.parse(shown.body).data.attempt : null;
      if (attempt) {
        await call(
          origin,
          "checkout",
          `/api/v1/orders/user/${shopper.userId}/checkout`,
          json({ attempt, billing, card }, shopper.auth),
        );
      }
    }
  }
}

// ---------------------------------------------------------------- watching memory and connections

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

// ---------------------------------------------------------------- the run

await admin(`CREATE DATABASE "${dbName}"`);
const database = await openPostgres(dbUrl, { max: 3 });
const instances: ChildProcess[] = [];
let balancer: http.Server | undefined;
let failed = false;
try {
  await database.migrate();
  if (await isEmptyShop(database.db)) await seedDemoCatalogue(database.db);
  // plenty of stock: the soak measures the shop, not sell-outs
  await database.db.update(products).set({ inventory: 1_000_000 });
  const productIds = (await database.db.select({ id: products.id }).from(products)).map((p) => p.id);

  const ports = [Number(process.env.SOAK_PORT_A ?? 3201), Number(process.env.SOAK_PORT_B ?? 3202)];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-soak-"));
  log(`starting two instances on ${ports.join(" and ")} (database ${dbName})…`);
  for (const port of ports) instances.push(await startInstance(port, path.join(dataDir, String(port))));
  balancer = await startBalancer(ports);
  const origin = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;
  const shoppers = await Promise.all(Array.from({ length: clients }, (_, i) => newShopper(origin, i)));

  const connections: Array<{ at: number; n: number }> = [];
  const started = Date.now();
  const until = started + minutes * 60_000;
  log(`${clients} clients for ${minutes} min through ${origin}`);
  const sampler = setInterval(() => {
    void database.db
      .execute(sql`select count(*)::int as n from pg_stat_activity where datname = ${dbName}`)
      .then((result) => {
        const rows = (result as unknown as { rows: Array<{ n: number }> }).rows;
        connections.push({ at: Date.now(), n: rows[0]!.n });
      })
      .catch(() => undefined);
  }, 5_000);
  await Promise.all(shoppers.map((shopper) => client(origin, shopper, productIds, until)));
  clearInterval(sampler);
  const seconds = (Date.now() - started) / 1000;

  // judging: the first third after the warm-up (two minutes, or a fifth of a short run: code compiled, caches and
  // heap sized) against the last third
  const warmedUp = started + Math.min(120_000, (minutes * 60_000) / 5);
  function thirds<T extends { at: number }>(series: T[], value: (sample: T) => number) {
    const warm = series.filter((sample) => sample.at > warmedUp);
    const third = Math.max(1, Math.floor(warm.length / 3));
    const early = median(warm.slice(0, third).map(value));
    const late = median(warm.slice(-third).map(value));
    return { early: Math.round(early), late: Math.round(late), drift: late / early - 1 };
  }
  const heap = ports.map((port) => thirds(memorySamples.get(port) ?? [], (s) => s.heapMb));
  const rss = ports.map((port) => thirds(memorySamples.get(port) ?? [], (s) => s.rssMb));
  const pool = thirds(connections, (s) => s.n);
  const requests = latencies.length;
  const violations = await checkInvariants(database.db);
  const percent = (drift: number) => Math.round(drift * 100);

  const report = {
    minutes,
    clients,
    requests,
    requestsPerSecond: Math.round(requests / seconds),
    latencyMs: {
      p50: Math.round(median(latencies)),
      p95: Math.round([...latencies].sort((a, b) => a - b)[Math.floor(requests * 0.95)] ?? 0),
      max: Math.round(Math.max(...latencies)),
    },
    answers: Object.fromEntries([...tally.entries()].sort()),
    fiveHundreds: fiveHundreds.length,
    liveHeapMb: heap.map(({ early, late, drift }) => ({ early, late, driftPercent: percent(drift) })),
    residentMb: rss.map(({ early, late, drift }) => ({ early, late, driftPercent: percent(drift) })),
    connections: { early: pool.early, late: pool.late, driftPercent: percent(pool.drift) },
    invariantViolations: violations.length,
  };
  console.log(JSON.stringify(report, null, 2));
  const problems = [
    ...(fiveHundreds.length
      ? [`${fiveHundreds.length} answers were 5xx or failed:\n  ${fiveHundreds.slice(0, 10).join("\n  ")}`]
      : []),
    ...heap.flatMap(({ drift }, i) =>
      Math.abs(drift) > 0.2 ? [`instance ${i + 1}'s live heap moved ${percent(drift)}%`] : [],
    ),
    ...(Math.abs(pool.drift) > 0.2 ? [`database connections moved ${percent(pool.drift)}%`] : []),
    ...(violations.length ? [formatInvariantReport(violations)] : []),
  ];
  if (problems.length) {
    failed = true;
    console.error(`SOAK FAILED\n- ${problems.join("\n- ")}`);
  } else {
    log("soak passed: no 5xx, memory and connections flat, invariants hold");
  }
} finally {
  balancer?.close();
  for (const child of instances) child.kill("SIGTERM");
  await Promise.all(
    instances.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : Promise.resolve())),
  );
  await database.close();
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
}
process.exit(failed ? 1 : 0);
