// The words of a search and what each may match, as tsquery text (decision 0030). Pure: no database here, so the
// rules are unit-tested on their own; search.server.ts asks the database for the stems, the dictionary's infix and
// typo candidates and the categories, then builds its SQL from a plan.

/** Words of a query: letters and digits (and a dot between digits) only, so nothing typed can reach tsquery syntax. */
export function queryWords(q: string | undefined): string[] {
  if (!q) return [];
  // "7.1" stays one word, as the text search parser reads it
  return (q.toLowerCase().match(/[\p{L}\p{N}]+(?:\.\p{N}+)*/gu) ?? []).slice(0, 8);
}

/** Irregular plurals the stemmer does not join (it stems "mice" to "mice", "mouse" to "mous"). */
const IRREGULAR: Record<string, string> = { mice: "mouse", mouse: "mice" };

/** A word's singular, for comparing product types: "keyboards" → "keyboard", "switches" → "switch". */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return word.slice(0, -3) + "y";
  if (word.length > 4 && /(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** Edits a word of this length may have and still match: none below 4 letters, one from 4, two from 8. */
export function typoBudget(word: string): number {
  if (word.length >= 8) return 2;
  if (word.length >= 4) return 1;
  return 0;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and transpositions of neighbours each
 * count one ("keybaord" is one edit from "keyboard"). Gives up past `max`, returning max + 1.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** How a dictionary term is from a typed word, or null when too far: the term itself, its singular, or (for the
 *  word being typed) its beginning. */
export function typoDistance(word: string, term: string, prefix: boolean, budget = typoBudget(word)): number | null {
  if (budget === 0) return null;
  let best = Math.min(editDistance(word, term, budget), editDistance(word, singular(term), budget));
  if (prefix && term.length > word.length)
    best = Math.min(best, editDistance(word, term.slice(0, word.length), budget));
  return best <= budget ? best : null;
}

export interface CategoryRow {
  id: number;
  name: string;
}

/** What the database said about one word. */
export interface WordFacts {
  word: string;
  /** the english stem(s) as tsquery text, "" for a stop word */
  stem: string;
  /** some product has the word (as typed or stemmed), or, for the word being typed, a word beginning with it */
  known: boolean;
  /** dictionary terms containing the word (not at their start), for "light" → "ultralight" */
  infix: string[];
  /** dictionary terms near the word, checked here against the typo budget */
  near: string[];
}

export interface WordPlan {
  word: string;
  /** the last word, matched as a prefix too ("head" → "headset") */
  prefix: boolean;
  exact: string[];
  stems: string[];
  infix: string[];
  typos: string[];
  /** the closest term when the word is not known, for "Did you mean" */
  correction: string | null;
  /** categories of which this word names the product type (the last word of the category's name) */
  types: { exact: number[]; prefix: number[]; typo: number[] };
}

const MAX_EXPANSIONS = 20;

function lexeme(term: string, suffix = ""): string {
  return `'${term}'${suffix}`;
}

function typeMatch(word: string, prefix: boolean, category: CategoryRow): "exact" | "prefix" | "typo" | null {
  const head = queryWords(category.name).at(-1);
  if (!head) return null;
  const a = singular(word);
  const b = singular(head);
  if (a === b || IRREGULAR[word] === head || IRREGULAR[a] === b) return "exact";
  if (prefix && word.length >= 2 && head.startsWith(word)) return "prefix";
  if (typoDistance(word, head, prefix) !== null) return "typo";
  return null;
}

export function planWord(facts: WordFacts, prefix: boolean, categories: CategoryRow[]): WordPlan {
  const { word } = facts;
  const irregular = IRREGULAR[word];
  const exact = irregular ? [word, irregular] : [word];
  const stems = facts.stem === "" ? [] : [...new Set(facts.stem.match(/'[^']+'/g)?.map((s) => s.slice(1, -1)) ?? [])];
  const infix = word.length >= 3 ? facts.infix.slice(0, MAX_EXPANSIONS) : [];
  let typos: string[] = [];
  let correction: string | null = null;
  if (!facts.known) {
    // matched: within the typo budget; suggested ("Did you mean"): within one edit more
    const budget = typoBudget(word);
    const scored = facts.near
      .map((term) => ({ term, distance: typoDistance(word, term, prefix, budget + 1) }))
      .filter((entry): entry is { term: string; distance: number } => entry.distance !== null)
      .sort((x, y) => x.distance - y.distance || x.term.length - y.term.length || x.term.localeCompare(y.term));
    typos = scored
      .filter((entry) => budget > 0 && entry.distance <= budget)
      .slice(0, MAX_EXPANSIONS)
      .map((entry) => entry.term);
    correction = scored[0]?.term ?? null;
  }
  const types = { exact: [] as number[], prefix: [] as number[], typo: [] as number[] };
  for (const category of categories) {
    const kind = typeMatch(word, prefix, category);
    if (kind) types[kind].push(category.id);
  }
  return { word, prefix, exact, stems, infix, typos, correction, types };
}

/** tsquery text for "any of these", optionally restricted to weights (A: name, B: brand and category). */
function anyOf(terms: string[], suffix = ""): string | null {
  if (terms.length === 0) return null;
  return `(${terms.map((term) => lexeme(term, suffix)).join(" | ")})`;
}

/**
 * The tsquery texts of one word: what it must match for a product to be found, and the parts the ranking tells
 * apart. A short word being typed (one or two letters) matches as a prefix only in names, brands and categories.
 */
export function wordQueries(plan: WordPlan) {
  const shortPrefix = plan.word.length < 3;
  const exactTerms = [...new Set([...plan.exact, ...plan.stems])];
  const either = (parts: Array<string | null>) => {
    const present = parts.filter((part): part is string => part !== null);
    return present.length === 0 ? null : present.join(" | ");
  };
  return {
    match: either([
      anyOf(exactTerms),
      plan.prefix ? anyOf([plan.word], shortPrefix ? ":*AB" : ":*") : null,
      anyOf(plan.infix, ":AB"),
      anyOf(plan.typos),
    ])!,
    name: {
      exact: anyOf(exactTerms, ":A"),
      prefix: plan.prefix ? anyOf([plan.word], ":*A") : null,
      infix: anyOf(plan.infix, ":A"),
      typo: anyOf(plan.typos, ":A"),
    },
    other: {
      exact: anyOf(exactTerms, ":B"),
      prefix: plan.prefix ? anyOf([plan.word], ":*B") : null,
      loose: either([anyOf(plan.infix, ":B"), anyOf(plan.typos, ":B")]),
    },
  };
}

/** Drops stop words ("the", "for") unless nothing else is left. */
export function withoutStopWords(facts: WordFacts[]): WordFacts[] {
  const kept = facts.filter((fact, index) => fact.stem !== "" || index === facts.length - 1);
  return kept.length > 0 ? kept : facts;
}

/** The query with each unknown word replaced by its correction, or null when nothing was corrected. */
/**
 * Ways to read an unknown word as two known ones ("mousepad" → "mouse pad"): every split with both parts at least
 * three letters long, the longer first part first.
 */
export function splits(word: string): Array<[string, string]> {
  const result: Array<[string, string]> = [];
  for (let at = word.length - 3; at >= 3; at--) result.push([word.slice(0, at), word.slice(at)]);
  return result;
}

export function didYouMean(plans: WordPlan[]): string | null {
  if (!plans.some((plan) => plan.correction !== null)) return null;
  return plans.map((plan) => plan.correction ?? plan.word).join(" ");
}
