// Where an uncached page's CPU goes: the built shop (scripts/server.mjs) run under V8's CPU profiler on a fresh
// PostgreSQL database with the demo catalogue, each page requested one at a time (no load generator beside it), and the
// profile's samples put into the parts a page's time is made of: React's render (with the shop's components), the
// loader data's serialization (turbo-stream), the in-process API (Hono's routing and middleware and the handlers), the
// query builder (drizzle), the PostgreSQL driver, validation (zod), Remix's and Node's HTTP work, the garbage collector.
// A sample goes to the first part on its stack, in the order of PARTS below (React's render includes the components
// it calls; the API includes what its handlers call but the driver and drizzle, which come first).
//
// Run: `npm run build` first, then `npm run bench:profile`. Environment:
//   BENCH_DATABASE_URL  the PostgreSQL database to (re)create (default postgres://postgres@127.0.0.1:5432/shop_bench_profile)
//   PROFILE_REQUESTS    requests per page (300), PROFILE_PORT (3450), PROFILE_PAGES (details,cart: only those)
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { benchShopper, firstProductInStock } from "./shopper";

const root = path.resolve(import.meta.dirname, "..");
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench_profile";
const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 300);
const PORT = Number(process.env.PROFILE_PORT ?? 3450);
/** PROFILE_PAGES: a comma-separated part of the pages' labels to profile only those (default every page) */
const PAGES = process.env.PROFILE_PAGES?.split(",");
const origin = `http://127.0.0.1:${PORT}`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The parts of a page's time, each recognised by a frame of its stack; the first that matches a sample takes it. */
const PARTS: Array<[string, (frame: ProfileNode["callFrame"]) => boolean]> = [
  ["garbage collector", (f) => f.functionName === "(garbage collector)"],
  ["PostgreSQL driver (pg)", (f) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//.test(f.url)],
  ["query builder (drizzle)", (f) => f.url.includes("node_modules/drizzle-orm/")],
  ["validation (zod)", (f) => f.url.includes("node_modules/zod/")],
  ["serialize loader data (turbo-stream)", (f) => f.url.includes("node_modules/turbo-stream/")],
  ["render (React and the components)", (f) => f.url.includes("node_modules/react-dom/")],
  ["in-process API (Hono and the handlers)", (f) => f.url.includes("node_modules/hono/")],
  ["password hashing (argon2)", (f) => f.url.includes("argon2")],
  ["Remix server runtime (routing, loaders, headers)", (f) => f.url.includes("node_modules/@remix-run/")],
  [
    "Express, compression, morgan",
    (f) => /node_modules\/(express|compression|morgan|router|body-parser)\//.test(f.url),
  ],
  ["the shop's own code, outside the above", (f) => f.url.includes("/build/server/")],
  ["Node (HTTP, streams, timers)", (f) => f.url.startsWith("node:")],
  ["idle", (f) => f.functionName === "(idle)"],
];

function recreate(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL("/postgres", url).toString();
  const client = new pg.Client({ connectionString: admin });
  return client
    .connect()
    .then(() => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
    .then(() => client.query(`CREATE DATABASE "${name}"`))
    .finally(() => client.end());
}

/** V8's profile stamps its samples with the monotonic clock in microseconds, as process.hrtime reads it. */
const monotonicMicroseconds = () => Number(process.hrtime.bigint() / 1000n);

/** The stretch of the profile in which one page was requested. */
interface Window {
  label: string;
  start: number;
  end: number;
}
const windows: Window[] = [];

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("no build: run `npm run build` first");
  await recreate(DATABASE_URL);
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-seed.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}\n${seeded.stderr}`);
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "profile-render-"));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "profile-data-"));
  const server = spawn(
    process.execPath,
    ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "--cpu-prof-interval=250", "scripts/server.mjs"],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(PORT),
        DATABASE_URL,
        DATA_DIR: dataDir,
        SESSION_SECRET: "profile-session-secret-profile-session-secret",
        JWT_SECRET: "profile-jwt-secret-profile-jwt-secret-profile",
        RECONCILE_INTERVAL_MS: "0",
        MAIL_INTERVAL_MS: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  while (!output.includes("[shop] ready on")) {
    if (Date.now() - started > 120_000 || server.exitCode !== null)
      throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    const productId = await firstProductInStock(origin);
    const shopper = await benchShopper(origin, productId);
    const [cookie, id] = [await shopper.cookie(), shopper.id];
    // a card's picture as the listing asks for it (a versioned WebP variant, read through the in-process API)
    const listing = await (await fetch(`${origin}/products`)).text();
    const picture = /\/api\/v1\/images\/image\/download\/\d+\?w=400&(?:amp;)?v=[\w-]+/.exec(listing)?.[0];
    if (!picture) throw new Error("no picture on the listing");
    const all: Array<[string, string, Record<string, string>]> = [
      ["/robots.txt", "/robots.txt", {}],
      ["a card's picture", picture.replace("&amp;", "&"), {}],
      ["signed in: /products", "/products", { cookie }],
      ["signed in: details", `/product/${productId}/details`, { cookie }],
      ["signed in: cart (one product)", `/user/${id}/my-cart`, { cookie }],
    ];
    const pages = all.filter(([label]) => PAGES === undefined || PAGES.some((page) => label.includes(page)));
    for (const [label, urlPath, headers] of pages) {
      // warm the code paths first, then the timed requests, one at a time
      for (let i = 0; i < 30; i++) await (await fetch(origin + urlPath, { headers })).arrayBuffer();
      const start = monotonicMicroseconds();
      for (let i = 0; i < REQUESTS; i++) {
        const response = await fetch(origin + urlPath, { headers, redirect: "manual" });
        if (response.status !== 200) throw new Error(`${urlPath}: ${response.status}`);
        await response.arrayBuffer();
      }
      windows.push({ label, start, end: monotonicMicroseconds() });
    }
  } finally {
    // a server that already stopped (it crashed) has nothing left to wait for
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
  }
  const file = fs.readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no profile written:\n${output.slice(-2000)}`);
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")) as Profile;
  for (const window of windows) summarize(profile, window);
  console.log(`[profile] the profile: ${path.join(profileDir, file)} (open it in Chrome's DevTools, Performance)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The samples taken while one page was requested: each sample's time goes to the first part (in PARTS' order) that a
 * frame of its stack belongs to.
 */
function summarize(profile: Profile, window: Window) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const partOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = partOf.get(id);
    if (known) return known;
    const stack: ProfileNode["callFrame"][] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!.callFrame);
    const part =
      PARTS.find(([, test]) => stack.some(test))?.[0] ??
      (stack[0]!.functionName === "(program)" ? "V8 (compiling, runtime)" : "other");
    partOf.set(id, part);
    return part;
  };
  const totals = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < window.start || at > window.end) return;
    const part = classify(id);
    totals.set(part, (totals.get(part) ?? 0) + delta);
  });
  const busy = [...totals].filter(([part]) => part !== "idle").reduce((sum, [, us]) => sum + us, 0);
  const wall = (window.end - window.start) / 1000;
  console.log(
    `\n[profile] ${window.label}: ${(wall / REQUESTS).toFixed(2)} ms per request one at a time, ` +
      `${(busy / 1000 / REQUESTS).toFixed(2)} ms of the server's CPU per request`,
  );
  console.log(`\n| part | CPU ms per request | share |\n|---|---:|---:|`);
  for (const [part, us] of [...totals].sort((a, b) => b[1] - a[1])) {
    if (part === "idle") continue;
    console.log(`| ${part} | ${(us / 1000 / REQUESTS).toFixed(2)} | ${((100 * us) / busy).toFixed(1)}% |`);
  }
}

await main();
