import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngBytes } from "../support/factories";
import { assertOptions, failureReport, fuzzSettings, invariantsHold, Prober, Tally } from "../support/hostile/fuzz";
import {
  discoverPageSurface,
  everyFormsFields,
  pageActionProbes,
  pageLoaderProbes,
  type PageSurface,
} from "../support/hostile/page-probes";
import type { PageRoute } from "../support/hostile/page-server";
import { useHostileShop } from "../support/hostile/shop";

// Property-based fuzzing of every page action and page loader, generated from the pages' own build (its route
// manifest) and from the forms the pages render: valid posts with one hostile place, junk bodies, hostile ids in the
// path and hostile query strings, as a visitor, both shoppers and an admin. Never a 5xx, never an internal detail in
// a page, never a write on a refusal; the shop's invariants hold afterwards. FUZZ_RUNS and FUZZ_SEED as for the API.

const shop = useHostileShop({ pages: true });
const { runs, seed } = fuzzSettings(4);
const tally = new Tally();
const prober = new Prober(() => shop.database.db, tally);
let surface: PageSurface;
let png: Buffer;

/** The API's splat route is the API itself: fuzzed endpoint by endpoint in fuzz-api.test.ts. */
const isApi = (route: PageRoute) => route.path.startsWith("/api/v1");

// the route list comes from the build, which is compiled in beforeAll: one test per kind walks all of them
beforeAll(async () => {
  png = await pngBytes(32, 32);
  surface = await discoverPageSurface(shop.pages.origin, shop.pageRoutes, shop.fixture);
  const actions = shop.pageRoutes.filter((r) => r.hasAction && !isApi(r));
  const withForms = actions.filter((r) => surface.postForms.has(r.id));
  console.log(
    `[fuzz] pages: ${shop.pageRoutes.length} routes, ${actions.length} actions (${withForms.length} with forms found on ${surface.pagesRendered} rendered pages; without: ${
      actions
        .filter((r) => !surface.postForms.has(r.id))
        .map((r) => r.id)
        .join(", ") || "none"
    }, fuzzed with every form's fields), ${runs} runs each, seed ${seed} (FUZZ_SEED=${seed} replays)`,
  );
});

afterAll(() => {
  console.log(tally.summary("pages", seed));
});

/** Runs each route's property; a failing route does not stop the others, and the test lists every one that failed. */
async function eachRoute(routes: PageRoute[], property: (route: PageRoute) => Promise<void>) {
  const failures: string[] = [];
  for (const route of routes) {
    await property(route).catch((error: unknown) => {
      failures.push(`${route.id}: ${failureReport(error)}`);
    });
  }
  const replay = `FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npx vitest run --project pglite tests/integration/fuzz-pages.test.ts`;
  expect(failures, `replay: ${replay}`).toEqual([]);
}

// a run over every route is about 60 requests: the limit grows with FUZZ_RUNS
const timeout = 60_000 + runs * 15_000;

describe("every page under hostile input", () => {
  it(
    "every page action: no 5xx, no internal detail, no write on a refusal",
    async () => {
      const actions = shop.pageRoutes.filter((r) => r.hasAction && !isApi(r));
      expect(actions.length).toBeGreaterThan(5);
      await eachRoute(actions, async (route) => {
        const forms = surface.postForms.get(route.id) ?? [everyFormsFields(surface)];
        await fc.assert(
          fc.asyncProperty(pageActionProbes(route, forms, shop.fixture, shop.pages.origin, png), async (probe) => {
            await prober.check(shop.pages.origin, `POST ${route.path}`, probe, { html: true });
          }),
          assertOptions(runs * Math.max(1, Math.min(forms.length, 4)), seed, `POST ${route.id}`),
        );
        // a logout among the probes ends the session it was sent with: the next route starts signed in again
        await shop.renewPageSessions();
        prober.forget();
      });
    },
    timeout,
  );

  it(
    "every page loader: no 5xx, no internal detail, no write on a refusal",
    async () => {
      const loaders = shop.pageRoutes.filter((r) => r.hasLoader && !isApi(r));
      expect(loaders.length).toBeGreaterThan(10);
      await eachRoute(loaders, async (route) => {
        await fc.assert(
          fc.asyncProperty(pageLoaderProbes(route, surface, shop.fixture), async (probe) => {
            await prober.check(shop.pages.origin, `GET ${route.path}`, probe, { html: true });
          }),
          assertOptions(runs, seed, `GET ${route.id}`),
        );
      });
    },
    timeout,
  );

  it("leaves the shop's invariants holding", async () => {
    await invariantsHold(shop.database.db);
  });
});
