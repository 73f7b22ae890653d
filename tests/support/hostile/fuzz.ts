import type fc from "fast-check";
import type { Db } from "~/db/client.server";
import { checkInvariants, formatInvariantReport } from "~/services/orders/invariants.server";
import { reconcile } from "~/services/orders/reconciler.server";
import { changedTables, fingerprint, type Fingerprint } from "./fingerprint";
import { leakIn, withoutDevModuleUrls } from "./leaks";
import { describe, send, type Probe } from "./wire";

/**
 * How much the fuzzer tries: FUZZ_RUNS runs per endpoint or page action (the test command's default is small; `npm run
 * fuzz` sets more), FUZZ_SEED to replay a run (every run prints its seed, and a failure prints the seed and path that
 * fast-check needs to replay just that case).
 */
export function fuzzSettings(defaultRuns: number) {
  const runs = Number(process.env.FUZZ_RUNS) > 0 ? Number(process.env.FUZZ_RUNS) : defaultRuns;
  const seed =
    Number.isInteger(Number(process.env.FUZZ_SEED)) && process.env.FUZZ_SEED
      ? Number(process.env.FUZZ_SEED)
      : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
  return { runs, seed };
}

/**
 * fast-check's options for one property (one endpoint or page): a seed of its own drawn from the run's seed and its
 * name (one seed for all would make every endpoint's n-th try alike), and no shrinking unless asked (FUZZ_SHRINK=1:
 * each try is a request).
 */
export function assertOptions(runs: number, seed: number, name: string): fc.Parameters<unknown> {
  let mixed = seed | 0;
  for (const char of name) mixed = Math.imul(mixed ^ char.charCodeAt(0), 0x01000193);
  return { numRuns: runs, seed: mixed | 0, endOnFailure: process.env.FUZZ_SHRINK !== "1", verbose: 1 };
}

/**
 * The one refusal that writes by design: an order refused for a stock-out after its payment succeeded (409) gives
 * the money back, so the payment, its refund and the test provider's record of it change, and nothing else may.
 * The shop's invariants (checked after every run) say whether that refund is right.
 */
// a 409 after paying (sold out meanwhile) records the payment, its refund and the e-mail that tells the shopper so
const MONEY_BACK = new Set(["payments", "refunds", "test_payment_intents", "mail_outbox"]);

/** What a run tried, for the closing line and for docs/security.md. */
export class Tally {
  requests = 0;
  refused = 0;
  readonly statuses = new Map<number, number>();
  readonly targets = new Set<string>();

  count(target: string, status: number) {
    this.requests++;
    this.targets.add(target);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status === 0 || (status >= 400 && status < 500)) this.refused++;
  }

  summary(what: string, seed: number) {
    const statuses = [...this.statuses.entries()]
      .sort(([a], [b]) => a - b)
      // 0: the connection closed while the probe was still sending its body (refused as it streamed)
      .map(([status, n]) => `${status === 0 ? "closed-while-sending" : status}×${n}`)
      .join(" ");
    return `[fuzz] ${what}: ${this.requests} requests to ${this.targets.size} targets, ${this.refused} refused (4xx), each refusal checked for no write; statuses ${statuses}; seed ${seed}`;
  }
}

/**
 * Sends one probe and checks the three properties: no 5xx, nothing internal in the body, and a refusal (4xx) leaves
 * every table as it was. Requests run one at a time, so the fingerprint taken after one is the one before the next.
 */
export class Prober {
  private last: Fingerprint | undefined;

  constructor(
    private readonly db: () => Db,
    readonly tally: Tally,
  ) {}

  /** After writes of the test's own between requests (signing in again): the next fingerprint is taken afresh. */
  forget() {
    this.last = undefined;
  }

  /** `readsJson`: the target reads a JSON body (malformed JSON must then be its 400, never a 422) */
  async check(origin: string, target: string, probe: Probe, { html = false, readsJson = false } = {}) {
    const before = this.last ?? (await fingerprint(this.db()));
    this.last = undefined;
    const answer = await send(origin, probe).catch(async (error: unknown) => {
      // A body refused while it streams is left unread and its answer closes the connection (decision 10): a client
      // still sending may see the socket close before it reads that answer. That is a refusal, and must be one: the
      // server still answers, and nothing was written.
      const alive = await send(origin, { method: "GET", path: "/robots.txt", headers: {} }).catch(() => null);
      if (!alive || alive.status >= 500) throw error;
      return { status: 0, headers: new Headers(), text: `(connection closed while sending: ${String(error)})` };
    });
    if (process.env.FUZZ_TRACE) console.log(answer.status, describe(probe).slice(0, 200));
    const after = await fingerprint(this.db());
    this.last = after;
    this.tally.count(target, answer.status);
    const what = () => `${describe(probe)}\n→ ${answer.status} ${answer.text.slice(0, 400)}`;
    if (answer.status >= 500) throw new Error(`a ${answer.status} for ${what()}`);
    // the servers run in this process: a key that appeared on Object.prototype came from the request
    const polluted = Object.keys(Object.prototype);
    if (polluted.length > 0) throw new Error(`Object.prototype polluted with ${polluted.join(", ")} by ${what()}`);
    const leak = leakIn(html ? withoutDevModuleUrls(answer.text) : answer.text);
    if (leak) throw new Error(`the answer shows an internal detail (${leak}) for ${what()}`);
    if (readsJson && answer.status === 422 && isMalformedJson(probe))
      throw new Error(`malformed JSON must answer 400, not 422 (docs/api.md#status-codes): ${what()}`);
    if (answer.status === 0 || (answer.status >= 400 && answer.status < 500)) {
      const changed = changedTables(before, after);
      const refunding = answer.status === 409 && changed.every((table) => MONEY_BACK.has(table));
      if (changed.length > 0 && !refunding)
        throw new Error(`a refused request wrote to ${changed.join(", ")}: ${what()}`);
    }
    return answer;
  }
}

/** A body sent as JSON that is not JSON (a 400 where it is read, never a 422: that is for valid JSON's fields). */
function isMalformedJson(probe: Probe): boolean {
  if (!probe.body || !/^application\/json\b/i.test(probe.headers["content-type"] ?? "")) return false;
  const text = probe.body.toString("utf8").trim();
  if (text === "") return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

/** After a run: the reconciler settles what checkouts left (as the shop's does), then the invariants must hold. */
export async function invariantsHold(db: Db) {
  await reconcile({ settleMs: 0, db });
  const violations = await checkInvariants(db);
  if (violations.length > 0) throw new Error(formatInvariantReport(violations));
}

/** fast-check's report of a failed property with the failure itself (its `cause`: which property broke, and how). */
export function failureReport(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof Error ? `${cause.message}\n${message}` : message;
}
