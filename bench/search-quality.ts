// Search quality on the demo catalogue: the judged query set (tests/fixtures/search-judged.ts) through the real
// searchProducts on an embedded database, its precision@5 and first-hit rate (overall and by kind of query), and the
// queries that missed. The test tests/integration/search-judged.test.ts holds the same figures to their thresholds.
// Usage: npm run bench:search-quality [-- --all]   (--all: list every query, not only the misses)
import { openPglite } from "../app/db/client.server";
import { seedDemoCatalogue } from "../app/server/seed/seed.server";
import { judgedQueries } from "../tests/fixtures/search-judged";
import thresholds from "../tests/fixtures/search-quality-thresholds.json";
import { formatQuality, kindTable, missTable, runJudgedSet, summarize } from "../tests/support/search-quality";

const database = await openPglite("memory://");
try {
  await database.migrate();
  await seedDemoCatalogue(database.db, { withImages: false });
  const outcomes = await runJudgedSet(database.db, judgedQueries);
  const quality = summarize(outcomes);
  console.log(`## Search quality: ${judgedQueries.length} judged queries on the demo catalogue (PGlite)\n`);
  console.log(formatQuality(quality));
  console.log(
    `thresholds (tests/fixtures/search-quality-thresholds.json): precision@5 ${thresholds.precisionAt5}, ` +
      `first hit ${thresholds.firstHitRate}\n`,
  );
  console.log(kindTable(outcomes));
  if (process.argv.includes("--all")) {
    console.log("\n### Every query\n");
    console.log("| query | kind | P@5 | first | got, top 5 |\n|---|---|---:|---|---|");
    for (const o of outcomes)
      console.log(
        `| ${o.judged.q} | ${o.judged.kind} | ${o.precision?.toFixed(2) ?? "–"} | ${o.firstHit === null ? "–" : o.firstHit ? "yes" : "no"} | ${o.top.join(", ") || "(nothing)"} |`,
      );
  }
  console.log("\n### Misses (precision below 1 or a wrong first result)\n");
  console.log(missTable(outcomes));
} finally {
  await database.close();
}
