// One seeded embedded database per build, for the test servers that start on the demo catalogue without testing how
// it is made (docs/decisions/0032-test-speed.md): the end-to-end servers (scripts/e2e-server.mjs) and the server tests
// that only need a shop to talk to (tests/server/support/seeded-data.ts). A new embedded database is created,
// migrated and seeded (225 pictures drawn with sharp) by the built server itself, in the same child process the shop
// starts for it (app/server/bootstrap.server.ts, prepareInChild); this makes it once and each server starts on a copy.
//
// The copy is kept in tests/.tmp/seeded-<key>/pgdata, the key a hash of the server bundle, the migrations and the
// lock file: another build, migration or dependency makes a new one, and a stale one is never used. Several
// processes may ask at once (the server tests' files, the end-to-end servers): one makes it under a lock, the others
// wait for it. Run as a script (`node scripts/seeded-database.mjs`), it makes the copy and prints its path.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildDirectory, root } from "./build.mjs";

const cacheDir = path.join(root, "tests/.tmp");

function filesUnder(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

/** The hash of what the seeded database is made by: the built server, the migrations and the dependencies. */
export function seededDatabaseKey(env = process.env) {
  const hash = createHash("sha256");
  const serverBuild = path.join(buildDirectory(env), "server/index.js");
  for (const file of [serverBuild, path.join(root, "package-lock.json"), ...filesUnder(path.join(root, "drizzle"))]) {
    hash.update(`${path.relative(root, file)}\n`);
    hash.update(fs.readFileSync(file));
  }
  hash.update(`demo shopper ${env.DEMO_SHOPPER ?? ""}\n`);
  return hash.digest("hex").slice(0, 16);
}

/** The lock of a process that is gone (stopped while it made the database), or of one that never wrote its pid. */
function lockIsStale(lock) {
  try {
    const owner = Number(fs.readFileSync(path.join(lock, "pid"), "utf8"));
    process.kill(owner, 0);
    return false;
  } catch (error) {
    if (error.code === "EPERM") return false;
    if (error.code === "ESRCH") return true;
    // no pid yet: the owner is between making the lock and writing it, or died there
    try {
      return Date.now() - fs.statSync(lock).mtimeMs > 60_000;
    } catch {
      return false;
    }
  }
}

/**
 * The `pgdata` folder of the seeded database of the current build, made first when there is none (the build must
 * exist: callers build first). Never write to it: copy it (fs.cpSync) and start a server on the copy.
 */
export async function ensureSeededDatabase({ env = process.env, log = console.log } = {}) {
  const key = seededDatabaseKey(env);
  const dir = path.join(cacheDir, `seeded-${key}`);
  const pgdata = path.join(dir, "pgdata");
  const lock = path.join(cacheDir, `seeded-${key}.lock`);
  fs.mkdirSync(cacheDir, { recursive: true });
  for (;;) {
    if (fs.existsSync(pgdata)) return pgdata;
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      // another process makes it: wait, unless that process is gone (then its lock is stale)
      if (lockIsStale(lock)) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      if (fs.existsSync(pgdata)) return pgdata;
      await makeSeeded(dir, pgdata, env, log);
      for (const old of fs.readdirSync(cacheDir)) {
        if (/^seeded-[0-9a-f]+$/.test(old) && old !== `seeded-${key}`) {
          fs.rmSync(path.join(cacheDir, old), { recursive: true, force: true });
        }
      }
      return pgdata;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

async function makeSeeded(dir, pgdata, env, log) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const incoming = `${pgdata}.new`;
  const started = Date.now();
  log(`[seeded-database] creating, migrating and seeding ${path.relative(root, dir)}…`);
  const child = spawn(process.execPath, [path.join(buildDirectory(env), "server/index.js")], {
    env: {
      ...env,
      NODE_ENV: "production",
      // its secrets and mail folder stay here; each server that starts on a copy makes its own
      DATA_DIR: path.join(dir, "data"),
      DATABASE_URL: "",
      SHOP_PREPARE_EMBEDDED_DATABASE: "1",
      SHOP_PREPARE_PGDATA: incoming,
    },
    // through this process's streams, so that a log file (and its check for secrets) has the seeding too
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => process.stdout.write(chunk));
  child.stderr.on("data", (chunk) => process.stderr.write(chunk));
  const stopChild = () => child.kill("SIGKILL");
  process.once("exit", stopChild);
  const code = await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  process.off("exit", stopChild);
  if (code !== 0) throw new Error(`[seeded-database] seeding failed (exit code ${code})`);
  fs.renameSync(incoming, pgdata);
  log(`[seeded-database] ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  // stopped meanwhile (the server tests' teardown): the "exit" handler stops the child that seeds
  for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => process.exit(1));
  console.log(await ensureSeededDatabase());
}
