// The shop as the end-to-end tests see it: a fresh embedded database, seeded on start. E2E_DATA_DIR (relative to the
// project, default tests/.tmp/e2e-data) lets a second server (the one of the specs that buy and administer) keep its own database.
// Its output is also written to test-results/logs/ (see below).
//
// E2E_SEED says how the seeded database is made (docs/decisions/0032-test-speed.md): "make" (the first server of
// playwright.config.ts) builds when stale, then starts on a copy of the build's seeded database
// (scripts/seeded-database.mjs: made by the built server as the shop's own start makes a new embedded database, once
// per build, and kept in tests/.tmp); "copy" (the second server, started after the first is up) starts on another
// copy of the same. Without E2E_SEED the shop seeds its own, as before. Only the database is copied: each server
// makes its own secrets, mail folder and admin account.
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
if (seedMode === "make") {
  const { buildIfStale } = await import("./build.mjs");
  const outcome = await buildIfStale();
  if (outcome !== "fresh" && outcome !== "built") {
    console.error(`[e2e] the build before seeding: ${outcome}`);
    process.exit(1);
  }
}
if (seedMode === "make" || seedMode === "copy") {
  // the seeded database of this build (made now, or by an earlier run or the server tests), copied
  const { ensureSeededDatabase } = await import("./seeded-database.mjs");
  let seeded;
  try {
    seeded = await ensureSeededDatabase();
  } catch (error) {
    console.error(`[e2e] ${error.message}`);
    process.exit(1);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(seeded, path.join(dataDir, "pgdata"), { recursive: true });
  console.log(`[e2e] starting on a copy of the seeded database in ${path.relative(root, path.dirname(seeded))}`);
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
process.env.WITHDRAWALS_PER_CLIENT_PER_HOUR ??= "1000000";
// the browser tests register and sign in some 600 times: argon2id at the cost the other tests use (4 MiB, one pass,
// as tests/support/setup-env.ts sets it) rather than production's 19 MiB and two passes, about 16 ms of CPU less per
// hash. What a hash costs is tested in tests/unit/passwords.test.ts; stored hashes carry their own parameters.
process.env.ARGON2_MEMORY_KIB ??= "4096";
process.env.ARGON2_TIME_COST ??= "1";
await import("./start.mjs");
