import { expect, test, type Locator, type Page } from "@playwright/test";
import { openDetails, pick, signedInShopper } from "./checkout-helpers";
import { notices, ORDERS_SHOP, toast } from "./orders-shop";
import { listing, type Product } from "./shop";

/**
 * Toasts (decision 0021): with JavaScript each closes after 5 s, even while the shopper keeps using the page, pauses
 * under the pointer or the keyboard focus, has a close button and never covers the navigation; without JavaScript
 * the message is a banner in the page's flow that the next page drops. These tests add to carts, so they run against
 * the orders shop with products of their own (slots 11 and 12 of pick in ./checkout-helpers.ts).
 *
 * The tests of the 5 s run the page on Playwright's clock (`page.clock`): time flows as it does, and the tests jump it
 * forward instead of waiting, and measure it as the page does (its `Date.now()`).
 */
test.use({ baseURL: ORDERS_SHOP });

const TOAST_MS = 5_000;

function nav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

function added(product: Product, quantity = 1) {
  return quantity === 1 ? `${product.name} added to cart` : `${quantity} × ${product.name} added to cart`;
}

/** Adds the details page's quantity to the cart and waits for the toast that says so. */
async function addToCart(page: Page, product: Product, quantity = 1) {
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, added(product, quantity))).toBeVisible();
}

function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Every shown notice's box stays clear of every link and button of the navigation bar. */
async function expectNavigationUncovered(page: Page) {
  const controls = await nav(page).locator("a, button").all();
  expect(controls.length).toBeGreaterThan(3);
  let checked = 0;
  for (const notice of await notices(page).all()) {
    const box = await notice.boundingBox();
    if (!box || box.width * box.height === 0) continue; // an empty live region
    checked++;
    for (const control of controls) {
      const target = (await control.boundingBox())!;
      expect(overlap(box, target), `a notice covers '${await control.innerText()}'`).toBe(false);
    }
  }
  expect(checked).toBeGreaterThan(0);
}

/** The page's own time (Playwright's clock, once installed). */
function pageNow(page: Page) {
  return page.evaluate(() => Date.now());
}

/** The page's time at which the message is gone, found by moving the page's clock on in steps of 100 ms. */
async function goneAt(page: Page, message: Locator): Promise<number> {
  for (let step = 0; step < 200; step++) {
    if ((await message.count()) === 0) return pageNow(page);
    await page.clock.fastForward(100);
  }
  throw new Error("the message never went");
}

/** The animations running on a toast's text and its containers (none means it does not move). */
function animations(message: Locator) {
  return message.evaluate((element) => {
    const names: string[] = [];
    for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
      const name = getComputedStyle(node).animationName;
      if (name !== "none") names.push(name);
    }
    return names;
  });
}

