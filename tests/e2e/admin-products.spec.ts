import { expect, test } from "@playwright/test";
import { card, imageFile, imageRows, mainNav, productViaApi, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { ORDERS_SHOP, toast } from "./orders-shop";

/**
 * The admin adds a product with a new brand and category and two images, then finds it in the shop; and deletes one
 * from the search results. With and without JavaScript, against the orders shop (see ./orders-shop.ts), on products of
 * the test's own only (see ./admin-helpers.ts).
 */
test.use({ baseURL: ORDERS_SHOP });

test.describe("admin: products", () => {
  test("admin adds a product with a new brand and category, uploads two images and finds it in the shop", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const name = `Admin Kit ${tag}`;
    const brand = `Brand${tag}`;
    const category = `Category ${tag}`;
    await signInAsAdmin(page);
    await page.goto("/");
    await expect(mainNav(page).getByRole("link", { name: "Products", exact: true })).toHaveAttribute(
      "href",
      "/admin/products",
    );
    await expect(mainNav(page).getByRole("link", { name: "Orders", exact: true })).toHaveAttribute(
      "href",
      "/admin/orders",
    );
    await mainNav(page).getByRole("link", { name: "Manage Shop" }).click();
    await expect(page).toHaveURL("/add-product");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Add New Product" })).toBeVisible();
    // the server renders the no-JavaScript form; hydrated, the text inputs hide until 'Add New …' is chosen
    await expect(main.getByLabel("Add New Brand (optional: replaces the choice above)")).toHaveCount(
      javaScriptEnabled ? 0 : 1,
    );

    await main.getByLabel("Name", { exact: true }).fill(name);
    const brandSelect = main.getByRole("combobox", { name: "Brand", exact: true });
    const categorySelect = main.getByRole("combobox", { name: "Category", exact: true });
    if (javaScriptEnabled) {
      // the text input appears only for 'Add New …'; its 'Add' puts the value into the select and selects it
      await expect(main.getByLabel("Add New Brand", { exact: true })).toHaveCount(0);
      await brandSelect.selectOption({ label: "Add New Brand" });
      const newBrand = main.getByLabel("Add New Brand", { exact: true });
      await newBrand.fill(brand);
      await newBrand.locator("..").getByRole("button", { name: "Add", exact: true }).click();
      await expect(brandSelect).toHaveValue(brand);
      await expect(brandSelect.locator("option:checked")).toHaveText(brand);
      await expect(main.getByLabel("Add New Brand", { exact: true })).toHaveCount(0);

      await categorySelect.selectOption({ label: "Add New Category" });
      const newCategory = main.getByLabel("Add New Category", { exact: true });
      await newCategory.fill(category);
      await newCategory.locator("..").getByRole("button", { name: "Add", exact: true }).click();
      await expect(categorySelect.locator("option:checked")).toHaveText(category);
    } else {
      // without JavaScript the text inputs are always there, and a typed value wins over the select
      await main.getByLabel("Add New Brand (optional: replaces the choice above)").fill(brand);
      await main.getByLabel("Add New Category (optional: replaces the choice above)").fill(category);
    }
    await main.getByLabel("Price ($)").fill("123.45");
    await main.getByLabel("Inventory").fill("7");
    await main.getByLabel("Description").fill(`Made by the admin end-to-end test ${tag}.`);
    await main.getByRole("button", { name: "Save product" }).click();

    await expect(toast(page, "Product added")).toBeVisible();
    await expect(page).toHaveURL(/\/add-product\?step=2&productId=\d+$/);
    const productId = Number(new URL(page.url()).searchParams.get("productId"));
    await expect(main.getByRole("heading", { level: 1, name: "Upload Product Image" })).toBeVisible();
    await expect(main).toContainText(`For ${name} (product ${productId}).`);
    await expect(main.getByRole("link", { name: "Previous" })).toHaveAttribute("href", "/add-product");

    await main
      .getByLabel("Images")
      .setInputFiles([
        await imageFile("front.png", { r: 200, g: 30, b: 30 }),
        await imageFile("back.jpg", { r: 30, g: 30, b: 200 }, "jpeg"),
      ]);
    if (javaScriptEnabled)
      await expect(main.getByRole("list", { name: "Selected images" }).getByRole("listitem")).toHaveCount(2);
    await main.getByRole("button", { name: "Upload" }).click();
    await expect(page).toHaveURL(`/update-product/${productId}/update`);
    await expect(toast(page, "2 images uploaded")).toBeVisible();
    await expect(imageRows(page)).toHaveCount(2);
    await expect(imageRows(page).nth(0)).toContainText("front.png");
    await expect(imageRows(page).nth(1)).toContainText("back.jpg");
    // the update form is prefilled with what was saved, the new brand and category included
    await expect(main.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expect(main.getByRole("combobox", { name: "Brand", exact: true }).locator("option:checked")).toHaveText(
      brand,
    );
    await expect(main.getByRole("combobox", { name: "Category", exact: true }).locator("option:checked")).toHaveText(
      category,
    );
    await expect(main.getByLabel("Price ($)")).toHaveValue("123.45");
    await expect(main.getByLabel("Inventory")).toHaveValue("7");

    // in the shop: a search for its unique word finds it, with its first image, and the admin's edit / delete
    await page.goto(`/products?search=${tag}`);
    const found = card(page, name);
    await expect(found).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("link", { name: /^Add to cart: / })).toHaveCount(1);
    await expect(found).toContainText(brand);
    await expect(found).toContainText("$123.45");
    const picture = found.locator(`img[alt="${name}"]`);
    await expect(picture).toBeVisible();
    const src = await picture.getAttribute("src");
    expect(src).toMatch(/\?w=400&v=/);
    const served = await page.request.get(src!);
    expect(served.ok()).toBe(true);
    expect(served.headers()["content-type"]).toMatch(/^image\//);
    await expect(found.getByRole("link", { name: `edit ${name}`, exact: true })).toHaveAttribute(
      "href",
      `/update-product/${productId}/update`,
    );
    await expect(found.getByRole("link", { name: `delete ${name}`, exact: true })).toBeVisible();
    // the new category is one of the shop's categories now
    await page.goto(`/product/${productId}/details`);
    await expect(page.getByRole("main")).toContainText(category);
  });

  test("admin deletes a product from the search results: a dialog with JavaScript, a confirmation page without", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const product = await productViaApi(request, tag);
    await signInAsAdmin(page);
    const search = `/products?search=${tag}`;
    await page.goto(search);
    await expect(card(page, product.name)).toHaveCount(1);
    // the dialog is rendered once the page is hydrated
    await expect(page.locator("dialog")).toHaveCount(javaScriptEnabled ? 1 : 0);
    const deleteLink = card(page, product.name).getByRole("link", { name: `delete ${product.name}`, exact: true });
    await expect(deleteLink).toHaveAttribute(
      "href",
      `/delete-product/${product.id}?back=${encodeURIComponent(search)}`,
    );

    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog", { name: `Delete ${product.name}?` });
      await deleteLink.click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(search);
      await expect(card(page, product.name)).toHaveCount(1);

      await deleteLink.click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    } else {
      await deleteLink.click();
      await expect(page).toHaveURL(`/delete-product/${product.id}?back=${encodeURIComponent(search)}`);
      const main = page.getByRole("main");
      await expect(
        main.getByRole("heading", { level: 1, name: `Delete ${product.name} (${product.brand})?` }),
      ).toBeVisible();
      await expect(main.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", search);
      await main.getByRole("button", { name: "Delete", exact: true }).click();
    }
    await expect(toast(page, "Product deleted")).toBeVisible();
    await expect(page).toHaveURL(search);
    await expect(card(page, product.name)).toHaveCount(0);
    await expect(page.getByRole("main").getByText("No products found").first()).toBeVisible();
    expect((await request.get(`/api/v1/products/product/${product.id}/product`)).status()).toBe(404);
  });
});
