// Search at scale: 100,000 products on PostgreSQL. Times the real searchProducts service (all its queries: page,
// count, both facets, typo fallback) and prints EXPLAIN ANALYZE of the SQL it issues.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench npm run bench:search [-- --products 100000]
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { openPostgres, type Db } from "../app/db/client.server";
import * as schema from "../app/db/schema";
import { ProductSearchQuerySchema } from "../app/schemas/catalogue";
import { searchProducts } from "../app/services/search.server";

const url = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench");
const count = Number(process.argv[process.argv.indexOf("--products") + 1]) || 100_000;
const RUNS = 40;

const admin = new pg.Client({ connectionString: new URL("/postgres", url).toString() });
await admin.connect();
const name = url.pathname.slice(1);
await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await admin.query(`CREATE DATABASE "${name}"`);
await admin.end();

const database = await openPostgres(url.toString(), { max: 4 });
await database.migrate();

const ADJECTIVES = [
  "Wireless",
  "Mechanical",
  "Ultralight",
  "Pro",
  "Elite",
  "RGB",
  "Silent",
  "Tactical",
  "Compact",
  "Carbon",
  "Stealth",
  "Turbo",
  "Quantum",
  "Vortex",
  "Apex",
  "Nova",
];
const NOUNS = [
  "Mouse",
  "Keyboard",
  "Headset",
  "Controller",
  "Mousepad",
  "Chair",
  "Monitor",
  "Microphone",
  "Webcam",
  "Speaker",
  "Capture Card",
  "Stream Deck",
];
const CATEGORIES = [
  "Mice",
  "Keyboards",
  "Headsets",
  "Controllers",
  "Mouse Pads",
  "Gaming Chairs",
  "Monitors",
  "Streaming Gear",
  "Audio",
  "Accessories",
  "Cables",
  "Bags",
];
const BRANDS = Array.from(
  { length: 200 },
  (_, i) =>
    `${["Kestrel", "Onyxa", "Lumora", "Ironpeak", "Novaforge", "Arclight", "Brimstone", "Hexwright", "Quillsound", "Aurelo"][i % 10]} ${["Labs", "Gear", "Audio", "Works", "Tech", "Studio", "Systems", "Dynamics", "Digital", "Craft", "Forge", "Hardware", "Interactive", "Peripherals", "Designs", "Electronics", "Robotics", "Industries", "Concepts", "Supply"][Math.floor(i / 10)]}`,
);
const WORDS = [
  "sensor",
  "switches",
  "latency",
  "braided",
  "cable",
  "aluminium",
  "frame",
  "battery",
  "hours",
  "optical",
  "hot-swappable",
  "surround",
  "sound",
  "noise",
  "cancelling",
  "ergonomic",
  "grip",
  "lightweight",
  "precision",
  "tournament",
  "esports",
  "streaming",
  "clarity",
  "durable",
  "premium",
];

