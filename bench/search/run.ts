// The search benchmark at one catalogue size: the real searchProducts timed in-process ("service"), and/or the built
// shop's pages and the suggestions endpoint loaded over HTTP by 10 clients ("e2e"), then EXPLAIN (ANALYZE, BUFFERS)
// of the SQL the hot paths issue. bench/search.bench.ts and bench/search-all.ts are its command lines.
import os from "node:os";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../../app/db/client.server";
import * as schema from "../../app/db/schema";
import { toSearchQuery } from "../../app/schemas/listing";
import { readListingState } from "../../app/web/listing.server";
import { PAGE_SIZE, ProductSearchQuerySchema } from "../../app/schemas/catalogue";
import { searchProducts } from "../../app/services/catalogue/search.server";
import { load, startServer, type LoadResult } from "./e2e";
import { BRANDS, databaseUrlFor, prepareCatalogue } from "./generate";

export type Mode = "service" | "e2e" | "both";

export interface BenchOptions {
  size: number;
  mode: Mode;
  /** databases are named after this one's name and the size: shop_bench → shop_bench_100000 */
  baseUrl: URL;
  regenerate: boolean;
  /** service mode: timed calls per case */
  runs: number;
  /** e2e mode */
  port: number;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  explain: boolean;
  /** e2e on the embedded database with the demo catalogue instead of a generated PostgreSQL one */
  embedded: boolean;
}

interface Case {
  label: string;
  /** the page or endpoint the e2e mode loads */
  path?: string;
  /** the service query, when it is not the one the listing page makes of `path` */
  service?: Record<string, unknown>;
  /** print the plans of its SQL */
  explain?: boolean;
}

const brandFilter = `brand=${encodeURIComponent(BRANDS[1]!)}&brand=${encodeURIComponent(BRANDS[12]!)}`;

export const CASES: Case[] = [
  {
    label: "home: one per name (no facets)",
    path: "/",
    service: { distinct: "true", facets: "false", page: "1", size: String(PAGE_SIZE) },
    explain: true,
  },
  { label: "listing, no filter", path: "/products" },
  { label: "distinct names, with facets", service: { distinct: "true" } },
  { label: "word 'wireless'", path: "/products?q=wireless", explain: true },
  { label: "two words 'mechanical keyboard'", path: "/products?q=mechanical%20keyboard", explain: true },
  { label: "prefix 'head'", path: "/products?q=head", explain: true },
  { label: "short prefix 'm'", path: "/products?q=m", explain: true },
  { label: "short prefix 'he'", path: "/products?q=he", explain: true },
  { label: "rare word 'X4242'", service: { q: "X4242" } },
  // in every sixth description and no name, brand or category: no strong match (decision 0048)
  { label: "description word 'latency'", path: "/products?q=latency", explain: true },
  { label: "typo 'wireles keybaord'", path: "/products?q=wireles%20keybaord", explain: true },
  { label: "category", service: { category: "3" } },
  {
    label: "category + 2 brands + price range",
    path: `/products?category=2&${brandFilter}&minPrice=20&maxPrice=400`,
    explain: true,
  },
  {
    label: "category + in stock + min price, sort price_desc",
    path: "/products?category=3&inStock=true&minPrice=50&sort=price_desc",
  },
  { label: "text + category + sort price_asc", path: "/products?q=wireless&category=1&sort=price_asc", explain: true },
  { label: "sort newest", service: { sort: "newest" } },
  { label: "deep page 200, sort name", path: "/products?sort=name&page=200", explain: true },
  ...["m", "he", "key", "wirel", "keybaord"].map((prefix) => ({
    label: `suggestions '${prefix}'`,
    path: `/api/v1/products/suggestions?q=${prefix}`,
  })),
];

const isSuggestions = (c: Case) => c.path?.startsWith("/api/") ?? false;

