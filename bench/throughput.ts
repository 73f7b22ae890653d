// Throughput of the built shop's pages (decision 0028): the production server (scripts/server.mjs) on PostgreSQL (a
// fresh database with the demo catalogue) and on the embedded PGlite (a fresh DATA_DIR), loaded by autocannon with 10
// connections. Cases: /, /products, a product's details, /robots.txt (a Remix route without data) and the ceiling
// (/bench/ceiling: the listing's 18 cards rendered from memory, with the root loader's work every page pays; a route
// only in a build made with BENCH_CEILING=1, which this benchmark makes in build-bench/), each
// with and without `Accept-Encoding: gzip`. Signed-in cases (a shopper's session cookie, made fresh each round): the
// listing, a product's details, the cart (one item in it) and the checkout. A fresh case: the listing for a filter
// combination no request asked before (a new price range each request: the page cache cannot answer it). Rounds
// interleave the cases; the report is the median over rounds of req/s and p95 latency, and each page's ratio to the
// ceiling and to /robots.txt of the same round.
//
// Run: `npm run bench:throughput` (it builds the shop with the ceiling into build-bench/ first). Environment:
//   BENCH_DATABASE_URL  the PostgreSQL database to (re)create (default postgres://postgres@127.0.0.1:5432/shop_bench_throughput)
//   BENCH_DB            pg, pglite or both (default both)
//   BENCH_DURATION      seconds per case (10), BENCH_WARMUP seconds before each case (2), BENCH_ROUNDS (3)
//   BENCH_CONNECTIONS   (10), BENCH_PORT first port to use (3400)
//   BENCH_ENCODINGS     identity,gzip (default both)
//   BENCH_CASES         anonymous,signed-in,fresh (default all three)
//   BENCH_INSTANCES     1 or 2: with 2, PostgreSQL also runs two servers and the load is split between them
//   BENCH_SERVER_SCRIPT the server to run (scripts/server.mjs; another copy to measure an older version)
//   BENCH_SERVER_ENV    extra server variables, "A=1,B=2" (COMPRESSION_LEVEL=1, PAGE_CACHE=off…)
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { benchShopper, firstProductInStock } from "./shopper";

const root = path.resolve(import.meta.dirname, "..");
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3400);
const DATABASES = (process.env.BENCH_DB ?? "both") === "both" ? ["pg", "pglite"] : [process.env.BENCH_DB!];
const ENCODINGS = (process.env.BENCH_ENCODINGS ?? "identity,gzip").split(",") as ("identity" | "gzip")[];
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const CASES = new Set((process.env.BENCH_CASES ?? "anonymous,signed-in,fresh").split(","));
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench_throughput";
const SERVER_ENV = Object.fromEntries(
  (process.env.BENCH_SERVER_ENV ?? "")
    .split(",")
    .filter(Boolean)
    .map((pair) => pair.split("=") as [string, string]),
);

interface Server {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

async function recreateDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: new URL("/postgres", url).toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-seed.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seeding ${name} failed:\n${seeded.stdout}\n${seeded.stderr}`);
  log(`[bench] ${seeded.stdout.trim()}`);
}

async function dropDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: new URL("/postgres", url).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => admin.end());
}

/** The build the benchmark serves: the shop's, plus the ceiling's route (app/routes.ts registers it with BENCH_CEILING=1). */
const BENCH_BUILD_DIR = "build-bench";

function buildWithCeiling() {
  log(`[bench] building the shop with the ceiling page into ${BENCH_BUILD_DIR}/`);
  const cli = path.join(root, "node_modules/@remix-run/dev/dist/cli.js");
  const built = spawnSync(process.execPath, [cli, "vite:build"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", BENCH_CEILING: "1", BUILD_DIR: BENCH_BUILD_DIR },
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`the build failed:\n${built.stdout}\n${built.stderr}`);
}

function startServer(port: number, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, [process.env.BENCH_SERVER_SCRIPT ?? "scripts/server.mjs"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      BUILD_DIR: BENCH_BUILD_DIR,
      SESSION_SECRET: "bench-session-secret-bench-session-secret",
      JWT_SECRET: "bench-jwt-secret-bench-jwt-secret-bench-jwt",
      ...SERVER_ENV,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // the access log writes a line per request: only the last part of the output is kept
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server on ${port} not ready:\n${output}`)), 180_000);
    const check = () => {
      if (!output.includes("[shop] ready on")) return;
      clearTimeout(timer);
      child.stdout!.off("data", check);
      resolve({ child, origin: `http://127.0.0.1:${port}`, output: () => output });
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => reject(new Error(`server on ${port} exited (${code}):\n${output}`)));
  });
}

