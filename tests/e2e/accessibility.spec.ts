import type { Page } from "@playwright/test";
import { imageFile, productViaApi, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { expect, settled, test, type AxeReport } from "./axe";
import { checkoutUi, inCart, pay, pick, signedInShopper } from "./checkout-helpers";
import { pathOf } from "./account-helpers";
import { waitForMail } from "./mailbox";
import { ORDERS_SHOP } from "./orders-shop";
import { brands, products } from "./shop";

/**
 * WCAG 2.2 AA (decision 0025): axe-core finds no serious or critical violation on any screen, at 360 and 1280 px, with
 * JavaScript on and off (the two projects). One test per kind of visitor visits each of its screens once per width
 * (a sign-in per test, not per screen), and lists every violation it met when it fails. The shopper buys, so the
 * tests run against the orders shop (see ./orders-shop.ts), with products of their own (checkout-helpers' slot 20).
 * A screen is loaded once and checked at each width in turn (the window resized, as a phone turned or a window
 * narrowed), not loaded once per width: the layout is the stylesheet's, drawn again at each size.
 */
test.use({ baseURL: ORDERS_SHOP });
test.describe.configure({ timeout: 120_000 });

const WIDTHS = [360, 1280] as const;

/** A product with several pictures (the details page's gallery and thumbnails). */
const pictured = products.find((p) => p.imageCount > 2 && p.inventory > 0)!;
/** The listing with filters applied: a search, a ticked brand, a price range, in stock only. */
const brand = brands[0]!;

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 640 ? 740 : 900 });
}

/**
 * Opens a screen, waits for its heading (and, with JavaScript, for hydration) and runs axe on it at each width, ending
 * at the widest.
 */
function screens(page: Page, javaScriptEnabled: boolean, report: AxeReport) {
  return {
    async visit(url: string, screen: string, heading?: string | RegExp) {
      await page.goto(url);
      for (const width of WIDTHS) {
        await atWidth(page, width);
        await check(screen, heading);
      }
    },
    /** the page as it stands (after a click or a post), at the width it has */
    check,
  };
  async function check(screen: string, heading?: string | RegExp) {
    const h1 = page.getByRole("heading", { level: 1, ...(heading ? { name: heading } : {}) });
    await expect(h1.first()).toBeVisible();
    await settled(page, javaScriptEnabled);
    await report.check(screen);
  }
}

