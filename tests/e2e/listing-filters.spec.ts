import { expect, test } from "@playwright/test";
import {
  apply,
  byPriceDesc,
  categoryId,
  expectCards,
  matches,
  names,
  openListing,
  PAGE_SIZE,
  price,
  products,
  resultLine,
  searchFor,
  showing,
} from "./shop";

test.describe("product listing", () => {
  test("shopper searches by text, and a misspelt brand is corrected", async ({ page, javaScriptEnabled }) => {
    const ui = await openListing(page, "/products", javaScriptEnabled);
    await searchFor(page, javaScriptEnabled, "talon");
    const talons = products.filter((p) => matches(p, "talon"));
    expect(talons.length).toBeGreaterThan(1);
    await expect(ui.heading).toHaveText("Results for “talon”");
    await expect(resultLine(page)).toHaveText(showing(talons.length));
    await expectCards(page, names(talons));
    await expect(ui.search).toHaveValue("talon");

    // "Brimstone" with a letter missing: forgiven (one edit), and the shopper is offered the spelling
    await searchFor(page, javaScriptEnabled, "Brimstne");
    const brimstone = products.filter((p) => matches(p, "brimstone"));
    await expect(page.getByRole("main")).toContainText("Did you mean brimstone?");
    await expect(resultLine(page)).toHaveText(showing(brimstone.length));
    await expectCards(page, names(brimstone));
    await expect(ui.search).toHaveValue("Brimstne");
    await page.getByRole("link", { name: "brimstone", exact: true }).click();
    await expect(page).toHaveURL(/[?&]search=brimstone(&|$)/);
    await expect(ui.search).toHaveValue("brimstone");
    await expect(page.getByRole("main")).not.toContainText("Did you mean");

    // "Brimstone" three edits away: past what is forgiven, so the nearest known word is searched instead
    await searchFor(page, javaScriptEnabled, "Brimzdonz");
    await expect(page.getByRole("main")).toContainText(
      "No exact matches for “Brimzdonz”. Showing results for “brimstone”.",
    );
    await expectCards(page, names(brimstone));

    // nothing close to it
    await searchFor(page, javaScriptEnabled, "qzxv");
    await expect(resultLine(page)).toHaveText(showing(0));
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText("No exact matches");
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  });

  test("shopper filters by two brands within a category and a search", async ({ page, javaScriptEnabled }) => {
    const ui = await openListing(page, `/products/category/${categoryId("Mice")}/products`, javaScriptEnabled);
    await searchFor(page, javaScriptEnabled, "wireless");
    await expect(ui.heading).toHaveText("Results for “wireless” in Mice");

    const mice = products.filter((p) => p.category === "Mice" && matches(p, "wireless"));
    await expect(resultLine(page)).toHaveText(showing(mice.length));

    await ui.brand("Kestrel Labs").check();
    if (javaScriptEnabled) {
      await expect(page).toHaveURL(/[?&]brand=Kestrel\+Labs(&|$)/);
      await expect(resultLine(page)).toHaveText(showing(mice.filter((p) => p.brand === "Kestrel Labs").length));
    }
    await ui.brand("Vantrix").check();
    await apply(page, javaScriptEnabled, /[?&]brand=Vantrix(&|$)/);
    await expect(page).toHaveURL(/[?&]brand=Kestrel\+Labs(&|$)/);
    await expect(page).toHaveURL(/[?&]search=wireless(&|$)/);
    await expect(page).toHaveURL(new RegExp(`[?&]category=${categoryId("Mice")}(&|$)`));

    const expected = mice.filter((p) => ["Kestrel Labs", "Vantrix"].includes(p.brand));
    // both brands show (OR), within the category and the search (AND): fewer than the search in Mice alone
    expect(new Set(expected.map((p) => p.brand)).size).toBe(2);
    expect(expected.length).toBeLessThan(mice.length);
    await expect(resultLine(page)).toHaveText(showing(expected.length));
    await expectCards(page, names(expected));
    for (const card of await page.getByRole("main").getByRole("article").all()) {
      await expect(card).toContainText(/Kestrel Labs|Vantrix/);
    }
    await expect(ui.brand("Kestrel Labs")).toBeChecked();
    await expect(ui.brand("Vantrix")).toBeChecked();
    await expect(ui.brand("Zephyrline")).not.toBeChecked();
    await expect(ui.search).toHaveValue("wireless");
    await expect(ui.category).toHaveValue(String(categoryId("Mice")));
  });

  test("shopper narrows by price range, then to products in stock", async ({ page, javaScriptEnabled }) => {
    const ui = await openListing(page, `/products/category/${categoryId("Keyboards")}/products`, javaScriptEnabled);
    await ui.minPrice.fill("150");
    await ui.maxPrice.fill("250");
    await apply(page, javaScriptEnabled, /[?&]minPrice=150&maxPrice=250(&|$)/);
    const inRange = products.filter(
      (p) => p.category === "Keyboards" && p.priceCents >= 15000 && p.priceCents <= 25000,
    );
    await expect(resultLine(page)).toHaveText(showing(inRange.length));
    await expectCards(page, names(inRange));
    await expect(ui.minPrice).toHaveValue("150");
    await expect(ui.maxPrice).toHaveValue("250");

    await ui.inStock.check();
    await apply(page, javaScriptEnabled, /[?&]inStock=true(&|$)/);
    const available = inRange.filter((p) => p.inventory > 0);
    expect(available.length).toBeLessThan(inRange.length);
    await expect(resultLine(page)).toHaveText(showing(available.length));
    await expectCards(page, names(available));
    await expect(page.getByRole("main").getByText("Out of stock")).toHaveCount(0);
    await expect(ui.inStock).toBeChecked();
    await expect(ui.minPrice).toHaveValue("150");
  });

  test("shopper sorts by price, high to low, and pages through in-stock results keeping sort and filter", async ({
    page,
    javaScriptEnabled,
  }) => {
    const ui = await openListing(page, "/products?inStock=true", javaScriptEnabled);
    const available = products.filter((p) => p.inventory > 0);
    await expect(ui.inStock).toBeChecked();

    // (Today's Deals on the home page sorts the other way)
    await ui.sort.selectOption({ label: "Price: high to low" });
    await apply(page, javaScriptEnabled, /[?&]sort=price_desc(&|$)/);
    const expected = [...available].sort(byPriceDesc);
    await expectCards(page, names(expected.slice(0, PAGE_SIZE)), { sorted: true });
    await expect(page.getByRole("main").getByRole("article").first()).toContainText(price(expected[0]!)); // "$1,099.99"
    await expect(resultLine(page)).toHaveText(showing(expected.length, 1));
    const pages = Math.ceil(expected.length / PAGE_SIZE);
    expect(pages).toBeGreaterThan(2);

    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]inStock=true(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=price_desc(&|$)/);
    await expect(resultLine(page)).toHaveText(showing(expected.length, 2));
    await expectCards(page, names(expected.slice(PAGE_SIZE, 2 * PAGE_SIZE)), { sorted: true });
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(ui.inStock).toBeChecked();
    await expect(ui.sort).toHaveValue("price_desc");

    await pagination.getByRole("link", { name: `Page ${pages}` }).click();
    await expect(resultLine(page)).toHaveText(showing(expected.length, pages));
    await expectCards(page, names(expected.slice((pages - 1) * PAGE_SIZE)), { sorted: true });
    await expect(pagination.getByRole("link", { name: "Next" })).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]inStock=true(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=price_desc(&|$)/);
  });

  test("shopper clears every filter with 'Clear Filter'", async ({ page, javaScriptEnabled }) => {
    const ui = await openListing(
      page,
      `/products?search=talon&category=${categoryId("Mice")}&brand=Vantrix&minPrice=10&inStock=true&sort=price_desc`,
      javaScriptEnabled,
    );
    await expect(ui.brand("Vantrix")).toBeChecked();
    await ui.clear.click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(ui.heading).toHaveText("All Products");
    await expect(resultLine(page)).toHaveText(showing(products.length));
    await expect(ui.search).toHaveValue("");
    await expect(ui.category).toHaveValue("");
    await expect(ui.brand("Vantrix")).not.toBeChecked();
    await expect(ui.minPrice).toHaveValue("");
    await expect(ui.inStock).not.toBeChecked();
    await expect(ui.sort).toHaveValue("relevance");
  });
});
