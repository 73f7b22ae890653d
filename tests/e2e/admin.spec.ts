import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { seedCategories } from "../../app/server/seed/catalogue";

/**
 * The admin side: products (add with a new brand and category, images, price, delete), the product table's CSV
 * import, moving an order along, and who may open the admin pages. With and without JavaScript. These tests change
 * the catalogue and place orders, so they run against the orders shop (port 3101, its own database), and only ever
 * touch products they made themselves (unique names per test and project), never the seeded ones the checkout spec
 * buys.
 */
const ORIGIN = `http://127.0.0.1:${process.env.E2E_ORDERS_PORT ?? 3101}`;
test.use({ baseURL: ORIGIN });

// several page loads and uploads per test on 2 busy cores
test.describe.configure({ timeout: 60_000 });

/** The account the orders shop creates at start (playwright.config.ts sets ADMIN_EMAIL / ADMIN_PASSWORD). */
const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? "admin@gearhub.test",
  password: process.env.E2E_ADMIN_PASSWORD ?? "admin-password-e2e",
};
const PASSWORD = "correct horse battery";
const ADDRESS = {
  street: "1 Admin Lane",
  city: "Austin",
  state: "TX",
  country: "US",
  postalCode: "73301",
  addressType: "HOME",
};
/** A seeded category (by id for the API, by name for the CSV); the tests never change it. */
const SEEDED_CATEGORY = { id: 1, name: seedCategories[0]! };

