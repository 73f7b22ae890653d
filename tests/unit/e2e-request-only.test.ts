import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REQUEST_ONLY_TAG } from "../e2e/projects";

// The end-to-end tests that use no browser run in the "js" project only (tests/e2e/projects.ts,
// docs/decisions/0032-test-speed.md): a test that opens no page (its fixtures are `request` and `baseURL` only) must say so with the tag, and any other test
// must not carry it, or it would never run without JavaScript. A plain read of the specs, a few milliseconds.

const dir = path.resolve("tests/e2e");
// the fixtures of a test that needs no browser: the HTTP client and the address it talks to
const REQUEST_FIXTURES = new Set(["request", "baseURL"]);

interface SpecTest {
  file: string;
  title: string;
  fixtures: string[];
  tagged: boolean;
}

/** Every `test("title", [options,] async ({ fixtures }) => …)` of a spec file. */
export function specTests(file: string, text: string): SpecTest[] {
  const found: SpecTest[] = [];
  const pattern =
    /\btest\(\s*(`[^`]*`|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*,\s*(?:(?!async\b)([A-Za-z_{][^]*?),\s*)?async\s*\(\s*\{([^}]*)\}/g;
  for (const match of text.matchAll(pattern)) {
    const options = match[2] ?? "";
    found.push({
      file,
      title: match[1]!.slice(1, -1),
      fixtures: match[3]!
        .split(",")
        .map((part) => part.trim().split(":")[0]!.trim())
        .filter(Boolean),
      tagged: options.includes("REQUEST_ONLY") || options.includes(REQUEST_ONLY_TAG),
    });
  }
  return found;
}

describe("request-only end-to-end tests", () => {
  const tests = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".spec.ts"))
    .flatMap((name) => specTests(name, fs.readFileSync(path.join(dir, name), "utf8")));

  it("finds the specs' tests", () => {
    expect(tests.length).toBeGreaterThan(100);
  });

  it("tags every test without a browser, and no test with one", () => {
    const wrong = tests
      .filter((test) => test.tagged !== test.fixtures.every((fixture) => REQUEST_FIXTURES.has(fixture)))
      .map((test) => `${test.file}: ${test.title} (${test.fixtures.join(", ")}${test.tagged ? ", tagged" : ""})`);
    expect(wrong).toEqual([]);
  });

  it("reads a tag and the fixtures", () => {
    const [plain, tagged] = specTests(
      "x.spec.ts",
      'test("a", async ({ page }) => {});\ntest("b", REQUEST_ONLY, async ({ request, baseURL }) => {});',
    );
    expect(plain).toMatchObject({ title: "a", fixtures: ["page"], tagged: false });
    expect(tagged).toMatchObject({ title: "b", fixtures: ["request", "baseURL"], tagged: true });
  });
});
