import { setTimeout as delay } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, setDatabase, type Database } from "~/db/client.server";
import { productVariants, stockAlerts, users } from "~/db/schema";
import { setStock } from "~/services/catalogue/stock.server";
import { ConflictError } from "~/services/errors";
import { subscribeToStockAlert } from "~/services/stock-alerts/stock-alerts.server";
import { createCategory, createProduct, word } from "../support/factories";
import { createPostgresTestDatabase } from "../support/postgres-test-db";

// A subscription to a variant and a restock of it at the same moment, from two instances (two pools on one PostgreSQL
// database), round after round: a subscription locks the product's row before the variant's, as every stock writer
// does, so PostgreSQL never finds a deadlock (the variant's row first once crossed a restock's order;
// docs/decisions/0046-back-in-stock-alerts.md, its addendum).

describe.skipIf(process.env.TEST_DB_KIND !== "postgres")("subscribing while a restock runs", () => {
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

  it("never deadlocks, round after round", { timeout: 120_000 }, async () => {
    const db = first.db;
    const category = await createCategory(db);
    const product = await createProduct(db, { categoryId: category.id, inventory: 0 });
    const [staff] = await db
      .insert(users)
      .values({ firstName: "Sam", lastName: "Staff", email: `${word()}@example.com`, passwordHash: "x" })
      .returning();
    const admin = { id: staff!.id, roles: ["ROLE_ADMIN"] };
    const shoppers = await db
      .insert(users)
      .values(
        Array.from({ length: 4 }, () => ({
          firstName: "Ann",
          lastName: "Alert",
          email: `lock-${word()}@example.com`,
          passwordHash: "x",
        })),
      )
      .returning();
    const failures: unknown[] = [];
    let subscribed = 0;
    for (let round = 0; round < 40; round++) {
      const subscriptions = shoppers.map((shopper) =>
        subscribeToStockAlert({
          actor: { id: shopper.id, roles: ["ROLE_USER"] },
          productId: product.id,
          input: { variantId: product.variantId },
          db,
        }).then(
          () => subscribed++,
          // the restock came first: "in stock, order it now" is the one expected refusal
          (error: unknown) => (error instanceof ConflictError ? undefined : failures.push(error)),
        ),
      );
      // the restock starts 0 to 50 ms after the subscriptions: the tight rounds race them, the later ones let some
      // subscriptions in first (with both at once every time, a busy machine let the restock win all 160)
      const restock = delay((round % 6) * 10)
        .then(() =>
          setStock({
            actor: admin,
            productId: product.id,
            input: { variants: [{ id: product.variantId, inventory: 2 }] },
            db: second.db,
          }),
        )
        .catch((error: unknown) => failures.push(error));
      await Promise.all([...subscriptions, restock]);
      await second.db.update(productVariants).set({ inventory: 0 }).where(eq(productVariants.id, product.variantId));
    }
    expect(failures.map(String)).toEqual([]);
    expect(subscribed).toBeGreaterThan(0);
    // every subscription made before a restock was mailed by it: none is left active from an earlier round
    const open = await db.select().from(stockAlerts).where(eq(stockAlerts.status, "active"));
    expect(open.length).toBeLessThanOrEqual(shoppers.length);
  });
});
