// Search: PostgreSQL full-text search over the weighted vector the triggers keep. Each word may match as a word or
// stem, the last one as a prefix, inside a word of a name, or with a typo against the dictionary of words; products
// are ranked by how their name, product type, brand, category and description match (decisions 0002, 0030). The
// conditions are search-filters.server.ts's, the facet counts search-facets.server.ts's, the page and its count
// search-page.server.ts's.
import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import { categories, products } from "~/db/schema";
import type { Category, ProductPage, ProductSearchQuery, SearchSuggestions } from "~/schemas/catalogue";
import { centsToDollars } from "~/lib/money";
import { countDistinctNames, productWeight, selectProducts, withDetails } from "./catalogue.server";
import {
  bothFacetsInOneScan,
  facetsApart,
  keptFacets,
  keptTotal,
  mergeBrandCounts,
  onlyBrowsing,
  optionFacets,
  sumCounts,
} from "./search-facets.server";
import {
  conditions,
  matchedVariants,
  relevance,
  textQuery,
  whereClause,
  type Filters,
  type PlannedWord,
} from "./search-filters.server";
import { versionMemo } from "./version-memo.server";
import {
  boundedCount,
  fromCount,
  orderBy,
  rankedPage,
  SEARCH_BOUNDS,
  type Counted,
  type SearchBounds,
} from "./search-page.server";
import {
  didYouMean,
  planWord,
  queryWords,
  singular,
  splits,
  typoBudget,
  withoutStopWords,
  wordQueries,
  type CategoryRow,
  type WordFacts,
} from "./search-plan";

export { queryWords };

async function runSearch(db: DbOrTx, query: ProductSearchQuery, filters: Filters, bounds: SearchBounds) {
  const offset = (query.page - 1) * query.size;
  const where = whereClause(conditions(filters));
  const ranked = query.sort === "relevance" && filters.words.length > 0;
  const page = () =>
    ranked
      ? rankedPage(db, where, filters.words, { offset, size: query.size, window: bounds.rankWindow })
      : selectProducts(db).where(where).orderBy(orderBy(query.sort, filters.words)).limit(query.size).offset(offset);
  if (query.facets === false) {
    // one product per name and nothing else (the home page's grid): the count is kept by triggers
    const onlyDistinct =
      filters.distinct &&
      filters.words.length === 0 &&
      filters.category === undefined &&
      filters.brands.length === 0 &&
      filters.options.size === 0 &&
      filters.minPrice === undefined &&
      filters.maxPrice === undefined &&
      !filters.inStock;
    const [rows, count] = await Promise.all([
      page(),
      onlyDistinct
        ? countDistinctNames(db).then((total) => ({ total, capped: false }))
        : onlyBrowsing(filters)
          ? keptTotal(db, filters).then((total) => ({ total, capped: false }))
          : boundedCount(db, where, bounds.count),
    ]);
    return { rows, ...count, ranked, facets: { brands: [], categories: [], options: [] }, facetsSampled: false };
  }
  if (onlyBrowsing(filters)) {
    const [rows, options, kept] = await Promise.all([
      page(),
      optionFacets(db, filters, bounds.count),
      keptFacets(db, filters),
    ]);
    return {
      rows,
      total: kept.total,
      capped: false,
      ranked,
      facets: { brands: kept.brands, categories: kept.categories, options: options.rows },
      facetsSampled: options.sampled,
    };
  }
  const [rows, options, brandCounts, categoryCounts] = await Promise.all([
    page(),
    optionFacets(db, filters, bounds.count),
    ...(filters.words.length > 0 && filters.category === undefined && filters.brands.length === 0
      ? await bothFacetsInOneScan(db, where, bounds.count)
      : facetsApart(db, filters, bounds.count)),
  ]);
  const brandFacets = mergeBrandCounts(brandCounts.rows);
  // A facet computed without one filter sums, with that filter unset, to the total: no count query needed.
  let count: Counted;
  if (filters.category === undefined) count = fromCount(sumCounts(categoryCounts.rows), bounds.count);
  else if (filters.brands.length === 0) count = fromCount(sumCounts(brandFacets), bounds.count);
  else count = await boundedCount(db, where, bounds.count);
  return {
    rows,
    ...count,
    ranked,
    facets: { brands: brandFacets, categories: categoryCounts.rows, options: options.rows },
    facetsSampled: options.sampled || brandCounts.sampled || categoryCounts.sampled,
  };
}