async function stopServer(server: Server) {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

interface Measure {
  rps: number;
  p95: number;
  /** bytes of body and headers per response, as autocannon counts them */
  bytes: number;
  non2xx: number;
  errors: number;
}

/** A page to load: its path, the shopper's cookie for a signed-in case, and a new query each request for a fresh one. */
interface Case {
  /** the name in the report */
  label: string;
  path: string;
  cookie?: string;
  fresh?: boolean;
}

/** One autocannon run per origin, in parallel, the connections split between them; latencies are pooled. */
async function load(origins: string[], page: Case, encoding: string, seconds: number): Promise<Measure> {
  const latencies: number[] = [];
  const results = await Promise.all(
    origins.map(
      (origin) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const instance = autocannon(
            {
              url: origin + page.path,
              connections: Math.max(1, Math.round(CONNECTIONS / origins.length)),
              duration: seconds,
              headers: {
                ...(encoding === "gzip" ? { "accept-encoding": "gzip" } : {}),
                ...(page.cookie ? { cookie: page.cookie } : {}),
              },
              // a fresh case: a price range no request has asked before, so no cached page can answer; above every
              // price, so each request finds the same products
              ...(page.fresh
                ? {
                    requests: [
                      {
                        setupRequest: (request: { path: string }) => ({
                          ...request,
                          path: `${page.path}${page.path.includes("?") ? "&" : "?"}maxPrice=${(999_999 - fresh++ / 100).toFixed(2)}`,
                        }),
                      },
                    ],
                  }
                : {}),
            },
            (error, result) => (error ? reject(error) : resolve(result)),
          );
          instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
            latencies.push(responseTime),
          );
        }),
    ),
  );
  latencies.sort((a, b) => a - b);
  const sum = (pick: (r: autocannon.Result) => number) => results.reduce((total, r) => total + pick(r), 0);
  const requests = sum((r) => r.requests.total);
  return {
    rps: requests / seconds,
    p95: latencies[Math.floor(latencies.length * 0.95)] ?? NaN,
    bytes: requests > 0 ? sum((r) => r.throughput.total) / requests : 0,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors + r.timeouts),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The compressed size of a page against compressing the same bytes at once (gzip level 6). */
async function compressionCheck(origin: string, urlPath: string) {
  const plain = Buffer.from(
    await (await fetch(origin + urlPath, { headers: { "accept-encoding": "identity" } })).arrayBuffer(),
  );
  const raw = await new Promise<Buffer>((resolve, reject) => {
    // node's fetch decompresses: read the wire bytes with http
    http
      .get(origin + urlPath, { headers: { "accept-encoding": "gzip" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          response.headers["content-encoding"] === "gzip"
            ? resolve(Buffer.concat(chunks))
            : reject(new Error(`${urlPath}: not compressed`)),
        );
      })
      .on("error", reject);
  });
  const atOnce = zlib.gzipSync(plain, { level: 6 }).length;
  return { plain: plain.length, sent: raw.length, atOnce, ratio: raw.length / atOnce };
}

/** a counter for the fresh case's price ranges, across its runs */
let fresh = 0;

type Row = { db: string; instances: number; path: string; encoding: string; round: number } & Measure;

