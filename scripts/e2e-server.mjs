// The shop as the end-to-end tests see it: a fresh embedded database, seeded on start. E2E_DATA_DIR (relative to the
// project, default tests/.tmp/e2e-data) lets a second server (the one of the specs that buy and administer) keep its own database.
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
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
// the browser tests are one client (127.0.0.1) that registers and buys far more than any shopper: per-client limits
// as high as the soak's (tests/integration/rate-limits.test.ts and tests/server test the real ones)
process.env.REGISTRATIONS_PER_CLIENT_PER_HOUR ??= "1000000";
process.env.API_WRITES_PER_MINUTE ??= "1000000";
process.env.CHECKOUTS_PER_USER_PER_HOUR ??= "1000000";
process.env.LOGIN_MAX_FAILURES_PER_CLIENT ??= "1000000";
await import("./start.mjs");
