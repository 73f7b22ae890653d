// Lighthouse mobile on the built shop: the default (mobile) configuration, LIGHTHOUSE_RUNS runs (default 5) per page in
// Debian's chromium, headless, over /, /products, a details page, /login and the demo shopper's cart (signed in, with
// one line in it). It prints the median of each category and of LCP, CLS and TBT per page, writes every run's numbers
// and failing audits to bench/results/, and exits 1 when a page's median misses a target (TARGETS below).
//
// Run: `npm run build && npm run bench:lighthouse`. It starts scripts/server.mjs on a fresh embedded database (demo
// catalogue and demo shopper), or measures BASE_URL when given (that shop must have the demo shopper).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";

const root = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SHOPPER = { email: "shopper@gearhub.example", password: "gearhub-demo" };

/** What every page must reach (medians). `indexed: false` pages keep robots out on purpose (robots.txt, noindex). */
const TARGETS = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100, cls: 0 };
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

interface PageSpec {
  name: string;
  path: string;
  indexed: boolean;
  signedIn: boolean;
}

interface RunNumbers {
  scores: Record<Category, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  lcpElement: string;
  /** per category, the audits that scored below 1 (performance: its metrics, and the insights that failed) */
  failing: Record<Category, string[]>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitReady(origin: string, child: ChildProcess) {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    const ok = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the shop did not become ready within 4 minutes");
}

async function startShop(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
  const child = spawn(process.execPath, ["scripts/server.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping) console.error(`the shop stopped during the bench (exit ${code ?? signal})`);
  });
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(origin, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

/** The session cookie's name=value pairs from a response's Set-Cookie headers. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/**
 * Signs the demo shopper in through the login form and puts one product in the cart through the details page's
 * form (as a browser without JavaScript would), so the cart page shows a line. Returns the cookie and the cart's path.
 */
async function signInWithCart(origin: string): Promise<{ cookie: string; cartPath: string }> {
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    redirect: "manual" as const,
    body: new URLSearchParams(fields),
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
  });
  const login = await fetch(`${origin}/login`, form({ email: SHOPPER.email, password: SHOPPER.password }));
  const cookie = cookiesOf(login);
  if (login.status !== 303 || !cookie) throw new Error(`the demo shopper could not sign in (${login.status})`);
  const home = await (await fetch(`${origin}/`, { headers: { Cookie: cookie } })).text();
  const cartPath = /href="(\/user\/\d+\/my-cart)"/.exec(home)?.[1];
  if (!cartPath) throw new Error("no cart link on the signed-in home page");
  const add = await fetch(`${origin}/product/1/details`, {
    ...form({ intent: "add", quantity: "1" }),
    headers: { ...form({}).headers, Cookie: cookie },
  });
  if (add.status !== 303) throw new Error(`adding to the cart answered ${add.status}`);
  return { cookie: cookiesOf(add) || cookie, cartPath };
}

function numbersOf(lhr: Result): RunNumbers {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const failing = Object.fromEntries(
    CATEGORIES.map((id) => [
      id,
      (lhr.categories[id]?.auditRefs ?? []).flatMap((ref) => {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 1) return [];
        if (audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "manual") return [];
        if (id !== "performance") return [ref.id];
        // performance: the weighted metrics below 1 and the insights that failed outright
        return ref.weight > 0 || audit.score < 0.5 ? [`${ref.id} (${audit.displayValue ?? audit.score})`] : [];
      }),
    ]),
  ) as Record<Category, string[]>;
  const lcpItems = (lhr.audits["largest-contentful-paint-element"]?.details as { items?: unknown[] } | undefined)
    ?.items;
  const lcpElement = JSON.stringify(lcpItems?.[0] ?? null).match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1] ?? "";
  return {
    scores,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
    lcpElement: lcpElement.replace(/\\"/g, '"').slice(0, 160),
    failing,
  };
}

/**
 * One Lighthouse run. A run whose trace came out broken (NO_NAVSTART, NO_FCP: it happens on a loaded machine) is run
 * again, at most twice; a page that ends elsewhere (a redirect to /login) is an error.
 */
async function audit(url: string, flags: Flags): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      if (attempt < 3) {
        console.warn(`${url}: ${lhr.runtimeError.code}, running again`);
        continue;
      }
      throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
    return lhr;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The targets a page's medians miss; a page kept out of search engines only has to pass SEO's other audits. */
