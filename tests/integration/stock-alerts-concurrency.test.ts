import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, setDatabase, type Database } from "~/db/client.server";
import { mailOutbox, productVariants, stockAlerts, users } from "~/db/schema";
import { setStock } from "~/services/catalogue/stock.server";
import { confirmStockAlert, confirmToken, subscribeToStockAlert } from "~/services/stock-alerts/stock-alerts.server";
import { createCategory, createProduct, word } from "../support/factories";
import { createPostgresTestDatabase } from "../support/postgres-test-db";

// Two "instances" of the shop (two connection pools of their own on one PostgreSQL database) restock the same sold-out
// variant at the same moment, round after round, through the staff's stock service or by a plain UPDATE, while new
// subscribers confirm between the rounds: every subscriber gets exactly one back-in-stock mail
// (docs/decisions/0046-back-in-stock-alerts.md).

describe.skipIf(process.env.TEST_DB_KIND !== "postgres")("back-in-stock alerts across two instances", () => {
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
    await first?.drop();
  });

  it(
    "mails each subscriber exactly once when two instances restock one variant at once",
    { timeout: 120_000 },
    async () => {
      const db = first.db;
      const category = await createCategory(db);
      const product = await createProduct(db, { categoryId: category.id, inventory: 0 });
      const [staff] = await db
        .insert(users)
        .values({ firstName: "Sam", lastName: "Staff", email: `${word()}@example.com`, passwordHash: "x" })
        .returning();
      const actor = { id: staff!.id, roles: ["ROLE_ADMIN"] };
      const everyone: string[] = [];

      async function subscribers(n: number) {
        await Promise.all(
          Array.from({ length: n }, async () => {
            const email = `race-${word()}@example.com`;
            await subscribeToStockAlert({ actor: null, productId: product.id, input: { email }, db });
            const [row] = await db.select().from(stockAlerts).where(eq(stockAlerts.email, email));
            const confirmed = await confirmStockAlert({ token: confirmToken(row!.id), db });
            expect(confirmed.inStock).toBe(false);
            everyone.push(email);
          }),
        );
      }

      for (let round = 0; round < 6; round++) {
        await subscribers(round % 2 === 0 ? 25 : 0);
        // both at once: in even rounds the staff's stock service in each instance, in odd rounds a plain UPDATE in a
        // transaction of each (what any other stock writer, or psql, does)
        const service = (on: Database, inventory: number) =>
          setStock({
            actor,
            productId: product.id,
            input: { variants: [{ id: product.variantId, inventory }] },
            db: on.db,
          });
        const plain = (on: Database, more: number) =>
          on.db.transaction(async (tx) => {
            await tx
              .update(productVariants)
              .set({ inventory: sql`${productVariants.inventory} + ${more}` })
              .where(eq(productVariants.id, product.variantId));
          });
        await Promise.all(
          round % 2 === 0 ? [service(first, 5), service(second, 8)] : [plain(first, 3), plain(second, 4)],
        );
        // sold out again before the next round
        await second.db.update(productVariants).set({ inventory: 0 }).where(eq(productVariants.id, product.variantId));
      }

      const mails = await db
        .select({ to: mailOutbox.recipient, n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, "back-in-stock"))
        .groupBy(mailOutbox.recipient);
      expect(everyone).toHaveLength(75);
      expect(mails).toHaveLength(75);
      expect(mails.every((m) => m.n === 1)).toBe(true);
      expect(new Set(mails.map((m) => m.to))).toEqual(new Set(everyone));
      const open = await db.select().from(stockAlerts).where(eq(stockAlerts.status, "active"));
      expect(open).toHaveLength(0);
    },
  );
});
