import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { price, products, type Product } from "./shop";

/**
 * Cart, checkout (test payments) and orders, with and without JavaScript. These tests buy, and so change the stock:
 * they run against their own shop (port 3101, its own database; see playwright.config.ts), never the one whose stock
 * the other specs check against the seed. Each test and each project uses its own products, so that parallel tests
 * and the js / no-js runs never share a product whose stock one of them changes or reads.
 */
test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_ORDERS_PORT ?? 3101}` });

// several page loads per test on 2 busy cores (and a 5 s wait after a payment with JavaScript)
test.describe.configure({ timeout: 60_000 });

const PASSWORD = "correct horse battery";
const ADDRESS = {
  street: "1 Checkout Lane",
  city: "Austin",
  state: "TX",
  country: "US",
  postalCode: "73301",
  addressType: "HOME",
};
const SUCCESS = "Payment successful! Your order has been placed.";

/** Products with plenty of stock, and a few with little (the cart's 'Increase' stops at the stock in a few clicks). */
const plenty = products.filter((p) => p.inventory >= 20);
const scarce = products.filter((p) => p.inventory >= 3 && p.inventory <= 6);

/**
 * The project's own product of a slot: slot n is plenty[2n] for "js" and plenty[2n + 1] for "no-js". Each test has
 * its own slots: 0 adding, 1 quantities (and scarce slot 0), 2–3 removing, 4–5 buying, 6 declined, 7 invalid card,
 * 8 visitor.
 */
function pick(testInfo: TestInfo, slot: number, pool: Product[] = plenty): Product {
  const product = pool[slot * 2 + (testInfo.project.name === "no-js" ? 1 : 0)];
  if (!product) throw new Error(`no product for slot ${slot} in a pool of ${pool.length}`);
  return product;
}

/** "$1,099.98" for n of a product; several (product, n) pairs add up. */
function amount(...lines: Array<[Product, number]>): string {
  return price({ priceCents: lines.reduce((sum, [product, n]) => sum + product.priceCents * n, 0) });
}

/** "1099.98", as the hidden cart-total has it. */
function plain(...lines: Array<[Product, number]>): string {
  return (lines.reduce((sum, [product, n]) => sum + product.priceCents * n, 0) / 100).toFixed(2);
}

function uniqueEmail() {
  return `buyer.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * A shopper registered through the API with one address and signed in on the page: the login form's own post,
 * through the page's request context (which shares the browser's cookies); the login form has its own tests.
 */
async function signedInShopper(page: Page) {
  const email = uniqueEmail();
  const created = await page.request.post("/api/v1/users/add", {
    data: { firstName: "Sam", lastName: "Buyer", email, password: PASSWORD, addressList: [ADDRESS] },
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { id: number } };
  const login = await page.request.post("/login", { form: { email, password: PASSWORD, redirectTo: "/" } });
  expect(login.ok()).toBe(true);
  expect(new URL(login.url()).pathname).toBe("/");
  return { id: data.id, email };
}

/** Puts n of a product in the signed-in shopper's cart, as the details page's 'Add to cart' does (no page load). */
async function inCart(page: Page, product: Product, quantity = 1) {
  const response = await page.request.post(`/product/${product.id}/details`, {
    form: { intent: "add", quantity: String(quantity) },
  });
  expect(response.ok()).toBe(true);
  expect(new URL(response.url()).pathname).toBe(`/product/${product.id}/details`);
}

/** Toasts are outside <main>: a success is a status, an error an alert. */
function toast(page: Page, message: string) {
  return page
    .locator("xpath=//*[(@role='status' or @role='alert') and not(ancestor::main)]")
    .getByText(message, { exact: true });
}

function badge(page: Page) {
  return page.getByRole("navigation", { name: "Main" }).getByTestId("cart-count");
}

/** Waits, with JavaScript, until a page with fetchers or a checkout form is hydrated (it then posts js=1). */
async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator('input[type="hidden"][name="js"]').first()).toBeAttached();
}

