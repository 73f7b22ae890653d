// End to end: the built shop (scripts/server.mjs over build/) against the benchmark's database, loaded with
// autocannon as a browser would load its pages. The load generator runs on the same machine as the server and
// PostgreSQL, so it takes CPU from them: compare figures of one run, not across machines.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export interface LoadResult {
  status: number;
  /** requests answered in the measured window */
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** answers that were not 2xx, and socket errors and timeouts */
  failures: number;
}

const root = path.resolve(import.meta.dirname, "../..");

export interface Server {
  url: string;
  stop(): Promise<void>;
  /** the server's last lines of output, for a failure */
  tail(): string;
}

/**
 * Starts the built shop on `port` against `databaseUrl` (undefined: a new embedded database, which seeds the demo
 * catalogue), and waits until it is ready.
 */
export async function startServer(databaseUrl: string | undefined, port: number): Promise<Server> {
  const entry = path.join(root, "build/server/index.js");
  if (!existsSync(entry)) throw new Error("No build: run `npm run build` first (the benchmark loads the built shop).");
  console.log(`Build: ${entry}, made ${statSync(entry).mtime.toISOString()}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "search-bench-"));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ["scripts/server.mjs"], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      JWT_SECRET: randomBytes(32).toString("hex"),
      // the search itself, not the anonymous page cache (which would answer every repeat of a URL from memory);
      // PAGE_CACHE_MB=32 in the environment measures the cached shop instead
      PAGE_CACHE_MB: process.env.PAGE_CACHE_MB ?? "0",
      // no background sweeps competing with the load
      RECONCILE_INTERVAL_MS: "0",
      MAIL_INTERVAL_MS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const server: Server = {
    url,
    tail: () => lines.join("\n"),
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // a new embedded database writes the demo catalogue and its images first
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${server.tail()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server was not ready within 180 s:\n${server.tail()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function run(options: autocannon.Options, onLatency?: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onLatency)
      instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => onLatency(ms));
  });
}

/**
 * Loads `url` with `connections` clients for `seconds` after a warm-up, and measures each answer's time (autocannon's
 * own percentiles stop at p90 and p97.5, so p95 comes from every recorded latency).
 */
export async function load(
  url: string,
  { connections, seconds, warmupSeconds }: { connections: number; seconds: number; warmupSeconds: number },
): Promise<LoadResult> {
  // as a browser asks: the compressed page (compressing it is part of the page's cost)
  const headers = { "accept-encoding": "gzip, deflate, br" };
  // autocannon follows no redirect: a case that redirects (a page past the last) is reported, not loaded
  const first = await fetch(url, { headers, redirect: "manual" });
  await first.arrayBuffer();
  if (!first.ok) return { status: first.status, requests: 0, rps: 0, p50: 0, p95: 0, p99: 0, failures: 0 };
  await run({ url, connections, duration: warmupSeconds, headers });
  const latencies: number[] = [];
  const result = await run({ url, connections, duration: seconds, headers }, (ms) => latencies.push(ms));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return {
    status: first.status,
    requests: latencies.length,
    rps: result.requests.average,
    p50: pct(0.5),
    p95: pct(0.95),
    p99: pct(0.99),
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
