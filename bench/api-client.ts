// What the pages' in-process API client costs over calling the same services directly (decision 0029). On PGlite in
// memory with the demo catalogue (and its images) and the demo shopper with three lines in the cart, it times the
// calls the loaders make: through `callApi` (app/client/api.server.ts: access rule, rate limits, input validation,
// the handler, the answer as the pages read it) and straight to the service with inputs already typed. Each round
// runs every case ITERATIONS times each way, alternating blocks; the medians of the rounds are printed.
// Run: `npm run bench:api-client` (BENCH_ROUNDS, BENCH_ITERATIONS to change it).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// a directory of its own for the secrets and mail files the app may write (the database is in memory)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-client-"));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET ??= "bench-session-secret-0123456789abcdef";
process.env.JWT_SECRET ??= "bench-jwt-secret-0123456789abcdef";
process.env.NODE_ENV ??= "production";

const { callApi, endpoints } = await import("~/client/api.server");
const { openPglite, setDatabase } = await import("~/db/client.server");
const { seedDemoCatalogue } = await import("~/server/seed/seed.server");
const { createDemoShopper, DEMO_SHOPPER } = await import("~/server/seed/demo-shopper.server");
const { ProductSearchQuerySchema } = await import("~/schemas/catalogue");
const { CategoryListQuerySchema } = await import("~/schemas/taxonomy");
const { authenticate, login } = await import("~/services/accounts/sign-in.server");
const { addItem, getCart, countCartItems } = await import("~/services/orders/cart.server");
const { getProduct, listCategories } = await import("~/services/catalogue/catalogue.server");
const { searchProducts } = await import("~/services/catalogue/search.server");
const { runWithSocketAddress } = await import("~/lib/request-context.server");

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const WARM_UP = 30;

const database = await openPglite("memory://");
await database.migrate();
setDatabase(database);
const seedStarted = performance.now();
await seedDemoCatalogue(database.db);
const shopper = await createDemoShopper(database.db);
const { accessToken: token } = await login({ email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password });
const actor = (await authenticate(token))!;
for (const productId of [3, 17, 42]) await addItem({ actor, productId, quantity: 2 });
console.log(`demo catalogue, shopper and cart ready in ${Math.round(performance.now() - seedStarted)} ms`);

// the listing's queries, as the pages pass them to callApi and as the service takes them once parsed
const listingQuery = { page: 1, size: 12 };
const textQuery = { q: "wireless mouse", page: 1, size: 12 };
const homeQuery = { distinct: true, facets: false, page: 1, size: 8 };
const parsedListing = ProductSearchQuerySchema.parse(listingQuery);
const parsedText = ProductSearchQuerySchema.parse(textQuery);
const parsedHome = ProductSearchQuerySchema.parse(homeQuery);
const parsedCategories = CategoryListQuerySchema.parse({ withProducts: true });

interface Case {
  name: string;
  api: () => Promise<unknown>;
  direct: () => Promise<unknown>;
}

const userId = shopper.id;
const cases: Case[] = [
  {
    name: "products.search (the listing, page 1)",
    api: () => callApi(endpoints.products.search, { query: listingQuery }),
    direct: () => searchProducts({ query: parsedListing }),
  },
  {
    name: "products.search ('wireless mouse')",
    api: () => callApi(endpoints.products.search, { query: textQuery }),
    direct: () => searchProducts({ query: parsedText }),
  },
  {
    name: "products.search (home: one per name, no facets)",
    api: () => callApi(endpoints.products.search, { query: homeQuery }),
    direct: () => searchProducts({ query: parsedHome }),
  },
  {
    name: "products.byId (product details)",
    api: () => callApi(endpoints.products.byId, { params: { id: 17 } }),
    direct: () => getProduct({ id: 17 }),
  },
  {
    name: "categories.all (withProducts)",
    api: () => callApi(endpoints.categories.all, { query: { withProducts: true } }),
    direct: () => listCategories({ withProducts: parsedCategories.withProducts ?? false }),
  },
  {
    name: "cart.get (3 lines, signed in)",
    api: () => callApi(endpoints.cart.get, { params: { userId }, token }),
    direct: () => getCart({ userId, actor }),
  },
  {
    name: "cart.count (the header's badge, signed in)",
    api: () => callApi(endpoints.cart.count, { params: { userId }, token }),
    direct: () => countCartItems({ userId, actor }),
  },
];

/**
 * One round of a case: `n` calls each way, interleaved (api, direct, direct, api, …) so that both meet the same load
 * on a shared machine; the median µs of each side (a spike of the machine's other work moves a median little).
 */
async function round(c: Case, n: number): Promise<{ api: number; direct: number }> {
  const api: number[] = [];
  const direct: number[] = [];
  const timed = async (fn: () => Promise<unknown>, into: number[]) => {
    const started = performance.now();
    await fn();
    into.push((performance.now() - started) * 1000);
  };
  for (let i = 0; i < n; i++) {
    if (i % 2 === 0) {
      await timed(c.api, api);
      await timed(c.direct, direct);
    } else {
      await timed(c.direct, direct);
      await timed(c.api, api);
    }
  }
  return { api: median(api), direct: median(direct) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

// Every call runs in one request context, as a page's loaders do: the token is checked once (the root loader's
// cart.count does it on a page) and remembered, so what is timed is the API layer itself, not one session lookup.
await runWithSocketAddress(undefined, async () => {
  const results = cases.map(() => ({ api: [] as number[], direct: [] as number[], ratio: [] as number[] }));
  for (const c of cases) await round(c, WARM_UP);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [index, c] of cases.entries()) {
      const { api, direct } = await round(c, ITERATIONS);
      results[index]!.api.push(api);
      results[index]!.direct.push(direct);
      results[index]!.ratio.push(api / direct);
      console.log(`round ${r + 1} ${c.name}: api ${api.toFixed(0)} µs, direct ${direct.toFixed(0)} µs`);
    }
  }
  console.log(
    `\n${ROUNDS} rounds of ${ITERATIONS} calls each way, interleaved; per round the median call, then the median of the rounds`,
  );
  console.log("| call | direct (µs) | in-process API (µs) | overhead |");
  console.log("|---|---:|---:|---:|");
  for (const [index, c] of cases.entries()) {
    const r = results[index]!;
    const overhead = (median(r.ratio) - 1) * 100;
    console.log(
      `| ${c.name} | ${median(r.direct).toFixed(0)} | ${median(r.api).toFixed(0)} | ${overhead >= 0 ? "+" : ""}${overhead.toFixed(1)}% |`,
    );
  }
});

await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
