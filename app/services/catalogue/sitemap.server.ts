import { asc } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { categories, products } from "~/db/schema";

/** A sitemap holds at most 50,000 URLs; the rest of a very large catalogue is reached through the listings. */
const MAX_PRODUCTS = 49_000;

export async function listSitemapEntries({ db = getDb() }: { db?: DbOrTx } = {}) {
  const [categoryRows, productRows] = await Promise.all([
    db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id)),
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .orderBy(asc(products.id))
      .limit(MAX_PRODUCTS),
  ]);
  return {
    categories: categoryRows.map((row) => row.id),
    products: productRows.map((row) => ({ id: row.id, updatedAt: row.updatedAt.toISOString().slice(0, 10) })),
  };
}
