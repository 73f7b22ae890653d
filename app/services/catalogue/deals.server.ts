// Today's Deals (docs/decisions/0041-sale-prices.md): the products with a variant on sale (its compare-at price above
// its price) and in stock, biggest saving first. The partial index product_variants_on_sale_idx holds only the
// variants on sale, so the query reads those and not the catalogue.
import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import type { ProductDto } from "~/schemas/catalogue";
import { getProductsByIds } from "./catalogue.server";

export const DEALS_LIMIT = 8;

/**
 * GET /products/deals: up to `limit` products on sale, by their biggest saving in cents (compare-at − price of their
 * variants on sale and in stock), then the biggest saving as a share of the regular price, then the lowest id.
 */
export async function listDeals({ limit = DEALS_LIMIT, db = getDb() }: { limit?: number; db?: DbOrTx } = {}): Promise<
  ProductDto[]
> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`SELECT product_id AS id
          FROM product_variants
         WHERE compare_at_cents > price_cents AND inventory > 0
         GROUP BY product_id
         ORDER BY max(compare_at_cents - price_cents) DESC,
                  max((compare_at_cents - price_cents)::numeric / compare_at_cents) DESC,
                  product_id
         LIMIT ${limit}`,
  );
  const ids = rows.map((row) => Number(row.id));
  const byId = new Map((await getProductsByIds({ ids, db })).map((product) => [product.id, product]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