/** The query searchProducts gets for a case: the listing page's reading of its URL, unless the case says. */
function serviceQuery(c: Case) {
  if (c.service) return ProductSearchQuerySchema.parse(c.service);
  if (!c.path || isSuggestions(c)) return null;
  return ProductSearchQuerySchema.parse(toSearchQuery(readListingState(new URL(c.path, "http://bench"))));
}

export interface ServiceRow {
  label: string;
  matches: number;
  p50: number;
  p95: number;
  max: number;
}
export interface E2eRow extends LoadResult {
  label: string;
  path: string;
}
export interface BenchResult {
  size: number;
  generation: { reused: boolean; seconds: number };
  service: ServiceRow[];
  e2e: E2eRow[];
  /** cases whose plans scan a table sequentially (other than categories and the empty images) */
  seqScans: string[];
}

const ms = (value: number) => value.toFixed(1);

export async function describeMachine(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ version: string; shared_buffers: string; work_mem: string }>(
    "SELECT version(), current_setting('shared_buffers') AS shared_buffers, current_setting('work_mem') AS work_mem",
  );
  const cpus = os.cpus();
  return [
    `Machine: ${cpus.length} CPUs (${cpus[0]?.model.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
      `${os.type()} ${os.release()}, Node ${process.version}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    `PostgreSQL: ${rows[0]!.version.split(",")[0]}, shared_buffers ${rows[0]!.shared_buffers}, work_mem ${rows[0]!.work_mem}`,
  ].join("\n");
}

async function timeService(db: Db, runs: number): Promise<ServiceRow[]> {
  const rows: ServiceRow[] = [];
  for (const c of CASES) {
    const query = serviceQuery(c);
    if (!query) continue;
    for (let i = 0; i < 3; i++) await searchProducts({ query, db });
    const times: number[] = [];
    let matches = 0;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const page = await searchProducts({ query, db });
      times.push(performance.now() - started);
      matches = page.totalElements;
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
    rows.push({ label: c.label, matches, p50: pct(0.5), p95: pct(0.95), max: times[times.length - 1]! });
  }
  return rows;
}

async function explainCases(pool: pg.Pool, client: pg.Client): Promise<string[]> {
  const captured: Array<{ query: string; params: unknown[] }> = [];
  const recording = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  }) as unknown as Db;
  const seqScans: string[] = [];
  for (const c of CASES.filter((c) => c.explain)) {
    captured.length = 0;
    const scans: string[] = [];
    await searchProducts({ query: serviceQuery(c)!, db: recording });
    console.log(`\n### Plans for: ${c.label}${c.path ? ` (${c.path})` : ""}\n`);
    for (const { query, params } of captured) {
      const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, SUMMARY ON) ${query}`, params);
      const lines = plan.rows.map((row: Record<string, string>) => row["QUERY PLAN"]!);
      // categories is a dozen rows; the generated catalogue has no images: a scan of either costs nothing
      scans.push(...lines.flatMap((line) => line.match(/Seq Scan on (?!categories\b|images\b)\w+/) ?? []));
      console.log("```\n" + query.replace(/\s+/g, " ").slice(0, 600) + "\n--\n" + lines.join("\n") + "\n```");
    }
    if (scans.length > 0)
      seqScans.push(
        `${c.label}: ${[...new Set(scans)].join(", ")} (${scans.length} scans over its ${captured.length} queries)`,
      );
  }
  return seqScans;
}

/** Loads every case with a path from the built shop, over `databaseUrl` (undefined: its embedded database). */
async function runE2e(databaseUrl: string | undefined, catalogue: string, options: BenchOptions): Promise<E2eRow[]> {
  console.log(
    `\n## Pages end to end, ${catalogue}: ${options.connections} connections, ` +
      `${options.warmupSeconds} s warm-up then ${options.seconds} s per case\n`,
  );
  console.log(
    "Warning: autocannon (the load generator) shares this machine's CPUs with the server and PostgreSQL; " +
      "the figures include its cost. Compare cases and sizes within one run.\n",
  );
  const rows: E2eRow[] = [];
  const server = await startServer(databaseUrl, options.port);
  try {
    for (const c of CASES) {
      if (!c.path) continue;
      const loaded = await load(server.url + c.path, options);
      rows.push({ label: c.label, path: c.path, ...loaded });
      process.stderr.write(`  ${c.label}: ${loaded.status} p95 ${ms(loaded.p95)} ms\n`);
    }
  } finally {
    await server.stop();
  }
  console.log("| case | path | req/s | p50 ms | p95 ms | p99 ms | failures |\n|---|---|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    if (r.requests === 0) {
      const why =
        r.status === 404
          ? "not available (404)"
          : r.status >= 300
            ? `answered ${r.status}, not loaded`
            : `no answer within ${options.seconds} s`;
      console.log(`| ${r.label} | \`${r.path}\` | ${why} | | | | |`);
    } else
      console.log(
        `| ${r.label} | \`${r.path}\` | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.failures} |`,
      );
  }
  return rows;
}

