import { expect, test, type Page } from "@playwright/test";
import { listing, openListing, products, resultLine } from "./shop";

// On a phone the listing's filters (14 brands, prices, stock, "Apply filters") filled the first screen before the
// first product. They are behind a "Filters" disclosure that works without JavaScript, with the number of active
// filters on it; on a wide screen they are the sidebar, shown without opening anything.

const brand = products.find((p) => p.inventory > 0)!.brand;
/** With JavaScript, waits until the page is hydrated (the no-JS 'Apply filters' button has left it). */
async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled)
    await expect(page.getByRole("button", { name: "Apply filters", includeHidden: true })).toHaveCount(0);
}

const withFilters = `/products?brand=${encodeURIComponent(brand)}&inStock=true`;

test.describe("the listing's filters on a 360px-wide phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("come after a 'Filters' control showing how many are on; the results are on the first screen", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(withFilters);
    await hydrated(page, javaScriptEnabled);
    const ui = listing(page);
    const filters = page.getByRole("complementary", { name: "Filters" });
    const toggle = filters.locator("summary");
    await expect(toggle).toHaveText(/^Filters\s*2 active/);
    await expect(ui.brand(brand)).toBeHidden();
    await expect(ui.minPrice).toBeHidden();
    // the first product card starts on the first screen
    const firstCard = page.getByRole("main").getByRole("article").first();
    await expect(resultLine(page)).toBeVisible();
    const box = (await firstCard.boundingBox())!;
    expect(box.y).toBeLessThan(740);

    // opened (no JavaScript needed), they are there, checked as the URL says, and apply
    await toggle.click();
    await expect(ui.brand(brand)).toBeVisible();
    await expect(ui.brand(brand)).toBeChecked();
    await expect(ui.inStock).toBeChecked();
    await ui.inStock.uncheck();
    if (!javaScriptEnabled) await ui.applyButton.click();
    await expect(page).not.toHaveURL(/inStock=/);
    await expect(filters.locator("summary")).toHaveText(/^Filters\s*1 active/);
  });

  test("with none on, the control says only 'Filters'", async ({ page, javaScriptEnabled }) => {
    await page.goto("/products");
    await hydrated(page, javaScriptEnabled);
    await expect(page.getByRole("complementary", { name: "Filters" }).locator("summary")).toHaveText("Filters▾");
  });
});

test.describe("the listing's filters on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("are the sidebar, shown without opening anything", async ({ page, javaScriptEnabled }) => {
    const ui = await openListing(page, withFilters, javaScriptEnabled);
    await expect(page.getByRole("complementary", { name: "Filters" }).locator("summary")).toBeHidden();
    await expect(ui.brand(brand)).toBeVisible();
    await expect(ui.brand(brand)).toBeChecked();
    await expect(ui.minPrice).toBeVisible();
    if (!javaScriptEnabled) await expect(ui.applyButton).toBeVisible();
  });
});
