import path from "node:path";
import { openPglite, openPostgres, setDatabase, type Database } from "~/db/client.server";
import { isEmptyShop, seedDemoCatalogue } from "./seed/seed.server";
import { createDemoShopper, describeDemoShopper } from "./seed/demo-shopper.server";
import { ConfigError, loadConfig, setConfig } from "~/utils/env.server";
import { ensureAdminAccount } from "~/services/admin.server";
import { startReconciler } from "~/services/reconciler.server";
import { startMailSender } from "~/services/mail/sender.server";
import { DataDirBusyError, lockDataDir } from "./data-dir-lock.server";
import { onShutdown } from "./lifecycle.server";
import { DatabaseUnavailableError, describeDatabaseUrl, waitForDatabase } from "./wait-for-database.server";
import { createLogger, describeError } from "~/utils/log.server";

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
    database = await openPglite(path.join(config.dataDir, "pgdata"));
    onShutdown("database", () => database.close());
  }
  setDatabase(database);
  await database.migrate();

  if (database.kind === "pglite" && (await isEmptyShop(database.db))) {
    console.log("[shop] new embedded database: writing the demo catalogue…");
    const seeded = await seedDemoCatalogue(database.db, { onlyIfEmpty: true });
    console.log(
      `[shop] demo catalogue ready: ${seeded.products} products in ${seeded.categories} categories (${seeded.ms} ms)`,
    );
    if (seeded.written && config.demoShopper) await createDemoShopper(database.db);
  }
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
