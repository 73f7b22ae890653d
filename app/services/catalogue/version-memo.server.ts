// Answers kept per catalogue version (docs/decisions/0050-search-answers-kept-per-catalogue-version.md). Every committed
// write to what the catalogue's pages show moves the version (migrations 0011, 0012, 0015, 0023, 0024: products, their
// variants, options, images, categories, reviews, shipping zones and methods, the shop's settings), whichever instance
// or tool wrote. An answer computed from the catalogue is the same as long as the version is: it is kept under the
// version read before it was computed, and a new version drops every kept answer.
import type { DbOrTx } from "~/db/client.server";
import { getConfig } from "~/lib/env.server";
import { catalogueVersionOf } from "./catalogue-version.server";

export interface VersionMemo<T> {
  /** The answer kept for `key` at the catalogue's current version, else `compute()`'s (then kept). */
  get(db: DbOrTx, key: string, compute: () => Promise<T>): Promise<T>;
  reset(): void;
}

const memos = new Set<VersionMemo<unknown>>();

/**
 * A memo of at most `size` answers, the least recently used going first. What it hands out is shared by every caller:
 * outside production it is frozen, so that a caller changing it fails in the tests instead of changing the others'.
 */
export function versionMemo<T>(size: number): VersionMemo<T> {
  let version: number | null = null;
  let answers = new Map<string, T>();
  const memo: VersionMemo<T> = {
    async get(db, key, compute) {
      // no version row (a test emptied every table): nothing can be kept; its next write inserts a value never used
      const current = await catalogueVersionOf(db);
      if (current === null) return compute();
      if (current !== version) {
        version = current;
        answers = new Map();
      }
      const kept = answers.get(key);
      if (kept !== undefined) {
        answers.delete(key);
        answers.set(key, kept);
        return kept;
      }
      const answer = await compute();
      // a newer version was seen meanwhile: this answer may be older than it, and is not kept
      if (version === current) {
        if (!getConfig().production) deepFreeze(answer);
        if (answers.size >= size) answers.delete(answers.keys().next().value!);
        answers.set(key, answer);
      }
      return answer;
    },
    reset() {
      version = null;
      answers = new Map();
    },
  };
  memos.add(memo as VersionMemo<unknown>);
  return memo;
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
