// A page of a search's matches and their count (decision 0048): how far a search reads whatever the number of its
// matches. Counts are exact up to a bound; by relevance, a window of matches is ranked and paged; every other order is
// an index walk. search.server.ts puts these together with the facets.
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import { products } from "~/db/schema";
import type { ProductSearchQuery } from "~/schemas/catalogue";
import { selectProducts } from "./catalogue.server";
import { FACET_SAMPLE } from "./search-facets.server";
import { relevance, strongMatchOf, type PlannedWord } from "./search-filters.server";

/**
 * How far a search reads: it counts exactly up to `count` matches (above, "1,000+"), counts facets over at most the
 * first `count` (the facet sums give the total), and ranks at most `rankWindow` matches by relevance, paging through
 * those. Tests make them small.
 */
export interface SearchBounds {
  count: number;
  rankWindow: number;
}
export const SEARCH_BOUNDS: SearchBounds = { count: FACET_SAMPLE, rankWindow: 1_000 };

export interface Counted {
  total: number;
  /** more matched than the bound: `total` is the bound */
  capped: boolean;
}

export function fromCount(count: number, bound: number): Counted {
  return count > bound ? { total: bound, capped: true } : { total: count, capped: false };
}

/** How many products match, exactly up to the bound; reading at most bound + 1 of them. */
export async function boundedCount(db: DbOrTx, where: SQL, bound: number): Promise<Counted> {
  const [row] = await selectRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM ${products} WHERE ${where} LIMIT ${bound + 1}) m`,
  );
  return fromCount(row?.total ?? 0, bound);
}

export function orderBy(sort: ProductSearchQuery["sort"], words: PlannedWord[]): SQL {
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
      return words.length > 0 ? sql`${relevance(words)} DESC, ${products.id} ASC` : sql`${products.id} ASC`;
  }
}

/**
 * A page by relevance, ranked in a window of at most `window` matches: the first strong ones (every word in a name,
 * brand or category, or naming the type) by id among the first 4 × window matches and, when there are fewer, also the
 * first matches of any kind by id; the best `window` of those are paged. With no more matches than the window, every
 * match is ranked; with more, the work stays that of the window. (The second half is not "matches that are not
 * strong": the planner cannot estimate that and walked the whole table in id order for a query whose every match was
 * strong.)
 */
export function rankedPage(
  db: DbOrTx,
  where: SQL,
  words: PlannedWord[],
  page: { offset: number; size: number; window: number },
) {
  // The strong ones are looked for among the first 4 × window matches: the planner estimates a text match, not the
  // weighted test of a strong one, and walked the whole table in id order for a word that is only in descriptions
  // (400 ms at 100k products).
  const candidates = sql`WITH strong AS (
      SELECT m.id FROM (
        SELECT ${products.id} AS id, ${products.searchVector} AS search_vector, ${products.categoryId} AS category_id
        FROM ${products} WHERE ${where} ORDER BY ${products.id} LIMIT ${4 * page.window}
      ) m WHERE ${strongMatchOf(words, "m")} ORDER BY m.id LIMIT ${page.window}
    ), first AS (
      SELECT ${products.id} AS id FROM ${products}
      WHERE (SELECT count(*) FROM strong) < ${page.window} AND ${where}
      ORDER BY ${products.id} LIMIT ${page.window}
    ) SELECT id FROM strong UNION SELECT id FROM first`;
  return selectProducts(db)
    .where(sql`${products.id} IN (${candidates})`)
    .orderBy(orderBy("relevance", words))
    .limit(Math.max(0, Math.min(page.size, page.window - page.offset)))
    .offset(page.offset);
}
