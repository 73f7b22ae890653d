import { expect, type Locator } from "@playwright/test";
import { hydrated as pageHydrated, productViaApi, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { inCart, pick, plenty, signedInShopper, test } from "./checkout-helpers";
import { ORDERS_SHOP, toast } from "./orders-shop";
import { price, products, type Product } from "./shop";

/**
 * Sale prices (docs/decisions/0041-sale-prices.md), with and without JavaScript: the demo products on sale show their
 * regular price struck through ("was $89.99", "Regular price" to a screen reader) on the home's Today's Deals, the
 * listing's cards, the details page and the cart; an admin sets a compare-at price in the variant table and in the
 * product form, and one not above the price is refused under its field.
 */

/** The demo products on sale, biggest saving first (what Today's Deals lists). */
const onSale = products
  .filter((p) => p.compareAtCents !== undefined && p.inventory > 0)
  .sort((a, b) => b.compareAtCents! - b.priceCents - (a.compareAtCents! - a.priceCents) || a.id - b.id);
const regular = (p: Product) => price({ priceCents: p.compareAtCents! });

/** A price and its struck-through regular price, as a shopper (and a screen reader) meets them. */
async function expectWas(where: Locator, product: Product) {
  await expect(where).toContainText(price(product));
  await expect(where).toContainText(`was ${regular(product)}`);
  await expect(where.getByRole("deletion").first()).toHaveText(regular(product));
  await expect(where.getByText("Regular price").first()).toBeAttached();
}

test.describe("sale prices", () => {
  test("shopper sees Today's Deals on the home page, biggest saving first, with the regular prices struck through", async ({
    page,
  }) => {
    expect(onSale.length).toBeGreaterThanOrEqual(3);
    await page.goto("/");
    const deals = page.getByRole("region", { name: "Today's Deals" });
    await expect(page.getByRole("link", { name: "Today's Deals" })).toHaveAttribute("href", "#todays-deals");
    await expect(deals.getByRole("article").getByRole("heading")).toHaveText(onSale.map((p) => p.name));
    const first = onSale[0]!;
    const card = deals.getByRole("article").first();
    await expectWas(card, first);
    await expect(card).toContainText(`Save ${price({ priceCents: first.compareAtCents! - first.priceCents })}`);
    await card.getByRole("link", { name: `View deal: ${first.name}` }).click();
    await expect(page).toHaveURL(`/product/${first.id}/details`);

    // the details page: the sale price, the regular one beside it; the structured data's price is the sale price
    const main = page.getByRole("main");
    await expectWas(main, first);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(data.offers.price).toBe((first.priceCents / 100).toFixed(2));
    // and the regular price as Google reads a struck-through one
    expect(data.offers.priceSpecification).toContainEqual({
      "@type": "UnitPriceSpecification",
      priceType: "https://schema.org/StrikethroughPrice",
      price: (first.compareAtCents! / 100).toFixed(2),
      priceCurrency: "USD",
    });

    // a product not on sale shows no regular price
    const full = products.find((p) => p.compareAtCents === undefined && p.inventory > 0)!;
    await page.goto(`/product/${full.id}/details`);
    await expect(main.getByRole("deletion")).toHaveCount(0);
    await expect(main.getByTestId("was-price")).toHaveCount(0);
  });

  test("shopper sees the regular price on the listing's card and on the cart line", async ({ page }, testInfo) => {
    const product = pick(
      testInfo,
      0,
      plenty.filter((p) => p.compareAtCents !== undefined),
    );
    await page.goto(`/products?search=${encodeURIComponent(product.name)}`);
    const card = page
      .getByRole("main")
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: product.name }) })
      .first();
    await expectWas(card, product);

    await signedInShopper(page);
    await inCart(page, product, 2);
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Cart/ }).click();
    const line = page.getByRole("row").filter({ hasText: product.name });
    await expect(line.getByTestId("was-price").filter({ visible: true }).first()).toContainText(
      `was ${regular(product)}`,
    );
    // the price charged is the sale price
    await expect(page.getByRole("main")).toContainText(price({ priceCents: product.priceCents * 2 }));
  });
});

test.describe("an admin's compare-at price", () => {
  // writes: on the orders shop, with products of its own, so the demo shop's deals stay as seeded
  test.use({ baseURL: ORDERS_SHOP });

  test("admin sets a compare-at price in the variant table; one not above the price is refused under its field", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const made = await productViaApi(page.request, uniqueTag(testInfo), { price: 30, inventory: 4 });
    await signInAsAdmin(page);
    await page.goto(`/update-product/${made.id}/variants`);
    const main = page.getByRole("main");
    await pageHydrated(page, javaScriptEnabled);
    const compareAt = main.getByLabel("Compare-at of Default");
    await expect(compareAt).toHaveValue("");

    await compareAt.fill("25");
    await main.getByRole("button", { name: "Save variants" }).click();
    await expect(
      main.getByText("Compare-at price must be above the price (leave it blank when not on sale)", { exact: true }),
    ).toBeVisible();
    await expect(compareAt).toHaveValue("25");
    await expect(compareAt).toHaveAttribute("aria-invalid", "true");

    await pageHydrated(page, javaScriptEnabled);
    await compareAt.fill("39.99");
    await main.getByRole("button", { name: "Save variants" }).click();
    await expect(toast(page, "Variants saved")).toBeVisible();
    await expect(compareAt).toHaveValue("39.99");

    await page.goto(`/product/${made.id}/details`);
    await expect(main).toContainText("$30.00");
    await expect(main).toContainText("was $39.99");
    await expect(main.getByRole("deletion")).toHaveText("$39.99");
  });

  test("admin sets and clears a compare-at price in the product form", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const made = await productViaApi(page.request, uniqueTag(testInfo), { price: 30, inventory: 4 });
    await signInAsAdmin(page);
    await page.goto(`/update-product/${made.id}/update`);
    const main = page.getByRole("main");
    await pageHydrated(page, javaScriptEnabled);
    const compareAt = main.getByLabel("Compare-at ($)");
    await compareAt.fill("30");
    await main.getByRole("button", { name: "Update product" }).click();
    await expect(
      main.getByText("Compare-at price must be above the price (leave it blank when not on sale)", { exact: true }),
    ).toBeVisible();

    await compareAt.fill("45");
    await main.getByRole("button", { name: "Update product" }).click();
    await expect(toast(page, "Product updated")).toBeVisible();
    await page.goto(`/product/${made.id}/details`);
    await expect(main).toContainText("was $45.00");

    await page.goto(`/update-product/${made.id}/update`);
    await pageHydrated(page, javaScriptEnabled);
    await expect(compareAt).toHaveValue("45.00");
    await compareAt.fill("");
    await main.getByRole("button", { name: "Update product" }).click();
    await expect(toast(page, "Product updated")).toBeVisible();
    await page.goto(`/product/${made.id}/details`);
    await expect(main.getByTestId("was-price")).toHaveCount(0);
  });
});
