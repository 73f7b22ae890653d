import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiToken, orderViaApi, productViaApi, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { billingOnlyTotal, signedInShopper } from "./checkout-helpers";
import { ORDERS_SHOP, PASSWORD } from "./orders-shop";

/**
 * Invoices (docs/decisions/0042-invoices.md), with JavaScript and without: after a purchase the shopper opens the
 * invoice from the order page and finds its number and lines; the admin opens it from the orders page. Against the
 * orders shop (./orders-shop.ts).
 */
test.use({ baseURL: ORDERS_SHOP });

/** Buys two of the product as the shopper, through the API (the checkout page has its own tests); the order. */
function bought(request: APIRequestContext, shopper: { id: number; email: string }, productId: number) {
  return orderViaApi(request, shopper, productId, {
    quantity: 2,
    firstName: "Ivy",
    lastName: "Voice",
    street: "7 Ledger Row",
  });
}

test("the shopper opens the invoice from the order page; the admin from the orders page", async ({
  page,
  request,
  browser,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const product = await productViaApi(request, tag, { price: 12.5, inventory: 5 });
  const shopper = await signedInShopper(page);
  const order = await bought(request, shopper, product.id);
  expect(order.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);

  await page.goto(`/orders/${order.id}`);
  await page
    .getByRole("main")
    .getByRole("link", { name: `Invoice ${order.invoiceNumber}` })
    .click();
  await expect(page).toHaveURL(`/orders/${order.id}/invoice`);
  const invoice = page.getByTestId("business-document");
  await expect(invoice.getByRole("heading", { level: 1 })).toHaveText(`Invoice ${order.invoiceNumber}`);
  const lines = invoice.getByTestId("document-lines");
  await expect(lines.getByRole("row")).toHaveCount(2);
  await expect(lines.getByRole("row").nth(1)).toContainText(product.name);
  await expect(lines.getByRole("row").nth(1)).toContainText("$25.00");
  await expect(invoice.getByTestId("document-buyer")).toContainText("Ivy Voice");
  // the lines with the demo shop's shipping and sales tax to the billing address (checkout-helpers' billingOnlyTotal)
  await expect(invoice.getByTestId("document-total")).toHaveText(billingOnlyTotal([{ priceCents: 1250 }, 2]));
  // the shop's navigation is not printed
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner").first()).toBeHidden();
  await expect(invoice).toBeVisible();

  const context = await browser.newContext({
    baseURL: ORDERS_SHOP,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false,
  });
  try {
    const admin = await context.newPage();
    await signInAsAdmin(admin);
    await admin.goto("/admin/orders");
    await admin.getByRole("link", { name: `Invoice ${order.invoiceNumber} of order ${order.id}` }).click();
    await expect(admin).toHaveURL(`/orders/${order.id}/invoice`);
    await expect(admin.getByTestId("document-number")).toHaveText(order.invoiceNumber);
    await expect(admin.getByTestId("document-lines")).toContainText(product.name);
  } finally {
    await context.close();
  }
});

test("another shopper cannot open the invoice", async ({ page, request, browser }, testInfo) => {
  const product = await productViaApi(request, uniqueTag(testInfo), { price: 9, inventory: 5 });
  const owner = await signedInShopper(page);
  const order = await bought(request, owner, product.id);
  const context = await browser.newContext({ baseURL: ORDERS_SHOP });
  try {
    const stranger = await context.newPage();
    await signedInShopper(stranger);
    await stranger.goto(`/orders/${order.id}/invoice`);
    await expect(stranger).toHaveURL(
      new RegExp(`/unauthorized\\?from=${encodeURIComponent(`/orders/${order.id}/invoice`)}`),
    );
  } finally {
    await context.close();
  }
});

test("the admin sets the seller's details on a plain form; the next invoice carries them", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  await signInAsAdmin(page);
  await page.goto("/admin/seller");
  const main = page.getByRole("main");
  await main.getByLabel("Legal name").fill(`GearHub ${tag} GmbH`);
  await main.getByLabel("Address").fill("Hauptstr. 1\n10115 Berlin\nGermany");
  await main.getByLabel("Country").selectOption("DE");
  await main.getByLabel("VAT ID or tax number").fill("DE123456789");
  await main.getByLabel("E-mail").fill("billing@gearhub.example");
  await main.getByRole("button", { name: "Save seller details" }).click();
  await expect(page.getByText("Seller details saved")).toBeVisible();
  await expect(main.getByLabel("Legal name")).toHaveValue(`GearHub ${tag} GmbH`);
  await expect(main.getByLabel("Country")).toHaveValue("DE");

  const product = await productViaApi(request, tag, { price: 7, inventory: 5 });
  const shopper = await signedInShopper(page);
  const order = await bought(request, shopper, product.id);
  await page.goto(`/orders/${order.id}/invoice`);
  const seller = page.getByTestId("document-seller");
  // the other project (with or without JavaScript) may save its own name meanwhile: both save this address and number
  await expect(seller).toContainText(/GearHub \S+ GmbH/);
  await expect(seller).toContainText("10115 Berlin");
  await expect(seller).toContainText("DE123456789");
});

test("a cancelled order's credit note is on its page, for what was refunded", async ({ page, request }, testInfo) => {
  const product = await productViaApi(request, uniqueTag(testInfo), { price: 11, inventory: 5 });
  const shopper = await signedInShopper(page);
  const order = await bought(request, shopper, product.id);
  const headers = { Authorization: `Bearer ${await apiToken(request, shopper.email, PASSWORD)}` };
  const cancelled = await request.post(`/api/v1/orders/order/${order.id}/cancel`, { headers });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  await page.goto(`/orders/${order.id}`);
  await page.getByRole("main").getByRole("link", { name: "Credit note" }).click();
  await expect(page).toHaveURL(`/orders/${order.id}/credit-notes`);
  const note = page.getByTestId("business-document");
  await expect(note.getByRole("heading", { level: 1 })).toHaveText(/^Credit note \d{4}-\d{6}$/);
  await expect(note.getByText("Corrects invoice")).toBeVisible();
  await expect(note.getByText(order.invoiceNumber, { exact: true })).toBeVisible();
  // all of it: the lines, shipping and sales tax
  await expect(note.getByTestId("document-total")).toHaveText(`−${billingOnlyTotal([{ priceCents: 1100 }, 2])}`);
});