function misses(page: PageSpec, runs: RunNumbers[]): string[] {
  const missed: string[] = [];
  for (const id of CATEGORIES) {
    const value = median(runs.map((run) => run.scores[id]));
    if (id === "seo" && !page.indexed) {
      const other = runs.flatMap((run) => run.failing.seo.filter((audit) => audit !== "is-crawlable"));
      if (other.length > 0) missed.push(`seo audits besides is-crawlable: ${[...new Set(other)].join(", ")}`);
      continue;
    }
    if (value < TARGETS[id]) missed.push(`${id} ${value} < ${TARGETS[id]}`);
  }
  const cls = median(runs.map((run) => run.cls));
  if (cls > TARGETS.cls) missed.push(`CLS ${cls.toFixed(3)} > ${TARGETS.cls}`);
  return missed;
}

async function main() {
  const started = new Date();
  const shop = process.env.BASE_URL
    ? { origin: process.env.BASE_URL.replace(/\/$/, ""), stop: async () => {} }
    : await startShop();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const results: { page: PageSpec; runs: RunNumbers[] }[] = [];
  try {
    const { cookie, cartPath } = await signInWithCart(shop.origin);
    const pages: PageSpec[] = [
      { name: "home", path: "/", indexed: true, signedIn: false },
      { name: "listing", path: "/products", indexed: true, signedIn: false },
      { name: "details", path: "/product/1/details", indexed: true, signedIn: false },
      { name: "login", path: "/login", indexed: false, signedIn: false },
      { name: "cart", path: cartPath, indexed: false, signedIn: true },
    ];
    for (const page of pages) {
      const runs: RunNumbers[] = [];
      // one run first that is not counted: the server's first render of a page, and chromium's disk cache of its own
      for (let run = 0; run <= RUNS; run++) {
        const lhr = await audit(`${shop.origin}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        });
        if (run === 0) continue;
        const numbers = numbersOf(lhr);
        runs.push(numbers);
        console.log(
          `${page.name.padEnd(8)} run ${run}: ${CATEGORIES.map((id) => numbers.scores[id]).join("/")} ` +
            `LCP ${Math.round(numbers.lcpMs)} ms CLS ${numbers.cls.toFixed(3)} TBT ${Math.round(numbers.tbtMs)} ms`,
        );
      }
      results.push({ page, runs });
    }
  } finally {
    chrome.kill();
    await shop.stop();
  }

  const rows = results.map(({ page, runs }) => ({
    page: `${page.name} (${page.path})`,
    ...Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((run) => run.scores[id]))])),
    "LCP ms": Math.round(median(runs.map((run) => run.lcpMs))),
    CLS: Number(median(runs.map((run) => run.cls)).toFixed(3)),
    "TBT ms": Math.round(median(runs.map((run) => run.tbtMs))),
  }));
  console.log(`\nLighthouse ${lighthouseVersion()} mobile, median of ${RUNS} runs per page, ${os.cpus().length} CPUs`);
  console.table(rows);
  for (const { page, runs } of results) {
    // each audit once, with the number of runs it failed in
    const failing = new Map<string, number>();
    for (const run of runs) {
      const ids = new Set(CATEGORIES.flatMap((id) => run.failing[id]).map((audit) => audit.replace(/ \(.*\)$/, "")));
      for (const id of ids) failing.set(id, (failing.get(id) ?? 0) + 1);
    }
    console.log(`${page.name}: LCP element ${runs[0]?.lcpElement || "(none)"}`);
    if (failing.size > 0) {
      const list = [...failing].map(([id, count]) => `${id} ×${count}`).join(", ");
      console.log(`${page.name}: audits below 1 (runs): ${list}`);
    }
  }

  const out = path.join(
    root,
    "bench/results",
    `lighthouse-${started.toISOString().slice(0, 16).replace(":", "")}.json`,
  );
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify({ started, lighthouse: lighthouseVersion(), chromium: chromiumVersion(), rows, results }, null, 1)}\n`,
  );
  console.log(`\nevery run: ${path.relative(root, out)}`);

  const missed = results.flatMap(({ page, runs }) => misses(page, runs).map((miss) => `${page.name}: ${miss}`));
  if (missed.length > 0) {
    console.error(`\nmissed targets:\n  ${missed.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nevery page meets its targets");
  }
}

function lighthouseVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8"));
  return String(manifest.version);
}

function chromiumVersion(): string {
  // Debian's wrapper script complains on stderr about its own shell test: only the version line is kept
  return execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
}

await main();
