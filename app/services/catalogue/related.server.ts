// "Goes well with" (docs/decisions/0047-saved-items-and-related-products.md): products bought together with the given
// ones in past orders (every order that was not cancelled: an order is paid when it is placed), most often first; then
// products of the same categories; then of the same brands. Never one sold out, never one of the given products or of
// `exclude`, at most RELATED_MAX. Bounded: the co-purchases are counted over the newest RECENT_ORDERS orders that hold
// the given products (order_items_product_order_idx), the fallbacks read a few rows by an index each.
import { and, asc, desc, eq, gt, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import { cartItems, carts, products } from "~/db/schema";
import type { ProductDto } from "~/schemas/catalogue";
import { RELATED_MAX } from "~/schemas/saved-constants";
import { getProductsByIds, productWeight } from "./catalogue.server";
import { versionMemo } from "./version-memo.server";
import { NotFoundError } from "../errors";
import { requireActor, type Actor } from "../access";

/** how many of the newest orders holding the products are looked at for what was bought with them */
export const RECENT_ORDERS = 500;
/**
 * how many orders must hold a product with the source for it to count as bought together: one buyer's basket is not
 * shown on a public page (a niche product's only order would tell what that shopper also bought)
 */
export const MIN_ORDERS_TOGETHER = 2;
/** the most products of a cart the complements are looked for from */
const MAX_SOURCES = 20;

async function boughtTogether(sources: number[], excluded: number[], limit: number, db: DbOrTx): Promise<number[]> {
  const rows = await selectRows<{ product_id: number }>(
    db,
    sql`
    with recent as (
      select distinct oi.order_id
      from order_items oi
      join orders o on o.id = oi.order_id and o.status <> 'CANCELLED'
      where oi.product_id in (${sql.join(
        sources.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by oi.order_id desc
      limit ${RECENT_ORDERS}
    )
    select oi.product_id
    from order_items oi
    join recent r on r.order_id = oi.order_id
    join products p on p.id = oi.product_id and p.inventory > 0
    where oi.product_id not in (${sql.join(
      excluded.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by oi.product_id
    having count(distinct oi.order_id) >= ${MIN_ORDERS_TOGETHER}
    order by count(distinct oi.order_id) desc, oi.product_id asc
    limit ${limit}`,
  );
  return rows.map((row) => Number(row.product_id));
}

async function alike(where: SQL, excluded: number[], limit: number, db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(where, gt(products.inventory, 0), notInArray(products.id, excluded)))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The related products of `sources` (ids), in order, at most `max`. */
export async function relatedTo({
  sources,
  exclude = [],
  max = RELATED_MAX,
  db = getDb(),
}: {
  sources: number[];
  exclude?: number[];
  max?: number;
  db?: DbOrTx;
}): Promise<ProductDto[]> {
  const from = [...new Set(sources)].slice(0, MAX_SOURCES);
  if (from.length === 0) return [];
  const chosen: number[] = [];
  const excluded = () => [...new Set([...from, ...exclude, ...chosen])];
  chosen.push(...(await boughtTogether(from, excluded(), max, db)));
  const of = await db
    .select({ categoryId: products.categoryId, brand: products.brand })
    .from(products)
    .where(inArray(products.id, from));
  const categoryIds = [...new Set(of.map((p) => p.categoryId))];
  if (chosen.length < max && categoryIds.length > 0) {
    chosen.push(...(await alike(inArray(products.categoryId, categoryIds), excluded(), max - chosen.length, db)));
  }
  const brands = [...new Set(of.map((p) => p.brand.toLowerCase()))];
  if (chosen.length < max && brands.length > 0) {
    const sameBrand = inArray(sql`lower(${products.brand})`, brands);
    chosen.push(...(await alike(sameBrand, excluded(), max - chosen.length, db)));
  }
  const byId = new Map((await getProductsByIds({ ids: chosen, db })).map((p) => [p.id, p]));
  return chosen.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Related products kept per catalogue version (decision 0050): a product's, and a cart's by the products in it (two
 * memos, so that many shoppers' carts do not push the products' answers out). They depend on the catalogue and on the
 * orders that were not cancelled, and both move the version: placing an order takes its products' stock, and an order
 * entering or leaving CANCELLED moves it by a trigger of its own (migration 0030).
 */
const weight = {
  max: 10_000,
  of: (list: ProductDto[]) => list.reduce((sum, product) => sum + productWeight(product), 1),
};
const relatedOfProducts = versionMemo<ProductDto[]>({ entries: 500, weight });
const relatedOfCarts = versionMemo<ProductDto[]>({ entries: 500, weight });

/**
 * GET /products/product/{id}/related: what goes well with a product (404 for one that does not exist). What it
 * returns is shared: callers must not change it.
 */
export async function relatedToProduct({ id, db = getDb() }: { id: number; db?: DbOrTx }): Promise<ProductDto[]> {
  return relatedOfProducts.get(db, String(id), async () => {
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
    if (!product) throw new NotFoundError("Product not found");
    return relatedTo({ sources: [id], db });
  });
}

/** GET /cart/related: complements of what is in the caller's cart, none of what is in it (none for an empty cart). */
export async function relatedToCart({ actor, db = getDb() }: { actor: Actor | null; db?: DbOrTx }) {
  const who = requireActor(actor);
  const lines = await db
    .selectDistinct({ productId: cartItems.productId })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, who.id))
    .orderBy(asc(cartItems.productId))
    .limit(100);
  const inCart = lines.map((line) => line.productId);
  // the same products in any cart have the same complements: kept by the products (in the order of their ids)
  return relatedOfCarts.get(db, inCart.join(","), () => relatedTo({ sources: inCart, exclude: inCart, db }));
}
