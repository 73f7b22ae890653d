import { expect, test, type Locator } from "@playwright/test";
import { registeredUser, signIn } from "./account-helpers";
import { open, signInAsAdmin } from "./admin-helpers";
import { ORDERS_SHOP } from "./orders-shop";
import { products } from "./shop";

// Smaller findings of the shopper walk: the home search's hint cut on a phone, a long e-mail broken mid-word, and
// "1 products" on the admin's product table.

/** Whether an input's placeholder fits its box (text width measured with the input's own font). */
async function placeholderFits(input: Locator): Promise<boolean> {
  return input.evaluate((element) => {
    const field = element as HTMLInputElement;
    const style = getComputedStyle(field);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(field.placeholder).width <= room;
  });
}

test.describe("on a 360px-wide phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the home page's and the listing's search hint is whole", async ({ page }) => {
    await page.goto("/");
    const home = page.getByRole("search", { name: "Search the shop" }).getByLabel("Search products", { exact: true });
    expect(await placeholderFits(home)).toBe(true);
    await page.goto("/products");
    expect(await placeholderFits(page.getByRole("main").getByLabel("Search products", { exact: true }))).toBe(true);
  });

  test("a long e-mail address wraps before its '@' and dots, not in the middle of a word", async ({
    page,
    request,
  }) => {
    const user = await registeredUser(request);
    await signIn(page, user.email);
    await page.goto(`/user-profile/${user.id}/profile`);
    const shown = page.getByRole("main").getByText(user.email, { exact: true });
    await expect(shown).toBeVisible();
    // a break opportunity before the "@" and each "."
    await expect(shown.locator("wbr")).toHaveCount(user.email.match(/[@.]/g)!.length);
  });
});

test.describe("admin: product table", () => {
  test.use({ baseURL: ORDERS_SHOP });

  test("one product found is '1 product'", async ({ page, javaScriptEnabled }) => {
    const only = products.find((p) => products.filter((q) => q.name === p.name).length === 1)!;
    await signInAsAdmin(page);
    await open(page, `/admin/products?q=${encodeURIComponent(only.name)}`, javaScriptEnabled);
    await expect(page.getByRole("main").getByTestId("inventory-row")).toHaveCount(1);
    await expect(page.getByRole("main").getByText(/^\d+ products?$/)).toHaveText("1 product");
  });
});
