import { expect, test, type Page } from "@playwright/test";
import { price, products, stock } from "./shop";

/** A product with a few units and several pictures: the stepper reaches its stock in a few clicks. */
const scarce = products.find((p) => p.inventory >= 3 && p.inventory <= 5 && p.imageCount >= 2)!;
const soldOut = products.find((p) => p.inventory === 0)!;

/** Opens a details page; with JavaScript, waits until the quantity stepper is made of buttons (hydrated). */
async function openDetails(page: Page, url: string, javaScriptEnabled: boolean) {
  await page.goto(url);
  const stepper = page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Increase quantity" });
  await expect(stepper).toBeAttached();
  return {
    quantity: page.getByRole("spinbutton", { name: "Quantity" }),
    increase: stepper,
    decrease: page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Decrease quantity" }),
    addToCart: page.getByRole("button", { name: "Add to cart" }),
    buyNow: page.getByRole("button", { name: "Buy now" }),
  };
}

/** A stepper control that cannot be used: a disabled button with JavaScript, an aria-disabled link without. */
async function expectUnusable(control: ReturnType<Page["getByRole"]>, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(control).toBeDisabled();
  else await expect(control).toHaveAttribute("aria-disabled", "true");
}

async function expectUsable(control: ReturnType<Page["getByRole"]>, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(control).toBeEnabled();
  else await expect(control).toHaveAttribute("aria-disabled", "false");
}

