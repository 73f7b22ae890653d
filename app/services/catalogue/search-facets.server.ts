// The listing's facets (decisions 0030, 0036): brand, category and option-value counts of the matches, each counted
// without its own filter so a shopper sees what choosing another would give.
import { inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import { categories, productOptions, products } from "~/db/schema";
import type { ProductPage } from "~/schemas/catalogue";
import { conditions, whereClause, type Filters } from "./search-filters.server";

/** Brand counts grouped by the stored spelling (index-only), merged case-insensitively under the commonest one. */
export function mergeBrandCounts(rows: Array<{ name: string; count: number }>) {
  const merged = new Map<string, { name: string; count: number; best: number }>();
  for (const row of rows) {
    const key = row.name.toLowerCase();
    const entry = merged.get(key);
    if (!entry) merged.set(key, { name: row.name, count: row.count, best: row.count });
    else {
      entry.count += row.count;
      if (row.count > entry.best) Object.assign(entry, { name: row.name, best: row.count });
    }
  }
  return [...merged.values()]
    .map(({ name, count }) => ({ name, count }))
    .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
}

export type FacetRows = [
  Promise<Array<{ name: string; count: number }>>,
  Promise<Array<{ id: number; name: string; count: number }>>,
];

type OptionFacet = { name: string; value: string; count: number };
type OptionFacets = ProductPage["facets"]["options"];

/**
 * Option values with the number of products offering them, without the option filter, grouped by stored spelling
 * and merged case-insensitively under the commonest (as brands are); by option name, then the values' order.
 */
export async function optionFacets(db: DbOrTx, filters: Filters): Promise<OptionFacets> {
  const rows = await selectRows<OptionFacet & { at: number }>(
    db,
    sql`SELECT o.name, x.value, count(*)::int AS count, min(x.at)::int AS at
        FROM ${products} JOIN ${productOptions} o ON o.product_id = ${products.id}
        CROSS JOIN LATERAL unnest(o.values) WITH ORDINALITY AS x(value, at)
        WHERE ${whereClause(conditions(filters, "option"))}
        GROUP BY o.name, x.value`,
  );
  const merged = new Map<string, OptionFacet & { at: number; best: number }>();
  for (const row of rows) {
    const key = `${row.name.toLowerCase()}\u0000${row.value.toLowerCase()}`;
    const entry = merged.get(key);
    if (!entry) merged.set(key, { ...row, best: row.count });
    else {
      entry.count += row.count;
      entry.at = Math.min(entry.at, row.at);
      if (row.count > entry.best) Object.assign(entry, { name: row.name, value: row.value, best: row.count });
    }
  }
  const sorted = [...merged.values()].sort(
    (a, b) =>
      a.name.toLowerCase().localeCompare(b.name.toLowerCase()) ||
      a.at - b.at ||
      a.value.toLowerCase().localeCompare(b.value.toLowerCase()),
  );
  const grouped: OptionFacets = [];
  for (const { name, value, count } of sorted) {
    const last = grouped.at(-1);
    if (last && last.name.toLowerCase() === name.toLowerCase()) last.values.push({ value, count });
    else grouped.push({ name, values: [{ value, count }] });
  }
  return grouped;
}

/** Brand and category counts, each without its own filter (a second query per facet). */
export function facetsApart(db: DbOrTx, filters: Filters): FacetRows {
  return [
    selectRows<{ name: string; count: number }>(
      db,
      sql`SELECT ${products.brand} AS name, count(*)::int AS count FROM ${products}
          WHERE ${whereClause(conditions(filters, "brand"))} GROUP BY ${products.brand}`,
    ),
    selectRows<{ id: number; name: string; count: number }>(
      db,
      sql`SELECT c.id, c.name, f.count FROM (
            SELECT ${products.categoryId} AS category_id, count(*)::int AS count FROM ${products}
            WHERE ${whereClause(conditions(filters, "category"))} GROUP BY ${products.categoryId}
          ) f JOIN ${categories} c ON c.id = f.category_id
          ORDER BY lower(c.name), c.id`,
    ),
  ];
}

/**
 * With text and neither a brand nor a category filter, both facets count the same matches: one scan of them,
 * grouped two ways, instead of two (the matches of a common word are thousands of rows read from the table).
 */
export async function bothFacetsInOneScan(db: DbOrTx, where: SQL): Promise<FacetRows> {
  const counts = await selectRows<{ brand: string | null; categoryId: number | null; count: number }>(
    db,
    sql`SELECT ${products.brand} AS brand, ${products.categoryId} AS "categoryId", count(*)::int AS count
        FROM ${products} WHERE ${where}
        GROUP BY GROUPING SETS ((${products.brand}), (${products.categoryId}))`,
  );
  const byCategory = counts.filter((row) => row.categoryId !== null);
  const names =
    byCategory.length === 0
      ? []
      : await db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(
            inArray(
              categories.id,
              byCategory.map((row) => row.categoryId!),
            ),
          );
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  const categoryFacets = byCategory
    .map((row) => ({ id: row.categoryId!, name: nameOf.get(row.categoryId!) ?? "", count: row.count }))
    .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id);
  const brandFacets = counts.filter((row) => row.brand !== null).map((row) => ({ name: row.brand!, count: row.count }));
  return [Promise.resolve(brandFacets), Promise.resolve(categoryFacets)];
}
