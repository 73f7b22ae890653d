import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { CART_BEYOND_STOCK, CHECKOUT_BEYOND_STOCK } from "../../app/schemas/cart-constants";
import { ADMIN, apiToken, productViaApi, registeredShopper, signIn, uniqueTag } from "./admin-helpers";
import { openCart } from "./checkout-helpers";
import { ORDERS_SHOP, PASSWORD, toast } from "./orders-shop";
import { PAGE_SIZE, products } from "./shop";

/**
 * Nothing invites a shopper into a form that can only refuse (decision 0024). An out-of-stock card has a disabled 'Out
 * of stock' instead of the blue 'Add to cart' / 'Shop now'; a cart line the stock can no longer fill closes the
 * checkout (a disabled button saying why, and the checkout page sends the shopper back) and offers to reduce it.
 */

/** The home grid's products (one per name, the first added) and the listing's first page: seeded, never changed here. */
const distinct = products.filter(
  (p, i) => products.findIndex((q) => q.name.toLowerCase() === p.name.toLowerCase()) === i,
);

test.describe("out-of-stock cards", () => {
  test("the listing's out-of-stock card has a disabled 'Out of stock' instead of 'Add to cart'", async ({ page }) => {
    const soldOut = products.slice(0, PAGE_SIZE).find((p) => p.inventory === 0)!;
    const inStock = products.slice(0, PAGE_SIZE).find((p) => p.inventory > 0)!;
    await page.goto("/products");
    const main = page.getByRole("main");
    const card = main.getByRole("article").filter({ hasText: `${soldOut.name} - ` });
    await expect(card.getByRole("button", { name: `Out of stock: ${soldOut.name}` })).toBeDisabled();
    await expect(card.getByRole("link", { name: /Add to cart/ })).toHaveCount(0);
    await expect(main.getByRole("link", { name: `Add to cart: ${inStock.name}`, exact: true })).toHaveAttribute(
      "href",
      `/product/${inStock.id}/details`,
    );
  });

  test("the home grid's out-of-stock card has a disabled 'Out of stock' instead of 'Shop now'", async ({ page }) => {
    const soldOut = distinct.slice(0, PAGE_SIZE).find((p) => p.inventory === 0)!;
    await page.goto("/");
    const card = page
      .getByRole("region", { name: "Our products" })
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: soldOut.name, exact: true }) });
    await expect(card.getByRole("button", { name: `Out of stock: ${soldOut.name}` })).toBeDisabled();
    await expect(card.getByRole("link", { name: /Shop now/ })).toHaveCount(0);
  });
});

/** The admin's stock change of a product (through the API: the update form has its own tests). */
async function setStock(request: APIRequestContext, productId: number, inventory: number) {
  const headers = { Authorization: `Bearer ${await apiToken(request, ADMIN.email, ADMIN.password)}` };
  const current = await request.get(`/api/v1/products/product/${productId}/product`);
  const { data: product } = (await current.json()) as {
    data: { name: string; brand: string; price: number; description: string; category: { id: number } };
  };
  const updated = await request.put(`/api/v1/products/product/${productId}/update`, {
    headers,
    data: { ...product, inventory, category: { id: product.category.id } },
  });
  expect(updated.status(), await updated.text()).toBe(200);
}

/** Puts n of a product in the signed-in page's cart, as the details page's 'Add to cart' does. */
async function addToCart(page: Page, productId: number, quantity: number) {
  const response = await page.request.post(`/product/${productId}/details`, {
    form: { intent: "add", quantity: String(quantity) },
  });
  expect(response.ok()).toBe(true);
}

test.describe("a cart the stock cannot fill", () => {
  test.use({ baseURL: ORDERS_SHOP });

  test("shopper is kept from the checkout until the lines fit the stock, and can reduce or remove them", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const scarce = await productViaApi(request, `${tag}a`, { inventory: 5 });
    const gone = await productViaApi(request, `${tag}b`, { inventory: 5 });
    const shopper = await registeredShopper(request);
    await signIn(page, shopper.email, PASSWORD);
    await addToCart(page, scarce.id, 3);
    await addToCart(page, gone.id, 1);
    // meanwhile others bought them: 1 left of the first, none of the second
    await setStock(request, scarce.id, 1);
    await setStock(request, gone.id, 0);

    const cartUrl = `/user/${shopper.id}/my-cart`;
    await openCart(page, shopper.id, javaScriptEnabled);
    const main = page.getByRole("main");
    const line = (name: string) => main.getByTestId("cart-line").filter({ hasText: name });
    await expect(line(scarce.name).getByTestId("line-stock")).toContainText("Only 1 left in stock");
    await expect(line(gone.name).getByTestId("line-stock")).toHaveText("Out of stock: please remove it");
    const proceed = main.getByRole("button", { name: "Proceed to Checkout" });
    const checkoutLink = main.getByRole("link", { name: "Proceed to Checkout" });
    await expect(proceed).toBeDisabled();
    // the reason is the text under it (a disabled button takes no focus, so a description would not be reached)
    await expect(main.getByTestId("cart-blocked")).toHaveText(CART_BEYOND_STOCK);
    await expect(checkoutLink).toHaveCount(0);

    // the checkout page itself sends the shopper back, saying why
    await page.goto(`/checkout/${shopper.id}/checkout`);
    await expect(page).toHaveURL(cartUrl);
    await expect(toast(page, CHECKOUT_BEYOND_STOCK)).toBeVisible();
    await openCart(page, shopper.id, javaScriptEnabled);

    // reduce the first line to what is left: still closed while the second is there
    await main.getByRole("button", { name: `Reduce ${scarce.name} to 1` }).click();
    await expect(line(scarce.name).getByTestId("line-quantity")).toHaveText("1");
    await expect(line(scarce.name).getByTestId("line-stock")).toHaveCount(0);
    await expect(proceed).toBeDisabled();

    // with JavaScript the line goes at once, but the checkout opens only once the server has saved the removal
    // (its loader would otherwise still see the line and send the shopper back): the post is held here to see that
    // (a JavaScript post goes to the page's .data address)
    let release = () => {};
    if (javaScriptEnabled) {
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.replace(/\.data$/, "") === cartUrl,
        async (route) => {
          if (route.request().method() === "POST") await held;
          await route.fallback();
        },
      );
    }
    await main.getByRole("button", { name: `Remove ${gone.name}` }).click();
    await expect(line(gone.name)).toBeHidden();
    await expect(main.getByTestId("cart-blocked")).toHaveCount(0);
    if (javaScriptEnabled) {
      await expect(proceed).toBeDisabled();
      await expect(checkoutLink).toHaveCount(0);
      release();
      await page.unrouteAll({ behavior: "wait" });
    }
    await expect(checkoutLink).toBeVisible();
    await checkoutLink.click();
    await expect(page).toHaveURL(`/checkout/${shopper.id}/checkout`);
    await expect(page.getByRole("button", { name: "Pay Now" })).toBeVisible();

    // the server kept the reduced line
    await openCart(page, shopper.id, javaScriptEnabled);
    await expect(line(scarce.name).getByTestId("line-quantity")).toHaveText("1");
  });
});
