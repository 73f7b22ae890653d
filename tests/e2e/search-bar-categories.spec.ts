import { expect, test, type Page } from "@playwright/test";
import { categoryViaApi, productViaApi, uniqueTag } from "./admin-helpers";
import { ORDERS_SHOP } from "./orders-shop";

// The admin's categories are made on the orders shop (the other shop's catalogue is the seed's, never changed).
test.use({ baseURL: ORDERS_SHOP });

function categorySelect(page: Page) {
  return page.getByRole("main").getByRole("search").getByRole("combobox", { name: "Category" });
}

/**
 * The search bar's category dropdown once listed categories without products (choosing one could only find
 * nothing). It offers those with products, like the footer (decision 0022); an empty category's own page still
 * shows it, preselected.
 */
test.describe("search bar categories", () => {
  test("the dropdown on the home page and the listing offers only categories with products", async ({
    page,
    request,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const empty = await categoryViaApi(request, `Empty ${tag}`);
    const stocked = await categoryViaApi(request, `Stocked ${tag}`);
    await productViaApi(request, tag, { categoryId: stocked.id });

    for (const path of ["/", "/products", `/products?search=${tag}`]) {
      await page.goto(path);
      const select = categorySelect(page);
      await expect(select.locator("option", { hasText: stocked.name })).toHaveAttribute("value", String(stocked.id));
      await expect(select.locator("option", { hasText: empty.name })).toHaveCount(0);
      // as in the footer's list (only this test's categories are looked at: other tests add theirs meanwhile)
      const footer = page.getByRole("contentinfo").getByRole("region", { name: "Categories" });
      await expect(footer.getByRole("link", { name: stocked.name, exact: true })).toHaveCount(1);
      await expect(footer.getByRole("link", { name: empty.name, exact: true })).toHaveCount(0);
    }

    // the empty category's own page still says where the shopper is
    await page.goto(`/products/category/${empty.id}/products`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(empty.name);
    await expect(categorySelect(page)).toHaveValue(String(empty.id));
    await expect(categorySelect(page).locator("option:checked")).toHaveText(empty.name);
  });
});
