import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * The built shop as an operator runs it, in a process of its own: `node scripts/server.mjs` or `npm start`. Tests
 * read its output, send it signals, and check afterwards that every process it started is gone.
 */
export const root = path.resolve(import.meta.dirname, "../../..");
const LOG_DIR = path.join(root, "test-results/logs");

export interface ShopProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  origin: string;
  /** everything it wrote so far, stdout and stderr interleaved */
  output(): string;
  stderr(): string;
  /** resolves with the first line (already written or to come) that matches */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Variables of the test process that must not leak into the shop (it would use the test's database or data). */
const NOT_INHERITED = [
  "DATABASE_URL",
  "DATA_DIR",
  "ADMIN_EMAIL",
  "ADMIN_PASSWORD",
  "API_URL",
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_URL",
  "BUILD_DIR",
  "PORT",
  "HOST",
];

export function shopEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of NOT_INHERITED) delete env[name];
  return { ...env, NODE_ENV: "production", HOST: "127.0.0.1", ...extra };
}

export function startShop({
  via = "server",
  port,
  env,
}: {
  via?: "server" | "npm";
  port: number;
  env: Record<string, string>;
}): ShopProcess {
  const child =
    via === "npm"
      ? spawn("npm", ["start"], { cwd: root, env: shopEnv({ ...env, PORT: String(port) }) })
      : spawn(process.execPath, ["scripts/server.mjs"], { cwd: root, env: shopEnv({ ...env, PORT: String(port) }) });
  let all = "";
  let errors = "";
  const listeners = new Set<() => void>();
  const take = (stream: "out" | "err") => (chunk: Buffer) => {
    all += chunk.toString();
    if (stream === "err") errors += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", take("out"));
  child.stderr!.on("data", take("err"));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  // kept for `npm test`'s last step, which checks every test server's log for secrets (scripts/check-logs.mjs)
  child.once("close", () => {
    fs.mkdirSync(LOG_DIR, { recursive: true });
    fs.writeFileSync(path.join(LOG_DIR, `server-test-${port}-${child.pid}.log`), all);
  });
  return {
    child,
    pid: child.pid!,
    port,
    origin: `http://127.0.0.1:${port}`,
    output: () => all,
    stderr: () => errors,
    exited,
    waitFor(pattern, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const line = all.split("\n").find((l) => pattern.test(l));
          if (line === undefined) return false;
          done();
          resolve(line);
          return true;
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; output:\n${all}`));
        }, timeoutMs);
        const onExit = () =>
          setImmediate(() => {
            if (check()) return;
            done();
            reject(new Error(`the process exited before writing a line matching ${pattern}; output:\n${all}`));
          });
        const done = () => {
          clearTimeout(timer);
          listeners.delete(listener);
          child.off("close", onExit);
        };
        const listener = () => void check();
        if (check()) return;
        if (child.exitCode !== null || child.signalCode !== null) return onExit();
        listeners.add(listener);
        child.once("close", onExit);
      });
    },
  };
}

/** A TCP port nobody listens on at the moment. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether a TCP connection to the port is refused (nothing listens). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNREFUSED" ? resolve(true) : reject(error),
    );
  });
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

/** `pid` and every process below it, now (Linux /proc). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift()!;
    tree.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return tree;
}

/** Running (a zombie waiting for its parent to read its exit status does not count). */
export function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** Waits until none of `pids` runs; resolves with those still running after `timeoutMs`. */
export async function waitUntilGone(pids: number[], timeoutMs = 10_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = pids.filter(isRunning);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A temporary folder inside tests/.tmp (the linter and git ignore it), removed by `cleanup`. */
export function tempDir(prefix: string) {
  const base = path.join(root, "tests/.tmp");
  fs.mkdirSync(base, { recursive: true });
  const dir = fs.mkdtempSync(path.join(base, `${prefix}-`));
  return { dir, relative: path.relative(root, dir), cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