interface CategoryFacts extends CategoryRow {
  hasProducts: boolean;
}

/** What the database knows about each word, and the categories (their names say the product types). */
async function wordFacts(db: DbOrTx, words: string[]) {
  // One SELECT per word, with the word as a parameter. Whether a word is known is asked of the dictionary (every word
  // of 3+ letters of the catalogue's names, brands, categories and descriptions; a primary key): asking the products'
  // GIN index whether a word nobody has exists makes the planner scan the whole table, expecting an early hit.
  const perWord = words.map((word, index) => {
    const letters = /^\p{L}+$/u.test(word);
    const prefix = index === words.length - 1;
    const next = word.slice(0, -1) + String.fromCodePoint(word.codePointAt(word.length - 1)! + 1);
    const known =
      word.length < 3 || !letters
        ? sql`TRUE` // too short to correct, or a number or model ("7.1", "x4242"): as typed
        : sql`(EXISTS (SELECT 1 FROM search_terms WHERE term IN (${word}, ${singular(word)}))
               ${prefix ? sql`OR EXISTS (SELECT 1 FROM search_terms WHERE term >= ${word} AND term < ${next})` : sql``})`;
    const infix =
      word.length >= 3 && letters
        ? sql`ARRAY(SELECT term FROM search_terms WHERE term LIKE ${`%${word}%`} AND term <> ${word}
                    ORDER BY length(term), term LIMIT 20)`
        : sql`ARRAY[]::text[]`;
    return sql`SELECT ${index}::int AS i, ${word}::text AS word, plainto_tsquery('english', ${word})::text AS stem,
                 ${known} AS known, ${infix} AS infix`;
  });
  const [rows, categoryRows] = await Promise.all([
    selectRows<{ word: string; stem: string; known: boolean; infix: string[] }>(
      db,
      // words are letters and digits only (queryWords): nothing in them is LIKE or tsquery syntax. Text inside a word
      // is looked for only in words of letters: a model number's digits are in thousands of other model numbers
      sql`SELECT word, stem, known, infix FROM (${sql.join(perWord, sql` UNION ALL `)}) AS f ORDER BY i`,
    ),
    selectRows<CategoryFacts>(
      db,
      sql`SELECT c.id, c.name, EXISTS (SELECT 1 FROM ${products} WHERE ${products.categoryId} = c.id) AS "hasProducts"
          FROM ${categories} c`,
    ),
  ]);
  return { rows, categories: categoryRows };
}

/**
 * Dictionary terms that may be the word mistyped: trigram neighbours, and terms of the same first letter within
 * a levenshtein distance that allows for transpositions; search-plan.ts takes the exact distance.
 */
async function nearTerms(db: DbOrTx, word: string, prefix: boolean): Promise<string[]> {
  // a transposition is one edit to us and two to levenshtein
  const budget = 2 * typoBudget(word) + 1;
  const first = String.fromCodePoint(word.codePointAt(0)!);
  const next = String.fromCodePoint(word.codePointAt(0)! + 1);
  const compared = prefix ? sql`left(term, ${word.length})` : sql`term`;
  const rows = await selectRows<{ term: string }>(
    db,
    sql`(SELECT term FROM search_terms WHERE term % ${word} ORDER BY similarity(term, ${word}) DESC LIMIT 40)
        UNION
        (SELECT term FROM search_terms
         WHERE term >= ${first} AND term < ${next} AND length(term) >= ${word.length - budget}
           ${prefix ? sql`` : sql`AND length(term) <= ${word.length + budget}`}
           AND levenshtein_less_equal(${compared}, ${word}, ${budget}) <= ${budget}
         ORDER BY levenshtein_less_equal(${compared}, ${word}, ${budget}), term
         LIMIT 100)`,
  );
  return rows.map((row) => row.term);
}

