// Memory under oversized bodies: the built shop (scripts/server.mjs, embedded database) gets 20 parallel chunked
// POSTs of 300 MB each, anonymous, to page actions and API endpoints, and the process's resident memory is sampled
// before, during and after. Every body must be refused early (413, or 401/404 before it is read) and memory must stay
// flat. Run: `npm run build && npm run bench:bodies` (BENCH_BODIES, BENCH_BODY_MB to change the load).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const PARALLEL = Number(process.env.BENCH_BODIES ?? 20);
const BODY_MB = Number(process.env.BENCH_BODY_MB ?? 300);

const TARGETS = [
  { path: "/register", type: "application/x-www-form-urlencoded" },
  { path: "/login", type: "application/x-www-form-urlencoded" },
  { path: "/api/v1/users/add", type: "application/json" },
  { path: "/api/v1/auth/login", type: "multipart/form-data; boundary=x" },
  { path: "/api/v1/payments/webhook", type: "application/json" },
];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** A chunked POST of up to BODY_MB; stops sending once the answer arrives. */
function hugePost(origin: string, target: (typeof TARGETS)[number]) {
  return new Promise<{ path: string; status: number; sentMb: number; ms: number }>((resolve) => {
    const started = performance.now();
    const request = http.request(`${origin}${target.path}`, {
      method: "POST",
      agent: false,
      headers: { "Content-Type": target.type, "Transfer-Encoding": "chunked", Origin: origin },
    });
    const chunk = Buffer.alloc(64 * 1024, "x");
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      response.resume();
      response.on("end", () => {
        request.destroy();
        resolve({
          path: target.path,
          status: response.statusCode ?? 0,
          sentMb: sent / 2 ** 20,
          ms: performance.now() - started,
        });
      });
    });
    request.on("error", () => {
      if (!answered) resolve({ path: target.path, status: 0, sentMb: sent / 2 ** 20, ms: performance.now() - started });
    });
    const write = () => {
      while (!answered && !request.destroyed && sent < BODY_MB * 2 ** 20) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", write);
      }
      if (!request.destroyed) request.end();
    };
    write();
  });
}

async function main() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-bodies-"));
  const child = spawn(process.execPath, ["scripts/server.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("[shop] ready on")) resolve();
    });
  });
  const origin = `http://127.0.0.1:${port}`;
  // a few ordinary requests first, so the baseline is the warm server
  for (const page of ["/", "/products", "/login", "/register"]) await (await fetch(origin + page)).text();
  await new Promise((r) => setTimeout(r, 1_000));
  const before = rssMb(child.pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid!))), 25);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) => hugePost(origin, TARGETS[i % TARGETS.length]!)),
  );
  const elapsed = performance.now() - started;
  await new Promise((r) => setTimeout(r, 3_000));
  clearInterval(sampler);
  const after = rssMb(child.pid!);
  const ok = await fetch(origin + "/products");
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.log(`${PARALLEL} parallel chunked POSTs of ${BODY_MB} MB each, anonymous, in ${Math.round(elapsed)} ms`);
  console.log("| target | status | MB sent before the answer | ms to the answer |");
  console.log("|---|---:|---:|---:|");
  for (const a of answers) console.log(`| ${a.path} | ${a.status} | ${a.sentMb.toFixed(1)} | ${Math.round(a.ms)} |`);
  console.log(`RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, 3 s after ${after.toFixed(0)} MB`);
  console.log(`/products afterwards: ${ok.status}`);
  const bad = answers.filter((a) => a.status >= 500 || a.status === 0 || a.status === 200);
  if (bad.length > 0 || peak - before > 200 || ok.status !== 200) {
    console.error("FAILED: a body was not refused, or memory grew by more than 200 MB");
    process.exit(1);
  }
}

await main();
