import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "~/db/client.server";
import { createPostgresTestDatabase } from "./postgres-test-db";
import { scriptCommand } from "./script-command";

export interface ApiInstance {
  origin: string;
  pid: number;
  /** fetches `/api/v1${path}` from this instance */
  request(path: string, init?: RequestInit): Promise<Response>;
  json<T = { message: string; data: unknown }>(path: string, init?: RequestInit): Promise<{ status: number; body: T }>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs` */
  stop(graceMs?: number): Promise<void>;
  /** what it wrote to stderr (for failure messages) */
  stderr(): string;
}

/**
 * Starts tests/support/api-instance.ts as a separate Node process (one process, so its pid is the server's) and
 * resolves once it prints its port.
 */
export function startApiInstance(
  env: Record<string, string | undefined>,
  { timeoutMs = 30_000 } = {},
): Promise<ApiInstance> {
  const child: ChildProcess = spawn(process.execPath, scriptCommand("api-instance"), {
    cwd: process.cwd(),
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
    if (errors.length > 20_000) errors = errors.slice(-20_000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  return new Promise<ApiInstance>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`api instance did not start within ${timeoutMs} ms\n${errors}`));
    }, timeoutMs);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`api instance exited before listening (code ${code}, signal ${signal})\n${errors}`));
    });
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      const port = /^PORT (\d+)$/.exec(line.trim())?.[1];
      if (!port) return;
      clearTimeout(timer);
      const origin = `http://127.0.0.1:${port}`;
      const request = (p: string, init?: RequestInit) => fetch(`${origin}/api/v1${p}`, init);
      resolve({
        origin,
        pid: child.pid!,
        request,
        async json<T>(p: string, init?: RequestInit) {
          const response = await request(p, init);
          return { status: response.status, body: (await response.json()) as T };
        },
        async stop(graceMs = 5_000) {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill("SIGTERM");
          const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), graceMs).unref());
          if ((await Promise.race([exited.then(() => "exited" as const), timeout])) === "timeout") {
            child.kill("SIGKILL");
            await exited;
          }
        },
        stderr: () => errors,
      });
    });
  });
}

/** The environment of an app instance process on a database: test payments, the suite's secrets, and `extra`. */
export function instanceEnv(databaseUrl: string, extra: Record<string, string> = {}) {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: process.env.SESSION_SECRET,
    JWT_SECRET: process.env.JWT_SECRET,
    STRIPE_SECRET_KEY: "",
    STRIPE_PUBLISHABLE_KEY: "",
    DATA_DIR: "",
    NODE_ENV: "test",
    ...extra,
  };
}

/**
 * Two app instances (separate processes, each with its own pool and data directory) on one fresh PostgreSQL test
 * database, started in beforeAll and stopped in afterAll; test-payments mode, and the secrets of setup-env.ts so
 * tokens from either instance work on both.
 */
export function useTwoApiInstances({ poolMax, env: extra = {} }: { poolMax: number; env?: Record<string, string> }) {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>> | undefined;
  let instances: ApiInstance[] = [];
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    const env = instanceEnv(database.url, { DB_POOL_MAX: String(poolMax), ...extra });
    instances = await Promise.all([startApiInstance(env), startApiInstance(env)]);
  });
  afterAll(async () => {
    for (const [i, instance] of instances.entries()) {
      if (instance.stderr().trim())
        console.error(`api instance ${i} (pid ${instance.pid}) wrote to stderr:\n${instance.stderr()}`);
    }
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
  });
  return {
    get db(): Db {
      if (!database) throw new Error("useTwoApiInstances: the database is opened in beforeAll");
      return database.db;
    },
    get instances(): ApiInstance[] {
      return instances;
    },
  };
}
