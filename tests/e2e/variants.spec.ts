import { expect, type APIRequestContext } from "@playwright/test";
import { ADMIN, apiToken, hydrated as pageHydrated, productViaApi, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { badge, checkoutUi, hydrated, orderTotal, pay, signedInShopper, test } from "./checkout-helpers";
import { ORDERS_SHOP, toast } from "./orders-shop";

/**
 * A product with options (docs/decisions/0036-product-variants.md), with and without JavaScript: the shopper chooses
 * a switch on the details page, sees its price and stock, adds it and buys it; the cart, the checkout and the order
 * name the variant. A sold-out switch stays on the page, marked, and cannot be added. These tests buy: they run on
 * the orders shop, with a keyboard of their own.
 */
test.use({ baseURL: ORDERS_SHOP });

interface Variant {
  id: number;
  sku: string;
  label: string;
}

/** A keyboard by switch: Red $80 (5 in stock), Brown $95 (3), Blue $80 (sold out). */
async function keyboard(request: APIRequestContext, tag: string) {
  const made = await productViaApi(request, tag, { price: 80, inventory: 5 });
  const headers = { Authorization: `Bearer ${await apiToken(request, ADMIN.email, ADMIN.password)}` };
  const options = await request.put(`/api/v1/products/${made.id}/options`, {
    headers,
    data: { options: [{ name: "Switch", values: ["Red", "Brown", "Blue"] }] },
  });
  expect(options.status(), await options.text()).toBe(200);
  const [red, brown, blue] = ((await options.json()) as { data: { variants: Variant[] } }).data.variants;
  const saved = await request.put(`/api/v1/products/${made.id}/variants`, {
    headers,
    data: {
      variants: [
        { id: red!.id, sku: `KB${tag}-RED`, price: 80, inventory: 5 },
        { id: brown!.id, sku: `KB${tag}-BROWN`, price: 95, inventory: 3 },
        { id: blue!.id, sku: `KB${tag}-BLUE`, price: 80, inventory: 0 },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const [r, b, bl] = ((await saved.json()) as { data: { variants: Variant[] } }).data.variants;
  return { ...made, red: r!, brown: b!, blue: bl! };
}

test.describe("a product with options", () => {
  test("shopper chooses a switch, sees its price, adds it and buys it; the order names the variant", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const kb = await keyboard(page.request, uniqueTag(testInfo));
    const user = await signedInShopper(page);
    await page.goto(`/product/${kb.id}/details`);
    const main = page.getByRole("main");
    const picker = main.getByTestId("variant-picker");
    await expect(picker.getByRole("group", { name: /Switch/ })).toBeVisible();
    // the default variant: Red, $80
    await expect(picker.getByRole("radio", { name: /Red/ })).toBeChecked();
    await expect(main.getByText("$80.00").first()).toBeVisible();
    await expect(main.getByText("5 in stock")).toBeVisible();
    // the sold-out switch stays, marked
    await expect(picker.getByText("(sold out)")).toBeVisible();
    await pageHydrated(page, javaScriptEnabled);

    await picker.getByRole("radio", { name: /Brown/ }).check();
    if (!javaScriptEnabled) await picker.getByRole("button", { name: "Choose" }).click();
    await expect(page).toHaveURL(/option1=Brown/);
    await expect(picker.getByRole("radio", { name: /Brown/ })).toBeChecked();
    await expect(main.getByText("$95.00").first()).toBeVisible();
    await expect(main.getByText("3 in stock")).toBeVisible();
    await expect(main.getByTestId("variant-sku")).toHaveText(kb.brown.sku);

    await main.getByRole("button", { name: "Add to cart" }).click();
    await expect(toast(page, `${kb.name} (Switch: Brown) added to cart`)).toBeVisible();
    await expect(badge(page)).toHaveText("1");

    await page.goto(`/user/${user.id}/my-cart`);
    const line = main.getByTestId("cart-line");
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId("line-variant")).toHaveText("Switch: Brown");
    await expect(line.getByTestId("line-total")).toHaveText("$95.00");

    await page.goto(`/checkout/${user.id}/checkout`);
    await hydrated(page, javaScriptEnabled);
    await expect(checkoutUi(page).summary.getByRole("listitem")).toContainText("Switch: Brown");
    await pay(page, "4242 4242 4242 4242");
    const orderPage = /\/orders\/(\d+)$/;
    await expect(page).toHaveURL(orderPage, { timeout: 15_000 });
    const orderUrl = page.url();
    const items = main.getByRole("region", { name: "Items" });
    await expect(items.getByTestId("order-line-variant")).toHaveText("Switch: Brown");
    // the line with the demo shop's shipping and sales tax to the shopper's address (checkout-helpers' orderTotal)
    const total = orderTotal([{ priceCents: 9500 }, 1]);
    await expect(items).toContainText(`Total${total}`);

    // the listing's card says the lowest price, "from"
    await page.goto(`/products?q=${encodeURIComponent(kb.name)}`);
    await expect(main.getByRole("article").filter({ hasText: kb.name })).toContainText("from $80.00");

    // the stock that went is Brown's
    await page.goto(`/product/${kb.id}/details?variant=${kb.brown.id}`);
    await expect(main.getByText("2 in stock")).toBeVisible();
    await page.goto(`/product/${kb.id}/details?variant=${kb.red.id}`);
    await expect(main.getByText("5 in stock")).toBeVisible();

    // the admin deletes Brown, which has this order: the order page still names it, with its total
    const headers = { Authorization: `Bearer ${await apiToken(page.request, ADMIN.email, ADMIN.password)}` };
    const deleted = await page.request.delete(`/api/v1/products/${kb.id}/variants/${kb.brown.id}`, { headers });
    expect(deleted.status(), await deleted.text()).toBe(200);
    await page.goto(orderUrl);
    await expect(items.getByTestId("order-line-variant")).toHaveText("Switch: Brown");
    await expect(items).toContainText(`Total${total}`);
  });

  test("a sold-out switch cannot be added", async ({ page, javaScriptEnabled }, testInfo) => {
    const kb = await keyboard(page.request, uniqueTag(testInfo));
    await signedInShopper(page);
    await page.goto(`/product/${kb.id}/details?variant=${kb.blue.id}`);
    const main = page.getByRole("main");
    await pageHydrated(page, javaScriptEnabled);
    await expect(main.getByTestId("variant-picker").getByRole("radio", { name: /Blue/ })).toBeChecked();
    await expect(main.getByText("Out of stock")).toBeVisible();
    await expect(main.getByRole("button", { name: "Add to cart" })).toBeDisabled();
    // a hand-made post of it is refused with the variant's name
    const posted = await page.request.post(`/product/${kb.id}/details`, {
      form: { intent: "add", quantity: "1", variantId: String(kb.blue.id) },
    });
    expect(posted.status()).toBe(409);
    expect(await posted.text()).toContain(`Sorry, ${kb.name} (Switch: Blue) is out of stock.`);
  });

  test("admin defines options, sets a variant's price and stock in the table, and deletes a variant", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const made = await productViaApi(page.request, uniqueTag(testInfo), { price: 30, inventory: 2 });
    await signInAsAdmin(page);
    await page.goto(`/update-product/${made.id}/variants`);
    const main = page.getByRole("main");
    await pageHydrated(page, javaScriptEnabled);
    await expect(main.getByTestId("variant-row")).toHaveCount(1);
    await main.getByLabel("Option 1 name").fill("Colour");
    await main.getByLabel("Option 1 values").fill("Black, White");
    await main.getByRole("button", { name: "Save options and make the variants" }).click();
    await expect(toast(page, "Options saved")).toBeVisible();
    const rows = main.getByTestId("variant-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("Colour: Black");
    // the variant made with the product kept its stock as the first combination
    await expect(main.getByLabel("Stock of Colour: Black")).toHaveValue("2");
    await pageHydrated(page, javaScriptEnabled);
    await main.getByLabel("Price of Colour: White").fill("35.50");
    await main.getByLabel("Stock of Colour: White").fill("4");
    await main.getByRole("button", { name: "Save variants" }).click();
    await expect(toast(page, "Variants saved")).toBeVisible();
    await expect(main.getByLabel("Price of Colour: White")).toHaveValue("35.50");
    await expect(main.getByLabel("Stock of Colour: White")).toHaveValue("4");

    await pageHydrated(page, javaScriptEnabled);
    await main.getByRole("button", { name: "Delete Colour: Black" }).click();
    await expect(toast(page, "Variant deleted")).toBeVisible();
    await expect(rows).toHaveCount(1);

    // the shop sells what is left: White, $35.50, 4 in stock; Black stays listed, not offered
    await page.goto(`/product/${made.id}/details`);
    await expect(main.getByText("$35.50").first()).toBeVisible();
    await expect(main.getByText("4 in stock")).toBeVisible();
    await expect(main.getByTestId("variant-picker").getByText("(not offered)")).toBeVisible();
  });

  test("admin adds a variant by hand and sets one price and stock for the selected variants", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const kb = await keyboard(page.request, tag);
    await signInAsAdmin(page);
    await page.goto(`/update-product/${kb.id}/variants`);
    const main = page.getByRole("main");
    const rows = main.getByTestId("variant-row");
    await expect(rows).toHaveCount(3);
    await pageHydrated(page, javaScriptEnabled);

    // a bad price is a field error, and what was typed stays
    const add = main.getByRole("region", { name: "Add a variant" });
    await add.getByLabel("Switch").fill("Silver");
    await add.getByLabel("Price ($)").fill("abc");
    await add.getByLabel("Stock").fill("6");
    await add.getByRole("button", { name: "Add the variant" }).click();
    await expect(add.getByText("Price must be a number")).toBeVisible();
    await expect(add.getByLabel("Switch")).toHaveValue("Silver");
    await pageHydrated(page, javaScriptEnabled);
    await add.getByLabel("Price ($)").fill("110");
    await add.getByRole("button", { name: "Add the variant" }).click();
    await expect(toast(page, "Variant added")).toBeVisible();
    await expect(rows).toHaveCount(4);
    await expect(main.getByLabel("SKU of Switch: Silver")).toHaveValue(`KB${tag}-SILVER`);
    await expect(main.getByLabel("Stock of Switch: Silver")).toHaveValue("6");
    await expect(add.getByLabel("Switch")).toHaveValue("");

    // nothing selected: the form says so
    await pageHydrated(page, javaScriptEnabled);
    await main.getByLabel("Set price ($)").fill("70");
    await main.getByRole("button", { name: "Apply to the selected" }).click();
    await expect(main.getByText("Select at least one variant")).toBeVisible();

    await pageHydrated(page, javaScriptEnabled);
    await main.getByLabel("Select Switch: Red").check();
    await main.getByLabel("Select Switch: Blue").check();
    await main.getByLabel("Set price ($)").fill("70");
    await main.getByLabel("Set stock").fill("9");
    await main.getByRole("button", { name: "Apply to the selected" }).click();
    await expect(toast(page, "Selected variants updated")).toBeVisible();
    for (const [name, price, stock] of [
      ["Red", "70.00", "9"],
      ["Brown", "95.00", "3"],
      ["Blue", "70.00", "9"],
      ["Silver", "110.00", "6"],
    ] as const) {
      await expect(main.getByLabel(`Price of Switch: ${name}`)).toHaveValue(price);
      await expect(main.getByLabel(`Stock of Switch: ${name}`)).toHaveValue(stock);
    }
    await expect(main.getByLabel("Select Switch: Red")).not.toBeChecked();

    // a compare-at price for the selected: refused under its field unless above each one's price ($70, $95)
    const tick = async (...names: string[]) => {
      await pageHydrated(page, javaScriptEnabled);
      for (const name of names) await main.getByLabel(`Select Switch: ${name}`).check();
    };
    await tick("Red", "Brown");
    await main.getByLabel("Set compare-at price ($)").fill("90");
    await main.getByRole("button", { name: "Apply to the selected" }).click();
    await expect(main.getByText(/Compare-at price must be above the price of each selected variant/)).toBeVisible();
    await expect(main.getByLabel("Compare-at of Switch: Red")).toHaveValue("");
    await tick("Red", "Brown");
    await main.getByLabel("Set compare-at price ($)").fill("99");
    await main.getByRole("button", { name: "Apply to the selected" }).click();
    await expect(toast(page, "Selected variants updated")).toBeVisible();
    await expect(main.getByLabel("Compare-at of Switch: Red")).toHaveValue("99.00");
    await expect(main.getByLabel("Compare-at of Switch: Brown")).toHaveValue("99.00");
    await expect(main.getByLabel("Compare-at of Switch: Blue")).toHaveValue("");
    // and cleared
    await tick("Brown");
    await main.getByLabel("Clear compare-at price").check();
    await main.getByRole("button", { name: "Apply to the selected" }).click();
    await expect(toast(page, "Selected variants updated")).toBeVisible();
    await expect(main.getByLabel("Compare-at of Switch: Brown")).toHaveValue("");
    await expect(main.getByLabel("Compare-at of Switch: Red")).toHaveValue("99.00");

    // the shop sells the added switch
    await page.goto(`/product/${kb.id}/details?option1=Silver`);
    await expect(main.getByText("$110.00").first()).toBeVisible();
    await expect(main.getByText("6 in stock")).toBeVisible();
  });
});
