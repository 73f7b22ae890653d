import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import { checkInvariants } from "~/services/orders/invariants.server";
import { emptyDatabases, migrationsBefore } from "../support/migrations";

// The invoices migration (decision 0042) on a database with orders and refunds made before it: the orders are
// numbered per calendar year of their date in the order they were placed, the refunds carried out of orders get
// credit notes for the payment's amount, the counters stand at the last numbers, and rule (e) holds.

const emptyDatabase = emptyDatabases();

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
