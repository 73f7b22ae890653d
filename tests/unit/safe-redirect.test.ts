import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/utils/safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths after normalising them", () => {
    expect(safeRedirectPath("/a/./b/../c")).toBe("/a/c");
    expect(safeRedirectPath("/products?brand=a%2F%2Fb")).toBe("/products?brand=a%2F%2Fb");
    expect(safeRedirectPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });

  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/user/3/my-cart?x=1#top")).toBe("/user/3/my-cart?x=1#top");
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "evil",
    "/\u0000x",
    "",
    // each normalises to a protocol-relative URL (//evil.example) once the dot segments are resolved
    "/.//evil.example",
    "/..//evil.example",
    "/./..//evil.example/x?y=1",
    "/a/..//evil.example",
    "/%2E//evil.example",
    "/%2e%2e//evil.example",
    "/.\\/evil.example",
    "/.\\\\evil.example",
    "/\t/evil.example",
    "/\n//evil.example",
    " //evil.example",
    "\\\\evil.example",
    "http:evil.example",
    "/.//evil.example@x",
  ])("refuses %j", (to) => {
    expect(safeRedirectPath(to)).toBe("/");
  });
});
