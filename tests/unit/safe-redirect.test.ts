import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/utils/safe-redirect";

describe("safeRedirectPath", () => {
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
  ])("refuses %j", (to) => {
    expect(safeRedirectPath(to)).toBe("/");
  });
});
