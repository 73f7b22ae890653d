import { expect } from "@playwright/test";
import { ADMIN, apiToken } from "./admin-helpers";
import { checkoutUi, hydrated, inCart, orderTotalCents, pay, pick, test } from "./checkout-helpers";
import { ORDERS_SHOP } from "./orders-shop";
import { price } from "./shop";

/**
 * A discount code in the cart and through the checkout (decision 0040), with and without JavaScript: a code that does
 * not exist is refused next to the field, a fresh code of the test's own (made through the admin API, so no other
 * spec meets it) applies in any case, the checkout's summary shows its line, and the order is paid with it.
 * Against the orders shop, with products of its own (slot 18, see ./checkout-helpers.ts).
 */
test.use({ baseURL: ORDERS_SHOP });

test("shopper applies a discount code in the cart and pays the discounted total", async ({
  page,
  shopper,
  javaScriptEnabled,
}, testInfo) => {
  const product = pick(testInfo, 18);
  const code = `E2E${testInfo.project.name.replace(/\W/g, "").toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  const token = await apiToken(page.request, ADMIN.email, ADMIN.password);
  const created = await page.request.post("/api/v1/admin/discount-codes", {
    headers: { authorization: `Bearer ${token}` },
    data: { code, kind: "fixed", amount: 5, usageLimit: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);

  await inCart(page, product, 1);
  await page.goto(`/user/${shopper.id}/my-cart`);
  await hydrated(page, javaScriptEnabled);
  const box = page.getByRole("main").getByTestId("discount-code");
  await expect(box.getByRole("heading", { name: "Discount code" })).toBeVisible();

  // a code that does not exist: said next to the field, what was typed kept
  await box.getByLabel("Code").fill("NOT-A-CODE");
  await box.getByRole("button", { name: "Apply" }).click();
  await expect(box.getByLabel("Code")).toHaveAccessibleDescription("This code is not valid.");
  await expect(box.getByLabel("Code")).toHaveValue("NOT-A-CODE");

  // the test's own code, typed in lower case
  await box.getByLabel("Code").fill(code.toLowerCase());
  await box.getByRole("button", { name: "Apply" }).click();
  await expect(box.getByTestId("applied-code")).toHaveText(code);
  await expect(box).toContainText("$5.00 off");
  await expect(box).toContainText("You save $5.00");

  // the demo shop's shipping and sales tax on the lines less the discount (checkout-helpers' orderTotalCents)
  const discount = {
    code,
    kind: "fixed",
    value: 500,
    minSubtotalCents: null,
    productIds: null,
    categoryIds: null,
  } as const;
  const discounted = price({ priceCents: orderTotalCents([[product, 1]], { discount }) });
  await page.goto(`/checkout/${shopper.id}/checkout`);
  await hydrated(page, javaScriptEnabled);
  const checkout = checkoutUi(page);
  const priced = checkout.summary.getByTestId("price-summary");
  await expect(priced).toContainText(`Discount (${code})−$5.00`);
  await expect(priced).toContainText(`Total Amount${discounted}`);
  await pay(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/orders\/\d+$/, { timeout: 15_000 });
  const summary = page.getByRole("main").getByTestId("price-summary");
  await expect(summary).toContainText("Discount−$5.00");
  await expect(summary).toContainText(`Total${discounted}`);

  // the one use is taken: the admin's list says so
  const list = await page.request.get("/api/v1/admin/discount-codes", {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await list.json()) as { data: Array<{ code: string; uses: number; redeemed: number }> };
  expect(data.find((c) => c.code === code)).toMatchObject({ uses: 1, redeemed: 1 });
});
