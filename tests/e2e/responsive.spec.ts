import { expect, test, type Page } from "@playwright/test";
import { products, scrollWidth } from "./shop";

/** The product with the longest name and the most pictures: the widest details page. */
const widest = [...products].sort((a, b) => b.imageCount - a.imageCount || b.name.length - a.name.length)[0]!;

test.describe("on a 360px-wide phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  async function expectNoSideways(page: Page) {
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(360);
  }

  test("shopper scrolls home, listing and details pages without sideways scrolling", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to GearHub");
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Show slide 1" })).toBeVisible();
    await expectNoSideways(page);

    // the dearest first: the longest prices
    await page.goto("/products?sort=price_desc");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Apply filters" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();
    await expectNoSideways(page);

    await page.goto(`/product/${widest.id}/details`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(widest.name);
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Increase quantity" })).toBeVisible();
    await expectNoSideways(page);
  });
});