async function measure(db: string, servers: Server[], rows: Row[]) {
  const origins = servers.map((s) => s.origin);
  const productId = await firstProductInStock(origins[0]!);
  const details = `/product/${productId}/details`;
  const anonymous = ["/bench/ceiling", "/", "/products", details, "/robots.txt"];
  for (const urlPath of anonymous.filter((p) => p !== "/robots.txt")) {
    const c = await compressionCheck(origins[0]!, urlPath);
    log(
      `[bench] ${db} ${urlPath}: ${c.plain} B plain, ${c.sent} B gzip as sent, ${c.atOnce} B gzip at once (level 6): ` +
        `${c.ratio.toFixed(2)}×`,
    );
  }
  // what each compression level costs on the listing's HTML, in CPU time per page (less noisy than req/s here)
  const listing = Buffer.from(await (await fetch(`${origins[0]}/products`)).arrayBuffer());
  for (const level of [1, 4, 6]) {
    const runs = 300;
    const start = process.cpuUsage();
    let size = 0;
    for (let i = 0; i < runs; i++) size = zlib.gzipSync(listing, { level }).length;
    const used = process.cpuUsage(start);
    log(
      `[bench] gzip level ${level}: /products ${size} B, ${((used.user + used.system) / runs / 1000).toFixed(3)} ms CPU`,
    );
  }
  // the shopper is made through the first server; with two on PostgreSQL, both read its session from the shared tables
  const signedIn = CASES.has("signed-in") ? await benchShopper(origins[0]!, productId) : null;
  for (let round = 1; round <= ROUNDS; round++) {
    const cookie = signedIn ? await signedIn.cookie() : undefined;
    const cases: Case[] = [
      // the ceiling and the no-data route are every round's yardsticks
      { label: "/bench/ceiling", path: "/bench/ceiling" },
      { label: "/robots.txt", path: "/robots.txt" },
      ...(CASES.has("anonymous")
        ? ["/", "/products", details].map((urlPath) => ({ label: urlPath, path: urlPath }))
        : []),
      ...(CASES.has("fresh")
        ? [{ label: "/products, a new price range each request", path: "/products", fresh: true }]
        : []),
      ...(signedIn && cookie
        ? [
            { label: "signed in: /products", path: "/products", cookie },
            { label: "signed in: details", path: details, cookie },
            { label: "signed in: cart", path: `/user/${signedIn.id}/my-cart`, cookie },
            { label: "signed in: checkout", path: `/checkout/${signedIn.id}/checkout`, cookie },
          ]
        : []),
    ];
    for (const page of cases) {
      for (const encoding of ENCODINGS) {
        if (WARMUP > 0) await load(origins, page, encoding, WARMUP);
        const m = await load(origins, page, encoding, DURATION);
        rows.push({ db, instances: servers.length, path: page.label, encoding, round, ...m });
        log(
          `[bench] ${db}×${servers.length} round ${round} ${page.label} ${encoding}: ${m.rps.toFixed(0)} req/s, ` +
            `p95 ${m.p95.toFixed(1)} ms, ${m.bytes.toFixed(0)} B/response` +
            (m.non2xx || m.errors ? `, ${m.non2xx} non-2xx, ${m.errors} errors` : ""),
        );
      }
    }
  }
}

function report(rows: Row[]) {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = `${row.db}|${row.instances}|${row.path}|${row.encoding}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const yardstick = (row: Row, path: string) =>
    rows.find(
      (r) =>
        r.db === row.db &&
        r.instances === row.instances &&
        r.encoding === row.encoding &&
        r.round === row.round &&
        r.path === path,
    )!.rps;
  log("");
  log(
    `| database | instances | page | encoding | req/s (median) | p95 ms (median) | ÷ ceiling (median) | ÷ /robots.txt (median) | B/response |`,
  );
  log(`|---|---:|---|---|---:|---:|---:|---:|---:|`);
  for (const group of groups.values()) {
    const first = group[0]!;
    const ratio = median(group.map((row) => row.rps / yardstick(row, "/bench/ceiling")));
    const toRobots = median(group.map((row) => row.rps / yardstick(row, "/robots.txt")));
    log(
      `| ${first.db} | ${first.instances} | ${first.path} | ${first.encoding} | ${median(group.map((r) => r.rps)).toFixed(0)} | ` +
        `${median(group.map((r) => r.p95)).toFixed(1)} | ${(ratio * 100).toFixed(0)}% | ${(toRobots * 100).toFixed(0)}% | ` +
        `${median(group.map((r) => r.bytes)).toFixed(0)} |`,
    );
  }
}

async function main() {
  buildWithCeiling();
  log(
    `[bench] ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), load ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}; ` +
      `${CONNECTIONS} connections, ${DURATION} s per case after ${WARMUP} s, ${ROUNDS} rounds; server env ${JSON.stringify(SERVER_ENV)}`,
  );
  const rows: Row[] = [];
  let port = FIRST_PORT;
  for (const db of DATABASES) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-throughput-"));
    const servers: Server[] = [];
    try {
      if (db === "pg") await recreateDatabase(DATABASE_URL);
      const env: Record<string, string> = db === "pg" ? { DATABASE_URL, DATA_DIR: dataDir } : { DATA_DIR: dataDir };
      servers.push(await startServer(port++, env));
      await measure(db, servers, rows);
      if (db === "pg" && INSTANCES > 1) {
        // a second data directory: PGlite's lock is not involved on PostgreSQL, but mail files stay apart
        servers.push(await startServer(port++, { ...env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "bench-")) }));
        await measure(db, servers, rows);
      }
    } finally {
      for (const server of servers) await stopServer(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (db === "pg") await dropDatabase(DATABASE_URL).catch(() => undefined);
    }
  }
  report(rows);
}

await main();
