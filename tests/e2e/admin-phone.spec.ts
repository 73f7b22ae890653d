import { expect, type Page } from "@playwright/test";
import { mainNav, signInAsAdmin } from "./admin-helpers";
import { amount, pay, pick, test } from "./checkout-helpers";
import { ORDERS_SHOP } from "./orders-shop";
import { scrollWidth } from "./shop";

/**
 * The admin on a 360 px phone, with and without JavaScript: the navigation keeps the shopper's two rows (the admin
 * pages are one "Admin" menu, a native disclosure), and no admin page scrolls sideways; the tables an order and the
 * sent mail are shown in fit or scroll in their own box with their columns readable. The shopper's order uses
 * product slot 14 (see ./checkout-helpers.ts).
 */
test.use({ baseURL: ORDERS_SHOP, viewport: { width: 360, height: 740 } });

const ADMIN_PAGES = [
  { label: "Manage Shop", path: "/add-product", heading: "Add New Product" },
  { label: "Products", path: "/admin/products", heading: "Products" },
  { label: "Brands & categories", path: "/admin/catalogue", heading: "Brands & categories" },
  { label: "Orders", path: "/admin/orders", heading: "Orders" },
  { label: "Refunds", path: "/admin/refunds", heading: "Refunds" },
  { label: "Sent mail", path: "/admin/mail", heading: "Sent mail" },
];

async function navRows(page: Page) {
  const box = await mainNav(page).boundingBox();
  return box!.height;
}

test("the admin reaches every admin page from the Admin menu, and none scrolls sideways", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/products");
  // two rows of 40 px links and the bar's padding, as for a shopper (it was four rows)
  expect(await navRows(page)).toBeLessThan(110);
  await expect(mainNav(page).getByRole("link", { name: "Orders", exact: true })).toBeHidden();

  for (const target of ADMIN_PAGES) {
    const menu = mainNav(page).getByText("Admin", { exact: true });
    await menu.click();
    await mainNav(page).getByRole("link", { name: target.label, exact: true }).click();
    await expect(page).toHaveURL(target.path);
    await expect(page.getByRole("heading", { level: 1, name: target.heading, exact: true })).toBeVisible();
    // the menu closed behind the navigation, and the page fits the phone
    await expect(mainNav(page).getByRole("link", { name: target.label, exact: true })).toBeHidden();
    expect(await navRows(page)).toBeLessThan(110);
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(360);
  }

  // the products table folds brand and category under the name: edit and delete are on screen without scrolling
  await page.goto("/admin/products");
  const row = page.getByTestId("inventory-row").first();
  await expect(row).toContainText("Mice");
  const edit = row.getByRole("link", { name: /^edit / });
  await expect(edit).toBeInViewport({ ratio: 1 });
  await expect(row.getByRole("link", { name: /^delete / })).toBeInViewport({ ratio: 1 });
});

test("on a phone an order's lines show their quantity, price and total, and the mail list its recipients", async ({
  page,
  atCheckout,
  javaScriptEnabled,
}, testInfo) => {
  const product = pick(testInfo, 14);
  await atCheckout([product, 2]);
  await pay(page, "4242424242424242");
  if (javaScriptEnabled) await page.getByRole("link", { name: "See my order now" }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  // the line: name, "2 × $price" under it, the total beside it, all on screen
  const items = page.getByRole("group", { name: /^Items of order/ });
  const line = items.locator("tbody tr").filter({ hasText: product.name });
  await expect(line).toContainText(`2 × ${amount([product, 1])}`);
  await expect(line.getByText(amount([product, 2]), { exact: true })).toBeInViewport({ ratio: 1 });
  expect(await items.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);

  await signInAsAdmin(page);
  await page.goto("/admin/mail");
  // the receipt just sent: its recipient reads on one or two lines, not a letter a line
  const recipient = page.getByTestId("mail-row").first().getByRole("cell").nth(1);
  const box = (await recipient.boundingBox())!;
  expect(box.width).toBeGreaterThan(120);
  await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(360);
});
