// The search benchmark at 10k, 100k and 1M products, then each case's p95 side by side and how it grows with the
// catalogue, against the search's targets (decision 0048: end to end p95 ≤ 50 ms at 100k, in-process p95 ≤ 100 ms at
// 1M, growth 10k → 100k ≤ 1.5×).
//
// Usage: npm run bench:search:all -- [--sizes 10000,100000,1000000] [--mode e2e|service] and bench:search's options.
import { parseOptions, runBench, type BenchResult } from "./search/run";

const argv = process.argv.slice(2);
const options = parseOptions(argv);
const sizesArg = argv[argv.indexOf("--sizes") + 1];
const sizes = argv.includes("--sizes") && sizesArg ? sizesArg.split(",").map(Number) : [10_000, 100_000, 1_000_000];
const mode = argv.includes("--mode") ? options.mode : "e2e";

const results: BenchResult[] = [];
for (const size of sizes) {
  console.log(`\n# ${size} products\n`);
  results.push(await runBench({ ...options, mode, size }));
}

const p95s = (result: BenchResult) =>
  new Map(
    mode === "service"
      ? result.service.map((r) => [r.label, r.p95] as const)
      : result.e2e.filter((r) => r.requests > 0).map((r) => [r.label, r.p95] as const),
  );
const bySize = results.map(p95s);
const labels = [...new Set(bySize.flatMap((m) => [...m.keys()]))];
const ratio = (a?: number, b?: number) => (a && b ? `${(b / a).toFixed(2)}×` : "–");
const sizeName = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));

console.log(
  `\n# p95 by size (${mode === "service" ? "searchProducts in-process" : "end to end, 10 connections"}), ms\n`,
);
const ratios = sizes.slice(1).map((size, i) => `${sizeName(sizes[i]!)} → ${sizeName(size)}`);
console.log(`| case | ${sizes.map(sizeName).join(" | ")} | ${ratios.join(" | ")} |`);
console.log(`|---|${sizes.map(() => "---:").join("|")}|${ratios.map(() => "---:").join("|")}|`);
for (const label of labels) {
  const values = bySize.map((m) => m.get(label));
  const growth = values.slice(1).map((value, i) => ratio(values[i], value));
  console.log(
    `| ${label} | ${values.map((v) => (v === undefined ? "–" : v.toFixed(1))).join(" | ")} | ${growth.join(" | ")} |`,
  );
}

// those targets, where the sizes were run
const at = (size: number) => bySize[sizes.indexOf(size)];
const checks: string[] = [];
const over = (m: Map<string, number> | undefined, limit: number) =>
  m ? [...m].filter(([, p95]) => p95 > limit).map(([label, p95]) => `${label} ${p95.toFixed(1)} ms`) : null;
const at100k = over(at(100_000), 50);
if (at100k) checks.push(`p95 ≤ 50 ms at 100k: ${at100k.length === 0 ? "met" : `missed by ${at100k.join(", ")}`}`);
const at1m = over(at(1_000_000), 100);
if (at1m) checks.push(`p95 ≤ 100 ms at 1M: ${at1m.length === 0 ? "met" : `missed by ${at1m.join(", ")}`}`);
if (at(10_000) && at(100_000)) {
  const grown = labels.filter((l) => (at(100_000)!.get(l) ?? 0) > 1.5 * (at(10_000)!.get(l) ?? Infinity));
  checks.push(`growth 10k → 100k ≤ 1.5×: ${grown.length === 0 ? "met" : `missed by ${grown.join(", ")}`}`);
}
const seq = results.filter((r) => r.seqScans.length > 0);
checks.push(
  `no sequential scan in the hot paths: ${seq.length === 0 ? "met" : `missed at ${seq.map((r) => sizeName(r.size)).join(", ")}`}`,
);
console.log(`\nThe search's targets (decision 0048):\n- ${checks.join("\n- ")}`);
for (const r of results)
  console.log(
    `Catalogue ${sizeName(r.size)}: ${r.generation.reused ? "reused" : `generated in ${r.generation.seconds.toFixed(0)} s`}`,
  );
