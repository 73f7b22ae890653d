import { describe, expect, it } from "vitest";
import { loginHref, safeRedirectPath, withRedirectTo } from "~/lib/safe-redirect";

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

describe("loginHref and withRedirectTo", () => {
  it("sends the login link back to the page it is on, its query too", () => {
    expect(loginHref({ pathname: "/product/4/details", search: "?qty=2" })).toBe(
      `/login?redirectTo=${encodeURIComponent("/product/4/details?qty=2")}`,
    );
    expect(loginHref({ pathname: "/products", search: "" }, "/register")).toBe("/register?redirectTo=%2Fproducts");
  });

  it("needs no way back from the home page", () => {
    expect(loginHref({ pathname: "/", search: "" })).toBe("/login");
  });

  it("never leads back to a mailed link's page (its token stays out of the URL) or to the recovery pages", () => {
    expect(loginHref({ pathname: "/reset-password", search: "?token=abc" })).toBe("/login");
    expect(loginHref({ pathname: "/confirm-email", search: "?token=abc" })).toBe("/login");
    expect(loginHref({ pathname: "/forgot-password", search: "" })).toBe("/login");
    expect(loginHref({ pathname: "/unauthorized", search: "?from=%2Fadmin%2Forders" })).toBe("/login");
  });

  it("keeps the login and registration pages' own way back, and only a safe one", () => {
    expect(loginHref({ pathname: "/login", search: "?redirectTo=%2Fproducts" }, "/register")).toBe(
      "/register?redirectTo=%2Fproducts",
    );
    expect(loginHref({ pathname: "/register", search: "" })).toBe("/login");
    expect(loginHref({ pathname: "/login", search: `?redirectTo=${encodeURIComponent("//evil.example")}` })).toBe(
      "/login",
    );
    expect(withRedirectTo("/login", "https://evil.example/")).toBe("/login");
    expect(withRedirectTo("/login", "/\\evil.example")).toBe("/login");
    expect(withRedirectTo("/login", null)).toBe("/login");
  });
});
