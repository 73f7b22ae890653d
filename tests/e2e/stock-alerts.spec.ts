import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./axe";
import { ADMIN, apiToken, hydrated, productViaApi, uniqueTag } from "./admin-helpers";
import { countMails, waitForMail } from "./mailbox";
import { ORDERS_SHOP } from "./orders-shop";

/**
 * Back-in-stock alerts (docs/decisions/0046-back-in-stock-alerts.md), with JavaScript and without: a visitor asks on a
 * sold-out product's page, confirms through the link mailed to them, the admin restocks, exactly one alert arrives,
 * and its unsubscribe link works. Against the orders shop, on a product of its own (no `pick()` slot needed).
 */
test.use({ baseURL: ORDERS_SHOP });

/** The admin's stock write (PUT /products/{id}/stock, as the stock page sends it) of the product's only variant. */
async function restock(request: APIRequestContext, productId: number, inventory: number) {
  const headers = { Authorization: `Bearer ${await apiToken(request, ADMIN.email, ADMIN.password)}` };
  const found = await request.get(`/api/v1/products/product/${productId}/product`);
  const { data } = (await found.json()) as { data: { variants: Array<{ id: number }> } };
  const put = await request.put(`/api/v1/products/${productId}/stock`, {
    headers,
    data: { variants: [{ id: data.variants[0]!.id, inventory }] },
  });
  expect(put.status(), await put.text()).toBe(200);
}

test("a visitor subscribes, confirms by mail, the restock mails once, and unsubscribe works", async ({
  page,
  request,
  axe,
}, testInfo) => {
  test.setTimeout(90_000);
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const tag = uniqueTag(testInfo);
  const product = await productViaApi(request, tag, { inventory: 0 });
  const email = `alert-${tag}@example.com`.toLowerCase();

  await page.goto(`/product/${product.id}/details`);
  await hydrated(page, javaScriptEnabled);
  const form = page.getByRole("form", { name: "E-mail me when it is back" });
  await expect(form).toBeVisible();
  // a bad address is refused with a field error (the browser's own check aside)
  await form.getByLabel("Your e-mail address").evaluate((input) => input.removeAttribute("required"));
  await form.getByLabel("Your e-mail address").fill("not-an-address");
  await form.evaluate((el) => el.setAttribute("novalidate", ""));
  await form.getByRole("button", { name: "E-mail me when it is back" }).click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "E-mail me when it is back" }).click();
  await expect(page.getByText(/we sent it a link: open it to confirm/)).toBeVisible();
  await axe.check("details page with the back-in-stock form answered");

  const confirmation = await waitForMail({ to: email, kind: "stock-alert-confirm" });
  const confirmLink = confirmation.links.find((l) => new URL(l).pathname === "/stock-alerts/confirm")!;
  expect(confirmLink).toBeTruthy();
  await page.goto(confirmLink);
  await hydrated(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Confirm the alert" }).click();
  await expect(page.getByRole("heading", { name: "Alert confirmed" })).toBeVisible();

  await restock(request, product.id, 6);
  const alert = await waitForMail({ to: email, kind: "back-in-stock", timeoutMs: 30_000 });
  expect(alert.subject).toContain("is back in stock");
  // sold out and back again: still that one mail
  await restock(request, product.id, 0);
  await restock(request, product.id, 4);
  await page.waitForTimeout(3_000);
  expect(await countMails({ to: email, kind: "back-in-stock" })).toBe(1);

  const off = alert.links.find((l) => new URL(l).pathname === "/stock-alerts/unsubscribe")!;
  expect(off).toBeTruthy();
  await page.goto(off);
  await hydrated(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await expect(page.getByText("You will get no more back-in-stock e-mails.")).toBeVisible();
});