test.describe("toasts with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "toasts close by themselves only with JavaScript");

  test("each toast closes 5 seconds after it came, while others come and the shopper keeps browsing", async ({
    page,
  }, testInfo) => {
    const product = pick(testInfo, 11);
    await page.clock.install();
    await signedInShopper(page);
    const ui = await openDetails(page, product, true);
    await addToCart(page, product);
    const shown = await pageNow(page);
    const first = toast(page, added(product));

    // a second toast half-way through, then a search: re-renders that must not start the first one's 5 s over
    await page.clock.fastForward(TOAST_MS / 2);
    await ui.increase.click();
    await addToCart(page, product, 2);
    const secondShown = await pageNow(page);
    await nav(page).getByRole("link", { name: "All Products" }).click();
    await listing(page).search.pressSequentially("wireless", { delay: 50 });

    const closedAfter = (await goneAt(page, first)) - shown;
    expect(closedAfter).toBeGreaterThan(TOAST_MS - 500);
    expect(closedAfter).toBeLessThan(TOAST_MS + 1_500);
    // the second one has its own 5 s
    const second = toast(page, added(product, 2));
    await expect(second).toBeVisible();
    expect((await goneAt(page, second)) - secondShown).toBeGreaterThan(TOAST_MS - 500);
  });

  test("a toast waits while the pointer or the focus is on it, and its button closes it", async ({
    page,
  }, testInfo) => {
    const product = pick(testInfo, 11);
    await page.clock.install();
    await signedInShopper(page);
    const ui = await openDetails(page, product, true);

    await addToCart(page, product);
    const message = toast(page, added(product));
    await message.hover();
    await page.clock.fastForward(TOAST_MS + 1_500);
    await expect(message).toBeVisible();
    // away from it, it closes within what was left of its 5 s
    await page.mouse.move(5, 700);
    await page.clock.fastForward(TOAST_MS);
    await expect(message).toHaveCount(0);

    await ui.increase.click();
    await addToCart(page, product, 2);
    const second = toast(page, added(product, 2));
    const dismiss = page.getByRole("button", { name: "Dismiss notification" });
    await dismiss.focus();
    await page.clock.fastForward(TOAST_MS + 1_500);
    await expect(second).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(second).toHaveCount(0);

    await ui.increase.click();
    await addToCart(page, product, 3);
    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toast(page, added(product, 3))).toHaveCount(0);
  });

  test("toasts slide in, unless the shopper asked for reduced motion", async ({ page }, testInfo) => {
    const product = pick(testInfo, 12);
    await signedInShopper(page);
    const ui = await openDetails(page, product, true);

    await page.emulateMedia({ reducedMotion: "reduce" });
    await addToCart(page, product);
    expect(await animations(toast(page, added(product)))).toEqual([]);

    await page.emulateMedia({ reducedMotion: "no-preference" });
    await ui.increase.click();
    await addToCart(page, product, 2);
    expect(await animations(toast(page, added(product, 2)))).not.toEqual([]);
  });
});

for (const width of [360, 1280]) {
  test(`at ${width}px the message never covers the navigation, whose links still work`, async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 800 });
    const product = pick(testInfo, 12);
    await signedInShopper(page);
    const ui = await openDetails(page, product, javaScriptEnabled);

    await addToCart(page, product);
    if (javaScriptEnabled) {
      // toasts in a row: at most two stand, the oldest goes first
      await ui.increase.click();
      await addToCart(page, product, 2);
      await ui.increase.click();
      await addToCart(page, product, 3);
      await expect(notices(page).getByText(/ added to cart$/)).toHaveCount(2);
      await expect(toast(page, added(product))).toHaveCount(0);
    }
    await expectNavigationUncovered(page);

    // a tap on the navigation lands on the link, not on the message (no waiting for the message to go away)
    await nav(page).getByRole("link", { name: "All Products" }).click({ timeout: 2_000 });
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
  });
}

test.describe("the message without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the banner is what a page without JavaScript shows");

  test("is a banner in the page's flow, which the next page and its close link drop", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const product = pick(testInfo, 11);
    await signedInShopper(page);
    await openDetails(page, product, false);

    await addToCart(page, product);
    // in the flow: under the navigation bar, and the page's content under it
    const banner = notices(page).filter({ hasText: added(product) });
    await expect(banner).toHaveCount(1);
    const bannerBox = (await banner.boundingBox())!;
    const headerBox = (await page.locator("body > header").boundingBox())!;
    const mainBox = (await page.getByRole("main").boundingBox())!;
    expect(bannerBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1);
    expect(mainBox.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height - 1);

    // its close control is a link to the same page, which comes back without it (the flash was read once)
    await banner.getByRole("link", { name: "Dismiss notification" }).click();
    await expect(page).toHaveURL(`/product/${product.id}/details`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    await expect(toast(page, added(product))).toHaveCount(0);

    await addToCart(page, product);
    await nav(page).getByRole("link", { name: "All Products" }).click({ timeout: 2_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
    await expect(toast(page, added(product))).toHaveCount(0);
  });
});

test("the same page loaded again does not show the message again", async ({ page, javaScriptEnabled }, testInfo) => {
  const product = pick(testInfo, 12);
  await signedInShopper(page);
  await openDetails(page, product, javaScriptEnabled);
  await addToCart(page, product);

  await openDetails(page, product, javaScriptEnabled);
  // with JavaScript a toast of the loaded page shows once hydrated: give it the time to (not) appear
  if (javaScriptEnabled) await page.waitForTimeout(500);
  await expect(toast(page, added(product))).toHaveCount(0);
});