test("visitor's screens have no serious or critical axe violations", async ({ page, javaScriptEnabled, axe }) => {
  // a real reset link, for the form's own state (an unknown one has a state of its own)
  const email = `axe.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const created = await page.request.post("/api/v1/users/add", {
    data: { firstName: "Ada", lastName: "Axe", email, password: "correct horse battery", addressList: [] },
  });
  expect(created.status()).toBe(201);
  const asked = new Date();
  expect((await page.request.post("/api/v1/auth/forgot-password", { data: { email } })).status()).toBe(202);
  const resetLink = (await waitForMail({ to: email, kind: "password-reset", after: asked })).links.find(
    (link) => new URL(link).pathname === "/reset-password",
  )!;

  const { visit, check } = screens(page, javaScriptEnabled, axe);
  await visit("/", "home", "Welcome to GearHub");
  await visit(
    `/products?search=gaming&brand=${encodeURIComponent(brand)}&minPrice=1&maxPrice=2000&inStock=true`,
    "listing with filters",
  );
  // the brand counts are drawn (their contrast is part of the check)
  await expect(
    page
      .getByRole("main")
      .getByText(/^\(\d+\)$/)
      .first(),
  ).toBeVisible();
  // on a phone the filters are behind the "Filters" disclosure: opened, and checked again with them drawn
  await atWidth(page, WIDTHS[0]);
  await page.getByRole("complementary", { name: "Filters" }).locator("summary").click();
  await check("listing with filters opened");
  await visit("/products", "listing");
  await visit(`/product/${pictured.id}/details`, "product details", pictured.name);
  await visit("/login", "login");
  await visit("/register", "register");
  await visit("/forgot-password", "forgot password");
  await visit("/withdraw", "withdraw from contract", "Withdraw from contract here");
  await visit(pathOf(resetLink), "reset password", "Choose a new password");
  await visit("/reset-password?token=not-a-real-token", "reset password, unknown link");
  await visit("/confirm-email?token=not-a-real-token", "confirm e-mail, unknown link");
  await visit("/no-such-page-here", "404");
  await visit("/unauthorized", "unauthorized");
  axe.expectNone();
});

test("shopper's screens have no serious or critical axe violations", async ({
  page,
  javaScriptEnabled,
  axe,
}, testInfo) => {
  const user = await signedInShopper(page);
  const product = pick(testInfo, 20);
  const { visit, check } = screens(page, javaScriptEnabled, axe);

  await visit(`/user/${user.id}/my-cart`, "empty cart", "My Cart");
  await visit(`/user-profile/${user.id}/profile`, "profile, no orders");
  await visit(`/user-profile/${user.id}/settings`, "settings");

  await inCart(page, product, 2);
  await visit(`/product/${product.id}/details`, "product details, signed in", product.name);
  await visit(`/user/${user.id}/my-cart`, "cart with items", "My Cart");
  await visit(`/checkout/${user.id}/checkout`, "checkout (test payments)");
  // pay once, on a phone: with JavaScript the page thanks the shopper, then (like without) goes to the order's page
  await atWidth(page, WIDTHS[0]);
  await pay(page, "4242424242424242");
  if (javaScriptEnabled) {
    await check("payment done", "Thank you!");
    await page.getByRole("link", { name: "See my order now" }).click();
  }
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const orderPage = new URL(page.url()).pathname;
  await check("order page (flash message)");
  await visit(orderPage, "order page");
  await visit(`${orderPage}?confirm=cancel`, "order page, confirming the cancel");
  await visit(`${orderPage}/invoice`, "the order's invoice");
  await visit(`/user-profile/${user.id}/profile`, "profile, orders history");
  await expect(checkoutUi(page).payNow).toHaveCount(0);
  axe.expectNone();
});

test("admin's screens have no serious or critical axe violations", async ({
  page,
  javaScriptEnabled,
  axe,
}, testInfo) => {
  const made = await productViaApi(page.request, uniqueTag(testInfo), {
    files: [await imageFile("axe.png", { r: 40, g: 90, b: 160 })],
  });
  await signInAsAdmin(page);
  // a message of the test's own, so the Sent mail list has one to open
  const to = `axe.${uniqueTag(testInfo)}@example.com`;
  const sent = await page.request.post("/admin/mail", { form: { intent: "test", to } });
  expect(sent.ok()).toBe(true);
  const { visit } = screens(page, javaScriptEnabled, axe);

  await visit("/admin/products", "admin products", "Products");
  await visit("/add-product", "add product", "Add New Product");
  await visit(`/update-product/${made.id}/update`, "update product");
  await visit("/admin/catalogue", "brands and categories");
  await visit("/admin/orders", "admin orders", "Orders");
  await visit("/admin/refunds", "admin refunds", "Refunds");
  await visit("/admin/withdrawals", "admin withdrawals", "Withdrawals");
  await visit("/admin/reviews", "admin reviews", "Reviews");
  await visit("/admin/shipping", "admin shipping", "Shipping");
  await visit("/admin/tax", "admin tax", "Tax");
  await visit("/admin/seller", "admin seller details", "Seller details");
  await visit("/admin/mail", "sent mail", "Sent mail");
  const message = page.getByRole("main").getByTestId("mail-row").filter({ hasText: to }).getByRole("link").first();
  await visit(new URL(await message.evaluate((a) => (a as HTMLAnchorElement).href)).pathname, "a sent message");
  axe.expectNone();
});

test("the check finds what it looks for: a picture without a text and grey on white", async ({
  page,
  javaScriptEnabled,
  axe,
}) => {
  test.skip(!javaScriptEnabled, "the check itself, once");
  await page.setContent(
    '<html lang="en"><body><main><h1>Probe</h1><img src="/no.png"><p style="color:#eee;background:#fff">faint</p></main></body></html>',
  );
  await axe.check("probe");
  expect(() => axe.expectNone()).toThrow(/image-alt[\s\S]*color-contrast|color-contrast[\s\S]*image-alt/);
});
