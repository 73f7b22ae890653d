// `npm test`: every check and test of the project, in the order CI runs them. Runs every step even when one fails,
// prints each step's time as it ends, then a table of every step's time and one closing line with the totals
// ("Total: N passed, N failed, N skipped"). `npm run validate:quick` is the short loop: typecheck, lint, unit tests.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const require = createRequire(import.meta.url);
const bin = (pkg, file) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
const results = path.join(root, "test-results");
fs.mkdirSync(results, { recursive: true });
// the servers of the end-to-end and server tests write their logs here; the last step checks them for secrets
const logs = path.join(results, "logs");
fs.rmSync(logs, { recursive: true, force: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** name, seconds and outcome of every step run, for the closing table */
const timings = [];
const runStarted = Date.now();

function step(name, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const run = spawnSync(process.execPath, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = run.status === 0;
  const seconds = (Date.now() - started) / 1000;
  timings.push({ name, seconds, ok });
  console.log(`=== ${name}: ${ok ? "ok" : "FAILED"} (${seconds.toFixed(1)} s)`);
  if (!ok) failedSteps.push(name);
  return ok;
}

/**
 * Several steps at once, each in a process of its own with its output kept and printed in one piece when it ends
 * (not interleaved). Type check, lint, format check and build are each one thread: side by side they keep both cores
 * busy for about half the time they took one after the other (docs/decisions/0032-test-speed.md). Resolves to
 * whether each passed, by name.
 */
async function parallelSteps(list) {
  console.log(`\n=== at once: ${list.map((s) => s.name).join(", ")}`);
  const outcomes = await Promise.all(
    list.map(
      ({ name, args, env = {} }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(process.execPath, args, {
            stdio: ["ignore", "pipe", "pipe"],
            env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0", ...env },
          });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          const finish = (ok) => {
            const seconds = (Date.now() - started) / 1000;
            timings.push({ name, seconds, ok });
            console.log(`\n=== ${name}`);
            process.stdout.write(Buffer.concat(output));
            console.log(`=== ${name}: ${ok ? "ok" : "FAILED"} (${seconds.toFixed(1)} s)`);
            if (!ok) failedSteps.push(name);
            resolve([name, ok]);
          };
          child.once("error", (error) => {
            output.push(Buffer.from(`${error.message}\n`));
            finish(false);
          });
          child.once("close", (code) => finish(code === 0));
        }),
    ),
  );
  return Object.fromEntries(outcomes);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

// the build comes before the tests: the server tests (vitest project "server") and the end-to-end tests run it. A
// warning of an empty chunk fails it (decision 0024: the routes without browser code are quiet, see vite.config.ts)
const BUILD = "build";
const { [BUILD]: built } = await parallelSteps([
  { name: "typecheck", args: [bin("typescript", "bin/tsc"), "--noEmit"] },
  { name: "lint (ESLint, with the layer rules)", args: [bin("eslint", "bin/eslint.js"), "."] },
  { name: "format check (Prettier)", args: [bin("prettier", "bin/prettier.cjs"), "--check", "."] },
  { name: BUILD, args: [path.join(root, "scripts/build-checked.mjs")], env: { NODE_ENV: "production" } },
]);
// the gzipped JavaScript of each page's first visit against its budget, from that build's manifests (decision 0026)
if (built) step("JavaScript per page within its budget", [path.join(root, "scripts/check-js-budget.mjs")]);

const vitestJson = path.join(results, "vitest.json");
fs.rmSync(vitestJson, { force: true });
step("unit, integration (PGlite and PostgreSQL) and server tests", [
  bin("vitest", "vitest.mjs"),
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson);
// the failed tests by name, repeated at the end: CI shows only the tail of a run's output
const failedTests = [];
const firstLine = (message) =>
  (
    String(message ?? "")
      // eslint-disable-next-line no-control-regex
      .replace(/\x1b\[[0-9;]*m/g, "")
      .split("\n")
      .find((line) => line.trim()) ?? ""
  ).slice(0, 200);
if (vitest) {
  for (const file of vitest.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === "failed")
        failedTests.push(
          `${path.relative(root, file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
        );
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
} else {
  totals.failed += 1;
}

if (built) {
  const playwrightJson = path.join(results, "playwright.json");
  fs.rmSync(playwrightJson, { force: true });
  step("end-to-end tests (chromium, JavaScript on and off)", [bin("@playwright/test", "cli.js"), "test"]);
  const playwright = readJson(playwrightJson);
  if (playwright) {
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          if (test.status === "unexpected" || test.status === "flaky") {
            const last = test.results?.at(-1);
            const label = test.status === "flaky" ? "flaky, passed on retry" : firstLine(last?.error?.message);
            failedTests.push(`[${test.projectName}] ${[...titles, spec.title].join(" › ")}: ${label}`);
          }
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const suite of playwright.suites ?? []) walk(suite, [suite.title]);
    totals.passed += playwright.stats.expected + playwright.stats.flaky;
    totals.failed += playwright.stats.unexpected;
    totals.skipped += playwright.stats.skipped;
  } else {
    totals.failed += 1;
  }
}

// passwords, hashes, tokens, test cards, image bytes: none may reach a log (docs/decisions/0016-security-headers-and-logs.md)
if (built) step("the test servers' logs hold no secrets", [path.join(root, "scripts/check-logs.mjs"), logs]);

// the time of each step, to see where a slow run went (docs/decisions/0032-test-speed.md)
const width = Math.max(...timings.map((t) => t.name.length), "all steps".length);
console.log(`\n${"step".padEnd(width)}  ${"time".padStart(8)}  result`);
for (const t of timings)
  console.log(`${t.name.padEnd(width)}  ${`${t.seconds.toFixed(1)} s`.padStart(8)}  ${t.ok ? "ok" : "FAILED"}`);
console.log(`${"all steps".padEnd(width)}  ${`${((Date.now() - runStarted) / 1000).toFixed(1)} s`.padStart(8)}`);

if (failedTests.length > 0) console.log(`\nFailed or flaky tests:\n${failedTests.map((t) => `  ${t}`).join("\n")}`);
if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(", ")}`);
console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
