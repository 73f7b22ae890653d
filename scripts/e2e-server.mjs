// The shop as the end-to-end tests see it: a fresh embedded database, seeded on start. E2E_DATA_DIR (relative to the
// project, default tests/.tmp/e2e-data) lets a second server (the one of the specs that buy and administer) keep its own database.
// Its output is also written to test-results/logs/ (see below).
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
