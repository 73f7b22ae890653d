import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  ADMIN,
  apiToken,
  orderViaApi,
  productViaApi,
  registeredShopper,
  signInAsAdmin,
  uniqueTag,
} from "./admin-helpers";
import { billingOnlyTotal, signedInShopper } from "./checkout-helpers";
import { waitForMail } from "./mailbox";
import { ORDERS_SHOP, toast } from "./orders-shop";

/**
 * After the sale (docs/decisions/0039-after-sale.md), with JavaScript and without: the shopper cancels an order that
 * has not shipped from its page, after a confirmation step; withdraws from a shipped one there; and anyone withdraws
 * through the public form of the footer, in two steps, without an account. Against the orders shop (./orders-shop.ts).
 */
test.use({ baseURL: ORDERS_SHOP });

/** Buys one of the product as the shopper, through the API; the order's id. */
async function bought(request: APIRequestContext, shopper: { id: number; email: string }, productId: number) {
  const order = await orderViaApi(request, shopper, productId, {
    quantity: 1,
    firstName: "After",
    lastName: "Sale",
    street: "1 Main St",
  });
  return order.id;
}

async function inventoryOf(request: APIRequestContext, productId: number) {
  const answer = await request.get(`/api/v1/products/product/${productId}/product`);
  return ((await answer.json()) as { data: { inventory: number } }).data.inventory;
}

async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request, ADMIN.email, ADMIN.password)}` };
}

async function ship(request: APIRequestContext, orderId: number, to: "SHIPPED" | "DELIVERED" = "SHIPPED") {
  const headers = await adminHeaders(request);
  for (const status of ["PROCESSING", "SHIPPED", ...(to === "DELIVERED" ? ["DELIVERED"] : [])]) {
    const moved = await request.put(`/api/v1/orders/order/${orderId}/status`, { headers, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
}

test("the shopper cancels an unshipped order from its page, after confirming", async ({ page, request }, testInfo) => {
  const product = await productViaApi(request, uniqueTag(testInfo), { price: 21, inventory: 3 });
  const shopper = await signedInShopper(page);
  const orderId = await bought(request, shopper, product.id);
  expect(await inventoryOf(request, product.id)).toBe(2);

  await page.goto(`/orders/${orderId}`);
  const main = page.getByRole("main");
  await main.getByRole("link", { name: "Cancel order" }).click();
  await expect(page).toHaveURL(`/orders/${orderId}?confirm=cancel`);
  // nothing happens until the second button
  await expect(main.getByText("Cancel this order?")).toBeVisible();
  const since = new Date();
  await main.getByRole("button", { name: "Yes, cancel order" }).click();
  // all of it: the line with the demo shop's shipping and sales tax (checkout-helpers' billingOnlyTotal)
  const refund = billingOnlyTotal([{ priceCents: 2100 }, 1]);
  await expect(toast(page, `Order #${orderId} is cancelled and ${refund} was refunded to your card.`)).toBeVisible();
  await expect(page).toHaveURL(`/orders/${orderId}`);
  await expect(main.getByText("Refunded", { exact: true })).toBeVisible();
  await expect(main.getByRole("link", { name: "Cancel order" })).toHaveCount(0);
  expect(await inventoryOf(request, product.id)).toBe(3);
  const mail = await waitForMail({ to: shopper.email, kind: "order-status", after: since });
  expect(mail.subject).toBe(`Your order #${orderId} has been cancelled`);
});

test("the shopper withdraws from a shipped order on its page", async ({ page, request }, testInfo) => {
  const product = await productViaApi(request, uniqueTag(testInfo), { price: 15, inventory: 3 });
  const shopper = await signedInShopper(page);
  const orderId = await bought(request, shopper, product.id);
  await ship(request, orderId);

  await page.goto(`/orders/${orderId}`);
  const main = page.getByRole("main");
  // shipped: no cancel any more, the withdrawal instead
  await expect(main.getByRole("link", { name: "Cancel order" })).toHaveCount(0);
  await main.getByRole("link", { name: "Withdraw from contract" }).click();
  const since = new Date();
  await main.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(
    toast(
      page,
      `We received your withdrawal from order #${orderId}. Please send the items back; a confirmation with the next steps is on its way to your e-mail.`,
    ),
  ).toBeVisible();
  await expect(main.getByText(/Withdrawal received on .* UTC: return to arrange\./)).toBeVisible();
  await expect(main.getByRole("link", { name: "Withdraw from contract" })).toHaveCount(0);
  const mail = await waitForMail({ to: shopper.email, kind: "withdrawal-received", after: since });
  expect(mail.subject).toBe(`We received your withdrawal from order #${orderId}`);
  expect(mail.text).toMatch(/ on \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s?[AP]M UTC/);
});

