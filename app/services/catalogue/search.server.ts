// Search: PostgreSQL full-text search over the weighted vector the triggers keep. Each word may match as a word or
// stem, the last one as a prefix, inside a word of a name, or with a typo against the dictionary of words; products
// are ranked by how their name, product type, brand, category and description match (decisions 0002, 0030). Facet
// counts and pagination are in SQL too.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import { categories, productOptions, products, productVariants } from "~/db/schema";
import type { Category, ProductPage, ProductSearchQuery, SearchSuggestions } from "~/schemas/catalogue";
import { centsToDollars, dollarsToCents } from "~/lib/money";
import { countDistinctNames, distinctNameCondition, selectProducts, withDetails } from "./catalogue.server";
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
  type WordPlan,
} from "./search-plan";

export { queryWords };

/** A word planned: its tsquery texts (see search-plan.ts). */
type PlannedWord = WordPlan & { queries: ReturnType<typeof wordQueries> };

const tsq = (text: string) => sql`${text}::tsquery`;

/** The text part of the WHERE clause: every word matches (as a word, stem, prefix, inside a name word, or a typo). */
function textQuery(words: PlannedWord[]): SQL {
  return tsq(words.map((word) => `(${word.queries.match})`).join(" & "));
}

/**
 * The relevance of a product to the words: per word, the best way it matches, summed. Names (and the product type,
 * the last word of the category's name) rank first, exact before prefix before infix before typo; then brand and
 * category words; then the description.
 */
