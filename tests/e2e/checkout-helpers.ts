import { test as base, expect, type Page, type TestInfo } from "@playwright/test";
import { SEED_PRICING_SETTINGS, seedTaxRatesFor, seedZoneFor } from "../../app/server/seed/pricing";
import { priceOrder, type PricingDiscount } from "../../app/services/orders/pricing";
import { signIn } from "./admin-helpers";
import { PASSWORD, shopperAddress } from "./orders-shop";
import { price, products, type Product } from "./shop";

// The cart and checkout specs' helpers: each test's own products, a signed-in shopper, and the cart and checkout pages.

export const ADDRESS = shopperAddress("1 Checkout Lane");
export const SUCCESS = "Payment successful! Your order has been placed.";

/** Products with plenty of stock, and a few with little (the cart's 'Increase' stops at the stock in a few clicks). */
export const plenty = products.filter((p) => p.inventory >= 20);
export const scarce = products.filter((p) => p.inventory >= 3 && p.inventory <= 6);

/**
 * The project's own product of a slot: slot n is plenty[2n] with JavaScript and plenty[2n + 1] without. Each test has
 * its own slots (a test that buys changes its product's stock): cart.spec 0 adding, 1 quantities (and scarce slot 0),
 * 2–3 removing, 8 visitor; checkout.spec 4–5 buying, 6 declined, 7 invalid card; checkout-shipping.spec 9 shipping
 * (and, buying nothing, 'Save and ship here' while on its way), 10 another shopper's order; toasts.spec 11–12;
 * checkout-unsaved-address.spec 13 (pays nothing); admin-phone.spec 14; checkout.spec 15–16 a paid order being
 * placed; accessibility.spec 20; keyboard-walk.spec 21; discount-codes.spec 18; admin-shipping-tax.spec 22 (buys one);
 * reviews.spec 25 (a delivered order, reviewed) and 26 (no order). (content-security-policy.spec puts plenty[0] in a
 * cart and buys nothing.) `grep -rn "pick(" tests/e2e` lists them.
 */
export function pick(testInfo: TestInfo, slot: number, pool: Product[] = plenty): Product {
  const product = pool[slot * 2 + (testInfo.project.use.javaScriptEnabled === false ? 1 : 0)];
  if (!product) throw new Error(`no product for slot ${slot} in a pool of ${pool.length}`);
  return product;
}

/** "$1,099.98" for n of a product; several (product, n) pairs add up. */
export function amount(...lines: Array<[Product, number]>): string {
  return price({ priceCents: lines.reduce((sum, [product, n]) => sum + product.priceCents * n, 0) });
}

/** "1099.98", as the hidden cart-total has it. */
export function plain(...lines: Array<[Product, number]>): string {
  return (lines.reduce((sum, [product, n]) => sum + product.priceCents * n, 0) / 100).toFixed(2);
}

/**
 * The price of an order of these lines (with no code unless one is given) shipped to the specs' shoppers' address
 * (ADDRESS: Austin, TX) by the method the checkout preselects (the first of the address's zone): the shop's own pricing
 * function (priceOrder) on the demo shop's seeded settings, tax rates and zones (app/server/seed/pricing.ts). A line's
 * key is its place in `lines`.
 */
export function orderBreakdown(
  lines: Array<[Pick<Product, "priceCents">, number]>,
  {
    to = ADDRESS,
    discount = null,
  }: { to?: { country: string; state: string }; discount?: PricingDiscount | null } = {},
) {
  const method = seedZoneFor(to.country).methods[0]!;
  return priceOrder({
    lines: lines.map(([product, quantity], key) => ({
      key,
      productId: key,
      categoryId: null,
      unitCents: product.priceCents,
      quantity,
      weightGrams: null,
    })),
    discount,
    shipping: { methodId: 0, name: method.name, rate: method.rate, freeOverCents: method.freeOverCents },
    taxRates: seedTaxRatesFor(to.country, to.state),
    settings: SEED_PRICING_SETTINGS,
  });
}

/**
 * Where an order bought through the API's checkout with only a billing address goes (admin-helpers' orderViaApi and the
 * specs that post billing details the same way): that address, in the US with no state, so no state's sales tax.
 */
export const BILLING_ONLY = { country: "US", state: "" };

/** What an order of these lines costs in cents (orderBreakdown's total). */
export function orderTotalCents(
  lines: Array<[Pick<Product, "priceCents">, number]>,
  options?: Parameters<typeof orderBreakdown>[1],
): number {
  return orderBreakdown(lines, options).totalCents;
}

/** "$1,174.72": the order's total (orderTotalCents, to ADDRESS) as the checkout, the order and the e-mails show it. */
export function orderTotal(...lines: Array<[Pick<Product, "priceCents">, number]>): string {
  return price({ priceCents: orderTotalCents(lines) });
}

