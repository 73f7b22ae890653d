import { expect, test } from "@playwright/test";
import { apiToken, mainNav, productViaApi, registeredShopper, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { ORDERS_SHOP, PASSWORD } from "./orders-shop";

/**
 * The admin's dashboard (/admin): today's sale shows in the figures, the chart and its table, the best sellers; the
 * period switches by links; the tables download as CSV. With and without JavaScript, against the orders shop (see
 * ./orders-shop.ts), where other specs buy too: the checks are about this test's own product and "at least".
 */
test.use({ baseURL: ORDERS_SHOP });

test("admin: the dashboard shows today's sales, the best sellers and what needs attention", async ({
  page,
  request,
}, testInfo) => {
  // a best seller of its own: among the most expensive things the shop sold today
  const product = await productViaApi(request, uniqueTag(testInfo), { price: 9_000, inventory: 4 });
  const shopper = await registeredShopper(request);
  const headers = { Authorization: `Bearer ${await apiToken(request, shopper.email, PASSWORD)}` };
  await request.post("/api/v1/cartItems/item/add", { headers, data: { productId: product.id, quantity: 2 } });
  const billing = {
    firstName: "Dash",
    lastName: "Board",
    email: shopper.email,
    street: "1 Main St",
    city: "Austin",
    country: "US",
    postalCode: "78701",
  };
  const card = { cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };
  const bought = await request.post(`/api/v1/orders/user/${shopper.id}/checkout`, { headers, data: { billing, card } });
  expect(bought.status(), await bought.text()).toBe(201);

  await signInAsAdmin(page);
  await page.goto("/");
  await mainNav(page).getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page).toHaveURL("/admin");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(main.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");

  // the sale is in the period's revenue, today's row of the table and the best sellers (first: $18,000)
  const revenue = main.locator("dt", { hasText: /^Revenue$/ }).locator("xpath=following-sibling::dd[1]");
  const dollars = Number((await revenue.innerText()).replace(/[$,]/g, ""));
  expect(dollars).toBeGreaterThanOrEqual(18_000);
  const today = new Date().toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
  const table = main.getByRole("group", { name: "Sales per day" });
  await expect(table.getByRole("row", { name: new RegExp(`^${today}\\b`) })).toBeVisible();
  await expect(main.getByRole("img", { name: /^Revenue per day, .* in total/ })).toBeVisible();
  // (the other project's run of this test sells its own product for as much: found by name, not place)
  const best = main.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Units" }) });
  await expect(best.getByRole("row", { name: new RegExp(product.name) })).toContainText("$18,000.00");
  await expect(main.getByRole("link", { name: /^Low stock/ })).toHaveAttribute("href", "/admin/products?lowStock=true");

  // another period, by a plain link
  await main.getByRole("link", { name: "7 days" }).click();
  await expect(page).toHaveURL("/admin?days=7");
  await expect(main.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
  await expect(table.getByRole("row")).toHaveCount(8); // the header and 7 days

  // the figures as CSV, through the admin's session
  const csv = await page.request.get(
    (await main
      .getByRole("region", { name: "Best sellers" })
      .getByRole("link", { name: "Download as CSV" })
      .getAttribute("href"))!,
  );
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toContain("best-sellers-7-days.csv");
  expect(await csv.text()).toContain(`${product.id},${product.name},`);
});
