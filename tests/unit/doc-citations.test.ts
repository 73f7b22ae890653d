import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Comments and docs in the code cite what a newcomer can open: docs/product.md (the product's rules), docs/api.md (the
 * /api/v1 contract) and docs/decisions/. Not the original specification, API contract or design notes, which live
 * outside the repository, and not the issue tracker, which a newcomer cannot see: such a citation says nothing to its
 * reader.
 */
const ROOTS = ["app", "tests", "scripts", "bench"];
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|css|json|txt|html|sql|ya?ml)$/;
/** What tools printed (bench/results), recorded as it was; and this file, whose examples below are citations. */
const SKIPPED = [/^bench\/results\//, /^tests\/unit\/doc-citations\.test\.ts$/];

const CITATIONS: Array<{ what: string; pattern: RegExp }> = [
  { what: "the original product spec", pattern: /\bspec\.md\b/ },
  { what: "the original API contract", pattern: /\bapi-v1\.md\b/ },
  { what: "a design note kept outside the repository", pattern: /\b(?:architecture|conventions|stack-notes)\.md\b/ },
  { what: "an issue of the tracker", pattern: /\bissues?\s*#?\d+/i },
  { what: "an issue of the tracker", pattern: /\(#\d+[),]/ },
  { what: "a pull request", pattern: /\b(?:PR|pull request)\s*#\d+/i },
  // a numbered section of a document not named on the line (an RFC's sections are fine: "RFC 2045 §6.7")
  { what: "a section of an outside document", pattern: /(?<!RFC\s?\d+\s?)§\s?\d/ },
];

const root = path.resolve(import.meta.dirname, "../..");

function filesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    // node_modules, and hidden folders such as tests/.tmp (scratch space, not in the repository)
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    if (entry.isDirectory()) found.push(...filesUnder(relative));
    else if (TEXT.test(entry.name) && !SKIPPED.some((skip) => skip.test(relative))) found.push(relative);
  }
  return found;
}

/** Every line of `text` that cites something outside the repository, as "file:line: what: the line". */
function outsideCitations(file: string, text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, index) => {
    for (const { what, pattern } of CITATIONS) {
      if (!pattern.test(line)) continue;
      found.push(`${file}:${index + 1}: ${what}: ${line.trim().slice(0, 160)}`);
      break;
    }
  });
  return found;
}

describe("citations in comments and docs", () => {
  it("tells apart what points outside the repository from what does not", () => {
    const cited = (line: string) => outsideCitations("x.ts", line).length > 0;
    for (const line of [
      "// the guard of spec.md §2",
      "/** the claims of api-v1.md */",
      "// behind one interface (architecture.md, Payments)",
      "// issue #13: account recovery",
      "// Issue 12 asked for this",
      "// as measured in issues #14 and #15",
      "// one owner for it (#15)",
      "// see (#12, #15)",
      "// PR #7 moved it",
      "// the guard of §2",
    ]) {
      expect(cited(line), line).toBe(true);
    }
    for (const line of [
      "// the guard (docs/product.md#roles-and-the-guard)",
      "// the envelope of docs/api.md#envelope",
      "// decision 0019 and docs/decisions/0012-csrf.md",
      "/** Quoted-printable (RFC 2045 §6.7) to bytes */",
      "const message = parsed.error.issues[0]?.message;",
      'await expect(page.getByRole("heading", { name: `Order #${id}` })).toBeVisible();',
      'expect(text).toContain("Order #12 is now Shipped.");',
      'test("a shopper pays (with JavaScript)", async () => {});',
    ]) {
      expect(cited(line), line).toBe(false);
    }
  });

  it("no file under app/, tests/, scripts/ or bench/ cites the spec, the API contract or the issue tracker", () => {
    const files = ROOTS.flatMap(filesUnder);
    // the walk found the code: an empty list would pass for nothing
    expect(files).toContain("app/root.tsx");
    expect(files).toContain("tests/e2e/checkout.spec.ts");
    expect(files).toContain("scripts/server.mjs");
    expect(files).toContain("bench/RESULTS.md");
    const found = files.flatMap((file) => outsideCitations(file, readFileSync(path.join(root, file), "utf8")));
    // cite docs/product.md#<section>, docs/api.md#<section> or docs/decisions/ instead, or say the rule itself
    expect(found).toEqual([]);
  });
});
