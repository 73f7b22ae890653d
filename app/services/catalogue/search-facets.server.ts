// The listing's facets (decisions 0030, 0036, 0048): brand, category and option-value counts of the matches, each
// counted without its own filter so a shopper sees what choosing another would give. Each count reads at most the
// first FACET_SAMPLE + 1 matches by id: with more, the counts are of those (the page says so), and the work a query does
// stops growing with the number of its matches.
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

/** Facet counts are exact up to this many matches, then of the first this many (decision 0048). */
export const FACET_SAMPLE = 1_000;

/** Counts, and whether they were taken from a sample (more than FACET_SAMPLE matched). */
export interface Counted<T> {
  rows: T[];
  sampled: boolean;
}

/** The sum of the counts of facet rows (a facet counted without one filter sums, with that filter unset, to the total). */
export function sumCounts(rows: Array<{ count: number }>): number {
  return rows.reduce((sum, row) => sum + row.count, 0);
}

/** Rows grouped from a sample of `bound` + 1 matches are a sample when they add up to more than `bound`. */
function counted(bound: number) {
  return <T extends { count: number }>(rows: T[]): Counted<T> => ({
    rows,
    sampled: sumCounts(rows) > bound,
  });
}

/**
 * The first `bound` + 1 products matching `where` by id, with the columns the facets group by. By id, not in the
 * table's order: an update writes a row anew at the table's end, so the first rows read were those never restocked or
 * given options, and a sample of 'head' at 100k products held one category and no option values.
 */
function sample(where: SQL, columns: SQL, bound: number) {
  return sql`(SELECT ${columns} FROM ${products} WHERE ${where} ORDER BY ${products.id} LIMIT ${bound + 1})`;
}

export type FacetRows = [
  Promise<Counted<{ name: string; count: number }>>,
  Promise<Counted<{ id: number; name: string; count: number }>>,
];

type OptionFacet = { name: string; value: string; count: number };
type OptionFacets = ProductPage["facets"]["options"];

/**
 * Option values with the number of products offering them, without the option filter, grouped by stored spelling
 * and merged case-insensitively under the commonest (as brands are); by option name, then the values' order.
 */
export async function optionFacets(
  db: DbOrTx,
  filters: Filters,
  bound = FACET_SAMPLE,
): Promise<Counted<OptionFacets[number]>> {
  const rows = await selectRows<OptionFacet & { at: number; sampled: number }>(
    db,
    sql`WITH p AS ${sample(whereClause(conditions(filters, "option")), sql`${products.id}`, bound)}
        SELECT o.name, x.value, count(*)::int AS count, min(x.at)::int AS at,
               (SELECT count(*) FROM p)::int AS sampled
        FROM p JOIN ${productOptions} o ON o.product_id = p.id
        CROSS JOIN LATERAL unnest(o.values) WITH ORDINALITY AS x(value, at)
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
  return { rows: grouped, sampled: (rows[0]?.sampled ?? 0) > bound };
}

/** Brand and category counts, each without its own filter (a second query per facet). */
export function facetsApart(db: DbOrTx, filters: Filters, bound = FACET_SAMPLE): FacetRows {
  return [
    selectRows<{ name: string; count: number }>(
      db,
      sql`SELECT p.brand AS name, count(*)::int AS count
          FROM ${sample(whereClause(conditions(filters, "brand")), sql`${products.brand}`, bound)} p GROUP BY p.brand`,
    ).then(counted(bound)),
    selectRows<{ id: number; name: string; count: number }>(
      db,
      sql`SELECT c.id, c.name, f.count FROM (
            SELECT p.category_id, count(*)::int AS count
            FROM ${sample(whereClause(conditions(filters, "category")), sql`${products.categoryId}`, bound)} p
            GROUP BY p.category_id
          ) f JOIN ${categories} c ON c.id = f.category_id
          ORDER BY lower(c.name), c.id`,
    ).then(counted(bound)),
  ];
}

/**
 * With text and neither a brand nor a category filter, both facets count the same matches: one scan of them,
 * grouped two ways, instead of two (the matches of a common word are thousands of rows read from the table).
 */
export async function bothFacetsInOneScan(db: DbOrTx, where: SQL, bound = FACET_SAMPLE): Promise<FacetRows> {
  const counts = await selectRows<{ brand: string | null; categoryId: number | null; count: number }>(
    db,
    sql`SELECT p.brand, p.category_id AS "categoryId", count(*)::int AS count
        FROM ${sample(where, sql`${products.brand}, ${products.categoryId}`, bound)} p
        GROUP BY GROUPING SETS ((p.brand), (p.category_id))`,
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
  return [Promise.resolve(counted(bound)(brandFacets)), Promise.resolve(counted(bound)(categoryFacets))];
}

/** The listing is only browsing: no words, and no filter but a category and brands. */
export function onlyBrowsing(filters: Filters): boolean {
  return (
    filters.words.length === 0 &&
    filters.options.size === 0 &&
    filters.minPrice === undefined &&
    filters.maxPrice === undefined &&
    !filters.inStock &&
    !filters.distinct
  );
}

/**
 * Browsing's brand and category counts and its total, from the counts the triggers keep per category and brand
 * (migration 0029): exact, and one read of a small table at any catalogue size.
 */
export async function keptFacets(db: DbOrTx, filters: Filters) {
  const { inCategory, ofBrands } = keptConditions(filters);
  const [brands, categoryRows, both] = await Promise.all([
    selectRows<{ name: string; count: number }>(
      db,
      sql`SELECT brand AS name, sum(products)::int AS count FROM catalogue_facet_counts
          WHERE products > 0 ${inCategory} GROUP BY brand`,
    ),
    selectRows<{ id: number; name: string; count: number }>(
      db,
      sql`SELECT c.id, c.name, f.count FROM (
            SELECT category_id, sum(products)::int AS count FROM catalogue_facet_counts
            WHERE products > 0 ${ofBrands} GROUP BY category_id
          ) f JOIN ${categories} c ON c.id = f.category_id
          ORDER BY lower(c.name), c.id`,
    ),
    filters.category !== undefined && filters.brands.length > 0 ? keptTotal(db, filters) : Promise.resolve(null),
  ]);
  const brandFacets = mergeBrandCounts(brands);
  const total = filters.category === undefined ? sumCounts(categoryRows) : (both ?? sumCounts(brandFacets));
  return { brands: brandFacets, categories: categoryRows, total };
}

/** Browsing's total alone, from the kept counts: one query. */
export async function keptTotal(db: DbOrTx, filters: Filters): Promise<number> {
  const { inCategory, ofBrands } = keptConditions(filters);
  const [row] = await selectRows<{ total: number }>(
    db,
    sql`SELECT coalesce(sum(products), 0)::int AS total FROM catalogue_facet_counts
        WHERE products > 0 ${inCategory} ${ofBrands}`,
  );
  return row?.total ?? 0;
}

function keptConditions(filters: Filters) {
  return {
    inCategory: filters.category === undefined ? sql`` : sql`AND category_id = ${filters.category}`,
    ofBrands:
      filters.brands.length === 0
        ? sql``
        : sql`AND lower(brand) IN (${sql.join(
            filters.brands.map((brand) => sql`${brand.toLowerCase()}`),
            sql`, `,
          )})`,
  };
}
