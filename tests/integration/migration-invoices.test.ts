import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { nanoid } from "nanoid";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, pgliteExtensions, type Db } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import { checkInvariants } from "~/services/orders/invariants.server";
import { testDatabaseUrls } from "../support/postgres-url";

// The invoices migration (decision 0042) on a database with orders and refunds made before it: the orders are
// numbered per calendar year of their date in the order they were placed, the refunds carried out of orders get
// credit notes for the payment's amount, the counters stand at the last numbers, and rule (e) holds.

const kind = process.env.TEST_DB_KIND ?? "pglite";

/** The shop's migrations up to (not including) the one named `…_<tag>`, in a folder of their own. */
function migrationsBefore(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  // by name, not number: migrations are renumbered when branches merge
  const upTo = journal.entries.findIndex((entry) => entry.tag.endsWith(`_${tag}`));
  expect(upTo).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, upTo);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database of the suite's kind, and a way to migrate it with a given folder. */
async function emptyDatabase(): Promise<{ db: Db; migrate(folder: string): Promise<void> }> {
  if (kind === "pglite") {
    const client = await PGlite.create("memory://", { extensions: pgliteExtensions });
    cleanups.push(() => client.close());
    const db = drizzlePglite(client) as unknown as Db;
    return { db, migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }) };
  }
  const { base, maintenanceUrl, withDatabase } = testDatabaseUrls();
  const name = `${base}_mig_${nanoid(8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x")}`;
  const admin = new pg.Client({ connectionString: maintenanceUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: withDatabase(name), max: 2 });
  cleanups.push(async () => {
    await pool.end();
    const cleanup = new pg.Client({ connectionString: maintenanceUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await cleanup.end();
  });
  const db = drizzlePg(pool) as unknown as Db;
  return { db, migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }) };
}

describe("migration: invoices", () => {
  it("numbers the orders and refunds made before it, per year, in the order they happened", async () => {
    const database = await emptyDatabase();
    await database.migrate(migrationsBefore("invoices"));
    const { db } = database;

    await db.execute(sql`INSERT INTO users (first_name, last_name, email, password_hash)
      VALUES ('Ada', 'L', 'ada@example.com', 'x')`);
    await db.execute(sql`INSERT INTO payments (user_id, provider, provider_payment_id, amount_cents, status, cart_snapshot)
      VALUES (1, 'test', 'pi_1', 1000, 'succeeded', '[]'), (1, 'test', 'pi_2', 2000, 'refunded', '[]'),
        (1, 'test', 'pi_3', 3000, 'succeeded', '[]'), (1, 'test', 'pi_4', 4000, 'refunded', '[]'),
        (1, 'test', 'pi_5', 5000, 'succeeded', '[]')`);
    // ids out of date order, across two years (UTC: the last one is 2026 in UTC, 2025 in New York)
    await db.execute(sql`INSERT INTO orders (user_id, payment_id, total_cents, order_date, status) VALUES
      (1, 1, 1000, '2026-03-01T10:00:00Z', 'DELIVERED'),
      (1, 2, 2000, '2025-12-31T12:00:00Z', 'CANCELLED'),
      (1, 3, 3000, '2025-06-01T08:00:00Z', 'SHIPPED'),
      (1, 5, 5000, '2026-01-01T01:00:00Z', 'PENDING')`);
    // a refund of a cancelled order (done), a refund of a payment that never became an order (pi_4)
    await db.execute(sql`INSERT INTO refunds (payment_id, reason, status, refunded_at) VALUES
      (4, 'sold out', 'succeeded', '2026-02-01T00:00:00Z'),
      (2, 'cancelled', 'succeeded', '2026-01-02T00:00:00Z')`);

    await database.migrate(migrationsFolder);

    const invoices = await selectRows<{ id: number; year: number; seq: number; dated: boolean }>(
      db,
      sql`SELECT id, invoice_year AS year, invoice_seq AS seq, invoice_date = order_date AS dated FROM orders ORDER BY id`,
    );
    expect(invoices).toEqual([
      { id: 1, year: 2026, seq: 2, dated: true },
      { id: 2, year: 2025, seq: 2, dated: true },
      { id: 3, year: 2025, seq: 1, dated: true },
      { id: 4, year: 2026, seq: 1, dated: true },
    ]);
    const notes = await selectRows<{
      paymentId: number;
      year: number | null;
      seq: number | null;
      cents: number | null;
    }>(
      db,
      sql`SELECT payment_id AS "paymentId", credit_note_year AS year, credit_note_seq AS seq, credit_note_cents AS cents
          FROM refunds ORDER BY id`,
    );
    expect(notes).toEqual([
      { paymentId: 4, year: null, seq: null, cents: null },
      { paymentId: 2, year: 2026, seq: 1, cents: 2000 },
    ]);
    const counters = await selectRows<{ kind: string; year: number; last: number }>(
      db,
      sql`SELECT kind, year, last_number AS last FROM document_counters ORDER BY kind, year`,
    );
    expect(counters).toEqual([
      { kind: "credit_note", year: 2026, last: 1 },
      { kind: "invoice", year: 2025, last: 2 },
      { kind: "invoice", year: 2026, last: 2 },
    ]);
    expect((await checkInvariants(db)).filter((v) => v.rule === "documents")).toEqual([]);
  });
});