test.describe("product details", () => {
  test("shopper sees the product's name, brand, price, description, rating and stock", async ({
    page,
    javaScriptEnabled,
  }) => {
    const ui = await openDetails(page, `/product/${scarce.id}/details`, javaScriptEnabled);
    await expect(page).toHaveTitle(`${scarce.name} by ${scarce.brand} | GearHub`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(scarce.name);
    await expect(main.getByText(scarce.brand).first()).toBeVisible();
    await expect(main.getByText(price(scarce), { exact: true })).toBeVisible();
    await expect(main.getByText(scarce.description)).toBeVisible();
    await expect(main.getByRole("link", { name: "No reviews yet" })).toBeVisible();
    await expect(main.getByText(stock(scarce), { exact: true })).toBeVisible();
    await expect(main.getByText(scarce.category, { exact: true }).last()).toBeVisible();
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: scarce.category })).toHaveAttribute(
      "href",
      `/products/category/${scarce.categoryId}/products`,
    );
    await expect(breadcrumb.getByRole("link", { name: "All Products" })).toHaveAttribute("href", "/products");
    await expect(ui.quantity).toHaveValue("1");
    await expect(ui.addToCart).toBeEnabled();
    await expect(ui.buyNow).toBeEnabled();
    await expect(page.getByRole("link", { name: `Enlarge the picture of ${scarce.name}` })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Show picture \d of / })).toHaveCount(scarce.imageCount);
  });

  test("shopper steps the quantity between 1 and the stock", async ({ page, javaScriptEnabled }) => {
    const ui = await openDetails(page, `/product/${scarce.id}/details`, javaScriptEnabled);
    await expect(ui.quantity).toHaveValue("1");
    await expectUnusable(ui.decrease, javaScriptEnabled);

    for (let n = 2; n <= scarce.inventory; n++) {
      await ui.increase.click();
      await expect(ui.quantity).toHaveValue(String(n));
      if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`\\?qty=${n}$`));
    }
    // at the stock: no further
    await expectUnusable(ui.increase, javaScriptEnabled);
    await expectUsable(ui.decrease, javaScriptEnabled);

    await ui.decrease.click();
    await expect(ui.quantity).toHaveValue(String(scarce.inventory - 1));
    await expectUsable(ui.increase, javaScriptEnabled);

    // a hand-written ?qty is kept within 1..stock
    await openDetails(page, `/product/${scarce.id}/details?qty=${scarce.inventory + 50}`, javaScriptEnabled);
    await expect(ui.quantity).toHaveValue(String(scarce.inventory));
    await expectUnusable(ui.increase, javaScriptEnabled);
    await openDetails(page, `/product/${scarce.id}/details?qty=-3`, javaScriptEnabled);
    await expect(ui.quantity).toHaveValue("1");
    await expectUnusable(ui.decrease, javaScriptEnabled);
  });

  test("shopper sees an out-of-stock product locked at quantity 0", async ({ page, javaScriptEnabled }) => {
    const ui = await openDetails(page, `/product/${soldOut.id}/details`, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(soldOut.name);
    await expect(page.getByRole("main").getByText("Out of stock", { exact: true })).toBeVisible();
    await expect(ui.quantity).toHaveValue("0");
    await expect(ui.quantity).toHaveAttribute("readonly", "");
    await expectUnusable(ui.increase, javaScriptEnabled);
    await expectUnusable(ui.decrease, javaScriptEnabled);
    await expect(ui.addToCart).toBeDisabled();
    await expect(ui.buyNow).toBeDisabled();
    // even asked for more in the URL
    await openDetails(page, `/product/${soldOut.id}/details?qty=4`, javaScriptEnabled);
    await expect(ui.quantity).toHaveValue("0");
  });

  test("visitor who adds to the cart is asked to log in", async ({ page, javaScriptEnabled }) => {
    const ui = await openDetails(page, `/product/${scarce.id}/details`, javaScriptEnabled);
    await ui.addToCart.click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("You need to be logged in to add items to the cart.");
    await expect(alert.getByRole("link", { name: "Log in" })).toHaveAttribute(
      "href",
      `/login?redirectTo=${encodeURIComponent(`/product/${scarce.id}/details`)}`,
    );
    await expect(page).toHaveURL(new RegExp(`/product/${scarce.id}/details`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(scarce.name);

    await page.getByRole("button", { name: "Buy now" }).click();
    await expect(alert).toContainText("You need to be logged in");
  });

  test("unknown product shows 'No product' with status 404", async ({ page }) => {
    const response = await page.goto("/product/99999/details");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No product");
    await expect(page.getByRole("main").getByRole("link", { name: "Browse all products" })).toHaveAttribute(
      "href",
      "/products",
    );
  });
});

test.describe("product pictures with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the zoom dialog needs JavaScript");

  test("shopper zooms the picture in a dialog and closes it with Escape, Close, a click or the wheel", async ({
    page,
  }) => {
    await openDetails(page, `/product/${scarce.id}/details`, true);
    const enlarge = page.getByRole("link", { name: `Enlarge the picture of ${scarce.name}` });
    // the dialog element itself has no box (its panel is position: fixed): its picture is what shows
    const dialog = page.getByRole("dialog", { name: `${scarce.name}, enlarged` });

    await enlarge.click();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(dialog.getByRole("img", { name: scarce.name })).toBeVisible();
    await expect(page).toHaveURL(`/product/${scarce.id}/details`);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    await enlarge.click();
    await expect(dialog.getByRole("img", { name: scarce.name })).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);

    await enlarge.click();
    await dialog.getByRole("img", { name: scarce.name }).click();
    await expect(dialog).toHaveCount(0);

    await enlarge.click();
    await dialog.getByRole("img", { name: scarce.name }).hover();
    await page.mouse.wheel(0, 200);
    await expect(dialog).toHaveCount(0);

    // another picture, then zoom on it
    const before = await enlarge.getAttribute("href");
    await page.getByRole("link", { name: `Show picture 2 of ${scarce.name}` }).click();
    await expect(page.getByRole("link", { name: `Show picture 2 of ${scarce.name}` })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(enlarge).not.toHaveAttribute("href", before!);
    const second = (await enlarge.getAttribute("href"))!;
    await enlarge.click();
    await expect(dialog.getByRole("img", { name: scarce.name })).toHaveAttribute("src", second);
  });
});

test.describe("product pictures without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "without JavaScript the large image is a plain link");

  test("shopper opens another picture and the full picture through the large image link", async ({ page }) => {
    await openDetails(page, `/product/${scarce.id}/details`, false);
    const enlarge = page.getByRole("link", { name: `Enlarge the picture of ${scarce.name}` });
    const first = await enlarge.getAttribute("href");

    await page.getByRole("link", { name: `Show picture 2 of ${scarce.name}` }).click();
    await expect(page).toHaveURL(/\?image=1$/);
    await expect(page.getByRole("link", { name: `Show picture 2 of ${scarce.name}` })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(enlarge).not.toHaveAttribute("href", first!);

    const href = (await enlarge.getAttribute("href"))!;
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^image\//);
    await enlarge.click();
    await expect(page).toHaveURL(href);
  });
});