/** The query with an unknown word read as two known ones ("mousepad" → "mouse pad"), or null. */
async function splitUnknown(db: DbOrTx, rows: Array<{ word: string; known: boolean }>): Promise<string | null> {
  const candidates = rows.flatMap((row) => (row.known || row.word.length < 6 ? [] : splits(row.word)));
  if (candidates.length === 0) return null;
  const pieces = [...new Set(candidates.flat())];
  const found = await selectRows<{ term: string }>(
    db,
    sql`SELECT term FROM search_terms WHERE term IN (${sql.join(
      pieces.map((piece) => sql`${piece}`),
      sql`, `,
    )})`,
  );
  const known = new Set(found.map((row) => row.term));
  let changed = false;
  const words = rows.map((row) => {
    if (row.known || row.word.length < 6) return row.word;
    const split = splits(row.word).find(([a, b]) => known.has(a) && known.has(b));
    if (!split) return row.word;
    changed = true;
    return split.join(" ");
  });
  return changed ? words.join(" ") : null;
}

interface QueryPlan {
  words: PlannedWord[];
  categories: CategoryFacts[];
  /** the words with each unknown one replaced by the closest known term, when there is one */
  didYouMean: string | null;
}

export async function planQuery(db: DbOrTx, q: string | undefined): Promise<QueryPlan> {
  const typed = queryWords(q);
  if (typed.length === 0) return { words: [], categories: [], didYouMean: null };
  const { rows, categories: categoryRows } = await wordFacts(db, typed);
  const split = await splitUnknown(db, rows);
  if (split) return planQuery(db, split);
  const facts: WordFacts[] = await Promise.all(
    rows.map(async (row, index) => ({
      ...row,
      near: row.known ? [] : await nearTerms(db, row.word, index === rows.length - 1),
    })),
  );
  const kept = withoutStopWords(facts);
  const words = kept.map((fact, index) => {
    const plan = planWord(fact, index === kept.length - 1, categoryRows);
    return { ...plan, queries: wordQueries(plan) };
  });
  const suggestion = didYouMean(words);
  return {
    words,
    categories: categoryRows,
    didYouMean: suggestion !== null && suggestion !== typed.join(" ") ? suggestion : null,
  };
}

/** "Switch: Brown" parameters, grouped by option name; all lower case (option names and values match so). */
export function optionFilters(parameters: string[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const parameter of parameters) {
    const at = parameter.indexOf(":");
    if (at < 0) continue;
    const name = parameter.slice(0, at).trim().toLowerCase();
    const value = parameter
      .slice(at + 1)
      .trim()
      .toLowerCase();
    if (!name || !value) continue;
    byName.set(name, [...new Set([...(byName.get(name) ?? []), value])]);
  }
  return byName;
}

export async function searchProducts({
  query,
  db = getDb(),
  bounds = SEARCH_BOUNDS,
}: {
  query: ProductSearchQuery;
  db?: DbOrTx;
  bounds?: SearchBounds;
}): Promise<ProductPage> {
  const plan = await planQuery(db, query.q);
  const filters: Filters = {
    words: plan.words,
    category: query.category,
    brands: query.brand,
    options: optionFilters(query.option),
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    inStock: query.inStock,
    distinct: query.distinct,
  };
  let result = await runSearch(db, query, filters, bounds);
  let correctedQuery: string | null = null;
  if (result.total === 0 && plan.didYouMean !== null) {
    // nothing, even with typos forgiven: search for the nearest known words instead, and say so
    const corrected = await planQuery(db, plan.didYouMean);
    const retry = await runSearch(db, query, { ...filters, words: corrected.words }, bounds);
    if (retry.total > 0) {
      result = retry;
      correctedQuery = plan.didYouMean;
    }
  }
  // by relevance, the pages go as far as the ranked window (a large result is refined, or sorted otherwise, beyond it)
  const paged = result.ranked ? Math.min(result.total, bounds.rankWindow) : result.total;
  const totalPages = Math.ceil(paged / query.size);
  const [content, matched] = await Promise.all([
    withDetails(db, result.rows),
    matchedVariants(
      db,
      filters,
      result.rows.map((row) => row.id),
    ),
  ]);
  return {
    content: matched
      ? content.map((product) => ({ ...product, matchedVariantIds: matched.get(product.id) ?? [] }))
      : content,
    page: query.page,
    size: query.size,
    totalElements: result.total,
    totalCapped: result.capped,
    totalPages,
    last: query.page >= totalPages,
    facets: result.facets,
    facetsSampled: result.facetsSampled,
    correctedQuery,
    didYouMean: correctedQuery === null ? plan.didYouMean : null,
  };
}

