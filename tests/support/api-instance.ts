/**
 * One app instance for multi-instance tests: serves /api/v1 over HTTP on a free loopback port with its own
 * PostgreSQL pool, as a separate Node process. Run it as `node --import tsx tests/support/api-instance.ts` from the
 * project's root (tsx resolves the `~/` alias from tsconfig.json) with DATABASE_URL, SESSION_SECRET and JWT_SECRET
 * set. It prints its port on a line of its own (`PORT <n>`) once it listens, and closes on SIGTERM or SIGINT.
 * It does not migrate: the test database is a clone of the migrated template. With RECONCILE_INTERVAL_MS set it
 * runs the payments reconciler too, and with MAIL_INTERVAL_MS set the mail sender (to SMTP_URL), as the shop's server
 * does.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { handleApiRequest } from "~/api/app";
import { openPostgres, setDatabase } from "~/db/client.server";
import { startMailSender } from "~/services/mail/sender.server";
import { startReconciler } from "~/services/orders/reconciler.server";
import { loadConfig, setConfig } from "~/lib/env.server";

for (const name of ["DATABASE_URL", "SESSION_SECRET", "JWT_SECRET"]) {
  if (!process.env[name]) {
    console.error(`api-instance: ${name} must be set`);
    process.exit(2);
  }
}
// never ./data: a data directory of its own
process.env.DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), "shop-instance-"));

const config = loadConfig(process.env);
setConfig(config);
const database = await openPostgres(config.databaseUrl!, { max: Number(process.env.DB_POOL_MAX ?? 10) });
setDatabase(database);

// the payments reconciler runs only when asked (RECONCILE_INTERVAL_MS): the other tests want no sweeps behind them
const reconciler = process.env.RECONCILE_INTERVAL_MS ? startReconciler(config.reconciler) : null;
const mailSender = process.env.MAIL_INTERVAL_MS ? startMailSender({ intervalMs: config.mail.intervalMs }) : null;

const server = serve({ fetch: handleApiRequest, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
  process.stdout.write(`PORT ${info.port}\n`);
});

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // keep-alive connections of the test's fetch would hold close() open
  if ("closeAllConnections" in server) server.closeAllConnections();
  await closed;
  await reconciler?.stop();
  await mailSender?.stop();
  await database.close();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown());
process.once("SIGINT", () => void shutdown());
