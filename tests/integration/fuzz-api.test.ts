import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { allRoutes } from "~/api/app";
import { pngBytes } from "../support/factories";
import type { FuzzFiles } from "../support/hostile/api-probes";
import { apiProbes } from "../support/hostile/api-probes";
import { assertOptions, failureReport, fuzzSettings, invariantsHold, Prober, Tally } from "../support/hostile/fuzz";
import { useHostileShop } from "../support/hostile/shop";

// Property-based fuzzing of every /api/v1 endpoint, generated from the route definitions (`allRoutes`): requests
// shaped by each route's schemas with hostile values mixed in, and junk (broken JSON, multipart, encodings), as a
// visitor, a shopper and an admin. Never a 5xx, never an internal detail in a body, never a write on a refusal; the
// shop's invariants hold afterwards. FUZZ_RUNS (runs per endpoint) and FUZZ_SEED: see tests/support/hostile/fuzz.ts.

const shop = useHostileShop();
const { runs, seed } = fuzzSettings(6);
const tally = new Tally();
const prober = new Prober(() => shop.database.db, tally);
const files = {} as FuzzFiles;

beforeAll(async () => {
  files.png = await pngBytes(32, 32);
  console.log(`[fuzz] /api/v1: ${allRoutes.length} endpoints × ${runs} runs, seed ${seed} (FUZZ_SEED=${seed} replays)`);
});

afterAll(() => {
  console.log(tally.summary("/api/v1", seed));
});

describe("every /api/v1 endpoint under hostile input", () => {
  it.each(allRoutes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))(
    "%s: no 5xx, no internal detail, no write on a refusal",
    async (name, route) => {
      const readsJson =
        Boolean(route.body) && ["json", "json-or-form", "json-optional", undefined].includes(route.bodyType);
      await fc
        .assert(
          fc.asyncProperty(apiProbes(route, shop.fixture, files), async ({ probe }) => {
            await prober.check(shop.api.origin, name, probe, { readsJson });
          }),
          assertOptions(runs, seed, name),
        )
        .catch((error: unknown) => {
          const replay = `FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npx vitest run --project pglite tests/integration/fuzz-api.test.ts -t '${name}'`;
          throw new Error(`${failureReport(error)}\nreplay: ${replay}`);
        });
    },
    // a try is one request of a few milliseconds to a few tens: the limit grows with FUZZ_RUNS
    30_000 + runs * 500,
  );

  it("leaves the shop's invariants holding", async () => {
    await invariantsHold(shop.database.db);
  });
});
