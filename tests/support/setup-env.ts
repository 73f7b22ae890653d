import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { noteStorageFull } from "~/db/unavailable";
import { setConfig } from "~/lib/env.server";
import { setLogSink } from "~/lib/log.server";
import { resetLifecycleForTests } from "~/server/lifecycle.server";
import { resetVersionMemos } from "~/services/catalogue/version-memo.server";

// Tests never touch ./data: secrets are fixed, the data directory is a temporary one.
process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
process.env.SESSION_SECRET ??= "test-session-secret-0123456789abcdef";
process.env.JWT_SECRET ??= "test-jwt-secret-0123456789abcdef";
setConfig(undefined);

// The unit and integration workers run file after file in one module graph (vitest.config.ts: isolate false): what
// the app keeps in module state starts each file as a fresh process has it: the config read again (above), no full
// disk seen, the console as the log's sink, the server not shutting down, no answer kept per catalogue version.
noteStorageFull(0);
setLogSink(undefined);
resetLifecycleForTests();
resetVersionMemos();

// cheaper password hashing in tests only (production keeps argon2's defaults)
process.env.ARGON2_MEMORY_KIB ??= "4096";
process.env.ARGON2_TIME_COST ??= "1";

// every test client is 127.0.0.1 or unknown: the per-client limits would count the whole suite as one shopper
// (tests/integration/rate-limits.test.ts sets its own)
process.env.REGISTRATIONS_PER_CLIENT_PER_HOUR ??= "1000000";
process.env.API_WRITES_PER_MINUTE ??= "1000000";
process.env.CHECKOUTS_PER_USER_PER_HOUR ??= "1000000";
process.env.LOGIN_MAX_FAILURES_PER_CLIENT ??= "1000000";
process.env.PASSWORD_RESETS_PER_CLIENT_PER_HOUR ??= "1000000";
