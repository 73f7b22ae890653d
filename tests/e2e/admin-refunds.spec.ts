import { expect, test } from "@playwright/test";
import { ADMIN, apiToken, mainNav, productViaApi, registeredShopper, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { billingOnlyTotal } from "./checkout-helpers";
import { ORDERS_SHOP, PASSWORD } from "./orders-shop";

/**
 * The refunds page: a cancelled order's refund shows there once the provider made it. With and without JavaScript,
 * against the orders shop (see ./orders-shop.ts).
 */
test.use({ baseURL: ORDERS_SHOP });

test("admin: a cancelled order's refund is listed under Refunds", async ({ page, request }, testInfo) => {
  const product = await productViaApi(request, uniqueTag(testInfo), { price: 21, inventory: 3 });
  const shopper = await registeredShopper(request);
  const headers = { Authorization: `Bearer ${await apiToken(request, shopper.email, PASSWORD)}` };
  await request.post("/api/v1/cartItems/item/add", { headers, data: { productId: product.id, quantity: 1 } });
  const card = { cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };
  const billing = {
    firstName: "Refund",
    lastName: "Me",
    email: shopper.email,
    street: "1 Main St",
    city: "Austin",
    country: "US",
    postalCode: "78701",
  };
  const bought = await request.post(`/api/v1/orders/user/${shopper.id}/checkout`, { headers, data: { billing, card } });
  expect(bought.status(), await bought.text()).toBe(201);
  const orderId = ((await bought.json()) as { data: { order: { id: number } } }).data.order.id;
  const adminHeaders = { Authorization: `Bearer ${await apiToken(request, ADMIN.email, ADMIN.password)}` };
  const cancelled = await request.put(`/api/v1/orders/order/${orderId}/status`, {
    headers: adminHeaders,
    data: { status: "CANCELLED" },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  await signInAsAdmin(page);
  await page.goto("/");
  await mainNav(page).getByRole("link", { name: "Refunds", exact: true }).click();
  await expect(page).toHaveURL("/admin/refunds");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Refunds" })).toBeVisible();
  const done = main.getByTestId("refund-done").filter({ hasText: shopper.email });
  await expect(done).toHaveCount(1);
  // all of it: the line with the demo shop's shipping and sales tax (checkout-helpers' billingOnlyTotal)
  await expect(done).toContainText(billingOnlyTotal([{ priceCents: 2100 }, 1]));
  await expect(done).toContainText(`Order #${orderId} cancelled`);
  await expect(done).toContainText("Refunded");
  // the order is a link to it
  await done.getByRole("link", { name: `Order #${orderId}` }).click();
  await expect(page).toHaveURL(`/orders/${orderId}`);
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(`Order #${orderId}`);
});