/**
 * The search's answers kept per catalogue version, the least recently asked going first (decision 0050): at most 200,
 * and at most about 20 MB in all by a rough weight in kilobytes (a product's fields and description, its variants and
 * pictures), as a merchant's products may carry long descriptions and hundreds of variants.
 */
const answers = versionMemo<ProductPage>({
  entries: 200,
  weight: {
    max: 20_000,
    of: (page) => page.content.reduce((sum, product) => sum + productWeight(product), 1),
  },
});

/**
 * The search as the API answers it: the same query at the same catalogue version gives the same page, so it is kept
 * (decision 0050). A signed-in shopper's listing, which no page cache can answer, then costs one read of the version
 * instead of the search's ten queries. What it returns is shared: callers must not change it.
 */
export function searchCatalogue(query: ProductSearchQuery): Promise<ProductPage> {
  const db = getDb();
  return answers.get(db, JSON.stringify(query), () => searchProducts({ query, db }));
}

/** Categories some product is in whose name matches every word (as a word, its beginning, or a typo). */
function matchingCategories(plan: QueryPlan): Category[] {
  return plan.categories
    .filter((category) => category.hasProducts)
    .filter((category) => {
      const names = queryWords(category.name);
      return plan.words.every(
        (word) =>
          word.types.exact.includes(category.id) ||
          word.types.prefix.includes(category.id) ||
          word.types.typo.includes(category.id) ||
          names.some((name) => name.startsWith(word.word) || singular(name) === singular(word.word)),
      );
    })
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, 3)
    .map(({ id, name }) => ({ id, name }));
}

const SUGGESTION_CANDIDATES = 300;

/** As-you-type suggestions: the best few products (ranked as the search ranks them) and matching categories. */
export async function suggestProducts({
  q,
  limit = 6,
  db = getDb(),
}: {
  q: string;
  limit?: number;
  db?: DbOrTx;
}): Promise<SearchSuggestions> {
  const plan = await planQuery(db, q);
  if (plan.words.length === 0) return { query: q, products: [], categories: [] };
  const rows = await selectRows<{ id: number; name: string; brand: string; priceCents: number; category: string }>(
    db,
    // ranked among the first SUGGESTION_CANDIDATES matches (by id), not all: a keystroke's answer must stay quick
    // when a letter or two match most of the catalogue; the search page ranks every match
    sql`SELECT ${products.id} AS id, ${products.name} AS name, ${products.brand} AS brand,
               ${products.priceCents} AS "priceCents", ${categories.name} AS category
        FROM ${products} JOIN ${categories} ON ${categories.id} = ${products.categoryId}
        WHERE ${products.id} IN (
          SELECT ${products.id} FROM ${products} WHERE ${products.searchVector} @@ ${textQuery(plan.words)}
          ORDER BY ${products.id} LIMIT ${SUGGESTION_CANDIDATES})
        ORDER BY ${relevance(plan.words)} DESC, ${products.id} ASC
        LIMIT ${limit}`,
  );
  return {
    query: q,
    products: rows.map((row) => ({
      id: row.id,
      name: row.name,
      brand: row.brand,
      category: row.category,
      price: centsToDollars(row.priceCents),
    })),
    categories: matchingCategories(plan),
  };
}
