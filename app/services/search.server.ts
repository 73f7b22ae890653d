// Search: PostgreSQL full-text search over the weighted vector the triggers keep, with prefix matching, a typo
// fallback over the dictionary of product words, facet counts and pagination, all in SQL (decision 0002).
import { and, eq, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import { categories, products } from "~/db/schema";
import type { ProductPage, ProductSearchQuery } from "~/schemas/catalogue";
import { dollarsToCents } from "~/utils/money";
import { distinctNameCondition, selectProducts, withImages } from "./catalogue.server";

/** Words of a query: letters and digits only, so nothing the user types can reach tsquery syntax. */
export function queryWords(q: string | undefined): string[] {
  if (!q) return [];
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** Every word must match, as a prefix, stemmed or as typed. */
function textQuery(words: string[]): SQL {
  const parts = words.map(
    (word) => sql`(to_tsquery('english', ${word + ":*"}) || to_tsquery('simple', ${word + ":*"}))`,
  );
  return sql.join(parts, sql` && `);
}

interface Filters {
  words: string[];
  category?: number;
  brands: string[];
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  distinct?: boolean;
}

function conditions(filters: Filters, omit?: "brand" | "category"): SQL[] {
  const where: SQL[] = [];
  if (filters.words.length > 0) where.push(sql`${products.searchVector} @@ (${textQuery(filters.words)})`);
  if (filters.category !== undefined && omit !== "category") where.push(eq(products.categoryId, filters.category));
  if (filters.brands.length > 0 && omit !== "brand") {
    const lowered = filters.brands.map((brand) => brand.toLowerCase());
    where.push(
      sql`lower(${products.brand}) IN (${sql.join(
        lowered.map((b) => sql`${b}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.minPrice !== undefined) where.push(sql`${products.priceCents} >= ${dollarsToCents(filters.minPrice)}`);
  if (filters.maxPrice !== undefined) where.push(sql`${products.priceCents} <= ${dollarsToCents(filters.maxPrice)}`);
  if (filters.inStock) where.push(sql`${products.inventory} > 0`);
  if (filters.distinct) where.push(distinctNameCondition());
  return where;
}

function whereClause(parts: SQL[]): SQL {
  return parts.length === 0 ? sql`TRUE` : and(...parts)!;
}

function orderBy(sort: ProductSearchQuery["sort"], words: string[]): SQL {
  switch (sort) {
    case "price_asc":
      return sql`${products.priceCents} ASC, ${products.id} ASC`;
    case "price_desc":
      return sql`${products.priceCents} DESC, ${products.id} ASC`;
    case "newest":
      return sql`${products.createdAt} DESC, ${products.id} DESC`;
    case "name":
      return sql`${products.nameKey} ASC, ${products.id} ASC`;
    case "relevance":
      return words.length > 0
        ? sql`ts_rank_cd(${products.searchVector}, ${textQuery(words)}) DESC, ${products.id} ASC`
        : sql`${products.id} ASC`;
  }
}

/** Brand counts grouped by the stored spelling (index-only), merged case-insensitively under the commonest one. */
function mergeBrandCounts(rows: Array<{ name: string; count: number }>) {
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

async function runSearch(db: DbOrTx, query: ProductSearchQuery, filters: Filters) {
  const offset = (query.page - 1) * query.size;
  const where = whereClause(conditions(filters));
  if (query.facets === false) {
    const [rows, [count]] = await Promise.all([
      selectProducts(db).where(where).orderBy(orderBy(query.sort, filters.words)).limit(query.size).offset(offset),
      selectRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${products} WHERE ${where}`),
    ]);
    return { rows, total: count?.total ?? 0, facets: { brands: [], categories: [] } };
  }
  const [rows, brandRows, categoryFacets] = await Promise.all([
    selectProducts(db).where(where).orderBy(orderBy(query.sort, filters.words)).limit(query.size).offset(offset),
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
  ]);
  const brandFacets = mergeBrandCounts(brandRows);
  const sum = (list: Array<{ count: number }>) => list.reduce((total, item) => total + item.count, 0);
  // A facet computed without one filter sums, with that filter unset, to the total: no count query needed.
  let total: number;
  if (filters.category === undefined) total = sum(categoryFacets);
  else if (filters.brands.length === 0) total = sum(brandFacets);
  else {
    const [row] = await selectRows<{ total: number }>(
      db,
      sql`SELECT count(*)::int AS total FROM ${products} WHERE ${where}`,
    );
    total = row?.total ?? 0;
  }
  return { rows, total, facets: { brands: brandFacets, categories: categoryFacets } };
}

/**
 * For each word that starts no known term, the closest term of the dictionary (trigram similarity),
 * or null when no word could be corrected.
 */
async function correctWords(db: DbOrTx, words: string[]): Promise<string[] | null> {
  let changed = false;
  const corrected: string[] = [];
  for (const word of words) {
    if (word.length < 3) {
      corrected.push(word);
      continue;
    }
    const [known] = await selectRows<{ term: string }>(
      db,
      sql`SELECT term FROM search_terms WHERE term LIKE ${word.replace(/[\\%_]/g, "\\$&") + "%"} LIMIT 1`,
    );
    if (known) {
      corrected.push(word);
      continue;
    }
    const [closest] = await selectRows<{ term: string }>(
      db,
      sql`SELECT term FROM search_terms WHERE term % ${word}
          ORDER BY similarity(term, ${word}) DESC, term LIMIT 1`,
    );
    if (closest) {
      corrected.push(closest.term);
      changed = true;
    } else {
      corrected.push(word);
    }
  }
  return changed ? corrected : null;
}

export async function searchProducts({
  query,
  db = getDb(),
}: {
  query: ProductSearchQuery;
  db?: DbOrTx;
}): Promise<ProductPage> {
  const filters: Filters = {
    words: queryWords(query.q),
    category: query.category,
    brands: query.brand,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    inStock: query.inStock,
    distinct: query.distinct,
  };
  let result = await runSearch(db, query, filters);
  let correctedQuery: string | null = null;
  if (result.total === 0 && filters.words.length > 0) {
    const corrected = await correctWords(db, filters.words);
    if (corrected) {
      const retry = await runSearch(db, query, { ...filters, words: corrected });
      if (retry.total > 0) {
        result = retry;
        correctedQuery = corrected.join(" ");
      }
    }
  }
  const totalPages = Math.ceil(result.total / query.size);
  return {
    content: await withImages(db, result.rows),
    page: query.page,
    size: query.size,
    totalElements: result.total,
    totalPages,
    last: query.page >= totalPages,
    facets: result.facets,
    correctedQuery,
  };
}
