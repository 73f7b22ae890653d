import { expect, test } from "@playwright/test";
import {
  apply,
  cardNames,
  categoryId,
  expectCards,
  names,
  openListing,
  products,
  resultLine,
  searchFor,
  showing,
} from "./shop";

/**
 * Option values on the listing (docs/decisions/0036-product-variants.md), with and without JavaScript: the demo
 * catalogue sells some products by switch, colour or size; each option is a box of checkboxes in the filters, and a
 * search finds a product by its option values.
 */
const optioned = products.filter((p) => p.options?.length);

test.describe("option values on the listing", () => {
  test("shopper ticks a switch in the filters and sees the keyboards sold with it", async ({
    page,
    javaScriptEnabled,
  }) => {
    const keyboards = `/products/category/${categoryId("Keyboards")}/products`;
    const ui = await openListing(page, keyboards, javaScriptEnabled);
    const sold = optioned.filter((p) => p.category === "Keyboards" && p.options!.some((o) => o.name === "Switch"));
    const brown = sold.filter((p) => p.options!.some((o) => o.values.includes("Brown")));
    expect(brown.length).toBeGreaterThan(0);
    const switches = page.getByRole("main").getByRole("group", { name: "Switch" });
    const box = switches.getByRole("checkbox", { name: `Brown (${brown.length})` });
    await box.check();
    await apply(page, javaScriptEnabled, /[?&]option=Switch%3A\+Brown(&|$)/);
    await expect(resultLine(page)).toHaveText(showing(brown.length));
    await expectCards(page, names(brown));
    await expect(box).toBeChecked();
    // the brand box is still there, and the option's box keeps its other values
    await expect(ui.brand(brown[0]!.brand)).toBeVisible();
    await expect(switches.getByRole("checkbox", { name: /^Red \(\d+\)$/ })).not.toBeChecked();

    await box.uncheck();
    await apply(page, javaScriptEnabled, /\/products(\?(?!.*option=)[^#]*)?$/);
    await expect(box).not.toBeChecked();
  });

  test("shopper finds a mouse by its colour", async ({ page, javaScriptEnabled }) => {
    await openListing(page, "/products", javaScriptEnabled);
    await searchFor(page, javaScriptEnabled, "white mouse");
    const white = optioned.filter((p) => p.kind === "mouse" && p.options!.some((o) => o.values.includes("White")));
    expect(white.length).toBeGreaterThan(0);
    await expect.poll(() => cardNames(page)).toEqual(expect.arrayContaining(names(white)));
  });
});
