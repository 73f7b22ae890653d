import { expect, test, type Locator, type Page } from "@playwright/test";
import { settled } from "./axe";
import { pick, signedInShopper } from "./checkout-helpers";
import { ORDERS_SHOP } from "./orders-shop";

/**
 * A shopper with the keyboard alone (decision 0025, WCAG 2.1.1 and 2.4.7): from the home page to a placed order with
 * Tab, Shift+Tab, Enter and typing, with and without JavaScript. Every element the keyboard reaches on the way shows
 * that it has the focus (an outline, or the brand-coloured ring). The sign-in before the walk is set-up, through the
 * login form's post. It buys, so it runs against the orders shop with a product of its own (checkout-helpers' slot 21).
 */
test.use({ baseURL: ORDERS_SHOP });
test.describe.configure({ timeout: 90_000 });

/** the focus ring of app/tailwind.css (:focus-visible, ring-brand-500) */
const RING = "rgb(79, 107, 255)";

/** What the focused element is, and whether it shows the focus; "" when nothing but the page has it. */
async function focused(page: Page) {
  return page.evaluate((ring) => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return { name: "", visible: true };
    const style = getComputedStyle(element);
    // Tailwind's outline-none is a transparent outline (for forced-colours mode): not a visible one
    const outline =
      style.outlineStyle !== "none" &&
      parseFloat(style.outlineWidth) > 0 &&
      !/^(transparent|rgba\(.*, 0\))$/.test(style.outlineColor);
    const label = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
    return {
      name: `<${element.tagName.toLowerCase()}> ${label}`,
      visible: outline || style.boxShadow.includes(ring),
    };
  }, RING);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking at each stop that the focus shows; fails after
 * `max` presses.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  const unseen: string[] = [];
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const now = await focused(page);
    if (!now.visible) unseen.push(now.name);
    // a target that is not (yet) on the page, or a locator that finds several, fails here with its own error
    if (await target.evaluate((element) => element === document.activeElement, undefined, { timeout: 5_000 })) {
      expect(unseen, "elements that took the focus without showing it").toEqual([]);
      return;
    }
  }
  throw new Error(`${max} presses of ${back ? "Shift+Tab" : "Tab"} did not reach ${target}`);
}

test("shopper goes from the home page to a placed order with the keyboard alone", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const product = pick(testInfo, 21);
  const user = await signedInShopper(page);
  const main = page.getByRole("main");

  await page.goto("/");
  await settled(page, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to GearHub");

  // the first stop is a visible "Skip to content", which leads past the navigation
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  expect((await skip.boundingBox())!.width).toBeGreaterThan(20);
  expect((await focused(page)).visible).toBe(true);
  await page.keyboard.press("Enter");

  // search from the hero
  const search = page.getByRole("search", { name: "Search the shop" }).getByLabel("Search products", { exact: true });
  await tabTo(page, search, { max: 10 });
  await page.keyboard.type(product.name);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/products\?/);
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();

  // the product's card, then its page
  await tabTo(page, main.getByRole("link", { name: `Add to cart: ${product.name}`, exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/product/${product.id}/details`);
  await settled(page, javaScriptEnabled);
  const addToCart = main.getByRole("button", { name: "Add to cart" });
  await tabTo(page, addToCart);
  await page.keyboard.press("Enter");
  const cartLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Cart, 1 item$/ });
  await expect(cartLink).toBeVisible();

  // back up to the cart in the navigation bar
  await tabTo(page, cartLink, { back: true });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/user/${user.id}/my-cart`);
  await expect(main.getByRole("link", { name: product.name, exact: true })).toBeVisible();

  await tabTo(page, main.getByRole("link", { name: "Proceed to Checkout" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/checkout/${user.id}/checkout`);
  await settled(page, javaScriptEnabled);

  // the billing details come from the account; the card is typed in
  const expiry = `12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`;
  await tabTo(page, main.getByLabel("Card number"));
  await page.keyboard.type("4242424242424242");
  await tabTo(page, main.getByLabel("Expiry (MM / YY)"), { max: 3 });
  await page.keyboard.type(expiry);
  await tabTo(page, main.getByLabel("CVC"), { max: 3 });
  await page.keyboard.type("123");
  await tabTo(page, main.getByRole("button", { name: "Pay Now" }), { max: 10 });
  await page.keyboard.press("Enter");

  if (javaScriptEnabled) {
    await expect(main.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    await tabTo(page, main.getByRole("link", { name: "See my order now" }));
    await page.keyboard.press("Enter");
  }
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(main.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(main).toContainText(product.name);
});