async function openDetails(page: Page, product: Product, javaScriptEnabled: boolean, query = "") {
  await page.goto(`/product/${product.id}/details${query}`);
  await expect(page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Increase quantity" })).toBeAttached();
  return {
    quantity: page.getByRole("spinbutton", { name: "Quantity" }),
    increase: page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Increase quantity" }),
    addToCart: page.getByRole("button", { name: "Add to cart" }),
    buyNow: page.getByRole("button", { name: "Buy now" }),
    alert: page.getByRole("main").getByRole("alert"),
  };
}

/** The stock the details page shows now ("57 in stock"). */
async function shownStock(page: Page): Promise<number> {
  const label = page.getByRole("main").getByText(/^\d+ in stock$/);
  return Number((await label.textContent())!.match(/^\d+/)![0]);
}

async function openCart(page: Page, userId: number, javaScriptEnabled: boolean) {
  await page.goto(`/user/${userId}/my-cart`);
  await expect(page.getByRole("heading", { level: 1, name: "My Cart" })).toBeVisible();
  if ((await page.getByTestId("cart-line").count()) > 0) await hydrated(page, javaScriptEnabled);
  return cartUi(page);
}

function cartUi(page: Page) {
  const main = page.getByRole("main");
  const line = (product: Product) =>
    main.getByTestId("cart-line").filter({ has: page.getByRole("link", { name: product.name, exact: true }) });
  return {
    lines: main.getByTestId("cart-line"),
    line,
    quantity: (product: Product) => line(product).getByTestId("line-quantity"),
    lineTotal: (product: Product) => line(product).getByTestId("line-total"),
    increase: (product: Product) =>
      main.getByRole("button", { name: `Increase quantity of ${product.name}`, exact: true }),
    decrease: (product: Product) =>
      main.getByRole("button", { name: `Decrease quantity of ${product.name}`, exact: true }),
    remove: (product: Product) => main.getByRole("button", { name: `Remove ${product.name}`, exact: true }),
    total: main.locator("p", { hasText: "Total:" }),
    totalValue: main.getByTestId("cart-total"),
    empty: main.getByText("Your cart is empty", { exact: true }),
  };
}

/** The cart shows these lines (product, quantity) with their totals, the cart total and the badge. */
async function expectCart(page: Page, lines: Array<[Product, number]>) {
  const cart = cartUi(page);
  for (const [product, n] of lines) {
    await expect(cart.quantity(product)).toHaveText(String(n));
    await expect(cart.lineTotal(product)).toHaveText(amount([product, n]));
  }
  await expect(cart.total).toContainText(`Total: ${amount(...lines)}`);
  await expect(cart.totalValue).toHaveText(plain(...lines));
  await expect(badge(page)).toHaveText(String(lines.reduce((sum, [, n]) => sum + n, 0)));
}

function checkoutUi(page: Page) {
  const main = page.getByRole("main");
  const summary = main.getByRole("complementary", { name: "Order summary" });
  return {
    summary,
    formError: summary.getByRole("alert"),
    cardNumber: main.getByLabel("Card number"),
    expiry: main.getByLabel("Expiry (MM / YY)"),
    cvc: main.getByLabel("CVC"),
    payNow: main.getByRole("button", { name: "Pay Now" }),
  };
}

/** A card expiry a few years ahead, "12 / 29". */
const FUTURE_EXPIRY = `12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`;

async function pay(page: Page, cardNumber: string) {
  const ui = checkoutUi(page);
  await ui.cardNumber.fill(cardNumber);
  await ui.expiry.fill(FUTURE_EXPIRY);
  await ui.cvc.fill("123");
  await ui.payNow.click();
}

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
    await expect(ui.alert).toHaveText(
      `Only ${stock} of ${product.name} are in stock. You already have 3 in your cart.`,
    );
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
    await expect(checkoutUi(page).summary).toContainText(`Total Amount${amount(...final)}`);
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
});

