import { expect, test } from "./axe";
import { hydrated, productViaApi, uniqueTag } from "./admin-helpers";
import { signedInShopper } from "./checkout-helpers";
import { ORDERS_SHOP } from "./orders-shop";

/**
 * The account's back-in-stock alerts page (docs/decisions/0046-back-in-stock-alerts.md), with JavaScript and without:
 * a signed-in shopper asks on a sold-out product's page, finds the alert on /account/alerts and stops it there.
 * Against the orders shop (its admin makes the product), as the visitor's alert spec.
 */
test.use({ baseURL: ORDERS_SHOP });

test("a shopper's alert is listed on the alerts page and stopped there", async ({ page, request }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const product = await productViaApi(request, uniqueTag(testInfo), { inventory: 0 });
  await signedInShopper(page);

  await page.goto(`/product/${product.id}/details`);
  await hydrated(page, javaScriptEnabled);
  const form = page.getByRole("form", { name: "E-mail me when it is back" });
  await form.locator('button[type="submit"]').click();
  await expect(form.getByText("We will e-mail you when it is")).toBeVisible();

  await page.goto("/account/alerts");
  await hydrated(page, javaScriptEnabled);
  const alerts = page.getByTestId("stock-alert");
  await expect(alerts).toHaveCount(1);
  await expect(alerts.first()).toContainText(product.name);
  await alerts.first().getByRole("button", { name: "Stop" }).click();
  await expect(page.getByText("Alert stopped: we will not e-mail you.")).toBeVisible();
  await expect(page.getByText("No alerts.")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("stock-alert")).toHaveCount(0);
});
