import path from "node:path";
import { openPglite, openPostgres, setDatabase, type Database } from "~/db/client.server";
import { isEmptyShop, seedDemoCatalogue } from "./seed/seed.server";
import { ConfigError, loadConfig, setConfig } from "~/utils/env.server";
import { ensureAdminAccount } from "~/services/admin.server";
import { startReconciler } from "~/services/reconciler.server";

/**
 * Start-up of the server process: configuration, database, migrations, the demo catalogue on a brand-new embedded
 * database, the operator's admin account, and a clean shutdown on SIGTERM/SIGINT.
 */
async function start(): Promise<Database> {
  const config = loadConfig();
  setConfig(config);
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(path.join(config.dataDir, "pgdata"));
  setDatabase(database);
  await database.migrate();

  if (database.kind === "pglite" && (await isEmptyShop(database.db))) {
    console.log("[shop] new embedded database: writing the demo catalogue…");
    const seeded = await seedDemoCatalogue(database.db);
    console.log(
      `[shop] demo catalogue ready: ${seeded.products} products in ${seeded.categories} categories (${seeded.ms} ms)`,
    );
  }
  if (config.adminEmail && config.adminPassword) {
    const admin = await ensureAdminAccount({ email: config.adminEmail, password: config.adminPassword });
    console.log(`[shop] admin account ${config.adminEmail} ${admin.created ? "created" : "present"}`);
  }

  // paid payments nobody placed, and refunds to retry: swept now and every minute, by every instance
  const reconciler = config.reconciler.intervalMs > 0 ? startReconciler(config.reconciler) : null;

  const shutdown = async (signal: string) => {
    console.log(`[shop] ${signal}: closing the database`);
    try {
      await reconciler?.stop();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  console.log(`[shop] database: ${database.kind === "pglite" ? `embedded (${config.dataDir})` : "PostgreSQL"}`);
  return database;
}

const globalForBoot = globalThis as unknown as { __shopBoot?: Promise<Database> };

/** Runs once per process (the dev server re-imports modules; the promise survives on globalThis). */
export function bootstrap(): Promise<Database> {
  globalForBoot.__shopBoot ??= start().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      console.error(`[shop] configuration error: ${error.message}`);
    } else {
      console.error("[shop] could not start:", error);
    }
    process.exit(1);
  });
  return globalForBoot.__shopBoot;
}
