import { expect, test, type Page } from "@playwright/test";
import {
  apiToken,
  ADMIN,
  card,
  categoryViaApi,
  hydrated,
  mainNav,
  open,
  productViaApi,
  signInAsAdmin,
  uniqueTag,
} from "./admin-helpers";
import { ORDERS_SHOP, toast } from "./orders-shop";

/**
 * Brands and categories: 'Brands & categories' (/admin/catalogue) renames and deletes them, the footer lists only
 * categories with products, and the product form's 'Add New Brand' / 'Add New Category' and its required errors. With
 * and without JavaScript, against the orders shop (see ./orders-shop.ts), on brands and categories of the test's own only
 * (renaming the seeded ones would break the specs that check the seed).
 */
test.use({ baseURL: ORDERS_SHOP });

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

/** A row of 'Brands & categories', found by the name it shows. */
function row(page: Page, kind: "category" | "brand", name: string) {
  return page
    .getByRole("main")
    .getByTestId(`${kind}-row`)
    .filter({ has: page.getByTestId("row-name").getByText(name, { exact: true }) });
}

async function renameRow(page: Page, kind: "category" | "brand", name: string, newName: string) {
  const form = page.getByRole("main").getByRole("form", { name: `Rename ${kind} ${name}`, exact: true });
  await form.getByLabel(`New name for the ${kind} ${name}`, { exact: true }).fill(newName);
  await form.getByRole("button", { name: "Rename" }).click();
}

function footerCategories(page: Page) {
  return page.getByRole("contentinfo").getByRole("region", { name: "Categories" }).getByRole("link");
}