/** The same for an order bought through the API with only a billing address (BILLING_ONLY). */
export function billingOnlyTotal(...lines: Array<[Pick<Product, "priceCents">, number]>): string {
  return price({ priceCents: orderTotalCents(lines, { to: BILLING_ONLY }) });
}

function uniqueEmail() {
  return `buyer.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * A shopper registered through the API with one address and signed in on the page: the login form's own post,
 * through the page's request context (which shares the browser's cookies); the login form has its own tests.
 */
export async function signedInShopper(page: Page) {
  const email = uniqueEmail();
  const created = await page.request.post("/api/v1/users/add", {
    data: { firstName: "Sam", lastName: "Buyer", email, password: PASSWORD, addressList: [ADDRESS] },
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { id: number } };
  await signIn(page, email, PASSWORD);
  return { id: data.id, email };
}

/** Puts n of a product in the signed-in shopper's cart, as the details page's 'Add to cart' does (no page load). */
export async function inCart(page: Page, product: Product, quantity = 1) {
  const response = await page.request.post(`/product/${product.id}/details`, {
    form: { intent: "add", quantity: String(quantity) },
  });
  expect(response.ok()).toBe(true);
  expect(new URL(response.url()).pathname).toBe(`/product/${product.id}/details`);
}

export function badge(page: Page) {
  return page.getByRole("navigation", { name: "Main" }).getByTestId("cart-count");
}

/** Waits, with JavaScript, until a page with fetchers or a checkout form is hydrated (it then posts js=1). */
export async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator('input[type="hidden"][name="js"]').first()).toBeAttached();
}

export async function openDetails(page: Page, product: Product, javaScriptEnabled: boolean, query = "") {
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
export async function shownStock(page: Page): Promise<number> {
  const label = page.getByRole("main").getByText(/^\d+ in stock$/);
  return Number((await label.textContent())!.match(/^\d+/)![0]);
}

export async function openCart(page: Page, userId: number, javaScriptEnabled: boolean) {
  await page.goto(`/user/${userId}/my-cart`);
  await expect(page.getByRole("heading", { level: 1, name: "My Cart" })).toBeVisible();
  if ((await page.getByTestId("cart-line").count()) > 0) await hydrated(page, javaScriptEnabled);
  return cartUi(page);
}

export function cartUi(page: Page) {
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
export async function expectCart(page: Page, lines: Array<[Product, number]>) {
  const cart = cartUi(page);
  for (const [product, n] of lines) {
    await expect(cart.quantity(product)).toHaveText(String(n));
    await expect(cart.lineTotal(product)).toHaveText(amount([product, n]));
  }
  await expect(cart.total).toContainText(`Total: ${amount(...lines)}`);
  await expect(cart.totalValue).toHaveText(plain(...lines));
  await expect(badge(page)).toHaveText(String(lines.reduce((sum, [, n]) => sum + n, 0)));
}

export function checkoutUi(page: Page) {
  const main = page.getByRole("main");
  const summary = main.getByRole("complementary", { name: "Order summary" });
  return {
    summary,
    /** the billing fields (the page also has an "add a new shipping address" form with address fields) */
    billing: main.getByRole("group", { name: "Billing details" }),
    shipTo: summary.getByRole("group", { name: "Ship to" }),
    formError: summary.getByRole("alert"),
    cardNumber: main.getByLabel("Card number"),
    expiry: main.getByLabel("Expiry (MM / YY)"),
    cvc: main.getByLabel("CVC"),
    payNow: main.getByRole("button", { name: "Pay Now" }),
  };
}

/** A card expiry a few years ahead, "12 / 29". */
const FUTURE_EXPIRY = `12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`;

export async function pay(page: Page, cardNumber: string) {
  const ui = checkoutUi(page);
  await ui.cardNumber.fill(cardNumber);
  await ui.expiry.fill(FUTURE_EXPIRY);
  await ui.cvc.fill("123");
  await ui.payNow.click();
}

/** A signed-in shopper (signedInShopper) and the way to the checkout with a cart of the test's own products. */
export interface CheckoutFixtures {
  /** a new shopper with one address, signed in on the test's page */
  shopper: { id: number; email: string };
  /** puts the lines in the shopper's cart, opens the checkout (hydrated with JavaScript) and returns its controls */
  atCheckout: (...lines: Array<[Product, number]>) => Promise<ReturnType<typeof checkoutUi>>;
}

/**
 * The test of the specs that buy: `shopper` and `atCheckout` do the prelude several specs had repeated (register,
 * sign in, fill the cart, open the checkout, wait for hydration).
 */
export const test = base.extend<CheckoutFixtures>({
  shopper: async ({ page }, use) => {
    await use(await signedInShopper(page));
  },
  atCheckout: async ({ page, javaScriptEnabled, shopper }, use) => {
    await use(async (...lines) => {
      for (const [product, quantity] of lines) await inCart(page, product, quantity);
      await page.goto(`/checkout/${shopper.id}/checkout`);
      await hydrated(page, javaScriptEnabled);
      return checkoutUi(page);
    });
  },
});
