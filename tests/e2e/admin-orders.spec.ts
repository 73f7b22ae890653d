import { expect, test } from "@playwright/test";
import {
  apiToken,
  hydrated,
  mainNav,
  productViaApi,
  registeredShopper,
  signIn,
  signInAsAdmin,
  uniqueTag,
} from "./admin-helpers";
import { orderTotal } from "./checkout-helpers";
import { waitForMail } from "./mailbox";
import { ORDERS_SHOP, PASSWORD, toast } from "./orders-shop";

/**
 * The admin moves a shopper's order along to SHIPPED, and the shopper sees it. With and without JavaScript, against the
 * orders shop (see ./orders-shop.ts), since the shopper buys a product of the test's own (see ./admin-helpers.ts).
 */
test.use({ baseURL: ORDERS_SHOP });

test.describe("admin: orders", () => {
  test("admin moves a shopper's order to SHIPPED, and the shopper sees SHIPPED", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const product = await productViaApi(request, tag, { price: 15, inventory: 5 });

    // the shopper buys it through the API
    const shopper = await registeredShopper(request);
    const token = await apiToken(request, shopper.email, PASSWORD);
    const headers = { Authorization: `Bearer ${token}` };
    expect(
      (
        await request.post("/api/v1/cartItems/item/add", { headers, data: { productId: product.id, quantity: 1 } })
      ).ok(),
    ).toBe(true);
    const intent = await request.post("/api/v1/orders/create-payment-intent", { headers, data: {} });
    expect(intent.ok()).toBe(true);
    const paymentIntentId = ((await intent.json()) as { data: { paymentIntentId: string } }).data.paymentIntentId;
    const paid = await request.post("/api/v1/payments/test/confirm", {
      headers,
      data: { paymentIntentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    expect(((await paid.json()) as { data: { status: string } }).data.status).toBe("succeeded");
    const placed = await request.post(`/api/v1/orders/user/${shopper.id}/place-order`, {
      headers,
      data: { paymentIntentId },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = ((await placed.json()) as { data: { id: number } }).data.id;

    await signInAsAdmin(page);
    await page.goto("/");
    await mainNav(page).getByRole("link", { name: "Orders", exact: true }).click();
    await expect(page).toHaveURL("/admin/orders");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await hydrated(page, javaScriptEnabled);
    const order = main.getByTestId("admin-order").filter({ hasText: shopper.email });
    await expect(order).toHaveCount(1);
    await expect(order).toContainText(`Order #${orderId}`);
    await expect(order).toContainText(product.name);
    await expect(order.getByText("Paid", { exact: true })).toBeVisible();
    // who to ship to: the customer's e-mail and the address the order keeps
    await expect(order.getByRole("link", { name: shopper.email })).toHaveAttribute("href", `mailto:${shopper.email}`);
    await expect(order).toContainText("Ship toSam Shopper");
    // the order's total says what it is, inside the order's own card (its heading names it)
    await expect(order).toHaveAccessibleName(`Order #${orderId}`);
    // (the lines with the demo shop's shipping and sales tax to the shopper's address: checkout-helpers' orderTotal)
    await expect(order).toContainText(`Total${orderTotal([{ priceCents: 1500 }, 1])}`);

    if (javaScriptEnabled) {
      // 'Cancel order' asks first; saying no leaves the order as it is
      let asked = "";
      page.once("dialog", (dialog) => {
        asked = dialog.message();
        void dialog.dismiss();
      });
      await order.getByRole("button", { name: `Cancel order: order ${orderId}`, exact: true }).click();
      await expect.poll(() => asked).toBe(`Cancel order ${orderId}? The stock goes back and the payment is refunded.`);
      await expect(order.getByText("Paid", { exact: true })).toBeVisible();
    }

    await order.getByRole("button", { name: `Start processing: order ${orderId}`, exact: true }).click();
    await expect(toast(page, `Order #${orderId} is now Preparing.`)).toBeVisible();
    await expect(order.getByText("Preparing", { exact: true })).toBeVisible();
    const beforeShipping = new Date();
    await order.getByRole("button", { name: `Mark shipped: order ${orderId}`, exact: true }).click();
    await expect(toast(page, `Order #${orderId} is now Shipped.`)).toBeVisible();
    // the shopper is told by e-mail
    // (the "preparing" e-mail may be written after that moment too: the sender works on its own time)
    const shippedNews = async () => {
      const news = await waitForMail({ to: shopper.email, kind: "order-status", after: beforeShipping });
      return news.subject === `Your order #${orderId} has shipped` ? news : null;
    };
    await expect.poll(shippedNews, { timeout: 15_000 }).not.toBeNull();
    expect((await shippedNews())!.text).toContain(product.name);
    await expect(order.getByText("Shipped", { exact: true })).toBeVisible();
    // a shipped order can only be delivered now, no longer cancelled
    await expect(order.getByRole("button", { name: `Mark delivered: order ${orderId}`, exact: true })).toBeVisible();
    await expect(order.getByRole("button", { name: `Cancel order: order ${orderId}`, exact: true })).toHaveCount(0);

    // the status filter finds it among the shipped ones
    await main.getByLabel("Status").selectOption("SHIPPED");
    await main.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?status=SHIPPED/);
    await expect(order.getByText("Shipped", { exact: true })).toBeVisible();
    await expect(
      main.getByTestId("admin-order").getByText(/^(Paid|Preparing|Delivered|Cancelled|Refunded)$/),
    ).toHaveCount(0);

    // the shopper's Orders History says SHIPPED
    await page.context().clearCookies();
    await signIn(page, shopper.email, PASSWORD);
    await page.goto(`/user-profile/${shopper.id}/profile`);
    const history = page.getByRole("main").getByRole("region", { name: "Orders History" }).getByTestId("order");
    await expect(history).toHaveCount(1);
    await expect(history).toContainText(`Order #${orderId}`);
    await expect(history.getByText("Shipped", { exact: true })).toBeVisible();
  });
});
