import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_KINDS } from "~/schemas/audit";

// Every kind of write the audit log records is checked by an integration test (decision 0038): a new kind without
// one fails here. brand.delete is never written (a brand goes with its last product: that product's delete is the
// write recorded), as tests/integration/audit-kinds.test.ts says.
const NEVER_WRITTEN = new Set(["brand.delete"]);

const folder = path.resolve(import.meta.dirname, "../integration");
const tests = fs
  .readdirSync(folder)
  .filter((file) => file.endsWith(".test.ts"))
  .map((file) => fs.readFileSync(path.join(folder, file), "utf8"))
  .join("\n");

describe("the audit log's kinds", () => {
  it("each is written by some integration test", () => {
    const untested = AUDIT_KINDS.filter((kind) => !NEVER_WRITTEN.has(kind) && !tests.includes(`"${kind}"`));
    expect(untested, "audit kinds no integration test names").toEqual([]);
  });
});