function relevance(words: PlannedWord[]): SQL {
  const vector = products.searchVector;
  const inCategories = (ids: number[]) =>
    ids.length === 0
      ? null
      : sql`${products.categoryId} IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const has = (text: string | null) => (text === null ? null : sql`${vector} @@ ${tsq(text)}`);
  const perWord = words.map((word) => {
    const { name, other } = word.queries;
    const tiers: Array<[number, SQL | null]> = [
      [110, inCategories(word.types.exact)],
      [100, has(name.exact)],
      [90, has(name.prefix)],
      // the beginning of a type ranks below a name's word beginning so: "mic" is a microphone before it is a mouse
      [85, inCategories(word.types.prefix)],
      [80, has(name.infix)],
      [75, inCategories(word.types.typo)],
      [70, has(name.typo)],
      [50, has(other.exact)],
      [45, has(other.prefix)],
      [40, has(other.loose)],
    ];
    const present = tiers.filter((tier): tier is [number, SQL] => tier[1] !== null);
    if (present.length === 0) return sql`10`;
    const best = sql`CASE ${sql.join(
      present.map(([score, condition]) => sql`WHEN ${condition} THEN ${sql.raw(String(score))}`),
      sql` `,
    )} ELSE 10 END`;
    // of the products of the type, those that also have the word in their name first ("onyxa chair")
    const ofType = inCategories(word.types.exact);
    const inName = has(name.exact);
    return ofType && inName ? sql`${best} + CASE WHEN ${ofType} AND ${inName} THEN 5 ELSE 0 END` : best;
  });
  return sql.join(perWord, sql` + `);
}

interface Filters {
  words: PlannedWord[];
  category?: number;
  brands: string[];
  /** option name (lower case) → the values asked for (lower case) */
  options: Map<string, string[]>;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  distinct?: boolean;
}

function conditions(filters: Filters, omit?: "brand" | "category" | "option"): SQL[] {
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
  where.push(...variantConditions(filters, omit === "option"));
  if (filters.distinct) where.push(distinctNameCondition());
  return where;
}

/**
 * The price range and the in-stock filter, per variant (decision 0036): a product is in a range when one of its
 * variants' prices is, in stock when one of its variants is, and with both, one variant must be both. The product's
 * derived figures (the lowest price, the stock summed) are necessary conditions, checked first so most products are
 * ruled out without reading their variants; without a range, the sum says it all (stock is never below zero).
 */
function variantConditions(filters: Filters, omitOptions = false): SQL[] {
  const min = filters.minPrice === undefined ? undefined : dollarsToCents(filters.minPrice);
  const max = filters.maxPrice === undefined ? undefined : dollarsToCents(filters.maxPrice);
  const where: SQL[] = [];
  if (max !== undefined) where.push(sql`${products.priceCents} <= ${max}`);
  if (filters.inStock) where.push(sql`${products.inventory} > 0`);
  if (min === undefined && max === undefined && (omitOptions || filters.options.size === 0)) return where;
  const variant = variantMatch(filters, omitOptions);
  where.push(
    sql`EXISTS (SELECT 1 FROM ${productVariants} v WHERE v.product_id = ${products.id} AND ${and(...variant)!})`,
  );
  return where;
}

/** What a variant `v` must be to match the filters: its options, its price in the range, in stock. */
function variantMatch(filters: Filters, omitOptions = false): SQL[] {
  const min = filters.minPrice === undefined ? undefined : dollarsToCents(filters.minPrice);
  const max = filters.maxPrice === undefined ? undefined : dollarsToCents(filters.maxPrice);
  const variant: SQL[] = [sql`TRUE`];
  // the variant's value of the option of that name, wherever the product has put it
  for (const [name, values] of omitOptions ? [] : filters.options)
    variant.push(sql`EXISTS (SELECT 1 FROM ${productOptions} o WHERE o.product_id = v.product_id AND lower(o.name) = ${name}
      AND lower(CASE o.position WHEN 1 THEN v.option1 WHEN 2 THEN v.option2 ELSE v.option3 END) IN (${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}))`);
  if (min !== undefined) variant.push(sql`v.price_cents >= ${min}`);
  if (max !== undefined) variant.push(sql`v.price_cents <= ${max}`);
  if (filters.inStock) variant.push(sql`v.inventory > 0`);
  return variant;
}

/**
 * With a price range, the in-stock filter or an option filter, the variants of the page's products that match them
 * (by the same rule as the filters), so a card says "from" the lowest price among those, not among all; else none.
 */
async function matchedVariants(db: DbOrTx, filters: Filters, ids: number[]): Promise<Map<number, number[]> | null> {
  const active =
    filters.minPrice !== undefined || filters.maxPrice !== undefined || filters.inStock || filters.options.size > 0;
  if (!active || ids.length === 0) return null;
  const rows = await selectRows<{ id: number; productId: number }>(
    db,
    sql`SELECT v.id AS id, v.product_id AS "productId" FROM ${productVariants} v
        WHERE v.product_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) AND ${and(...variantMatch(filters))!}
        ORDER BY v.id`,
  );
  const byProduct = new Map<number, number[]>();
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row.id]);
  return byProduct;
}

function whereClause(parts: SQL[]): SQL {
  return parts.length === 0 ? sql`TRUE` : and(...parts)!;
}

function orderBy(sort: ProductSearchQuery["sort"], words: PlannedWord[]): SQL {
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

type FacetRows = [
  Promise<Array<{ name: string; count: number }>>,
  Promise<Array<{ id: number; name: string; count: number }>>,
];

type OptionFacet = { name: string; value: string; count: number };
type OptionFacets = ProductPage["facets"]["options"];

/**
 * Option values with the number of products offering them, without the option filter, grouped by stored spelling
 * and merged case-insensitively under the commonest (as brands are); by option name, then the values' order.
 */
async function optionFacets(db: DbOrTx, filters: Filters): Promise<OptionFacets> {
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
function facetsApart(db: DbOrTx, filters: Filters): FacetRows {
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
async function bothFacetsInOneScan(db: DbOrTx, where: SQL): Promise<FacetRows> {
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

async function runSearch(db: DbOrTx, query: ProductSearchQuery, filters: Filters) {
  const offset = (query.page - 1) * query.size;
  const where = whereClause(conditions(filters));
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
    const [rows, total] = await Promise.all([
      selectProducts(db).where(where).orderBy(orderBy(query.sort, filters.words)).limit(query.size).offset(offset),
      onlyDistinct
        ? countDistinctNames(db)
        : selectRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${products} WHERE ${where}`).then(
            ([row]) => row?.total ?? 0,
          ),
    ]);
    return { rows, total, facets: { brands: [], categories: [], options: [] } };
  }
  const [rows, options, brandRows, categoryFacets] = await Promise.all([
    selectProducts(db).where(where).orderBy(orderBy(query.sort, filters.words)).limit(query.size).offset(offset),
    optionFacets(db, filters),
    ...(filters.words.length > 0 && filters.category === undefined && filters.brands.length === 0
      ? await bothFacetsInOneScan(db, where)
      : facetsApart(db, filters)),
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
  return { rows, total, facets: { brands: brandFacets, categories: categoryFacets, options } };
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
}: {
  query: ProductSearchQuery;
  db?: DbOrTx;
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
  let result = await runSearch(db, query, filters);
  let correctedQuery: string | null = null;
  if (result.total === 0 && plan.didYouMean !== null) {
    // nothing, even with typos forgiven: search for the nearest known words instead, and say so
    const corrected = await planQuery(db, plan.didYouMean);
    const retry = await runSearch(db, query, { ...filters, words: corrected.words });
    if (retry.total > 0) {
      result = retry;
      correctedQuery = plan.didYouMean;
    }
  }
  const totalPages = Math.ceil(result.total / query.size);
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
    totalPages,
    last: query.page >= totalPages,
    facets: result.facets,
    correctedQuery,
    didYouMean: correctedQuery === null ? plan.didYouMean : null,
  };
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
