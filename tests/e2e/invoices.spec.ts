import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiToken, productViaApi, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { signedInShopper } from "./checkout-helpers";
import { ORDERS_SHOP, PASSWORD } from "./orders-shop";

/**
 * Invoices (docs/decisions/0042-invoices.md), with JavaScript and without: after a purchase the shopper opens the
 * invoice from the order page and finds its number and lines; the admin opens it from the orders page. Against the
 * orders shop (./orders-shop.ts).
 */
test.use({ baseURL: ORDERS_SHOP });

/** Buys two of the product as the shopper, through the API (the checkout page has its own tests); the order. */
async function bought(request: APIRequestContext, shopper: { id: number; email: string }, productId: number) {
  const headers = { Authorization: `Bearer ${await apiToken(request, shopper.email, PASSWORD)}` };
  const added = await request.post("/api/v1/cartItems/item/add", { headers, data: { productId, quantity: 2 } });
  expect(added.ok(), await added.text()).toBe(true);
  const card = { cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };
  const billing = { firstName: "Ivy", lastName: "Voice", email: shopper.email, street: "7 Ledger Row", city: "Austin" };
  const paid = await request.post(`/api/v1/orders/user/${shopper.id}/checkout`, {
    headers,
    data: { billing: { ...billing, country: "US", postalCode: "78701" }, card },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return ((await paid.json()) as { data: { order: { id: number; invoiceNumber: string } } }).data.order;
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
  await expect(invoice.getByTestId("document-total")).toHaveText("$25.00");
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
