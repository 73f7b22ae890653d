import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { openPostgres } from "~/db/client.server";

/**
 * A PostgreSQL server of the test's own (initdb in a temporary folder, on a free port), for tests that stop and
 * restart the database under load without touching the shared server the rest of the suite uses. Uses the
 * machine's PostgreSQL binaries (PG_BIN, else the newest /usr/lib/postgresql/<n>/bin); as root, the server runs as
 * the `postgres` user. `available()` says whether this machine can do it.
 */
export interface PrivatePostgres {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

function binDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

const isRoot = () => process.getuid?.() === 0;

function run(bin: string, args: string[]) {
  const command = isRoot() ? "runuser" : bin;
  const all = isRoot() ? ["-u", "postgres", "--", bin, ...args] : args;
  execFileSync(command, all, { stdio: "pipe", timeout: 60_000 });
}

export function privatePostgresAvailable(): boolean {
  const bin = binDir();
  if (!bin) return false;
  if (!isRoot()) return true;
  try {
    execFileSync("id", ["postgres"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** initdb, start, create the shop's database and migrate it. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir()!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pg-"));
  if (isRoot()) execFileSync("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  run(path.join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const pgCtl = (...args: string[]) => run(path.join(bin, "pg_ctl"), ["-D", data, "-w", "-t", "30", ...args]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => pgCtl("-o", options, "-l", path.join(dir, "log"), "start");
  start();
  run(path.join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "shop"]);
  const url = `postgres://postgres@127.0.0.1:${port}/shop`;
  const database = await openPostgres(url, { max: 2 });
  await database.migrate();
  await database.close();
  return {
    url,
    start,
    stop: () => pgCtl("-m", "fast", "stop"),
    destroy() {
      try {
        pgCtl("-m", "immediate", "stop");
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
