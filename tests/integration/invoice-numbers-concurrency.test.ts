import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, setDatabase, type Database } from "~/db/client.server";
import { documentCounters, orders, payments, refunds, testPaymentIntents, users } from "~/db/schema";
import { fulfilPayment } from "~/services/orders/orders.server";
import { checkInvariants } from "~/services/orders/invariants.server";
import { createCategory, createProduct, word } from "../support/factories";
import { createPostgresTestDatabase } from "../support/postgres-test-db";

// Two "instances" of the shop (two connection pools of their own on one PostgreSQL database) place 200 paid orders at
// the same moment, while 20 more payments find their product sold out (their transactions roll back after the
// stock check, and owe a refund). Every order gets an invoice number of this year: no number twice, none skipped,
// and the year's counter at the last one (decision 0042).

/** A lock or statement timeout (55P03, 57014), as node-postgres reports it under drizzle's error. */
function timedOut(error: unknown): boolean {
  for (let at: unknown = error; at && typeof at === "object"; at = (at as { cause?: unknown }).cause) {
    const code = (at as { code?: unknown }).code;
    if (code === "55P03" || code === "57014") return true;
  }
  return false;
}

describe.skipIf(process.env.TEST_DB_KIND !== "postgres")("invoice numbers across two instances", () => {
  let first: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let second: Database;

  beforeAll(async () => {
    first = await createPostgresTestDatabase({ max: 10 });
    second = await openPostgres(first.url, { max: 10 });
    setDatabase(first);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await second?.close();
    // checks every invariant, rule (e) too, before the database goes
    await first?.drop();
  });

  it("numbers 200 orders placed at once without a gap or a duplicate", { timeout: 120_000 }, async () => {
    const db = first.db;
    const category = await createCategory(db);
    const plenty = await createProduct(db, { categoryId: category.id, priceCents: 1500, inventory: 1000 });
    const none = await createProduct(db, { categoryId: category.id, priceCents: 900, inventory: 0 });
    const [buyer] = await db
      .insert(users)
      .values({ firstName: "Ada", lastName: "Lovelace", email: `${word()}@example.com`, passwordHash: "x" })
      .returning();

    const paid = async (i: number, product: typeof plenty) => {
      const id = `pi_test_race_${i}_${word()}`;
      await db.insert(testPaymentIntents).values({
        id,
        clientSecret: `${id}_secret`,
        amountCents: product.priceCents,
        currency: "usd",
        status: "succeeded",
      });
      const [payment] = await db
        .insert(payments)
        .values({
          userId: buyer!.id,
          provider: "test",
          providerPaymentId: id,
          amountCents: product.priceCents,
          status: "succeeded",
          checkoutKey: id,
          cartSnapshot: [
            {
              productId: product.id,
              variantId: product.variantId,
              variantLabel: "",
              name: product.name,
              brand: product.brand,
              quantity: 1,
              priceCents: product.priceCents,
            },
          ],
        })
        .returning();
      return payment!;
    };
    const placing = await Promise.all(Array.from({ length: 200 }, (_, i) => paid(i, plenty)));
    const soldOut = await Promise.all(Array.from({ length: 20 }, (_, i) => paid(1000 + i, none)));
    const year = new Date().getUTCFullYear();
    const [before] = await db
      .select({ last: documentCounters.lastNumber })
      .from(documentCounters)
      .where(eq(documentCounters.kind, "invoice"));
    const start = before?.last ?? 0;

    // each instance works like a server: a few requests at a time on its pool (more than one pool's worth of
    // checkouts at once would wait for connections, not for the numbers); the two instances race each other
    const all = [...placing, ...soldOut];
    const outcomes: Array<PromiseSettledResult<unknown>> = new Array(all.length);
    let next = 0;
    // a placement the database could not serve in time (a lock or statement timeout on a loaded machine, nothing
    // else: a deadlock or a serialisation failure is a fault of the numbering and fails the test) rolls back and gives
    // its number back; it is placed again, as the reconciler would (a sold-out one fails every time)
    const place = async (payment: (typeof all)[number], db: Database["db"]) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return { status: "fulfilled" as const, value: await fulfilPayment(payment, undefined, db) };
        } catch (reason) {
          if (attempt < 4 && timedOut(reason)) continue;
          return { status: "rejected" as const, reason };
        }
      }
    };
    const worker = async (instance: Database) => {
      while (next < all.length) {
        const i = next++;
        outcomes[i] = await place(all[i]!, instance.db);
      }
    };
    await Promise.all(Array.from({ length: 12 }, (_, w) => worker(w % 2 === 0 ? first : second)));
    expect(outcomes.slice(0, 200).filter((o) => o.status === "rejected")).toEqual([]);
    expect(outcomes.slice(200).every((o) => o.status === "rejected")).toBe(true);

    const placed = await db
      .select({ year: orders.invoiceYear, seq: orders.invoiceSeq })
      .from(orders)
      .where(
        inArray(
          orders.paymentId,
          placing.map((p) => p.id),
        ),
      );
    expect(placed).toHaveLength(200);
    expect(new Set(placed.map((o) => o.year))).toEqual(new Set([year]));
    const numbers = placed.map((o) => o.seq!).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => start + i + 1));
    const [counter] = await db.select().from(documentCounters).where(eq(documentCounters.kind, "invoice"));
    expect(counter!.lastNumber).toBe(start + 200);
    // the sold-out payments placed nothing and took no number; their refunds correct no invoice
    const owed = await db
      .select()
      .from(refunds)
      .where(
        inArray(
          refunds.paymentId,
          soldOut.map((p) => p.id),
        ),
      );
    expect(owed).toHaveLength(20);
    expect(owed.every((r) => r.creditNoteSeq === null)).toBe(true);
    expect((await checkInvariants(db)).filter((v) => v.rule === "documents")).toEqual([]);
  });
});
