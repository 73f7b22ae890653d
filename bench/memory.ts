// Memory of the built shop on the embedded database (decision 0029). Each round starts scripts/server.mjs on a fresh
// DATA_DIR and samples its resident memory (/proc/<pid>/status: VmRSS, and VmHWM for the peak) through the first
// start and the demo seed; idle RSS is read IDLE_MS after /readyz first answers 200. The server is then stopped and
// started again on the same directory (an ordinary start, no seed): idle RSS again, then a burst of page loads and
// the RSS after it. Medians of the rounds are printed as a Markdown table.
// Run: `npm run build && npm run bench:memory` (BENCH_ROUNDS, BENCH_IDLE_MS, BENCH_BURST to change it).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const BURST = Number(process.env.BENCH_BURST ?? 300);
const BURST_PARALLEL = 8;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** VmRSS and VmHWM of a process, in MB. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Started {
  child: ChildProcess;
  origin: string;
  /** ms from spawn to the first 200 of /readyz */
  readyMs: number;
  /** highest VmRSS sampled every 50 ms until then */
  sampledPeak: number;
}

async function startServer(dataDir: string): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/server.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let exited = false;
  child.once("exit", () => (exited = true));
  let sampledPeak = 0;
  const sampler = setInterval(() => {
    if (!exited) sampledPeak = Math.max(sampledPeak, memoryOf(child.pid!).rss);
  }, 50);
  const origin = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (exited) throw new Error("the server exited during start-up");
      const ok = await fetch(`${origin}/readyz`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 180_000) throw new Error("the server was not ready within 3 minutes");
      await sleep(100);
    }
  } finally {
    clearInterval(sampler);
  }
  return { child, origin, readyMs: performance.now() - started, sampledPeak };
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Pages a shopper loads: home, listing, searches, the 9 categories and 60 of the 75 products of the demo catalogue. */
function burstPaths(): string[] {
  const paths = ["/", "/products", "/products?q=mouse", "/products?q=keyboard&sort=price_asc", "/products?page=2"];
  for (let id = 1; id <= 9; id++) paths.push(`/products/category/${id}/products`);
  for (let id = 1; id <= 60; id++) paths.push(`/product/${id}/details`);
  return paths;
}

async function burst(origin: string): Promise<{ statuses: Record<number, number>; ms: number }> {
  const paths = burstPaths();
  const statuses: Record<number, number> = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BURST_PARALLEL }, async () => {
      while (next < BURST) {
        const index = next++;
        const response = await fetch(origin + paths[index % paths.length]!);
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    }),
  );
  return { statuses, ms: performance.now() - started };
}

interface Round {
  firstReadyS: number;
  firstPeak: number;
  firstIdle: number;
  restartReadyS: number;
  restartIdle: number;
  afterBurst: number;
  restartPeak: number;
  burstStatuses: Record<number, number>;
}

async function round(): Promise<Round> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-memory-"));
  try {
    const first = await startServer(dataDir);
    await sleep(IDLE_MS);
    const firstIdle = memoryOf(first.child.pid!);
    await stopServer(first.child);

    const second = await startServer(dataDir);
    await sleep(IDLE_MS);
    const restartIdle = memoryOf(second.child.pid!).rss;
    const { statuses } = await burst(second.origin);
    const afterBurst = memoryOf(second.child.pid!);
    await stopServer(second.child);
    return {
      firstReadyS: first.readyMs / 1000,
      firstPeak: Math.max(firstIdle.hwm, first.sampledPeak),
      firstIdle: firstIdle.rss,
      restartReadyS: second.readyMs / 1000,
      restartIdle,
      afterBurst: afterBurst.rss,
      restartPeak: afterBurst.hwm,
      burstStatuses: statuses,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const result = await round();
    rounds.push(result);
    console.log(
      `round ${i + 1}: ${JSON.stringify(result, (_k, v: unknown) => (typeof v === "number" ? Math.round(v * 10) / 10 : v))}`,
    );
  }
  const columns: Array<[string, keyof Round, string]> = [
    ["first start: ready after", "firstReadyS", "s"],
    ["first start: peak (VmHWM)", "firstPeak", "MB"],
    [`first start: idle ${IDLE_MS / 1000} s after ready`, "firstIdle", "MB"],
    ["restart: ready after", "restartReadyS", "s"],
    [`restart: idle ${IDLE_MS / 1000} s after ready`, "restartIdle", "MB"],
    [`restart: after ${BURST} page loads`, "afterBurst", "MB"],
    ["restart: peak (VmHWM)", "restartPeak", "MB"],
  ];
  console.log(`\n| measure | ${rounds.map((_, i) => `round ${i + 1}`).join(" | ")} | median |`);
  console.log(`|---|${rounds.map(() => "---:|").join("")}---:|`);
  for (const [label, key, unit] of columns) {
    const values = rounds.map((r) => r[key] as number);
    const show = (v: number) => `${unit === "s" ? v.toFixed(1) : Math.round(v)} ${unit}`;
    console.log(`| ${label} | ${values.map(show).join(" | ")} | ${show(median(values))} |`);
  }
  const failed = rounds.flatMap((r) => Object.entries(r.burstStatuses)).filter(([status]) => status !== "200");
  if (failed.length > 0) {
    console.error(`FAILED: page loads answered ${JSON.stringify(failed)}`);
    process.exit(1);
  }
}

await main();