test.describe("admin: brands and categories", () => {
  test("admin renames a category and a brand of their own and the shop shows the new names", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const category = await categoryViaApi(request, `Cables ${tag}`);
    const product = await productViaApi(request, tag, { categoryId: category.id });
    await signInAsAdmin(page);
    await page.goto("/");
    await mainNav(page).getByRole("link", { name: "Brands & categories", exact: true }).click();
    await expect(page).toHaveURL("/admin/catalogue");
    await hydrated(page, javaScriptEnabled);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Brands & categories" })).toBeVisible();
    await expect(row(page, "category", category.name).getByTestId("row-count")).toHaveText("1 product");
    await expect(row(page, "brand", product.brand).getByTestId("row-count")).toHaveText("1 product");

    const newCategory = `Leads ${tag}`;
    await renameRow(page, "category", category.name, newCategory);
    await expect(toast(page, "Category updated")).toBeVisible();
    await expect(row(page, "category", newCategory)).toHaveCount(1);
    await expect(row(page, "category", category.name)).toHaveCount(0);

    const newBrand = `Renamed${tag}`;
    await renameRow(page, "brand", product.brand, newBrand);
    await expect(toast(page, "Brand renamed")).toBeVisible();
    await expect(row(page, "brand", newBrand).getByTestId("row-count")).toHaveText("1 product");
    await expect(row(page, "brand", product.brand)).toHaveCount(0);

    // the shop: the category's page and the footer under the new name, the product's card under the new brand
    await page.goto(`/products/category/${category.id}/products`);
    await expect(main.getByRole("heading", { level: 1, name: newCategory })).toBeVisible();
    await expect(footerCategories(page).getByText(newCategory, { exact: true })).toHaveAttribute(
      "href",
      `/products/category/${category.id}/products`,
    );
    await page.goto(`/products?search=${tag}`);
    await expect(card(page, product.name)).toContainText(newBrand);
    await expect(card(page, product.name)).not.toContainText(product.brand);
  });

  test("admin deletes an empty category; a category or brand with products is refused with the reason, and a taken name too", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const empty = await categoryViaApi(request, `Spare ${tag}`);
    const busy = await categoryViaApi(request, `Busy ${tag}`);
    const product = await productViaApi(request, tag, { categoryId: busy.id });
    await signInAsAdmin(page);
    await open(page, "/admin/catalogue", javaScriptEnabled);
    const main = page.getByRole("main");

    // a category with a product: its Delete looks unavailable and says why; the empty one's does not
    const busyDelete = row(page, "category", busy.name).getByRole("button", { name: `Delete category ${busy.name}` });
    await expect(busyDelete).toHaveAccessibleDescription("Move or delete its products before deleting it.");
    await expect(busyDelete).toHaveClass(/btn-unavailable/);
    const emptyDelete = row(page, "category", empty.name).getByRole("button", {
      name: `Delete category ${empty.name}`,
    });
    await expect(emptyDelete).toHaveAccessibleDescription("");
    await expect(emptyDelete).not.toHaveClass(/btn-unavailable/);
    // pressed anyway: refused, the reason under its row, the row still there
    await busyDelete.click();
    const busyRow = row(page, "category", busy.name);
    await expect(busyRow.getByRole("alert")).toHaveText(
      `${busy.name} still has 1 product; move or delete them before deleting the category.`,
    );
    await expect(busyRow.getByTestId("row-count")).toHaveText("1 product");

    // a brand with a product: refused the same way
    await row(page, "brand", product.brand)
      .getByRole("button", { name: `Delete brand ${product.brand}` })
      .click();
    await expect(row(page, "brand", product.brand).getByRole("alert")).toHaveText(
      `${product.brand} still has 1 product: move them to another brand (rename it into one) or delete them first.`,
    );

    // another category's name: refused under the field, and what was typed is still there
    const taken = empty.name.toUpperCase();
    await renameRow(page, "category", busy.name, taken);
    await expect(row(page, "category", busy.name).getByRole("alert")).toHaveText(
      "A category with this name already exists.",
    );
    const field = main.getByLabel(`New name for the category ${busy.name}`, { exact: true });
    await expect(field).toHaveValue(taken);
    await expect(field).toHaveAttribute("aria-invalid", "true");

    // an empty category goes
    await row(page, "category", empty.name)
      .getByRole("button", { name: `Delete category ${empty.name}` })
      .click();
    await expect(toast(page, "Category deleted")).toBeVisible();
    await expect(row(page, "category", empty.name)).toHaveCount(0);
    await open(page, "/admin/catalogue", javaScriptEnabled);
    await expect(row(page, "category", empty.name)).toHaveCount(0);
    await expect(row(page, "category", busy.name)).toHaveCount(1);
  });

  test("admin adds a category on the page; a taken name is refused under the field and kept", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const existing = await categoryViaApi(request, `Existing ${tag}`);
    await signInAsAdmin(page);
    await open(page, "/admin/catalogue", javaScriptEnabled);
    const add = page.getByRole("form", { name: "Add a category" });

    await add.getByLabel("New category").fill(existing.name.toLowerCase());
    await add.getByRole("button", { name: "Add category" }).click();
    await expect(add.getByRole("alert")).toHaveText("A category with this name already exists.");
    await expect(add.getByLabel("New category")).toHaveValue(existing.name.toLowerCase());
    await expect(add.getByLabel("New category")).toHaveAttribute("aria-invalid", "true");

    const name = `Fresh ${tag}`;
    await add.getByLabel("New category").fill(name);
    await add.getByRole("button", { name: "Add category" }).click();
    await expect(toast(page, "Category added")).toBeVisible();
    await expect(row(page, "category", name)).toHaveCount(1);
    await expect(row(page, "category", name).getByTestId("row-count")).toHaveText("0 products");
    await expect(add.getByLabel("New category")).toHaveValue("");
    // a brand comes with a product: the page says how
    await expect(page.getByRole("main").getByRole("link", { name: "add a product" })).toHaveAttribute(
      "href",
      "/add-product",
    );
  });

  test("the footer lists a category while it has products, and not once its last product is deleted", async ({
    page,
    request,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const category = await categoryViaApi(request, `Footer ${tag}`);
    await page.goto("/");
    await expect(footerCategories(page).getByText(category.name, { exact: true })).toHaveCount(0);
    const product = await productViaApi(request, tag, { categoryId: category.id });
    await page.goto("/");
    await expect(footerCategories(page).getByText(category.name, { exact: true })).toHaveCount(1);

    const token = await apiToken(request, ADMIN.email, ADMIN.password);
    const deleted = await request.delete(`/api/v1/products/product/${product.id}/delete`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(deleted.status()).toBe(200);
    await page.goto("/");
    await expect(footerCategories(page).getByText(category.name, { exact: true })).toHaveCount(0);
    // still a category (the admin may fill it again)
    expect((await request.get(`/api/v1/categories/all`)).ok()).toBe(true);
    const all = (await (await request.get("/api/v1/categories/all")).json()) as { data: Array<{ id: number }> };
    expect(all.data.map((c) => c.id)).toContain(category.id);
  });
});
