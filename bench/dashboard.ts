// The admin dashboard at scale (decision 0038): the real shopDashboard timed in-process on PostgreSQL with 10,000 and
// 100,000 orders (1–3 lines each, spread over the last two years, one in twenty cancelled), for 7, 30 and 90 days, and
// EXPLAIN (ANALYZE) of its two order queries at the largest size. Each size's database is made anew
// (shop_bench_orders_<size>).
//
// Usage: npm run bench:dashboard -- [--sizes 10000,100000] [--runs 15]
//        BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/shop_bench) names the server.
import os from "node:os";
import pg from "pg";
import { openPostgres } from "../app/db/client.server";
import { shopDashboard } from "../app/services/reports/dashboard.server";
import { DASHBOARD_PERIODS } from "../app/schemas/reports";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const SIZES = option("sizes", "10000,100000").split(",").map(Number);
const RUNS = Number(option("runs", "15"));
const base = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench");
const ADMIN = { id: 1, roles: ["ROLE_ADMIN"] };

async function withClient<T>(url: URL, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function prepare(size: number): Promise<URL> {
  const url = new URL(`/shop_bench_orders_${size}`, base);
  const name = url.pathname.slice(1);
  await withClient(new URL("/postgres", base), async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  const database = await openPostgres(url.toString(), { max: 2 });
  await database.migrate();
  await database.close();
  const started = Date.now();
  await withClient(url, async (client) => {
    await client.query("SET statement_timeout = 0");
    await client.query("SELECT setseed(0.42)");
    await client.query(`INSERT INTO categories (name) VALUES ('Bench')`);
    // 500 products (each gets its default variant from the triggers), 2,000 shoppers
    await client.query(
      `INSERT INTO products (name, brand, price_cents, inventory, description, category_id)
       SELECT 'Product ' || i, 'Brand ' || (i % 40), 500 + (i * 37) % 20000, (i * 7) % 60, 'Bench product ' || i,
              (SELECT id FROM categories LIMIT 1)
       FROM generate_series(1, 500) i`,
    );
    await client.query(
      `INSERT INTO users (first_name, last_name, email, password_hash)
       SELECT 'Shopper', 'N' || i, 'shopper' || i || '@bench.example', 'x' FROM generate_series(1, 2000) i`,
    );
    await client.query(
      `INSERT INTO orders (user_id, order_date, total_cents, subtotal_cents, status)
       SELECT (SELECT min(id) FROM users) + floor(random() * 2000)::int,
              now() - random() * interval '730 days',
              0, 0,
              (CASE WHEN random() < 0.05 THEN 'CANCELLED' ELSE 'DELIVERED' END)::order_status
       FROM generate_series(1, $1) i`,
      [size],
    );
    await client.query(
      `INSERT INTO order_items (order_id, product_id, product_name, product_brand, variant_id, quantity, price_cents)
       SELECT o.id, p.id, p.name, p.brand, v.id, 1 + floor(random() * 3)::int, p.price_cents
       FROM orders o
       CROSS JOIN LATERAL generate_series(1, 1 + (o.id % 3)) line
       JOIN products p ON p.id = (SELECT min(id) FROM products) + ((o.id * 7 + line * 13) % 500)
       JOIN product_variants v ON v.product_id = p.id`,
    );
    await client.query(
      `UPDATE orders o SET total_cents = s.cents, subtotal_cents = s.cents
       FROM (SELECT order_id, sum(price_cents * quantity)::int AS cents FROM order_items GROUP BY order_id) s
       WHERE s.order_id = o.id`,
    );
    await client.query("VACUUM ANALYZE");
  });
  console.log(`${name}: ${size} orders generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return url;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

async function time(url: URL) {
  const database = await openPostgres(url.toString(), { max: 4 });
  const rows: Array<{ days: number; median: number; p95: number }> = [];
  try {
    for (const days of DASHBOARD_PERIODS) {
      for (let i = 0; i < 3; i++) await shopDashboard({ actor: ADMIN, days, db: database.db });
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await shopDashboard({ actor: ADMIN, days, db: database.db });
        times.push(performance.now() - started);
      }
      rows.push({ days, median: median(times), p95: p95(times) });
    }
  } finally {
    await database.close();
  }
  return rows;
}

async function explain(url: URL) {
  await withClient(url, async (client) => {
    for (const [what, sql] of [
      [
        "sales per day, 90 days and the 90 before",
        `SELECT to_char(order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') d, count(*), sum(total_cents) FROM orders
         WHERE status <> 'CANCELLED' AND order_date >= now() - interval '180 days' AND order_date < now() GROUP BY d`,
      ],
      [
        "best sellers, 90 days",
        `SELECT oi.product_id, sum(oi.price_cents * oi.quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id
         WHERE o.status <> 'CANCELLED' AND o.order_date >= now() - interval '90 days' AND o.order_date < now()
         GROUP BY oi.product_id ORDER BY 2 DESC LIMIT 10`,
      ],
    ]) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
      console.log(`\n${what}:\n${rows.map((r: Record<string, string>) => `    ${r["QUERY PLAN"]}`).join("\n")}`);
    }
  });
}

console.log(
  `Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const results: Record<number, Awaited<ReturnType<typeof time>>> = {};
let last: URL | undefined;
for (const size of SIZES) {
  last = await prepare(size);
  results[size] = await time(last);
}
console.log(`\n| orders | ${DASHBOARD_PERIODS.map((d) => `${d} days median / p95 (ms)`).join(" | ")} |`);
console.log(`| --- | ${DASHBOARD_PERIODS.map(() => "---").join(" | ")} |`);
for (const size of SIZES) {
  console.log(
    `| ${size.toLocaleString("en")} | ${results[size]!.map((r) => `${r.median.toFixed(1)} / ${r.p95.toFixed(1)}`).join(" | ")} |`,
  );
}
if (SIZES.length > 1) {
  const [small, large] = [SIZES[0]!, SIZES.at(-1)!];
  console.log(
    `\nmedian growth ${small.toLocaleString("en")} → ${large.toLocaleString("en")}: ${DASHBOARD_PERIODS.map(
      (d, i) => `${d} days ${(results[large]![i]!.median / results[small]![i]!.median).toFixed(2)}×`,
    ).join(", ")}`,
  );
}
if (last) await explain(last);
