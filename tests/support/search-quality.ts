// Search quality over the judged query set (tests/fixtures/search-judged.ts): runs every query through the real
// searchProducts and scores its top five. Shared by the test (tests/integration/search-judged.test.ts) and
// `npm run bench:search-quality`.
import type { Db } from "~/db/client.server";
import { ProductSearchQuerySchema } from "~/schemas/catalogue";
import { searchProducts } from "~/services/catalogue/search.server";
import type { JudgedQuery } from "../fixtures/search-judged";

export const TOP = 5;

export interface Outcome {
  judged: JudgedQuery;
  /** names of the first results, best first (at most TOP) */
  top: string[];
  total: number;
  correctedQuery: string | null;
  /** |top ∩ relevant| / min(TOP, |relevant|); null for a query that expects nothing */
  precision: number | null;
  /** whether the first result is a right one (or nothing came back for a query expecting nothing); null: not judged */
  firstHit: boolean | null;
}

export interface Quality {
  precisionAt5: number;
  firstHitRate: number;
  /** how many queries each figure is averaged over */
  precisionQueries: number;
  firstHitQueries: number;
}

export function score(judged: JudgedQuery, top: string[], total: number, correctedQuery: string | null): Outcome {
  const expectsNothing = judged.relevant.length === 0;
  const relevant = new Set(judged.relevant);
  const precision = expectsNothing
    ? null
    : top.slice(0, TOP).filter((name) => relevant.has(name)).length / Math.min(TOP, relevant.size);
  let firstHit: boolean | null = null;
  if (expectsNothing) firstHit = total === 0;
  else if (judged.first) firstHit = top[0] !== undefined && judged.first.includes(top[0]);
  return { judged, top: top.slice(0, TOP), total, correctedQuery, precision, firstHit };
}

export function summarize(outcomes: Outcome[]): Quality {
  const precisions = outcomes.flatMap((o) => (o.precision === null ? [] : [o.precision]));
  const firsts = outcomes.flatMap((o) => (o.firstHit === null ? [] : [o.firstHit]));
  const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
  return {
    precisionAt5: mean(precisions),
    firstHitRate: mean(firsts.map((hit) => (hit ? 1 : 0))),
    precisionQueries: precisions.length,
    firstHitQueries: firsts.length,
  };
}

/** Runs every judged query through searchProducts, by relevance, first page of 18 (the listing's). */
export async function runJudgedSet(db: Db, queries: readonly JudgedQuery[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const judged of queries) {
    const query = ProductSearchQuerySchema.parse({ q: judged.q, page: 1, size: 18, sort: "relevance" });
    const page = await searchProducts({ query, db });
    outcomes.push(
      score(
        judged,
        page.content.map((product) => product.name),
        page.totalElements,
        page.correctedQuery,
      ),
    );
  }
  return outcomes;
}

const cell = (text: string) => text.replace(/\|/g, "\\|");
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** A Markdown table of the queries that lost precision or missed their first result. */
export function missTable(outcomes: Outcome[]): string {
  const misses = outcomes.filter((o) => (o.precision !== null && o.precision < 1) || o.firstHit === false);
  if (misses.length === 0) return "(no misses)";
  const rows = misses.map((o) => {
    const relevant = new Set(o.judged.relevant);
    const expected =
      o.judged.relevant.length === 0
        ? "nothing"
        : `${o.judged.first ? `first: ${o.judged.first.length === 1 ? o.judged.first[0] : `one of ${o.judged.first.length}`}; ` : ""}` +
          `${o.judged.relevant.length} relevant`;
    const got =
      o.total === 0
        ? "(nothing)"
        : o.top.map((name) => (relevant.has(name) ? name : `~~${name}~~`)).join(", ") +
          (o.total > TOP ? ` (+${o.total - TOP})` : "");
    const p = o.precision === null ? "–" : o.precision.toFixed(2);
    const first = o.firstHit === null ? "–" : o.firstHit ? "yes" : "no";
    const corrected = o.correctedQuery ? ` → "${o.correctedQuery}"` : "";
    return `| ${cell(o.judged.q)}${cell(corrected)} | ${o.judged.kind} | ${cell(expected)} | ${cell(got)} | ${p} | ${first} |`;
  });
  return [
    "| query | kind | expected | got, top 5 (~~not relevant~~) | P@5 | first |",
    "|---|---|---|---|---:|---|",
    ...rows,
  ].join("\n");
}

/** The figures by kind of query, as a Markdown table. */
export function kindTable(outcomes: Outcome[]): string {
  const kinds = [...new Set(outcomes.map((o) => o.judged.kind))];
  const rows = kinds.map((kind) => {
    const of = outcomes.filter((o) => o.judged.kind === kind);
    const q = summarize(of);
    return `| ${kind} | ${of.length} | ${q.precisionQueries ? q.precisionAt5.toFixed(3) : "–"} | ${q.firstHitQueries ? `${percent(q.firstHitRate)} of ${q.firstHitQueries}` : "–"} |`;
  });
  return ["| kind | queries | precision@5 | first hit |", "|---|---:|---:|---:|", ...rows].join("\n");
}

export function formatQuality(quality: Quality): string {
  return (
    `precision@5 ${quality.precisionAt5.toFixed(3)} over ${quality.precisionQueries} queries; ` +
    `first hit ${percent(quality.firstHitRate)} of ${quality.firstHitQueries} queries`
  );
}
