// Answers kept per catalogue version (docs/decisions/0050-search-answers-kept-per-catalogue-version.md). Every committed
// write to what the catalogue's pages show moves the version (migrations 0011, 0012, 0015, 0023, 0024, 0032: products,
// their variants, options, images, categories, reviews, shipping zones and methods, the shop's settings, the tax
// rates), and so does an order entering or leaving CANCELLED (migration 0030: the related products count the orders)
// and a new name of someone with a published review (migration 0031: the reviews show it), whichever instance or tool
// wrote. An answer computed from the catalogue is the same as long as the version is: it is kept under the version
// read before it was computed, and a new version drops every kept answer. Requests asking `get` for one answer at once
// share its computation.
import { findDatabase, type Db, type DbOrTx } from "~/db/client.server";
import { getConfig } from "~/lib/env.server";
import { catalogueVersionOf } from "./catalogue-version.server";

export interface VersionMemo<T> {
  /**
   * The answer kept for `key` at the catalogue's current version, else `compute()`'s (then kept). Only answers read
   * from the shop's database are kept: in a transaction, writes not yet committed have not moved the version.
   */
  get(db: DbOrTx, key: string, compute: () => Promise<T>): Promise<T>;
  /**
   * The answers for several keys with one read of the version: the kept ones, and the others from one call of
   * `compute(missing)` (then kept). A key that `compute` leaves out has no answer (and nothing is kept for it).
   */
  getMany(db: DbOrTx, keys: string[], compute: (missing: string[]) => Promise<Map<string, T>>): Promise<Map<string, T>>;
  reset(): void;
}

interface Limits<T> {
  /** at most this many answers */
  entries: number;
  /** and at most this much in all, each answer weighing `weigh(answer)`; one heavier than a quarter is not kept */
  weight?: { max: number; of: (answer: T) => number };
}

const memos = new Set<VersionMemo<unknown>>();

/**
 * A memo within `limits`, the least recently used answer going first. What it hands out is shared by every caller:
 * outside production it is frozen, so that a caller changing it fails in the tests instead of changing the others'.
 */
export function versionMemo<T>({ entries, weight }: Limits<T>): VersionMemo<T> {
  /** the database the version was read from (the tests open one per file) */
  let owner: Db | undefined;
  let version: number | null = null;
  let answers = new Map<string, { answer: T; weight: number }>();
  let total = 0;
  /** answers being computed at `version`: a request asking for one meanwhile waits for it, not computing it too */
  let computing = new Map<string, Promise<T>>();

  function clear() {
    version = null;
    answers = new Map();
    total = 0;
    computing = new Map();
  }

  function keep(key: string, answer: T) {
    const heavy = weight ? weight.of(answer) : 0;
    if (weight && heavy > weight.max / 4) return;
    // one already kept under the key (two requests computed it at once): replaced, its weight with it
    const replaced = answers.get(key);
    if (replaced !== undefined) {
      answers.delete(key);
      total -= replaced.weight;
    }
    answers.set(key, { answer, weight: heavy });
    total += heavy;
    for (const [oldest, kept] of answers) {
      if (answers.size <= entries && (!weight || total <= weight.max)) break;
      answers.delete(oldest);
      total -= kept.weight;
    }
  }

  const shared = (answer: T) => {
    if (!getConfig().production) deepFreeze(answer);
    return answer;
  };

  /**
   * The version under which answers read from `db` now may be kept and looked up, or null when none may (no version
   * row: a test emptied every table; its next write inserts a value never used). Any other version than the last one
   * drops every kept answer: a newer one, and an older one too (a database restored under the running shop, whose
   * sequence will give the same numbers again).
   */
  async function versionFor(db: Db): Promise<number | null> {
    if (db !== owner) {
      owner = db;
      clear();
    }
    const current = await catalogueVersionOf(db);
    if (current === null) return null;
    if (current !== version) {
      clear();
      version = current;
    }
    return current;
  }

  /** the answer kept for `key`, now the most recently used */
  function kept(key: string): T | undefined {
    const found = answers.get(key);
    if (found === undefined) return undefined;
    answers.delete(key);
    answers.set(key, found);
    return found.answer;
  }

  const memo: VersionMemo<T> = {
    async get(db, key, compute) {
      if (!isShopDb(db)) return compute();
      const current = await versionFor(db);
      if (current === null) return shared(await compute());
      const found = kept(key);
      if (found !== undefined) return found;
      // the same answer asked for again while it is computed (a burst of requests after the version moved): computed
      // once, every asker waits for it; a failure is shared by those waiting and not remembered
      const pending = computing.get(key);
      if (pending) return pending;
      const inFlight = compute().then(shared);
      const started = computing;
      started.set(key, inFlight);
      try {
        const answer = await inFlight;
        // a newer version was seen meanwhile: this answer may be older than it, and is not kept
        if (version === current && owner === db) keep(key, answer);
        return answer;
      } finally {
        started.delete(key);
      }
    },
    async getMany(db, keys, compute) {
      if (!isShopDb(db)) return compute(keys);
      const current = await versionFor(db);
      const found = new Map<string, T>();
      const missing: string[] = [];
      for (const key of new Set(keys)) {
        const answer = current === null ? undefined : kept(key);
        if (answer === undefined) missing.push(key);
        else found.set(key, answer);
      }
      if (missing.length === 0) return found;
      const asked = new Set(missing);
      for (const [key, answer] of await compute(missing)) {
        if (!asked.has(key)) continue;
        found.set(key, shared(answer));
        if (current !== null && version === current && owner === db) keep(key, answer);
      }
      return found;
    },
    reset() {
      owner = undefined;
      clear();
    },
  };
  memos.add(memo as VersionMemo<unknown>);
  return memo;
}

/**
 * Whether `db` is the shop's own database (not a transaction, nor another database a tool or test opened; with no
 * shop database open at all, as in a migration's test or a script, nothing is the shop's and nothing is kept).
 */
function isShopDb(db: DbOrTx): db is Db {
  return db === findDatabase()?.db;
}

/** Forgets every kept answer of every memo (tests/support/setup-env.ts: each test file starts with none). */
export function resetVersionMemos() {
  for (const memo of memos) memo.reset();
}

function deepFreeze(value: unknown) {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}
