import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import { ROLE_ADMIN } from "~/services/access";
import { getCart } from "~/services/orders/cart.server";
import { checkInvariants } from "~/services/orders/invariants.server";
import { orderDtos } from "~/services/orders/orders.server";
import { orders } from "~/db/schema";
import { emptyDatabases, migrationsBefore } from "../support/migrations";

// Migration 0012 (variants) on a database with products, carts and orders made before it: every product gets one
// default variant with its price and stock, every cart line and order line that variant, and the carts and orders
// read as before (same lines, same totals).

const emptyDatabase = emptyDatabases();

describe("migration 0012: variants", () => {
  it("gives every product one default variant and every cart and order line its variant; totals unchanged", async () => {
    const database = await emptyDatabase();
    await database.migrate(migrationsBefore("variants"));
    const { db } = database;

    // the shop as it stood before variants, written as the code of then wrote it
    await db.execute(sql`INSERT INTO categories (name) VALUES ('Keyboards')`);
    await db.execute(sql`INSERT INTO products (name, brand, price_cents, inventory, description, category_id)
      VALUES ('Alpha', 'Acme', 1999, 5, 'a', 1), ('Beta', 'Acme', 550, 0, 'b', 1), ('Gamma', 'Zed', 12000, 12, 'c', 1)`);
    await db.execute(sql`INSERT INTO users (first_name, last_name, email, password_hash)
      VALUES ('Ada', 'L', 'ada@example.com', 'x'), ('Bob', 'M', 'bob@example.com', 'x')`);
    await db.execute(sql`INSERT INTO carts (user_id) VALUES (1), (2)`);
    await db.execute(
      sql`INSERT INTO cart_items (cart_id, product_id, quantity) VALUES (1, 1, 2), (1, 3, 1), (2, 2, 4)`,
    );
    await db.execute(sql`INSERT INTO orders (user_id, total_cents) VALUES (1, 5098)`);
    await db.execute(sql`INSERT INTO order_items (order_id, product_id, product_name, product_brand, quantity, price_cents)
      VALUES (1, 1, 'Alpha', 'Acme', 2, 1999), (1, 2, 'Beta', 'Acme', 2, 550)`);

    await database.migrate(migrationsFolder);

    const variants = await selectRows<{ productId: number; sku: string; priceCents: number; inventory: number }>(
      db,
      sql`SELECT product_id AS "productId", sku, price_cents AS "priceCents", inventory FROM product_variants ORDER BY product_id`,
    );
    expect(variants).toEqual([
      { productId: 1, sku: "P1", priceCents: 1999, inventory: 5 },
      { productId: 2, sku: "P2", priceCents: 550, inventory: 0 },
      { productId: 3, sku: "P3", priceCents: 12000, inventory: 12 },
    ]);
    const cartLines = await selectRows<{ productId: number; variantProduct: number }>(
      db,
      sql`SELECT c.product_id AS "productId", v.product_id AS "variantProduct"
          FROM cart_items c JOIN product_variants v ON v.id = c.variant_id ORDER BY c.id`,
    );
    expect(cartLines).toEqual([
      { productId: 1, variantProduct: 1 },
      { productId: 3, variantProduct: 3 },
      { productId: 2, variantProduct: 2 },
    ]);

    // the carts and the order read as before, through today's services
    const admin = { id: 99, roles: [ROLE_ADMIN] };
    const ada = await getCart({ userId: 1, actor: { id: 1, roles: ["USER"] }, db });
    expect(ada.totalAmount).toBe(159.98);
    expect(ada.items.map((i) => [i.itemId, i.quantity, i.unitPrice, i.variantLabel])).toEqual([
      [1, 2, 19.99, ""],
      [3, 1, 120, ""],
    ]);
    expect((await getCart({ userId: 2, actor: admin, db })).totalAmount).toBe(22);
    const [order] = await orderDtos(await db.select().from(orders), db);
    expect(order).toMatchObject({ totalAmount: 50.98 });
    expect(order!.items.map((i) => [i.productId, i.variantId !== null, i.variantLabel, i.quantity, i.price])).toEqual([
      [1, true, "", 2, 19.99],
      [2, true, "", 2, 5.5],
    ]);
    // the products' figures are their variants' (the order above has no payment: only this test's)
    expect((await checkInvariants(db)).filter((v) => v.rule === "inventory")).toEqual([]);
  });
});