test("anyone withdraws through the footer's public form in two steps, without an account", async ({
  page,
  request,
}, testInfo) => {
  const product = await productViaApi(request, uniqueTag(testInfo), { price: 12, inventory: 4 });
  const shopper = await registeredShopper(request);
  const orderId = await bought(request, shopper, product.id);

  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Withdraw from contract" }).click();
  await expect(page).toHaveURL("/withdraw");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Withdraw from contract here" })).toBeVisible();
  await main.getByLabel("Order number").fill(`#${orderId}`);
  await main.getByLabel("Email").fill(shopper.email);
  await main.getByRole("button", { name: "Continue" }).click();

  await expect(main.getByRole("heading", { level: 1, name: "Confirm withdrawal" })).toBeVisible();
  await expect(main.getByText(`#${orderId}`, { exact: true })).toBeVisible();
  const since = new Date();
  await main.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(main.getByRole("heading", { level: 1, name: "Withdrawal received" })).toBeVisible();
  await expect(main.getByText(/If the order number and e-mail address match an order/)).toBeVisible();
  await expect(main.getByText(/Received on .* UTC\./)).toBeVisible();

  const mail = await waitForMail({ to: shopper.email, kind: "withdrawal-received", after: since });
  expect(mail.subject).toBe(`We received your withdrawal from order #${orderId}`);
  expect(mail.text).toMatch(/we have cancelled it/);
  expect(await inventoryOf(request, product.id)).toBe(4);

  // an order number that is not theirs: the very same answer
  await page.goto("/withdraw");
  await main.getByLabel("Order number").fill("999999");
  await main.getByLabel("Email").fill(shopper.email);
  await main.getByRole("button", { name: "Continue" }).click();
  await main.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(main.getByRole("heading", { level: 1, name: "Withdrawal received" })).toBeVisible();
  await expect(main.getByText(/If the order number and e-mail address match an order/)).toBeVisible();
});

test("a withdrawal's return whose goods are back is refunded: the admin is not offered to close it without a refund", async ({
  page,
  request,
}, testInfo) => {
  const product = await productViaApi(request, uniqueTag(testInfo), { price: 12, inventory: 3 });
  const shopper = await registeredShopper(request);
  const orderId = await bought(request, shopper, product.id);
  await ship(request, orderId, "DELIVERED");
  const withdrawn = await request.post("/api/v1/withdrawals", { data: { orderNumber: orderId, email: shopper.email } });
  expect(withdrawn.status()).toBe(202);
  const headers = await adminHeaders(request);
  const list = await request.get("/api/v1/admin/returns?status=requested", { headers });
  const { data } = (await list.json()) as { data: Array<{ id: number; orderId: number }> };
  const returnId = data.find((ret) => ret.orderId === orderId)!.id;
  for (const [step, body] of [
    ["approve", { message: "" }],
    ["receive", { restock: [] }],
  ] as const) {
    const moved = await request.post(`/api/v1/admin/returns/${returnId}/${step}`, { headers, data: body });
    expect(moved.ok(), await moved.text()).toBe(true);
  }

  await signInAsAdmin(page);
  await page.goto(`/admin/returns/${returnId}`);
  const main = page.getByRole("main");
  await expect(main.getByTestId("return-status")).toHaveText("Received");
  await expect(main.getByText("(opened by a withdrawal from the contract)")).toBeVisible();
  await expect(main.getByRole("button", { name: "Refund", exact: true })).toBeVisible();
  await expect(main.getByRole("button", { name: "Close without refund" })).toHaveCount(0);
});
