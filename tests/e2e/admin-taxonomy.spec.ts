import { expect, test } from "@playwright/test";
import { open, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { ORDERS_SHOP, toast } from "./orders-shop";

/**
 * Brands and categories: the product form's 'Add New Brand' / 'Add New Category' and its required errors. With and
 * without JavaScript, against the orders shop (see ./orders-shop.ts), on brands and categories of the test's own only
 * (renaming the seeded ones would break the specs that check the seed).
 */
test.use({ baseURL: ORDERS_SHOP });

// several page loads per test on 2 busy cores
test.describe.configure({ timeout: 60_000 });

test.describe("admin: the product form's brand and category", () => {
  test("Enter in 'Add New Brand' and 'Add New Category' adds the value, like the button, and the product saves with them", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.skip(!javaScriptEnabled, "without JavaScript the text inputs are plain fields posted with the form");
    const tag = uniqueTag(testInfo);
    const brand = `Brand${tag}`;
    const category = `Category ${tag}`;
    await signInAsAdmin(page);
    const validations: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") validations.push(request.url());
    });
    await open(page, "/add-product", javaScriptEnabled);
    const main = page.getByRole("main");
    await main.getByLabel("Name", { exact: true }).fill(`Enter Kit ${tag}`);
    const brandSelect = main.getByRole("combobox", { name: "Brand", exact: true });
    const categorySelect = main.getByRole("combobox", { name: "Category", exact: true });

    await brandSelect.selectOption({ label: "Add New Brand" });
    await main.getByLabel("Add New Brand", { exact: true }).fill(brand);
    await main.getByLabel("Add New Brand", { exact: true }).press("Enter");
    await expect(brandSelect.locator("option:checked")).toHaveText(brand);
    await expect(main.getByLabel("Add New Brand", { exact: true })).toHaveCount(0);

    await categorySelect.selectOption({ label: "Add New Category" });
    await main.getByLabel("Add New Category", { exact: true }).fill(category);
    await main.getByLabel("Add New Category", { exact: true }).press("Enter");
    await expect(categorySelect.locator("option:checked")).toHaveText(category);
    await expect(main.getByLabel("Add New Category", { exact: true })).toHaveCount(0);
    // the brand chosen first is still chosen, and nothing was sent
    await expect(brandSelect.locator("option:checked")).toHaveText(brand);
    await expect(main.getByLabel("Name", { exact: true })).toHaveValue(`Enter Kit ${tag}`);
    expect(validations).toEqual([]);

    await main.getByLabel("Price ($)").fill("12.5");
    await main.getByLabel("Inventory").fill("3");
    await main.getByLabel("Description").fill(`Added with Enter (${tag}).`);
    await main.getByRole("button", { name: "Save product" }).click();
    await expect(toast(page, "Product added")).toBeVisible();
    await expect(page).toHaveURL(/\/add-product\?step=2&productId=\d+$/);
    const productId = Number(new URL(page.url()).searchParams.get("productId"));
    const saved = (await (await page.request.get(`/api/v1/products/product/${productId}/product`)).json()) as {
      data: { brand: string; category: { name: string } };
    };
    expect(saved.data.brand).toBe(brand);
    expect(saved.data.category.name).toBe(category);
  });

  test("'Brand is required' and 'Category is required' show together with the other fields' errors", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAsAdmin(page);
    await open(page, "/add-product", javaScriptEnabled);
    const main = page.getByRole("main");
    // a blank price is a type error, which used to hide the brand and category errors (zod skipped their check)
    if (javaScriptEnabled) {
      await main.getByLabel("Name", { exact: true }).fill("   ");
      await main.getByLabel("Description").fill("   ");
      await main.getByRole("button", { name: "Save product" }).click();
    } else {
      // the browser's own checks keep a blank price from the server: the post a browser without them sends, and the
      // page the server answers with, shown as it came
      const answer = await page.request.post("/add-product", {
        form: { intent: "save", name: "   ", brand: "", newBrand: "", price: "", inventory: "", description: "   " },
        maxRedirects: 0,
      });
      expect(answer.status()).toBe(422);
      await page.setContent(await answer.text());
    }
    await expect(main.getByText("Price is required", { exact: true })).toBeVisible();
    await expect(main.getByText("Inventory is required", { exact: true })).toBeVisible();
    await expect(main.getByText("Name is required", { exact: true })).toBeVisible();
    await expect(main.getByText("Description is required", { exact: true })).toBeVisible();
    await expect(main.getByText("Brand is required", { exact: true })).toBeVisible();
    await expect(main.getByText("Category is required", { exact: true })).toBeVisible();
    // each under its own field
    await expect(main.getByRole("combobox", { name: "Brand", exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(main.getByRole("combobox", { name: "Category", exact: true })).toHaveAttribute("aria-invalid", "true");
  });
});
