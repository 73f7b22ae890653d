import { expect, test } from "@playwright/test";
import { card, imageFile, imageRows, mainNav, open, productViaApi, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { ORDERS_SHOP, toast } from "./orders-shop";

/**
 * The admin edits a product: its price, replacing and removing its images, and an upload without a file. With and
 * without JavaScript, against the orders shop (see ./orders-shop.ts), on products of the test's own only (see
 * ./admin-helpers.ts).
 */
test.use({ baseURL: ORDERS_SHOP });

test.describe("admin: products", () => {
  test("admin changes the price, replaces one image and removes another", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const product = await productViaApi(request, tag, {
      price: 42.5,
      files: [
        await imageFile("one.png", { r: 10, g: 160, b: 10 }),
        await imageFile("two.png", { r: 160, g: 160, b: 10 }),
      ],
    });
    await signInAsAdmin(page);

    // from the product table's search to its update page
    await page.goto("/");
    await mainNav(page).getByRole("link", { name: "Products", exact: true }).click();
    await expect(page).toHaveURL("/admin/products");
    const main = page.getByRole("main");
    await main.getByLabel("Search name or brand").fill(tag);
    // with JavaScript the search applies after a pause in typing; without, "Show"
    if (!javaScriptEnabled) await main.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products\\?q=${tag}`));
    const rows = main.getByTestId("inventory-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.getByRole("cell")).toHaveText([
      String(product.id),
      // the name cell also holds the id, brand and category line a phone shows instead of their columns
      new RegExp(`^${product.name}`),
      product.brand,
      /.+/,
      "$42.50",
      "10",
      /edit\s*delete/,
    ]);
    await rows.getByRole("link", { name: `edit ${product.name}`, exact: true }).click();
    await expect(page).toHaveURL(`/update-product/${product.id}/update`);
    await expect(main.getByRole("heading", { level: 1, name: "Update Product" })).toBeVisible();
    await expect(main.getByLabel("Price ($)")).toHaveValue("42.50");
    await expect(main.getByRole("combobox", { name: "Brand", exact: true }).locator("option:checked")).toHaveText(
      product.brand,
    );
    await expect(main.getByLabel("Add New Brand (optional: replaces the choice above)")).toHaveCount(
      javaScriptEnabled ? 0 : 1,
    );

    // price
    await main.getByLabel("Price ($)").fill("99.5");
    await main.getByRole("button", { name: "Update product" }).click();
    await expect(toast(page, "Product updated")).toBeVisible();
    // with JavaScript the form keeps what was typed; loaded afresh it shows the saved price
    await expect(main.getByLabel("Price ($)")).toHaveValue(javaScriptEnabled ? /^99\.50?$/ : "99.50");
    await open(page, `/update-product/${product.id}/update`, javaScriptEnabled);
    await expect(main.getByLabel("Price ($)")).toHaveValue("99.50");
    await expect(main.getByLabel("Name", { exact: true })).toHaveValue(product.name);

    // replace the first image: the same row, a new version in its address
    const [first, second] = product.images;
    await expect(imageRows(page)).toHaveCount(2);
    const firstRow = imageRows(page).filter({
      has: page.getByRole("link", { name: `edit image ${first!.fileName}`, exact: true }),
    });
    const srcBefore = await firstRow.getByRole("img").getAttribute("src");
    const secondSrc = await imageRows(page).nth(1).getByRole("img").getAttribute("src");
    await firstRow.getByRole("link", { name: `edit image ${first!.fileName}`, exact: true }).click();
    await expect(page).toHaveURL(`/update-product/${product.id}/update?image=${first!.id}`);
    const dialog = page.getByRole("dialog", { name: "Update Product Image" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Replaces ${first!.fileName}.`);
    await expect(dialog.getByRole("link", { name: "Close" })).toBeVisible();
    await dialog
      .getByLabel("Image", { exact: true })
      .setInputFiles(await imageFile("one-new.png", { r: 250, g: 120, b: 0 }));
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Image updated")).toBeVisible();
    await expect(page).toHaveURL(`/update-product/${product.id}/update`);
    await expect(dialog).toHaveCount(0);
    await expect(imageRows(page)).toHaveCount(2);
    const replaced = imageRows(page).nth(0).getByRole("img");
    await expect(replaced).not.toHaveAttribute("src", srcBefore!);
    expect((await replaced.getAttribute("src"))!.split("?")[0]).toBe(srcBefore!.split("?")[0]);
    await expect(imageRows(page).nth(1).getByRole("img")).toHaveAttribute("src", secondSrc!);

    // remove the second
    await main.getByRole("button", { name: `remove image ${second!.fileName}`, exact: true }).click();
    await expect(toast(page, "Image deleted")).toBeVisible();
    await expect(imageRows(page)).toHaveCount(1);
    await expect(main.getByRole("button", { name: `remove image ${second!.fileName}`, exact: true })).toHaveCount(0);

    // the shop shows the new price, and the replaced picture first
    await page.goto(`/products?search=${tag}`);
    await expect(card(page, product.name)).toContainText("$99.50");
    const shown = new URL(
      (await card(page, product.name).locator(`img[alt="${product.name}"]`).getAttribute("src"))!,
      page.url(),
    );
    const before = new URL(srcBefore!, page.url());
    expect(shown.pathname).toBe(before.pathname);
    expect(shown.searchParams.get("v")).not.toBe(before.searchParams.get("v"));
    await page.goto(`/product/${product.id}/details`);
    await expect(page.getByRole("main").getByText("$99.50", { exact: true }).first()).toBeVisible();
  });

  test("an upload without a file says 'Please select an image.'", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const product = await productViaApi(request, tag);
    await signInAsAdmin(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });

    // step 2 of 'Add New Product'
    await open(page, `/add-product?step=2&productId=${product.id}`, javaScriptEnabled);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Upload Product Image" })).toBeVisible();
    await main.getByRole("button", { name: "Upload" }).click();
    await expect(main.getByText("Please select an image.", { exact: true })).toBeVisible();
    await expect(main.getByLabel("Images")).toHaveAccessibleDescription("Please select an image.");
    // with JavaScript the page says so before any request
    expect(posts).toHaveLength(javaScriptEnabled ? 0 : 1);
    await main.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL("/add-product");
    await expect(main.getByRole("heading", { level: 1, name: "Add New Product" })).toBeVisible();

    // 'Add Image' on the update page
    posts.length = 0;
    await open(page, `/update-product/${product.id}/update`, javaScriptEnabled);
    await expect(main.getByText("No images yet.")).toBeVisible();
    await main.getByRole("link", { name: "Add Image" }).click();
    await expect(page).toHaveURL(`/update-product/${product.id}/update?image=new`);
    const dialog = page.getByRole("dialog", { name: "Add Product Image" });
    await dialog.getByRole("button", { name: "Upload Image" }).click();
    await expect(dialog.getByText("Please select an image.", { exact: true })).toBeVisible();
    expect(posts).toHaveLength(javaScriptEnabled ? 0 : 1);
    // and with a file it is added
    await dialog.getByLabel("Images").setInputFiles(await imageFile("added.png", { r: 90, g: 20, b: 140 }));
    await dialog.getByRole("button", { name: "Upload Image" }).click();
    await expect(toast(page, "Image uploaded")).toBeVisible();
    await expect(imageRows(page)).toHaveCount(1);
    await expect(imageRows(page)).toContainText("added.png");
  });

  test("an image over 5 MB is refused in the form that sent it, and nothing is stored", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const product = await productViaApi(request, uniqueTag(testInfo));
    await signInAsAdmin(page);
    await open(page, `/update-product/${product.id}/update?image=new`, javaScriptEnabled);
    const dialog = page.getByRole("dialog", { name: "Add Product Image" });
    const huge = { name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024, 7) };
    await dialog.getByLabel("Images").setInputFiles(huge);
    await dialog.getByRole("button", { name: "Upload Image" }).click();
    await expect(dialog.getByText("A file is larger than 5 MB.", { exact: true })).toBeVisible();
    await open(page, `/update-product/${product.id}/update`, javaScriptEnabled);
    await expect(page.getByRole("main").getByText("No images yet.")).toBeVisible();
  });
});
