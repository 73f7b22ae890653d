import { expect, test, type Page } from "@playwright/test";
import { seedCategories } from "../../app/server/seed/catalogue";
import { signedInShopper } from "./checkout-helpers";
import { products } from "./shop";

/**
 * The 404 page is a page of the shop like any other (decision 0024): a signed-in shopper is still signed in there, the
 * footer lists the categories, the title says what happened, and the status is 404.
 */

/** The seeded categories that have products, as the footer lists them (by name). */
const footerNames = seedCategories
  .filter((name) => products.some((product) => product.category === name))
  .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));

function footerCategories(page: Page) {
  return page.getByRole("contentinfo").getByRole("region", { name: "Categories" }).getByRole("link");
}

async function expectShopPage(page: Page, userId: number) {
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "My Account", exact: true })).toHaveAttribute(
    "href",
    `/user-profile/${userId}/profile`,
  );
  await expect(nav.getByRole("link", { name: /^Cart, \d+ items?$/ })).toHaveAttribute(
    "href",
    `/user/${userId}/my-cart`,
  );
  await expect(nav.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
  await expect(footerCategories(page)).toHaveText(footerNames);
}

test.describe("404 page", () => {
  for (const path of ["/no-such-page", "/no/such/page/at/all", "/products/category/999999/products"]) {
    test(`signed-in shopper at an unknown address (${path}) sees 'Page not found' signed in, with the footer`, async ({
      page,
    }) => {
      const user = await signedInShopper(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle("Page not found | GearHub");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expectShopPage(page, user.id);
      await expect(page.getByRole("main").getByRole("link", { name: "Browse all products" })).toHaveAttribute(
        "href",
        "/products",
      );
    });
  }

  test("signed-in shopper at an unknown product sees 'No product' signed in, with the footer", async ({ page }) => {
    const user = await signedInShopper(page);
    const response = await page.goto("/product/999999/details");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("No product | GearHub");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No product");
    await expectShopPage(page, user.id);
  });

  test("a visitor signing in from the 404 page goes home, not back to the missing page", async ({ page }) => {
    await page.goto("/no-such-page");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Login", exact: true })).toHaveAttribute("href", "/login");
    // an existing page keeps its way back
    await page.goto("/products");
    await expect(nav.getByRole("link", { name: "Login", exact: true })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2Fproducts",
    );
  });

  test("a form sent to an unknown address is answered 404 too", async ({ page }) => {
    await page.goto("/");
    const response = await page.request.post("/no-such-page", { form: { a: "b" } });
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Page not found");
  });
});
