import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openPglite, openPostgres, setDatabase, type Database } from "~/db/client.server";
import { isEmptyShop, seedDemoCatalogue } from "./seed/seed.server";
import { createDemoShopper, describeDemoShopper } from "./seed/demo-shopper.server";
import { ConfigError, loadConfig, setConfig, type AppConfig } from "~/lib/env.server";
import { ensureAdminAccount } from "~/services/accounts/admin-bootstrap.server";
import { startReconciler } from "~/services/orders/reconciler.server";
import { startMailSender } from "~/services/mail/sender.server";
import { DataDirBusyError, lockDataDir } from "./data-dir-lock.server.mjs";
import { onShutdown } from "./lifecycle.server";
import { DatabaseUnavailableError, describeDatabaseUrl, waitForDatabase } from "./wait-for-database.server";
import { createLogger, describeError } from "~/lib/log.server";

const log = createLogger("shop");

/**
 * Start-up of the server process: configuration, database (waiting for an unreachable PostgreSQL up to
 * DB_START_TIMEOUT_MS), migrations, the demo catalogue on a brand-new embedded database, the operator's admin account.
 * The signals belong to the Node server (scripts/server.mjs): what must be closed on the way out is registered with
 * `onShutdown` (the database first, so it closes last).
 */
async function start(): Promise<Database> {
  const config = loadConfig();
  setConfig(config);
  if (process.env[PREPARE_ONLY] === "1") return prepareAndExit(config);
  let database: Database;
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl);
    onShutdown("database", () => database.close());
    await waitForDatabase(database, {
      timeoutMs: config.dbStartTimeoutMs,
      name: describeDatabaseUrl(config.databaseUrl),
    });
  } else {
    const release = lockDataDir(config.dataDir);
    onShutdown("data directory lock", release);
    // also when something else ends the process (the dev server exits on its own signal handlers)
    process.once("exit", release);
    const pgdata = path.join(config.dataDir, "pgdata");
    if (!fs.existsSync(pgdata) && ownBundle()) await prepareInChild(config, pgdata);
    database = await openPglite(pgdata);
    onShutdown("database", () => database.close());
  }
  setDatabase(database);
  await database.migrate();
  // a database made here (dev server, tests) or one whose seed was cut short is seeded in this process
  if (database.kind === "pglite") await seedIfEmpty(database, config);
  if (database.kind === "pglite") {
    // on every start of the embedded database, while the demo account still has its public password
    const demoShopper = await describeDemoShopper(database.db);
    if (demoShopper) console.log(`[shop] ${demoShopper}`);
  }
  if (config.adminEmail && config.adminPassword) {
    const admin = await ensureAdminAccount({ email: config.adminEmail, password: config.adminPassword });
    console.log(`[shop] admin account ${config.adminEmail} ${admin.created ? "created" : "present"}`);
  }

  // paid payments nobody placed, and refunds to retry: swept now and every minute, by every instance (stopped
  // before the database closes: hooks run last registered, first run)
  if (config.reconciler.intervalMs > 0) {
    const reconciler = startReconciler(config.reconciler);
    onShutdown("payments reconciler", () => reconciler.stop());
  }
  // the outbox: sent soon after a message is queued, and swept every MAIL_INTERVAL_MS for retries and for messages
  // another instance queued (docs/decisions/0018-mail-outbox.md)
  const mailSender = startMailSender({ intervalMs: config.mail.intervalMs });
  onShutdown("mail sender", () => mailSender.stop());
  console.log(
    `[shop] mail: ${config.mail.smtpUrl ? "SMTP" : `written to ${path.join(config.dataDir, "mail")} (no SMTP_URL)`}`,
  );
  console.log(`[shop] database: ${database.kind === "pglite" ? `embedded (${config.dataDir})` : "PostgreSQL"}`);
  return database;
}

/** The demo catalogue (and the demo shopper) on an embedded database that holds no catalogue and no users yet. */
async function seedIfEmpty(database: Database, config: AppConfig) {
  if (!(await isEmptyShop(database.db))) return;
  console.log("[shop] new embedded database: writing the demo catalogue…");
  const seeded = await seedDemoCatalogue(database.db, { onlyIfEmpty: true });
  console.log(
    `[shop] demo catalogue ready: ${seeded.products} products in ${seeded.categories} categories (${seeded.ms} ms)`,
  );
  if (seeded.written && config.demoShopper) await createDemoShopper(database.db);
}

// ---- a brand-new embedded database is made by a child process (docs/decisions/0029-memory-and-in-process-api.md)
// Creating the database (PGlite's initdb), migrating it and drawing the demo catalogue's pictures (sharp) take about
// 400 MB that a process never gives back: WebAssembly heaps do not shrink and libvips' allocations stay with the
// allocator. A child process does that work in `pgdata.new` and exits; the directory is renamed to `pgdata` only once
// it is complete, so a start cut short leaves nothing half-made behind, and the server then opens it as on any
// later start. The child is this same server bundle, started with PREPARE_ONLY set.

const PREPARE_ONLY = "SHOP_PREPARE_EMBEDDED_DATABASE";
const PREPARE_DIR = "SHOP_PREPARE_PGDATA";

/**
 * The file of the built server bundle this code runs in, or undefined where there is none to start as a process (the
 * dev server and the tests run the sources: they make the database in their own process, as before).
 */
function ownBundle(): string | undefined {
  const file = fileURLToPath(import.meta.url);
  return file.endsWith(".js") ? file : undefined;
}

/** Runs in the child: creates, migrates and seeds the database at PREPARE_DIR, closes it and exits. */
async function prepareAndExit(config: AppConfig): Promise<never> {
  // the parent is gone (killed): stop, it will start over from a fresh directory
  process.on("disconnect", () => process.exit(1));
  try {
    const database = await openPglite(process.env[PREPARE_DIR]!);
    await database.migrate();
    await seedIfEmpty(database, config);
    await database.close();
    process.exit(0);
  } catch (error) {
    log.error("could not prepare the new embedded database", error);
    process.exit(1);
  }
}

async function prepareInChild(config: AppConfig, pgdata: string) {
  const incoming = `${pgdata}.new`;
  // what a start cut short left behind
  fs.rmSync(incoming, { recursive: true, force: true });
  const child = spawn(process.execPath, [ownBundle()!], {
    env: { ...process.env, DATA_DIR: config.dataDir, [PREPARE_ONLY]: "1", [PREPARE_DIR]: incoming },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  // the server stopping during the start (SIGTERM while seeding) stops the child too
  const stopChild = () => child.kill("SIGKILL");
  process.once("exit", stopChild);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (exitCode) => resolve(exitCode));
  });
  process.off("exit", stopChild);
  if (code !== 0) throw new Error(`preparing the new embedded database failed (exit code ${code})`);
  fs.renameSync(incoming, pgdata);
}

const globalForBoot = globalThis as unknown as { __shopBoot?: Promise<Database> };

/** Runs once per process (the dev server re-imports modules; the promise survives on globalThis). */
export function bootstrap(): Promise<Database> {
  globalForBoot.__shopBoot ??= start().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      console.error(`[shop] configuration error: ${error.message}`);
    } else if (error instanceof DatabaseUnavailableError || error instanceof DataDirBusyError) {
      console.error(`[shop] could not start: ${describeError(error)}`);
    } else {
      log.error("could not start", error);
    }
    process.exit(1);
  });
  return globalForBoot.__shopBoot;
}