console.log(`Generating ${count} products…`);
const started = Date.now();
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
await client.query(`INSERT INTO categories (name) SELECT unnest($1::text[])`, [CATEGORIES]);
// seeded random(): the same catalogue on every run, without correlations between columns
await client.query("SELECT setseed(0.42)");
await client.query(
  `INSERT INTO products (name, brand, price_cents, inventory, description, category_id, created_at)
   SELECT
     (adj[1 + floor(r1 * array_length(adj, 1))::int] || ' ' || noun[1 + floor(r2 * array_length(noun, 1))::int] || ' X' || i),
     brand[1 + floor(r3 * array_length(brand, 1))::int],
     499 + floor(r4 * 50000)::int,
     floor(r5 * 200)::int,
     'The ' || noun[1 + floor(r2 * array_length(noun, 1))::int] || ' with ' || word[1 + floor(r6 * array_length(word, 1))::int] || ' '
       || word[1 + floor(r7 * array_length(word, 1))::int] || ' and ' || word[1 + floor(r8 * array_length(word, 1))::int]
       || ' for players who care about ' || word[1 + floor(r9 * array_length(word, 1))::int] || '.',
     1 + floor(r10 * $5)::int,
     now() - floor(r11 * 5000)::int * interval '1 hour'
   FROM (
     SELECT i, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7, random() r8,
            random() r9, random() r10, random() r11
     FROM generate_series(1, $6::int) AS i
   ) AS g,
   (SELECT $1::text[] AS adj, $2::text[] AS noun, $3::text[] AS brand, $4::text[] AS word) AS lists`,
  [ADJECTIVES, NOUNS, BRANDS, WORDS, CATEGORIES.length, count],
);
// what autovacuum would have done on a live database: statistics and the visibility map for index-only scans
await client.query("VACUUM ANALYZE");
console.log(`Generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);

// a db that records the SQL it runs, to explain it afterwards
const captured: Array<{ query: string; params: unknown[] }> = [];
const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
const recording = drizzle(pool, {
  schema,
  logger: { logQuery: (query, params) => captured.push({ query, params }) },
}) as unknown as Db;
const plain = drizzle(pool, { schema }) as unknown as Db;

const CASES: Array<[string, Record<string, unknown>]> = [
  ["no filter, page 1 (home/listing)", {}],
  ["distinct names, as the home asks (no facets)", { distinct: "true", facets: "false" }],
  ["distinct names, with facets", { distinct: "true" }],
  ["common word 'wireless'", { q: "wireless" }],
  ["two words 'mechanical keyboard'", { q: "mechanical keyboard" }],
  ["prefix 'head'", { q: "head" }],
  ["rare word 'X4242'", { q: "X4242" }],
  ["typo 'wireles keybaord' (fallback)", { q: "wireles keybaord" }],
  ["category", { category: "3" }],
  [
    "category + 2 brands + price range",
    { category: "2", brand: [BRANDS[1], BRANDS[12]], minPrice: "20", maxPrice: "400" },
  ],
  ["text + category + sort price_asc", { q: "wireless", category: "1", sort: "price_asc" }],
  ["sort newest", { sort: "newest" }],
  ["deep page 200, sort name", { sort: "name", page: "200" }],
];

const results: Array<{ name: string; total: number; p50: number; p95: number; max: number }> = [];
for (const [label, raw] of CASES) {
  const query = ProductSearchQuerySchema.parse(raw);
  for (let i = 0; i < 3; i++) await searchProducts({ query, db: plain });
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const page = await searchProducts({ query, db: plain });
    times.push(performance.now() - t);
    total = page.totalElements;
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  results.push({ name: label, total, p50: pct(0.5), p95: pct(0.95), max: times[times.length - 1]! });
}

console.log(`\n## Latency of searchProducts at ${count} products (${RUNS} runs each, after 3 warm-ups)\n`);
console.log("| query | matches | p50 ms | p95 ms | max ms |\n|---|---:|---:|---:|---:|");
for (const r of results)
  console.log(`| ${r.name} | ${r.total} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} |`);

const EXPLAIN = [
  "common word 'wireless'",
  "category + 2 brands + price range",
  "distinct names, as the home asks (no facets)",
  "typo 'wireles keybaord' (fallback)",
];
for (const label of EXPLAIN) {
  const raw = CASES.find(([name]) => name === label)![1];
  captured.length = 0;
  await searchProducts({ query: ProductSearchQuerySchema.parse(raw), db: recording });
  console.log(`\n### Plans for: ${label}\n`);
  for (const { query, params } of captured) {
    const plan = await client.query(
      `EXPLAIN (ANALYZE, COSTS OFF, TIMING ON, SUMMARY ON) ${query}`,
      params as unknown[],
    );
    console.log(
      "```\n" +
        query.replace(/\s+/g, " ").slice(0, 400) +
        "\n--\n" +
        plan.rows.map((row) => row["QUERY PLAN"]).join("\n") +
        "\n```",
    );
  }
}

await client.end();
await pool.end();
await database.close();
