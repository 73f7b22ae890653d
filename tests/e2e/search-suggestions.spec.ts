import { expect, test } from "@playwright/test";
import { productNamed, products } from "./shop";

// The home page's search field suggests products and categories as the shopper types (docs/product.md#search-bar; with
// JavaScript; without it the field is the plain search form, which the home and listing specs cover).
test.describe("search suggestions", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "suggestions need JavaScript");

  test("typing suggests the category and its products; arrows and Enter open one, Escape closes", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("search", { name: "Search the shop" });
    const field = search.getByRole("combobox", { name: "Search products" });
    const list = search.getByRole("listbox", { name: "Suggestions" });
    await field.pressSequentially("keyb", { delay: 30 });
    await expect(list).toBeVisible();
    await expect(field).toHaveAttribute("aria-expanded", "true");
    const options = list.getByRole("option");
    await expect(options.first()).toContainText("Keyboards");
    await expect(options.first()).toContainText("Category");
    const keyboards = products.filter((p) => p.category === "Keyboards").map((p) => p.name);
    const productOptions = (await options.allTextContents()).slice(1);
    expect(productOptions.length).toBeGreaterThan(0);
    for (const text of productOptions)
      expect(
        keyboards.some((name) => text.startsWith(name)),
        text,
      ).toBe(true);

    await field.press("Escape");
    await expect(list).toBeHidden();
    await expect(field).toHaveValue("keyb");

    // a typo still suggests, and the keyboard chooses a product
    await field.fill("");
    // the list is redrawn by each answer (and the choice with it): the arrows wait for the answer to the whole word
    const answered = page.waitForResponse((r) => new URL(r.url()).searchParams.get("q") === "kyebaord");
    await field.pressSequentially("kyebaord", { delay: 30 });
    await answered;
    await expect(options.first()).toContainText("Keyboards");
    await field.press("ArrowDown");
    await field.press("ArrowDown");
    const chosen = options.nth(1);
    await expect(chosen).toHaveAttribute("aria-selected", "true");
    await expect(field).toHaveAttribute("aria-activedescendant", (await chosen.getAttribute("id"))!);
    const chosenText = (await chosen.textContent()) ?? "";
    const name = keyboards.find((n) => chosenText.startsWith(n))!;
    await field.press("Enter");
    await expect(page).toHaveURL(`/product/${productNamed(name).id}/details`);
  });

  test("Enter without a chosen suggestion searches, as without JavaScript; a click opens a category", async ({
    page,
  }) => {
    await page.goto("/");
    const search = page.getByRole("search", { name: "Search the shop" });
    const field = search.getByRole("combobox", { name: "Search products" });
    const list = search.getByRole("listbox", { name: "Suggestions" });
    await field.pressSequentially("chair", { delay: 30 });
    await expect(list.getByRole("option").first()).toContainText("Gaming Chairs");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/products\?(.*&)?search=chair/);

    await page.goto("/");
    await field.pressSequentially("head", { delay: 30 });
    await list.getByRole("option", { name: /^Headsets/ }).click();
    await expect(page).toHaveURL(/\/products\/category\/\d+\/products$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Headsets");
  });
});
