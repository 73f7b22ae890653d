// Rule (c) of the shop's invariants: no negative stock; a product's price and stock are its variants'; the one-per-name
// index and the kept facet counts agree with the products. Reads only.
import { asc, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import { products } from "~/db/schema";
import { formatCents } from "~/lib/money";
import type { Violation } from "./invariants.server";

export async function checkStock(db: DbOrTx): Promise<Violation[]> {
  return [
    ...(await checkInventory(db)),
    ...(await checkProductNames(db)),
    ...(await checkFacetCounts(db)),
    ...(await checkVariants(db)),
  ];
}

async function checkInventory(db: DbOrTx): Promise<Violation[]> {
  const rows = await db
    .select({ id: products.id, name: products.name, inventory: products.inventory })
    .from(products)
    .where(lt(products.inventory, 0))
    .orderBy(asc(products.id));
  return rows.map((row) => ({
    rule: "inventory" as const,
    kind: "negative-inventory",
    message: `product ${row.id} (${row.name}) has ${row.inventory} in stock`,
    productId: row.id,
    details: { inventory: row.inventory },
  }));
}

/**
 * A product's price and stock are its variants' (migration 0012): the lowest price, the sum of the stock; it has at
 * least one variant, none below zero; a cart line's variant is its product's.
 */
async function checkVariants(db: DbOrTx): Promise<Violation[]> {
  const derived = await selectRows<{
    id: number;
    name: string;
    price: number;
    stock: number;
    minPrice: number | null;
    sum: number | null;
    count: number;
  }>(
    db,
    sql`SELECT p.id, p.name, p.price_cents AS price, p.inventory AS stock, v.min_price AS "minPrice", v.sum::int AS sum,
               coalesce(v.count, 0)::int AS count
        FROM products p LEFT JOIN (
          SELECT product_id, min(price_cents) AS min_price, sum(inventory) AS sum, count(*) AS count
          FROM product_variants GROUP BY product_id
        ) v ON v.product_id = p.id
        WHERE v.count IS NULL OR p.price_cents <> v.min_price OR p.inventory <> v.sum
        ORDER BY p.id`,
  );
  const negative = await selectRows<{ id: number; productId: number; sku: string; inventory: number }>(
    db,
    sql`SELECT id, product_id AS "productId", sku, inventory FROM product_variants WHERE inventory < 0 ORDER BY id`,
  );
  const strayLines = await selectRows<{ id: number; productId: number; variantId: number }>(
    db,
    sql`SELECT c.id, c.product_id AS "productId", c.variant_id AS "variantId"
        FROM cart_items c JOIN product_variants v ON v.id = c.variant_id
        WHERE v.product_id <> c.product_id ORDER BY c.id`,
  );
  return [
    ...derived.map((row) => ({
      rule: "inventory" as const,
      kind: row.count === 0 ? "product-without-variant" : "product-figures-not-its-variants",
      message:
        row.count === 0
          ? `product ${row.id} (${row.name}) has no variant`
          : `product ${row.id} (${row.name}) says ${formatCents(row.price)} and ${row.stock} in stock, its variants ${formatCents(row.minPrice ?? 0)} (lowest) and ${row.sum ?? 0} (sum)`,
      productId: row.id,
      details: {
        priceCents: row.price,
        inventory: row.stock,
        variantsMinPriceCents: row.minPrice,
        variantsStock: row.sum,
      },
    })),
    ...negative.map((row) => ({
      rule: "inventory" as const,
      kind: "negative-variant-inventory",
      message: `variant ${row.id} (${row.sku}) of product ${row.productId} has ${row.inventory} in stock`,
      productId: row.productId,
      details: { variantId: row.id, inventory: row.inventory },
    })),
    ...strayLines.map((row) => ({
      rule: "inventory" as const,
      kind: "cart-line-variant-of-another-product",
      message: `cart line ${row.id} is for product ${row.productId} but its variant ${row.variantId} is another product's`,
      productId: row.productId,
      details: { cartItemId: row.id, variantId: row.variantId },
    })),
  ];
}

/** catalogue_facet_counts (migration 0029) says how many products each category and brand have. */
async function checkFacetCounts(db: DbOrTx): Promise<Violation[]> {
  const rows = await selectRows<{ categoryId: number; brand: string; kept: number; actual: number }>(
    db,
    sql`WITH actual AS (SELECT category_id, brand, count(*)::int AS products FROM products GROUP BY 1, 2)
        SELECT coalesce(k.category_id, a.category_id) AS "categoryId", coalesce(k.brand, a.brand) AS brand,
               coalesce(k.products, 0) AS kept, coalesce(a.products, 0) AS actual
        FROM catalogue_facet_counts k FULL JOIN actual a ON a.category_id = k.category_id AND a.brand = k.brand
        WHERE coalesce(k.products, 0) <> coalesce(a.products, 0)
        ORDER BY 1, 2`,
  );
  return rows.map((row) => ({
    rule: "inventory" as const,
    kind: "facet-counts",
    message: `facet counts say category ${row.categoryId} has ${row.kept} products of "${row.brand}", the products ${row.actual}`,
    details: { categoryId: row.categoryId, brand: row.brand, kept: row.kept, actual: row.actual },
  }));
}

/** product_names and its counter (migration 0010) say what the products say: per name, the first and the count. */
async function checkProductNames(db: DbOrTx): Promise<Violation[]> {
  const rows = await selectRows<{ nameKey: string; kept: string | null; actual: string | null }>(
    db,
    sql`WITH actual AS (SELECT lower(name) AS name_key, min(id) || '/' || count(*) AS v FROM products GROUP BY 1),
             kept AS (SELECT name_key, first_id || '/' || products AS v FROM product_names
                      UNION ALL
                      SELECT '(count)', value::text FROM catalogue_counters WHERE name = 'distinct_names'),
             counted AS (SELECT '(count)' AS name_key, count(*)::text AS v FROM actual)
        SELECT coalesce(k.name_key, a.name_key) AS "nameKey", k.v AS kept, a.v AS actual
        FROM kept k FULL JOIN (SELECT * FROM actual UNION ALL SELECT * FROM counted) a ON a.name_key = k.name_key
        WHERE k.v IS DISTINCT FROM a.v
        ORDER BY 1`,
  );
  return rows.map((row) => ({
    rule: "inventory" as const,
    kind: "product-names-index",
    message: `one-per-name index for "${row.nameKey}" says ${row.kept ?? "nothing"}, the products ${row.actual ?? "nothing"} (first id/count)`,
    details: { nameKey: row.nameKey, kept: row.kept, actual: row.actual },
  }));
}
