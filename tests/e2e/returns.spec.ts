import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN, apiToken, orderViaApi, productViaApi, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { refundOfUnits } from "../../app/services/orders/pricing";
import { BILLING_ONLY, orderBreakdown, signedInShopper } from "./checkout-helpers";
import { notices, ORDERS_SHOP } from "./orders-shop";
import { price } from "./shop";

/**
 * Returns (docs/decisions/0044-returns.md), with JavaScript and without: a shopper with a delivered order asks to
 * return a piece from the order page; the admin approves it, marks it received (back on sale) and refunds it; the
 * credit note opens. Against the orders shop (./orders-shop.ts), with products of its own (as after-sale.spec.ts and
 * invoices.spec.ts do), so no slot of checkout-helpers' pick() is taken.
 */
test.use({ baseURL: ORDERS_SHOP });

/** Buys two of the product as the shopper through the API, and has the admin deliver it; the order's id. */
async function delivered(request: APIRequestContext, shopper: { id: number; email: string }, productId: number) {
  const { id: orderId } = await orderViaApi(request, shopper, productId, {
    quantity: 2,
    firstName: "Rita",
    lastName: "Turn",
    street: "3 Return Rd",
  });
  const boss = { Authorization: `Bearer ${await apiToken(request, ADMIN.email, ADMIN.password)}` };
  for (const status of ["PROCESSING", "SHIPPED", "DELIVERED"]) {
    const moved = await request.put(`/api/v1/orders/order/${orderId}/status`, { headers: boss, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  return orderId;
}

test("a shopper returns a delivered piece; the admin approves, receives and refunds it; the credit note opens", async ({
  page,
  request,
  browser,
}, testInfo) => {
  const product = await productViaApi(request, uniqueTag(testInfo), { price: 18, inventory: 5 });
  const shopper = await signedInShopper(page);
  const orderId = await delivered(request, shopper, product.id);

  await page.goto(`/orders/${orderId}`);
  const main = page.getByRole("main");
  // delivered: no cancel, "Return items" instead
  await expect(main.getByRole("link", { name: "Cancel order" })).toHaveCount(0);
  await main.getByRole("link", { name: "Return items" }).click();
  await expect(page).toHaveURL(`/orders/${orderId}/return`);
  await main.getByRole("spinbutton").fill("1");
  await main.getByLabel("Reason").selectOption({ label: "It arrived damaged or faulty" });
  await main.getByLabel("Note (optional)").fill("The cable is frayed");
  await main.getByRole("button", { name: "Request return" }).click();
  await expect(page).toHaveURL(`/orders/${orderId}`);
  await expect(notices(page).getByText(/^We received your return request R-\d{6}\.$/)).toBeVisible();
  const listed = main.getByTestId("order-return");
  await expect(listed).toContainText("Requested");
  const number = /R-\d{6}/.exec((await listed.textContent()) ?? "")![0];

  // the printable slip
  await listed.getByRole("link", { name: "Return slip" }).click();
  await expect(page.getByTestId("slip-return-number")).toHaveText(number);
  await expect(page.getByRole("main")).toContainText(`#${orderId}`);

  const context = await browser.newContext({
    baseURL: ORDERS_SHOP,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false,
  });
  try {
    const admin = await context.newPage();
    await signInAsAdmin(admin);
    await admin.goto("/admin/returns?status=requested");
    await admin.getByRole("link", { name: `Return ${number}` }).click();
    const status = admin.getByTestId("return-status");
    await expect(status).toHaveText("Requested");
    await admin.getByLabel(/Message to the shopper/).fill("Please use the slip");
    await admin.getByRole("button", { name: "Approve" }).click();
    await expect(notices(admin).getByText(`Return ${number} is approved.`)).toBeVisible();
    await expect(status).toHaveText("Approved: send it back");
    await admin.getByRole("button", { name: "Mark received" }).click();
    await expect(notices(admin).getByText(`Return ${number} is received.`)).toBeVisible();
    await expect(status).toHaveText("Received");
    await admin.getByRole("button", { name: "Refund", exact: true }).click();
    // one of the two pieces: its price and its share of the demo shop's sales tax, none for the order's address
    // (checkout-helpers' orderBreakdown)
    const priced = orderBreakdown([[{ priceCents: 1800 }, 2]], { to: BILLING_ONLY });
    const refund = price({ priceCents: refundOfUnits(priced.lines[0]!, 0, 1) });
    await expect(notices(admin).getByText(`Return ${number}: ${refund} was refunded.`)).toBeVisible();
    await expect(status).toHaveText("Refunded");
    await admin.getByRole("link", { name: /^Credit note / }).click();
    await expect(admin).toHaveURL(`/orders/${orderId}/credit-notes`);
    await expect(admin.getByTestId("business-document").first()).toBeVisible();
    // it credits the returned piece, not the order's two
    await expect(admin.getByTestId("document-totals").first()).toContainText(/Subtotal\s*−\$18\.00/);
    await expect(admin.getByTestId("document-total").first()).toHaveText(`−${refund}`);
  } finally {
    await context.close();
  }

  // the piece is back on sale, and the shopper reads the return as refunded
  const stock = await request.get(`/api/v1/products/product/${product.id}/product`);
  expect(((await stock.json()) as { data: { inventory: number } }).data.inventory).toBe(4);
  await page.goto(`/orders/${orderId}`);
  await expect(main.getByTestId("order-return-status")).toHaveText("Refunded");
  await expect(main.getByTestId("order-return").getByRole("link", { name: /^Credit note / })).toBeVisible();
});

test("the admin closes an approved return without refund, telling the shopper why", async ({
  page,
  request,
  browser,
}, testInfo) => {
  const product = await productViaApi(request, uniqueTag(testInfo), { price: 12, inventory: 5 });
  const shopper = await signedInShopper(page);
  const orderId = await delivered(request, shopper, product.id);
  await page.goto(`/orders/${orderId}/return`);
  const main = page.getByRole("main");
  await main.getByRole("spinbutton").fill("1");
  await main.getByLabel("Reason").selectOption({ label: "I changed my mind" });
  await main.getByRole("button", { name: "Request return" }).click();
  await expect(page).toHaveURL(`/orders/${orderId}`);
  const listed = main.getByTestId("order-return");
  const number = /R-\d{6}/.exec((await listed.textContent()) ?? "")![0];

  const context = await browser.newContext({
    baseURL: ORDERS_SHOP,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false,
  });
  try {
    const admin = await context.newPage();
    await signInAsAdmin(admin);
    await admin.goto("/admin/returns?status=requested");
    await admin.getByRole("link", { name: `Return ${number}` }).click();
    const status = admin.getByTestId("return-status");
    await admin.getByRole("button", { name: "Approve" }).click();
    await expect(status).toHaveText("Approved: send it back");
    // no reason: refused with the field's words, nothing changes
    await admin.getByRole("button", { name: "Close without refund" }).click();
    await expect(notices(admin).getByText("Tell the shopper why the return is closed without a refund")).toBeVisible();
    await expect(status).toHaveText("Approved: send it back");
    await admin.getByLabel(/Message to the shopper/).fill("Your parcel never reached us");
    await admin.getByRole("button", { name: "Close without refund" }).click();
    await expect(notices(admin).getByText(`Return ${number} is closed without a refund.`)).toBeVisible();
    await expect(status).toHaveText("Closed without refund");
    await expect(admin.getByRole("button", { name: "Refund", exact: true })).toHaveCount(0);
    await expect(admin.getByText("Our message: Your parcel never reached us")).toBeVisible();
  } finally {
    await context.close();
  }

  await page.goto(`/orders/${orderId}`);
  await expect(main.getByTestId("order-return-status")).toHaveText("Closed without refund");
});
