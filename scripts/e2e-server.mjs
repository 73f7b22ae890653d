// The shop as the end-to-end tests see it: a fresh embedded database, seeded on start. E2E_DATA_DIR (relative to the
// project, default tests/.tmp/e2e-data) lets a second server (the one of the specs that buy and administer) keep its own database.
// Its output is also written to test-results/logs/ (see below).
//
// E2E_SEED says how the seeded database is made (docs/decisions/0032-test-speed.md): "make" (the first server of
// playwright.config.ts) creates, migrates and seeds it once in E2E_SEED_DIR (default tests/.tmp/e2e-seed), as the
// shop's own start does for a new embedded database (the built server in prepare mode), then starts on a copy;
// "copy" (the second server, started after the first is up) starts on a copy of that same database instead of
// seeding again, and seeds itself as before when there is none. Without E2E_SEED the shop seeds its own, as before.
// Only the database is copied: each server makes its own secrets, mail folder and admin account.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR || "tests/.tmp/e2e-data");
// never wipe anything outside tests/.tmp
if (
  path.relative(path.join(root, "tests/.tmp"), dataDir).startsWith("..") ||
  dataDir === path.join(root, "tests/.tmp")
) {
  console.error(`[e2e] E2E_DATA_DIR must be a folder inside tests/.tmp, not ${dataDir}`);
  process.exit(1);
}
fs.rmSync(dataDir, { recursive: true, force: true });

/** Builds when stale, then has the built server create, migrate and seed a database in seedDir and exit. */
async function makeSeed() {
  fs.rmSync(seedDir, { recursive: true, force: true });
  const { buildIfStale, buildDirectory } = await import("./build.mjs");
  const outcome = await buildIfStale();
  if (outcome !== "fresh" && outcome !== "built") {
    console.error(`[e2e] the build before seeding: ${outcome}`);
    process.exit(1);
  }
  // the same child the shop starts for a new embedded database (app/server/bootstrap.server.ts, prepareInChild)
  const incoming = `${seeded}.new`;
  const child = spawn(process.execPath, [path.join(buildDirectory(), "server/index.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: seedDir,
      SHOP_PREPARE_EMBEDDED_DATABASE: "1",
      SHOP_PREPARE_PGDATA: incoming,
    },
    // through this process's streams, so that the log file (and its check for secrets) has the seeding too
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
  if (code !== 0) {
    console.error(`[e2e] seeding the shared database failed (exit code ${code})`);
    process.exit(1);
  }
  fs.renameSync(incoming, seeded);
}

// everything the shop writes also goes to a file, which `npm test` checks for secrets at the end
// (scripts/check-logs.mjs): test-results/logs/e2e-server-<port>.log, or E2E_LOG_FILE
const logFile = path.resolve(
  root,
  process.env.E2E_LOG_FILE || `test-results/logs/e2e-server-${process.env.PORT || 3000}.log`,
);
fs.mkdirSync(path.dirname(logFile), { recursive: true });
const logFd = fs.openSync(logFile, "w");
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream);
  stream.write = (chunk, ...rest) => {
    fs.writeSync(logFd, typeof chunk === "string" ? chunk : Buffer.from(chunk));
    return write(chunk, ...rest);
  };
}
const seedMode = process.env.E2E_SEED;
const seedDir = path.resolve(root, process.env.E2E_SEED_DIR || "tests/.tmp/e2e-seed");
if (seedMode && (path.relative(path.join(root, "tests/.tmp"), seedDir).startsWith("..") || seedDir === dataDir)) {
  console.error(`[e2e] E2E_SEED_DIR must be a folder inside tests/.tmp other than E2E_DATA_DIR, not ${seedDir}`);
  process.exit(1);
}
const seeded = path.join(seedDir, "pgdata");
if (seedMode === "make") await makeSeed();
if (seedMode && fs.existsSync(seeded)) {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(seeded, path.join(dataDir, "pgdata"), { recursive: true });
  console.log(`[e2e] starting on a copy of the seeded database in ${path.relative(root, seedDir)}`);
}

process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
// the browser tests are one client (127.0.0.1) that registers and buys far more than any shopper: per-client limits
// as high as the soak's (tests/integration/rate-limits.test.ts and tests/server test the real ones)
process.env.REGISTRATIONS_PER_CLIENT_PER_HOUR ??= "1000000";
process.env.API_WRITES_PER_MINUTE ??= "1000000";
process.env.CHECKOUTS_PER_USER_PER_HOUR ??= "1000000";
process.env.LOGIN_MAX_FAILURES_PER_CLIENT ??= "1000000";
process.env.PASSWORD_RESETS_PER_CLIENT_PER_HOUR ??= "1000000";
await import("./start.mjs");
