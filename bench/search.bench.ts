// Search at scale on PostgreSQL (decision 0030): a generated catalogue of --size products (10k, 100k, 1M…), the real
// searchProducts timed in-process, the built shop's pages and suggestions loaded end to end by 10 clients, and
// EXPLAIN (ANALYZE, BUFFERS) of the hot paths' SQL. The database of each size is kept and reused (bench/search/).
//
// Usage: npm run bench:search -- [--size 100000] [--mode service|e2e|both] [--regenerate] [--runs 40]
//          [--duration 10] [--warmup 2] [--connections 10] [--port 3600] [--no-explain]
//        npm run bench:search -- --embedded   the pages end to end on the embedded database and demo catalogue
//        BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/shop_bench) names the databases: shop_bench_<size>.
// The e2e mode loads build/: run `npm run build` first.
import { parseOptions, runBench, runEmbedded } from "./search/run";

const options = parseOptions(process.argv.slice(2));
if (options.embedded) await runEmbedded({ ...options, size: 0 });
else await runBench({ ...options, size: options.size ?? 100_000 });
