import { expect, test } from "@playwright/test";
import {
  brands,
  categoryId,
  expectCards,
  matches,
  names,
  openListing,
  PAGE_SIZE,
  price,
  products,
  resultLine,
  searchFor,
  showing,
  stock,
} from "./shop";

test.describe("product listing", () => {
  test("shopper sees every product with brand, price, stock and brand filters", async ({ page, javaScriptEnabled }) => {
    const ui = await openListing(page, "/products", javaScriptEnabled);
    await expect(ui.heading).toHaveText("All Products");
    await expect(resultLine(page)).toHaveText(showing(products.length));
    await expectCards(page, names(products.slice(0, PAGE_SIZE)), { sorted: true });

    const first = products[0]!;
    const card = page
      .getByRole("main")
      .getByRole("article")
      .filter({ hasText: `${first.name} - ` });
    await expect(card).toContainText(first.brand);
    await expect(card).toContainText(`${first.name} - ${first.description}`);
    await expect(card).toContainText(price(first));
    await expect(card).toContainText(stock(first));
    await expect(card.getByRole("link", { name: `Add to cart: ${first.name}` })).toHaveAttribute(
      "href",
      `/product/${first.id}/details`,
    );

    const outOfStock = products.slice(0, PAGE_SIZE).find((p) => p.inventory === 0)!;
    await expect(
      page
        .getByRole("main")
        .getByRole("article")
        .filter({ hasText: `${outOfStock.name} - ` }),
    ).toContainText("Out of stock");

    // one checkbox per brand, with its number of products
    for (const brand of brands) {
      const count = products.filter((p) => p.brand === brand).length;
      await expect(ui.brand(brand)).toHaveAccessibleName(`${brand} (${count})`);
      await expect(ui.brand(brand)).not.toBeChecked();
    }
    await expect(ui.sort).toHaveValue("relevance");
    await expect(ui.applyButton).toHaveCount(javaScriptEnabled ? 0 : 1);
  });

  test("category page preselects its category; the dropdown and a search change the results", async ({
    page,
    javaScriptEnabled,
  }) => {
    const id = categoryId("Mouse Pads");
    const ui = await openListing(page, `/products/category/${id}/products`, javaScriptEnabled);
    const inCategory = products.filter((p) => p.category === "Mouse Pads");
    await expect(ui.heading).toHaveText("Mouse Pads");
    await expect(ui.category).toHaveValue(String(id));
    await expect(ui.category.locator("option:checked")).toHaveText("Mouse Pads");
    await expect(resultLine(page)).toHaveText(showing(inCategory.length));
    await expectCards(page, names(inCategory));

    // "rgb" also matches keyboards, mice and headsets: only the mouse pads show
    await searchFor(page, javaScriptEnabled, "rgb");
    const rgbPads = inCategory.filter((p) => matches(p, "rgb"));
    expect(products.filter((p) => matches(p, "rgb")).length).toBeGreaterThan(rgbPads.length);
    await expect(ui.heading).toHaveText("Results for “rgb” in Mouse Pads");
    await expect(resultLine(page)).toHaveText(showing(rgbPads.length));
    await expectCards(page, names(rgbPads));
    await expect(ui.category).toHaveValue(String(id));

    // another category in the dropdown, the search stays
    await ui.category.selectOption({ label: "Headsets" });
    if (!javaScriptEnabled) await ui.searchButton.click();
    await expect(page).toHaveURL(new RegExp(`[?&]category=${categoryId("Headsets")}(&|$)`));
    const rgbHeadsets = products.filter((p) => p.category === "Headsets" && matches(p, "rgb"));
    await expect(ui.heading).toHaveText("Results for “rgb” in Headsets");
    await expect(resultLine(page)).toHaveText(showing(rgbHeadsets.length));
    await expectCards(page, names(rgbHeadsets));

    // every category
    await ui.category.selectOption({ label: "All Category" });
    if (!javaScriptEnabled) await ui.searchButton.click();
    await expect(ui.heading).toHaveText("Results for “rgb”");
    const rgb = products.filter((p) => matches(p, "rgb"));
    await expect(resultLine(page)).toHaveText(showing(rgb.length));
    await expectCards(page, names(rgb.slice(0, PAGE_SIZE)));
  });

  test("shopper with an out-of-range page number is shown the last page", async ({ page }) => {
    const pages = Math.ceil(products.length / PAGE_SIZE);
    await page.goto("/products?page=99");
    await expect(page).toHaveURL(new RegExp(`[?&]page=${pages}$`));
    // whatever the shop does (last page, nothing, a 404), it never shows a range that ends before it starts
    const range = (await page.getByRole("main").textContent())?.match(/Showing (\d+)–(\d+) of/);
    if (range) expect(Number(range[1])).toBeLessThanOrEqual(Number(range[2]));
    await expect(page.getByRole("link", { name: `Page ${pages}` })).toHaveAttribute("aria-current", "page");
  });

  test("unknown category shows 'Page not found'", async ({ page }) => {
    const response = await page.goto("/products/category/999/products");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});
