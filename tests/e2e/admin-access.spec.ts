import { expect, test } from "@playwright/test";
import { mainNav, registeredShopper, signIn } from "./admin-helpers";
import { ORDERS_SHOP, PASSWORD } from "./orders-shop";

/**
 * Who may open the admin pages: a visitor is sent to log in, a ROLE_USER to /unauthorized and sees no admin links. With
 * and without JavaScript, against the orders shop (see ./orders-shop.ts), whose admin account the other admin specs
 * use.
 */
test.use({ baseURL: ORDERS_SHOP });

test.describe("admin: access", () => {
  test("a ROLE_USER is sent to /unauthorized and sees no admin links; a visitor is sent to log in", async ({
    page,
    request,
  }) => {
    for (const path of ["/add-product", "/admin/orders", "/update-product/1/update"]) {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
    }

    const shopper = await registeredShopper(request);
    await signIn(page, shopper.email, PASSWORD);
    for (const path of ["/add-product", "/admin/orders", "/update-product/1/update", "/admin/products"]) {
      await page.goto(path);
      await expect(page).toHaveURL(`/unauthorized?from=${encodeURIComponent(path)}`);
      await expect(
        page.getByRole("heading", { name: "Unauthorized: You do not have permission to access this page." }),
      ).toBeVisible();
    }
    await expect(mainNav(page).getByRole("link", { name: "My Account" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Manage Shop" })).toHaveCount(0);
    await expect(mainNav(page).getByRole("link", { name: "Orders", exact: true })).toHaveCount(0);
    // nor edit / delete on the cards
    await page.goto("/products");
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: /^Add to cart: / })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /^(edit|delete) / })).toHaveCount(0);
    // the admin export is refused too
    const exported = await page.request.get("/admin/products.csv", { maxRedirects: 0 });
    expect(exported.status()).toBe(302);
    expect(exported.headers()["location"]).toMatch(/^\/unauthorized/);
  });
});
