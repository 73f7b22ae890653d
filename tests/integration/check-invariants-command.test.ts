import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, type Db } from "~/db/client.server";
import { payments, users } from "~/db/schema";
import { word } from "../support/factories";
import { createPostgresTestDatabase } from "../support/postgres-test-db";
import { scriptCommand } from "../support/script-command";

// `npm run check:invariants` as an operator runs it: against DATABASE_URL on the PostgreSQL leg, against the embedded
// database in DATA_DIR on the PGlite leg. It prints the report and exits 0 (all hold), 1 (violated) or 2 (cannot run).

const kind = process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";

function runCheck(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [...scriptCommand("check-invariants"), ...args],
      { cwd: process.cwd(), env: { ...process.env, DATABASE_URL: "", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 99) : 0, stdout, stderr }),
    );
  });
}

/** The database under test, opened for a moment (the embedded one is for one process at a time). */
interface Target {
  env: Record<string, string>;
  with<T>(fn: (db: Db) => Promise<T>): Promise<T>;
}

let target: Target;
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  if (kind === "postgres") {
    const database = await createPostgresTestDatabase({ max: 2 });
    target = { env: { DATABASE_URL: database.url }, with: (fn) => fn(database.db) };
    cleanup = () => database.drop();
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-invariants-"));
    const first = await openPglite(path.join(dataDir, "pgdata"));
    await first.migrate();
    await first.close();
    target = {
      env: { DATA_DIR: dataDir },
      async with(fn) {
        const database = await openPglite(path.join(dataDir, "pgdata"));
        try {
          return await fn(database.db);
        } finally {
          await database.close();
        }
      },
    };
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
afterAll(() => cleanup());

// each test starts the command several times (its bundle, tests/support/script-bundles.ts, or through tsx): the
// suite's 30 s limit timed out on 2 cores busy with the rest of the suite; each run still has its own 60 s (runCheck)
describe(`npm run check:invariants (${kind})`, { timeout: 120_000 }, () => {
  it("reports a clean shop and exits 0, then a paid payment without order: left alone while fresh, exit 1 with --all or once settled", async () => {
    const clean = await runCheck(target.env);
    expect(clean.stderr.replace(/^npm warn.*\n/gm, "")).toBe("");
    expect(clean.stdout).toContain(kind === "postgres" ? "PostgreSQL" : "embedded");
    expect(clean.stdout).toContain("All invariants hold.");
    expect(clean.code).toBe(0);

    const paymentId = await target.with(async (db) => {
      const [user] = await db
        .insert(users)
        .values({ firstName: "Cli", lastName: "Check", email: `${word()}@example.com`, passwordHash: "x" })
        .returning();
      const [payment] = await db
        .insert(payments)
        .values({
          userId: user!.id,
          provider: "test",
          providerPaymentId: `pi_${word()}`,
          amountCents: 4999,
          status: "succeeded",
          cartSnapshot: [],
        })
        .returning();
      return payment!.id;
    });

    const fresh = await runCheck(target.env);
    expect(fresh.stdout).toContain("All invariants hold.");
    expect(fresh.code).toBe(0);

    const all = await runCheck(target.env, "--all");
    expect(all.code).toBe(1);
    expect(all.stdout).toContain("Shop invariants (every payment and order):");
    expect(all.stdout).toContain(`[paid-without-order] payment ${paymentId} ($49.99, user`);
    expect(all.stdout).toContain("1 violation found.");

    await target.with((db) =>
      db
        .update(payments)
        .set({ updatedAt: new Date(Date.now() - 6 * 60_000) })
        .where(eq(payments.id, paymentId)),
    );
    const settled = await runCheck(target.env);
    expect(settled.code).toBe(1);
    expect(settled.stdout).toContain(`payment ${paymentId}`);

    // resolved (say, refunded by hand and recorded): clean again, so the database is left as found
    await target.with((db) => db.update(payments).set({ status: "canceled" }).where(eq(payments.id, paymentId)));
    expect((await runCheck(target.env, "--all")).code).toBe(0);
  });

  it("exits 2 with a reason when it cannot check: an unknown argument, no embedded database", async () => {
    const unknown = await runCheck(target.env, "--everything");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown argument --everything");
    const nowhere = await runCheck({ DATA_DIR: path.join(os.tmpdir(), `no-shop-${word()}`) });
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toMatch(/No embedded database at .*pgdata/);
  });
});