/** A word no other test or project uses: letters and digits only, so the shop's search finds it as typed. */
function uniqueTag(testInfo: TestInfo) {
  const project = testInfo.project.name === "no-js" ? "nojs" : "js";
  return `${project}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A small image of one colour, as PNG or JPEG bytes. */
async function imageFile(name: string, colour: { r: number; g: number; b: number }, format: "png" | "jpeg" = "png") {
  const image = sharp({ create: { width: 320, height: 240, channels: 3, background: colour } });
  const buffer = format === "png" ? await image.png().toBuffer() : await image.jpeg().toBuffer();
  return { name, mimeType: format === "png" ? "image/png" : "image/jpeg", buffer };
}

/** Toasts are outside <main>: a success is a status, an error an alert. */
function toast(page: Page, message: string) {
  return page
    .locator("xpath=//*[(@role='status' or @role='alert') and not(ancestor::main)]")
    .getByText(message, { exact: true });
}

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/** Signs the page in with the login form's own post (through the page's request context, which shares its cookies). */
async function signIn(page: Page, email: string, password: string) {
  const login = await page.request.post("/login", { form: { email, password, redirectTo: "/" } });
  expect(login.ok()).toBe(true);
  expect(new URL(login.url()).pathname).toBe("/");
}

const signInAsAdmin = (page: Page) => signIn(page, ADMIN.email, ADMIN.password);

/** A ROLE_USER registered through the API (with one address, so they can pay). */
async function registeredShopper(request: APIRequestContext) {
  const email = `shopper.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await request.post("/api/v1/users/add", {
    data: { firstName: "Sam", lastName: "Shopper", email, password: PASSWORD, addressList: [ADDRESS] },
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { id: number } };
  return { id: data.id, email };
}

async function apiToken(request: APIRequestContext, email: string, password: string) {
  const response = await request.post("/api/v1/auth/login", { data: { email, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

interface MadeProduct {
  id: number;
  name: string;
  brand: string;
  images: Array<{ id: number; fileName: string }>;
}

/**
 * A product of the test's own, made through the admin API (fast; adding one through the pages has its own test),
 * with one image per file.
 */
async function productViaApi(
  request: APIRequestContext,
  tag: string,
  { price = 42.5, inventory = 10, files = [] as Awaited<ReturnType<typeof imageFile>>[] } = {},
): Promise<MadeProduct> {
  const token = await apiToken(request, ADMIN.email, ADMIN.password);
  const headers = { Authorization: `Bearer ${token}` };
  const name = `Admin Kit ${tag}`;
  const brand = `Brand${tag}`;
  const added = await request.post("/api/v1/products/add", {
    headers,
    data: {
      name,
      brand,
      price,
      inventory,
      description: `A product of the admin tests (${tag}).`,
      category: { id: SEEDED_CATEGORY.id },
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { data: product } = (await added.json()) as { data: { id: number } };
  const images: MadeProduct["images"] = [];
  for (const file of files) {
    // Playwright's multipart body has a boundary with capitals, as browsers send it (the API keeps its case)
    const uploaded = await request.post("/api/v1/images/upload", {
      headers,
      multipart: {
        productId: String(product.id),
        files: { name: file.name, mimeType: file.mimeType, buffer: file.buffer },
      },
    });
    const answer = await uploaded.text();
    expect(uploaded.status(), answer).toBe(201);
    const { data } = JSON.parse(answer) as { data: Array<{ id: number; fileName: string }> };
    images.push(...data.map(({ id, fileName }) => ({ id, fileName })));
  }
  return { id: product.id, name, brand, images };
}

/**
 * With JavaScript, waits until React has hydrated the page's main content (its forms then post by fetch and their
 * onSubmit checks run): hydration attaches React's props to the server-rendered elements.
 */
async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await page.waitForFunction(() => {
    const element = document.querySelector("main form, main a");
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps$"));
  });
}

async function open(page: Page, url: string, javaScriptEnabled: boolean) {
  await page.goto(url);
  await hydrated(page, javaScriptEnabled);
}

function imageRows(page: Page) {
  return page.getByRole("main").getByTestId("product-image-row");
}

function card(page: Page, name: string) {
  return page
    .getByRole("main")
    .getByRole("article")
    .filter({ has: page.getByRole("link", { name: `Add to cart: ${name}`, exact: true }) });
}

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
    await main.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products\\?q=${tag}`));
    const rows = main.getByTestId("inventory-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.getByRole("cell")).toHaveText([
      String(product.id),
      product.name,
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
});

test.describe("admin: product table", () => {
  test("a CSV import with an error line lists the error and imports nothing; a good file imports", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const header = "id,name,brand,category,price,inventory,description";
    const line = (name: string, price: string, inventory: string) =>
      `,Csv ${name} ${tag},Brand${tag},${SEEDED_CATEGORY.name},${price},${inventory},Imported by the admin test ${tag}`;
    await signInAsAdmin(page);
    await open(page, "/admin/products", javaScriptEnabled);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/admin/products.csv");
    const csvInput = main.getByLabel("CSV file");

    const bad = [header, line("Alpha", "19.99", "12"), line("Beta", "not a price", "3")].join("\n");
    await csvInput.setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    await main.getByRole("button", { name: "Import" }).click();
    const alert = main.getByRole("alert");
    await expect(alert).toContainText("1 line has errors; nothing was imported.");
    await expect(alert.getByRole("listitem")).toHaveCount(1);
    await expect(alert.getByRole("listitem")).toHaveText("line 3: Price must be a number");
    // not even the good line
    await open(page, `/admin/products?q=${tag}`, javaScriptEnabled);
    await expect(main.getByTestId("inventory-row")).toHaveCount(0);
    await expect(main.getByText("No products found")).toBeVisible();

    const good = [header, line("Alpha", "19.99", "12"), line("Beta", "7.50", "3")].join("\n");
    await csvInput.setInputFiles({ name: "good.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    await main.getByRole("button", { name: "Import" }).click();
    await expect(toast(page, "Imported: 2 added, 0 updated.")).toBeVisible();
    await expect(main.getByRole("alert")).toHaveCount(0);
    await open(page, `/admin/products?q=${tag}`, javaScriptEnabled);
    const rows = main.getByTestId("inventory-row");
    await expect(rows).toHaveCount(2);
    await expect(
      rows
        .filter({ hasText: `Csv Alpha ${tag}` })
        .getByRole("cell")
        .nth(4),
    ).toHaveText("$19.99");
    await expect(
      rows
        .filter({ hasText: `Csv Beta ${tag}` })
        .getByRole("cell")
        .nth(4),
    ).toHaveText("$7.50");
    // Beta (3 in stock) is in the low-stock view, Alpha (12) is not
    await main.getByLabel("Low stock only (5 or fewer)").check();
    await main.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/lowStock=true/);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`Csv Beta ${tag}`);

    // the same name and brand again: updated, not added; the export has the new values
    const again = [header, line("Alpha", "21.00", "40")].join("\n");
    await csvInput.setInputFiles({ name: "again.csv", mimeType: "text/csv", buffer: Buffer.from(again) });
    await main.getByRole("button", { name: "Import" }).click();
    await expect(toast(page, "Imported: 0 added, 1 updated.")).toBeVisible();
    const exported = await page.request.get("/admin/products.csv");
    expect(exported.ok()).toBe(true);
    expect(await exported.text()).toMatch(
      new RegExp(`^\\d+,Csv Alpha ${tag},Brand${tag},${SEEDED_CATEGORY.name},21\\.00,40,`, "m"),
    );
  });
});

test.describe("admin: orders", () => {
  test("admin moves a shopper's order to SHIPPED, and the shopper sees SHIPPED", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const product = await productViaApi(request, tag, { price: 15, inventory: 5 });

    // the shopper buys it through the API
    const shopper = await registeredShopper(request);
    const token = await apiToken(request, shopper.email, PASSWORD);
    const headers = { Authorization: `Bearer ${token}` };
    expect(
      (
        await request.post("/api/v1/cartItems/item/add", { headers, data: { productId: product.id, quantity: 1 } })
      ).ok(),
    ).toBe(true);
    const intent = await request.post("/api/v1/orders/create-payment-intent", { headers, data: {} });
    expect(intent.ok()).toBe(true);
    const paymentIntentId = ((await intent.json()) as { data: { paymentIntentId: string } }).data.paymentIntentId;
    const paid = await request.post("/api/v1/payments/test/confirm", {
      headers,
      data: { paymentIntentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    expect(((await paid.json()) as { data: { status: string } }).data.status).toBe("succeeded");
    const placed = await request.post(`/api/v1/orders/user/${shopper.id}/place-order`, {
      headers,
      data: { paymentIntentId },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = ((await placed.json()) as { data: { id: number } }).data.id;

    await signInAsAdmin(page);
    await page.goto("/");
    await mainNav(page).getByRole("link", { name: "Orders", exact: true }).click();
    await expect(page).toHaveURL("/admin/orders");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await hydrated(page, javaScriptEnabled);
    const order = main.getByTestId("admin-order").filter({ hasText: shopper.email });
    await expect(order).toHaveCount(1);
    await expect(order).toContainText(`Order #${orderId}`);
    await expect(order).toContainText(product.name);
    await expect(order.getByText("PENDING", { exact: true })).toBeVisible();

    if (javaScriptEnabled) {
      // 'Cancel order' asks first; saying no leaves the order as it is
      let asked = "";
      page.once("dialog", (dialog) => {
        asked = dialog.message();
        void dialog.dismiss();
      });
      await order.getByRole("button", { name: `Cancel order: order ${orderId}`, exact: true }).click();
      await expect.poll(() => asked).toBe(`Cancel order ${orderId}? The stock goes back and the payment is refunded.`);
      await expect(order.getByText("PENDING", { exact: true })).toBeVisible();
    }

    await order.getByRole("button", { name: `Start processing: order ${orderId}`, exact: true }).click();
    await expect(toast(page, `Order ${orderId} is now PROCESSING.`)).toBeVisible();
    await expect(order.getByText("PROCESSING", { exact: true })).toBeVisible();
    await order.getByRole("button", { name: `Mark shipped: order ${orderId}`, exact: true }).click();
    await expect(toast(page, `Order ${orderId} is now SHIPPED.`)).toBeVisible();
    await expect(order.getByText("SHIPPED", { exact: true })).toBeVisible();
    // a shipped order can only be delivered now, no longer cancelled
    await expect(order.getByRole("button", { name: `Mark delivered: order ${orderId}`, exact: true })).toBeVisible();
    await expect(order.getByRole("button", { name: `Cancel order: order ${orderId}`, exact: true })).toHaveCount(0);

    // the status filter finds it among the shipped ones
    await main.getByLabel("Status").selectOption("SHIPPED");
    await main.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?status=SHIPPED/);
    await expect(order.getByText("SHIPPED", { exact: true })).toBeVisible();
    await expect(main.getByTestId("admin-order").getByText(/^(PENDING|PROCESSING|DELIVERED|CANCELLED)$/)).toHaveCount(
      0,
    );

    // the shopper's Orders History says SHIPPED
    await page.context().clearCookies();
    await signIn(page, shopper.email, PASSWORD);
    await page.goto(`/user-profile/${shopper.id}/profile`);
    const history = page.getByRole("main").getByRole("region", { name: "Orders History" }).getByTestId("order");
    await expect(history).toHaveCount(1);
    await expect(history).toContainText(`Order #${orderId}`);
    await expect(history.getByText("SHIPPED", { exact: true })).toBeVisible();
  });
});

test.describe("admin: access", () => {
  test("a ROLE_USER is sent to /unauthorized and sees no admin links; a visitor is sent to log in", async ({
    page,
    request,
  }) => {
    for (const path of ["/add-product", "/admin/orders", "/update-product/1/update"]) {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
    }

    const shopper = await registeredShopper(request);
    await signIn(page, shopper.email, PASSWORD);
    for (const path of ["/add-product", "/admin/orders", "/update-product/1/update", "/admin/products"]) {
      await page.goto(path);
      await expect(page).toHaveURL(`/unauthorized?from=${encodeURIComponent(path)}`);
      await expect(
        page.getByRole("heading", { name: "Unauthorized: You do not have permission to access this page." }),
      ).toBeVisible();
    }
    await expect(mainNav(page).getByRole("link", { name: "My Account" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Manage Shop" })).toHaveCount(0);
    await expect(mainNav(page).getByRole("link", { name: "Orders", exact: true })).toHaveCount(0);
    // nor edit / delete on the cards
    await page.goto("/products");
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: /^Add to cart: / })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /^(edit|delete) / })).toHaveCount(0);
    // the admin export is refused too
    const exported = await page.request.get("/admin/products.csv", { maxRedirects: 0 });
    expect(exported.status()).toBe(302);
    expect(exported.headers()["location"]).toMatch(/^\/unauthorized/);
  });
});