test.describe("checkout", () => {
  test("shopper buys now, pays with 4242 and finds the order in the Orders History; the cart is empty", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const inBasket = pick(testInfo, 4);
    const bought = pick(testInfo, 5);
    const user = await signedInShopper(page);
    await inCart(page, inBasket, 2);

    // 'Buy now' adds, then goes straight to the checkout
    const ui = await openDetails(page, bought, javaScriptEnabled);
    const stockBefore = await shownStock(page);
    await expect(badge(page)).toHaveText("2");
    await ui.buyNow.click();
    await expect(page).toHaveURL(`/checkout/${user.id}/checkout`);
    await expect(toast(page, `${bought.name} added to cart`)).toBeVisible();
    await expect(badge(page)).toHaveText("3");
    await hydrated(page, javaScriptEnabled);

    // billing details from the account and its first address
    const main = page.getByRole("main");
    await expect(main.getByLabel("First name")).toHaveValue("Sam");
    await expect(main.getByLabel("Last name")).toHaveValue("Buyer");
    await expect(main.getByLabel("Email")).toHaveValue(user.email);
    await expect(main.getByLabel("Street")).toHaveValue(ADDRESS.street);
    await expect(main.getByLabel("City")).toHaveValue(ADDRESS.city);
    await expect(main.getByLabel("State")).toHaveValue(ADDRESS.state);
    await expect(main.getByLabel("Country")).toHaveValue(ADDRESS.country);
    await expect(main.getByLabel("Postal code")).toHaveValue(ADDRESS.postalCode);
    await expect(main.getByText("Test mode:")).toBeVisible();

    const checkout = checkoutUi(page);
    await expect(checkout.summary.getByRole("heading", { name: "Order summary" })).toBeVisible();
    await expect(checkout.summary.getByRole("listitem")).toHaveCount(2);
    await expect(checkout.summary.getByRole("listitem").filter({ hasText: inBasket.name })).toContainText(
      `2 × ${price(inBasket)}${amount([inBasket, 2])}`,
    );
    await expect(checkout.summary.getByRole("listitem").filter({ hasText: bought.name })).toContainText(
      `1 × ${price(bought)}${price(bought)}`,
    );
    const total = amount([inBasket, 2], [bought, 1]);
    await expect(checkout.summary).toContainText(`Total Amount${total}`);

    await pay(page, "4242 4242 4242 4242");
    if (javaScriptEnabled) {
      await expect(main.getByRole("status")).toHaveText(SUCCESS);
      const shownAt = Date.now();
      await expect(toast(page, SUCCESS)).toBeVisible();
      // on to the account after 5 s
      await expect(page).toHaveURL(`/user-profile/${user.id}/profile`, { timeout: 15_000 });
      expect(Date.now() - shownAt).toBeGreaterThan(4_000);
    } else {
      await expect(page).toHaveURL(`/user-profile/${user.id}/profile`);
      await expect(toast(page, SUCCESS)).toBeVisible();
    }

    const history = main.getByRole("region", { name: "Orders History" });
    const order = history.getByTestId("order");
    await expect(order).toHaveCount(1);
    await expect(order).toContainText(/Order #\d+/);
    await expect(order).toContainText(`Total ${total}`);
    await expect(order).toContainText("PENDING");
    await expect(order.getByRole("columnheader")).toHaveText(["Item", "Name", "Brand", "Qty", "Price", "Total"]);
    await expect(order.locator("tbody tr")).toHaveCount(2);
    for (const [product, n] of [
      [inBasket, 2],
      [bought, 1],
    ] as Array<[Product, number]>) {
      const row = order.locator("tbody tr").filter({ hasText: product.name });
      await expect(row.getByRole("cell")).toHaveText([
        String(product.id),
        product.name,
        product.brand,
        String(n),
        price(product),
        amount([product, n]),
      ]);
    }
    await expect(badge(page)).toHaveText("0");

    await openCart(page, user.id, javaScriptEnabled);
    await expect(cartUi(page).empty).toBeVisible();
    // the stock went down by what was bought
    await openDetails(page, bought, javaScriptEnabled);
    expect(await shownStock(page)).toBe(stockBefore - 1);
  });

  test("a declined card says so by the button; nothing is ordered, the cart stays and can then be paid", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const product = pick(testInfo, 6);
    const user = await signedInShopper(page);
    await inCart(page, product, 2);
    await page.goto(`/checkout/${user.id}/checkout`);
    await hydrated(page, javaScriptEnabled);
    const checkout = checkoutUi(page);
    await expect(checkout.summary).toContainText(`Total Amount${amount([product, 2])}`);

    await pay(page, "4000 0000 0000 0002");
    await expect(checkout.formError).toHaveText("Your card was declined.");
    if (javaScriptEnabled) await expect(toast(page, "Your card was declined.")).toBeVisible();
    await expect(page).toHaveURL(`/checkout/${user.id}/checkout`);
    // without JavaScript the page comes back from the server: with the billing details, never the card's number
    if (!javaScriptEnabled) await expect(checkout.cardNumber).toHaveValue("");
    await expect(page.getByRole("main").getByLabel("Street")).toHaveValue(ADDRESS.street);
    await expect(badge(page)).toHaveText("2");

    await page.goto(`/user-profile/${user.id}/profile`);
    await expect(page.getByRole("main").getByText("No orders found at the moment")).toBeVisible();
    await openCart(page, user.id, javaScriptEnabled);
    await expectCart(page, [[product, 2]]);

    // the same cart can then be paid with a good card
    await page.getByRole("main").getByRole("link", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(`/checkout/${user.id}/checkout`);
    await hydrated(page, javaScriptEnabled);
    await pay(page, "4242 4242 4242 4242");
    if (javaScriptEnabled) {
      await expect(page.getByRole("main").getByRole("status")).toHaveText(SUCCESS);
      // no need to wait 5 s
      await page.getByRole("link", { name: "Go to my account now" }).click();
    }
    await expect(page).toHaveURL(`/user-profile/${user.id}/profile`);
    await expect(page.getByTestId("order")).toHaveCount(1);
    await expect(page.getByTestId("order")).toContainText(`Total ${amount([product, 2])}`);
    await expect(badge(page)).toHaveText("0");
  });

  test("an invalid card number is a field error; nothing is paid", async ({ page, javaScriptEnabled }, testInfo) => {
    const product = pick(testInfo, 7);
    const user = await signedInShopper(page);
    await inCart(page, product, 1);
    await page.goto(`/checkout/${user.id}/checkout`);
    await hydrated(page, javaScriptEnabled);
    const checkout = checkoutUi(page);

    await pay(page, "4242 4242 4242 4241");
    const error = page.getByRole("main").getByText("Your card number is invalid.", { exact: true });
    await expect(error).toBeVisible();
    await expect(checkout.cardNumber).toHaveAttribute("aria-invalid", "true");
    await expect(checkout.formError).toHaveText("");
    await expect(page).toHaveURL(`/checkout/${user.id}/checkout`);
    await expect(badge(page)).toHaveText("1");

    await page.goto(`/user-profile/${user.id}/profile`);
    await expect(page.getByRole("main").getByText("No orders found at the moment")).toBeVisible();
  });
});
