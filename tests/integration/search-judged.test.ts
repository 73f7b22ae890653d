import { beforeAll, describe, expect, it } from "vitest";
import { seedProducts } from "~/server/seed/catalogue";
import { seedDemoCatalogue } from "~/server/seed/seed.server";
import { judgedQueries, type JudgedKind } from "../fixtures/search-judged";
import thresholds from "../fixtures/search-quality-thresholds.json";
import { formatQuality, missTable, runJudgedSet, summarize, type Outcome } from "../support/search-quality";
import { useTestDatabase } from "../support/test-db";

// Search quality (decision 0030): the judged query set over the demo catalogue, scored by precision@5 and by how often
// the right product comes first. The figures must not drop below tests/fixtures/search-quality-thresholds.json;
// `npm run bench:search-quality` prints the same figures for bench/RESULTS.md.

const database = useTestDatabase();

describe("judged query set", () => {
  it("names only products of the demo catalogue, and covers every kind of query", () => {
    const names = new Set(seedProducts.map((product) => product.name));
    expect(names.size, "the demo names identify products: they must be unique").toBe(seedProducts.length);
    expect(judgedQueries.length).toBeGreaterThanOrEqual(60);
    expect(new Set(judgedQueries.map((j) => j.q.toLowerCase())).size, "no query twice").toBe(judgedQueries.length);
    for (const judged of judgedQueries) {
      for (const name of [...judged.relevant, ...(judged.first ?? [])])
        expect(names.has(name), `"${judged.q}": no product named "${name}"`).toBe(true);
      for (const name of judged.first ?? [])
        expect(judged.relevant, `"${judged.q}": a right first result is relevant`).toContain(name);
      if (judged.relevant.length === 0) expect(judged.first, `"${judged.q}" expects nothing`).toBeNull();
    }
    const kinds: JudgedKind[] = ["typo", "infix", "plural", "brand + type", "category", "multi-word", "no result"];
    for (const kind of kinds)
      expect(
        judgedQueries.some((j) => j.kind === kind),
        kind,
      ).toBe(true);
  });

  describe("on the demo catalogue", () => {
    let outcomes: Outcome[];
    beforeAll(async () => {
      await seedDemoCatalogue(database.db, { withImages: false });
      outcomes = await runJudgedSet(database.db, judgedQueries);
    }, 120_000);

    it("keeps precision@5 and the first-hit rate at or above their thresholds", () => {
      const quality = summarize(outcomes);
      const report = `${formatQuality(quality)}\n\nMisses:\n${missTable(outcomes)}\n`;
      expect(
        quality.precisionAt5,
        `precision@5 dropped below ${thresholds.precisionAt5}\n${report}`,
      ).toBeGreaterThanOrEqual(thresholds.precisionAt5);
      expect(
        quality.firstHitRate,
        `first-hit rate dropped below ${thresholds.firstHitRate}\n${report}`,
      ).toBeGreaterThanOrEqual(thresholds.firstHitRate);
    });
  });
});
