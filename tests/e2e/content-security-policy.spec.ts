import { expect, test, type Page } from "@playwright/test";
import { imageFile, productViaApi, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { inCart, signedInShopper, plenty } from "./checkout-helpers";
import { ORDERS_SHOP } from "./orders-shop";

// Every main page under the shop's Content-Security-Policy: not one violation, whatever the page loads or runs (the
// slider, the zoom dialog, the image modal, fetchers, the checkout form). Runs against the orders shop, whose admin
// account exists (docs/decisions/0016-security-headers-and-logs.md).

test.use({ baseURL: ORDERS_SHOP });

/** Collects every CSP violation the page reports: the DOM event, and the console's "Content Security Policy" errors. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|securitypolicyviolation/i.test(message.text())) {
      violations.push(`${page.url()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => violations.push(`${page.url()}: uncaught ${error.message}`));
  // injected by the browser's debugging protocol, which the page's own policy does not govern
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `securitypolicyviolation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

/**
 * Opens a page, checks that it came with a nonce policy, and lets it settle: with JavaScript until the network is idle
 * (hydration, lazy route modules, fetchers), without until it has loaded (nothing runs or loads after that).
 */
async function visit(page: Page, path: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  const policy = response!.headers()["content-security-policy"] ?? "";
  expect(policy, path).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
  expect(policy, path).toContain("frame-ancestors 'none'");
  await page.waitForLoadState(javaScriptEnabled ? "networkidle" : "load");
}

test("the shop's pages run under their Content-Security-Policy without a single violation", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);

  // a visitor: home (the hero slider), the listing, a product (and its zoom dialog), login, register
  await visit(page, "/", javaScriptEnabled);
  await visit(page, "/products", javaScriptEnabled);
  await visit(page, "/products?q=mouse&sort=price-asc", javaScriptEnabled);
  const product = plenty[0]!;
  await visit(page, `/product/${product.id}/details`, javaScriptEnabled);
  if (javaScriptEnabled) {
    await page.getByRole("link", { name: /Enlarge the picture of/ }).click();
    // the dialog element has no box of its own (its panel is position: fixed): its picture is what shows
    await expect(page.getByRole("dialog").getByRole("img")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
  await visit(page, "/login", javaScriptEnabled);
  await visit(page, "/register", javaScriptEnabled);
  await visit(page, "/no-such-page", javaScriptEnabled);

  // a shopper: cart, checkout (test payments), profile
  const shopper = await signedInShopper(page);
  await inCart(page, product, 1);
  await visit(page, `/user/${shopper.id}/my-cart`, javaScriptEnabled);
  if (javaScriptEnabled) {
    await page
      .getByRole("button", { name: /Increase/i })
      .first()
      .click();
    await page.waitForLoadState("networkidle");
  }
  await visit(page, `/checkout/${shopper.id}/checkout`, javaScriptEnabled);
  await visit(page, `/user-profile/${shopper.id}/profile`, javaScriptEnabled);

  // an admin: the product pages with the image modal, the tables
  const admin = await browser.newContext({ baseURL: ORDERS_SHOP, javaScriptEnabled });
  const adminPage = await admin.newPage();
  const adminViolations = await watchViolations(adminPage);
  await signInAsAdmin(adminPage);
  const made = await productViaApi(adminPage.request, uniqueTag(testInfo), {
    files: [await imageFile("csp.png", { r: 40, g: 120, b: 200 })],
  });
  await visit(adminPage, "/add-product", javaScriptEnabled);
  await visit(adminPage, `/update-product/${made.id}/update`, javaScriptEnabled);
  await visit(adminPage, `/update-product/${made.id}/update?image=new`, javaScriptEnabled);
  if (javaScriptEnabled) {
    await adminPage
      .locator('input[type="file"]')
      .first()
      .setInputFiles(await imageFile("preview.png", { r: 1, g: 2, b: 3 }));
    await adminPage.waitForTimeout(300); // the preview (a blob: URL) renders
  }
  await visit(adminPage, "/admin/products", javaScriptEnabled);
  await visit(adminPage, "/admin/orders", javaScriptEnabled);
  await visit(adminPage, "/admin/refunds", javaScriptEnabled);
  await visit(adminPage, `/product/${made.id}/details`, javaScriptEnabled);
  await admin.close();

  expect([...violations, ...adminViolations]).toEqual([]);
});
