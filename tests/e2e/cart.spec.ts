import { expect, test } from "@playwright/test";
import {
  badge,
  cartUi,
  checkoutUi,
  expectCart,
  inCart,
  openCart,
  openDetails,
  orderTotal,
  pick,
  scarce,
  shownStock,
  signedInShopper,
} from "./checkout-helpers";
import { ORDERS_SHOP, toast } from "./orders-shop";
import { price, type Product } from "./shop";

/**
 * The cart, with and without JavaScript: adding from the details page, changing quantities, removing lines, and a
 * visitor asked to log in. These tests fill carts and read the stock, so they run against the orders shop (see
 * ./orders-shop.ts); each test and each project uses products of its own (pick in ./checkout-helpers.ts), so that
 * parallel tests and the js / no-js runs never share a product whose stock one of them changes or reads.
 */
test.use({ baseURL: ORDERS_SHOP });

test.describe("cart", () => {
  test("shopper adds to the cart from the details page: a toast each time and the badge counts the pieces", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const product = pick(testInfo, 0);
    const user = await signedInShopper(page);
    const ui = await openDetails(page, product, javaScriptEnabled);
    await expect(badge(page)).toHaveText("0");

    await ui.addToCart.click();
    await expect(toast(page, `${product.name} added to cart`)).toBeVisible();
    await expect(badge(page)).toHaveText("1");
    await expect(page).toHaveURL(`/product/${product.id}/details`);

    await openDetails(page, product, javaScriptEnabled);
    await ui.increase.click();
    await expect(ui.quantity).toHaveValue("2");
    await ui.addToCart.click();
    await expect(toast(page, `2 × ${product.name} added to cart`)).toBeVisible();
    await expect(badge(page)).toHaveText("3");
    await expect(page.getByRole("link", { name: "Cart, 3 items" })).toHaveAttribute("href", `/user/${user.id}/my-cart`);

    // more than the stock (as the page shows it) with what is already in the cart: refused under the buttons
    await openDetails(page, product, javaScriptEnabled, "?qty=100000");
    const stock = await shownStock(page);
    await expect(ui.quantity).toHaveValue(String(stock));
    await ui.addToCart.click();
    const refusal = `Only ${stock} of ${product.name} are in stock. You already have 3 in your cart.`;
    // without JavaScript the page comes back at its top: the refusal is said in the banner there, with a link down
    // to the form (docs/decisions/0034-shopper-walk-fixes.md)
    await expect(ui.alert).toHaveText(javaScriptEnabled ? refusal : `${refusal}Go to Add to cart`);
    await expect(badge(page)).toHaveText("3");

    await page.getByRole("link", { name: "Cart, 3 items" }).click();
    await expect(page).toHaveURL(`/user/${user.id}/my-cart`);
    await expect(cartUi(page).lines).toHaveCount(1);
    await expect(cartUi(page).line(product)).toContainText(product.brand);
    await expectCart(page, [[product, 3]]);
  });

  test("shopper changes quantities on the cart page: line totals, cart total and badge follow", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const few = pick(testInfo, 0, scarce);
    const other = pick(testInfo, 1);
    const user = await signedInShopper(page);
    await inCart(page, few, few.inventory - 1);
    await inCart(page, other, 1);
    const cart = await openCart(page, user.id, javaScriptEnabled);
    await expect(cart.lines).toHaveCount(2);
    await expect(cart.line(other)).toContainText(other.brand);
    await expect(cart.line(other)).toContainText(price(other));
    await expectCart(page, [
      [few, few.inventory - 1],
      [other, 1],
    ]);
    await expect(cart.decrease(other)).toBeDisabled();

    if (javaScriptEnabled) {
      // optimistic: the page and the badge change at once, while the server has not answered yet
      let release!: () => void;
      const answered = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/user/${user.id}/my-cart*`, async (route) => {
        if (route.request().method() === "POST") await answered;
        await route.continue();
      });
      await cart.increase(few).click();
      await expectCart(page, [
        [few, few.inventory],
        [other, 1],
      ]);
      release();
      await page.unrouteAll({ behavior: "wait" });
    } else {
      await cart.increase(few).click();
    }
    await expectCart(page, [
      [few, few.inventory],
      [other, 1],
    ]);
    // at the stock: no further
    await expect(cart.increase(few)).toBeDisabled();
    await expect(cart.decrease(few)).toBeEnabled();

    await cart.increase(other).click();
    await expectCart(page, [
      [few, few.inventory],
      [other, 2],
    ]);
    await expect(cart.decrease(other)).toBeEnabled();
    await cart.decrease(few).click();
    const final: Array<[Product, number]> = [
      [few, few.inventory - 1],
      [other, 2],
    ];
    await expectCart(page, final);

    // the server kept it
    await openCart(page, user.id, javaScriptEnabled);
    await expectCart(page, final);

    await page.getByRole("main").getByRole("link", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(`/checkout/${user.id}/checkout`);
    await expect(checkoutUi(page).summary).toContainText(`Total Amount${orderTotal(...final)}`);
  });

  test("shopper removes lines until the cart is empty; checkout then says so too", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const first = pick(testInfo, 2);
    const second = pick(testInfo, 3);
    const user = await signedInShopper(page);
    await inCart(page, first, 2);
    await inCart(page, second, 1);
    const cart = await openCart(page, user.id, javaScriptEnabled);
    await expectCart(page, [
      [first, 2],
      [second, 1],
    ]);

    await cart.remove(first).click();
    await expect(toast(page, "Item removed from cart")).toBeVisible();
    await expect(cart.lines).toHaveCount(1);
    await expect(cart.line(second)).toBeVisible();
    await expectCart(page, [[second, 1]]);

    await cart.remove(second).click();
    await expect(cart.empty).toBeVisible();
    await expect(cart.lines).toHaveCount(0);
    await expect(badge(page)).toHaveText("0");
    await expect(page.getByRole("main").getByRole("link", { name: "Continue Shopping" })).toHaveAttribute(
      "href",
      "/products",
    );

    await openCart(page, user.id, javaScriptEnabled);
    await expect(cart.empty).toBeVisible();
    await page.goto(`/checkout/${user.id}/checkout`);
    await expect(page.getByRole("main").getByText("Your cart is empty", { exact: true })).toBeVisible();
    await expect(checkoutUi(page).payNow).toHaveCount(0);
  });

  test("visitor who adds to the cart is asked to log in, and the cart page sends them to log in", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const product = pick(testInfo, 8);
    const ui = await openDetails(page, product, javaScriptEnabled);
    await ui.addToCart.click();
    await expect(ui.alert).toContainText("You need to be logged in to add items to the cart.");
    await expect(ui.alert.getByRole("link", { name: "Log in" })).toHaveAttribute(
      "href",
      `/login?redirectTo=${encodeURIComponent(`/product/${product.id}/details`)}`,
    );
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
    await expect(badge(page)).toHaveCount(0);

    await page.goto("/user/1/my-cart");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%2F1%2Fmy-cart/);
  });

  test("the cart's thumbnails keep their 72 px at desktop width and on a phone", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const product = pick(testInfo, 8);
    const user = await signedInShopper(page);
    await inCart(page, product);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await openCart(page, user.id, javaScriptEnabled);
      const picture = page.getByTestId("cart-line").locator("picture, img").first();
      const box = await picture.boundingBox();
      expect(box, `a thumbnail at ${width} px`).not.toBeNull();
      expect(box!.width, `thumbnail width at ${width} px`).toBeGreaterThanOrEqual(70);
      expect(box!.height, `thumbnail height at ${width} px`).toBeGreaterThanOrEqual(70);
    }
  });
});
