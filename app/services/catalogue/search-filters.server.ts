// The search's conditions (decisions 0002, 0030, 0036): the words' text query and ranking, and the filters (category,
// brands, option values, and price range and stock per variant) as SQL, shared by the page of results and the facets.
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import { productOptions, products, productVariants } from "~/db/schema";
import { dollarsToCents } from "~/lib/money";
import { distinctNameCondition } from "./catalogue.server";
import type { wordQueries, WordPlan } from "./search-plan";

/** A word planned: its tsquery texts (see search-plan.ts). */
export type PlannedWord = WordPlan & { queries: ReturnType<typeof wordQueries> };

const tsq = (text: string) => sql`${text}::tsquery`;

/** The text part of the WHERE clause: every word matches (as a word, stem, prefix, inside a name word, or a typo). */
export function textQuery(words: PlannedWord[]): SQL {
  return tsq(words.map((word) => `(${word.queries.match})`).join(" & "));
}

/**
 * The relevance of a product to the words: per word, the best way it matches, summed. Names (and the product type,
 * the last word of the category's name) rank first, exact before prefix before infix before typo; then brand and
 * category words; then the description.
 */
export function relevance(words: PlannedWord[]): SQL {
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

/**
 * Every word matches in a name, a brand or category (or an option value), or names the product type: the matches the
 * ranking can put first (for one word, always above those with it only in the description). A large result's ranked
 * window is taken from them first (decision 0048). `from` names the row source holding search_vector and category_id.
 */
export function strongMatchOf(words: PlannedWord[], from: string): SQL {
  const vector = sql.raw(`${from}.search_vector`);
  const category = sql.raw(`${from}.category_id`);
  return and(
    ...words.map((word) => {
      const { name, other } = word.queries;
      const texts = [name.exact, name.prefix, name.infix, name.typo, other.exact, other.prefix, other.loose].filter(
        (text): text is string => text !== null,
      );
      const types = [...word.types.exact, ...word.types.prefix, ...word.types.typo];
      const parts: SQL[] = [];
      if (texts.length > 0) parts.push(sql`${vector} @@ ${tsq(texts.join(" | "))}`);
      if (types.length > 0)
        parts.push(
          sql`${category} IN (${sql.join(
            types.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      return parts.length === 0 ? sql`FALSE` : or(...parts)!;
    }),
  )!;
}

export interface Filters {
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

export function conditions(filters: Filters, omit?: "brand" | "category" | "option"): SQL[] {
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

/** The filters' price range in cents, each end absent when the filter has none. */
function centsRange(filters: Filters) {
  return {
    min: filters.minPrice === undefined ? undefined : dollarsToCents(filters.minPrice),
    max: filters.maxPrice === undefined ? undefined : dollarsToCents(filters.maxPrice),
  };
}

/**
 * The price range and the in-stock filter, per variant (decision 0036): a product is in a range when one of its
 * variants' prices is, in stock when one of its variants is, and with both, one variant must be both. The product's
 * derived figures (the lowest price, the stock summed) are necessary conditions, checked first so most products are
 * ruled out without reading their variants; without a range, the sum says it all (stock is never below zero).
 */
function variantConditions(filters: Filters, omitOptions = false): SQL[] {
  const { min, max } = centsRange(filters);
  const where: SQL[] = [];
  if (max !== undefined) where.push(sql`${products.priceCents} <= ${max}`);
  if (filters.inStock) where.push(sql`${products.inventory} > 0`);
  if (min === undefined && max === undefined && (omitOptions || filters.options.size === 0)) return where;
  const variant = variantMatch(filters, omitOptions);
  // OFFSET 0 keeps the EXISTS a probe of the product's variants (by the product_id index) for each product read:
  // as a semi-join the planner hashed every variant of the catalogue, for a search that reads at most a bounded
  // number of products (decision 0048)
  where.push(
    sql`EXISTS (SELECT 1 FROM ${productVariants} v WHERE v.product_id = ${products.id} AND ${and(...variant)!} OFFSET 0)`,
  );
  return where;
}

/** What a variant `v` must be to match the filters: its options, its price in the range, in stock. */
function variantMatch(filters: Filters, omitOptions = false): SQL[] {
  const { min, max } = centsRange(filters);
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
export async function matchedVariants(
  db: DbOrTx,
  filters: Filters,
  ids: number[],
): Promise<Map<number, number[]> | null> {
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

export function whereClause(parts: SQL[]): SQL {
  return parts.length === 0 ? sql`TRUE` : and(...parts)!;
}