/** The pages end to end on the embedded database (PGlite) with the demo catalogue, as `npm start` runs the shop. */
export async function runEmbedded(options: BenchOptions): Promise<E2eRow[]> {
  const cpus = os.cpus();
  console.log(
    `Machine: ${cpus.length} CPUs (${cpus[0]?.model.trim()}), Node ${process.version}; ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
  );
  return runE2e(undefined, "embedded database (PGlite), demo catalogue", options);
}

export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const url = databaseUrlFor(options.baseUrl, options.size);
  const generation = await prepareCatalogue(url, options.size, { regenerate: options.regenerate });

  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  const result: BenchResult = { size: options.size, generation, service: [], e2e: [], seqScans: [] };
  try {
    console.log(`\n${await describeMachine(client)}`);

    if (options.mode !== "e2e") {
      const plain = drizzle(pool, { schema }) as unknown as Db;
      result.service = await timeService(plain, options.runs);
      console.log(
        `\n## searchProducts in-process at ${options.size} products (${options.runs} runs each, after 3 warm-ups, one caller)\n`,
      );
      console.log("| case | matches | p50 ms | p95 ms | max ms |\n|---|---:|---:|---:|---:|");
      for (const r of result.service)
        console.log(`| ${r.label} | ${r.matches} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} |`);
    }

    if (options.mode !== "service") result.e2e = await runE2e(url.toString(), `${options.size} products`, options);

    if (options.explain) {
      result.seqScans = await explainCases(pool, client);
      console.log(
        `\nSequential scans (other than categories and images) in the hot paths' plans: ${result.seqScans.length === 0 ? "none" : "\n- " + result.seqScans.join("\n- ")}`,
      );
    }
  } finally {
    await client.end();
    await pool.end();
  }
  console.log(
    `\nCatalogue: ${options.size} products, ${generation.reused ? "reused" : `generated in ${generation.seconds.toFixed(1)} s`}.`,
  );
  return result;
}

export function parseOptions(argv: string[]): Omit<BenchOptions, "size"> & { size?: number } {
  const value = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const number = (name: string, fallback: number) => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const parsed = Number(raw.replace(/_/g, "").replace(/k$/i, "000").replace(/m$/i, "000000"));
    if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`--${name} must be a positive number, not "${raw}"`);
    return parsed;
  };
  const mode = (value("mode") ?? "service") as Mode;
  if (!["service", "e2e", "both"].includes(mode)) throw new Error(`--mode must be service, e2e or both`);
  const size = value("size") ?? value("products");
  return {
    size: size === undefined ? undefined : number(value("size") ? "size" : "products", 100_000),
    mode,
    baseUrl: new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench"),
    regenerate: argv.includes("--regenerate"),
    runs: number("runs", 40),
    port: number("port", 3600),
    connections: number("connections", 10),
    seconds: number("duration", 10),
    warmupSeconds: number("warmup", 2),
    explain: !argv.includes("--no-explain"),
    embedded: argv.includes("--embedded"),
  };
}
