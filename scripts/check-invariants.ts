// `npm run check:invariants [-- --all]`: checks the shop's money and stock invariants (app/services/orders/invariants.server.ts)
// in the database the server uses: DATABASE_URL (PostgreSQL), or else the embedded database in DATA_DIR (default
// ./data; stop the server first, the embedded database is for one process at a time). Prints a report; exits 0 when
// every invariant holds, 1 when one is violated, 2 when the check could not run. Reads only; never migrates.
import fs from "node:fs";
import path from "node:path";
import { openPglite, openPostgres, type Database } from "../app/db/client.server";
import { checkInvariants, formatInvariantReport } from "../app/services/orders/invariants.server";
import { ConfigError, loadConfig } from "../app/lib/env.server";

const SETTLE_MINUTES = 5;
const USAGE = `Usage: npm run check:invariants [-- --all]

Checks every order, payment, refund and product of the shop's database (DATABASE_URL, or the embedded one in
DATA_DIR) against the shop's invariants and prints what is violated.

  --all     judge every payment; by default payments updated in the last ${SETTLE_MINUTES} minutes are left alone
            (a checkout may be between paying and ordering)
  --help    this text

Exit status: 0 all invariants hold, 1 a violation was found, 2 the check could not run.`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const unknown = args.filter((arg) => arg !== "--all");
if (unknown.length > 0) {
  console.error(`Unknown argument ${unknown.join(" ")}\n\n${USAGE}`);
  process.exit(2);
}
const settledBefore = args.includes("--all") ? undefined : new Date(Date.now() - SETTLE_MINUTES * 60_000);

async function open(): Promise<Database> {
  // the check signs nothing: placeholders keep loadConfig from generating secrets into DATA_DIR
  const config = loadConfig({ ...process.env, SESSION_SECRET: "unused", JWT_SECRET: "unused" });
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { max: 2 });
  const dataDir = path.join(config.dataDir, "pgdata");
  // opening a missing directory would create an empty database: say so instead
  if (!fs.existsSync(dataDir))
    throw new ConfigError(`No embedded database at ${dataDir} (set DATA_DIR or DATABASE_URL).`);
  return openPglite(dataDir);
}

let database: Database | undefined;
let status = 2;
try {
  database = await open();
  console.log(`Database: ${database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : "embedded (DATA_DIR)"}`);
  const violations = await checkInvariants(database.db, { settledBefore });
  console.log(formatInvariantReport(violations, { settledBefore }));
  status = violations.length > 0 ? 1 : 0;
} catch (error) {
  console.error(
    `The invariants could not be checked: ${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}`,
  );
  status = 2;
} finally {
  await database?.close().catch(() => undefined);
}
process.exit(status);
