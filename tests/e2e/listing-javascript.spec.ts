import { expect, test } from "@playwright/test";
import {
  byPriceDesc,
  expectCards,
  matches,
  names,
  openListing,
  products,
  resultLine,
  searchFor,
  showing,
} from "./shop";

test.describe("product listing with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "applying as you type needs JavaScript");

  test("shopper goes back and forward and the inputs follow the URL", async ({ page }) => {
    const ui = await openListing(page, "/products", true);
    // results follow the typing, no 'Search' press needed; the field keeps the focus and the text
    await ui.search.pressSequentially("wireless", { delay: 40 });
    await expect(page).toHaveURL(/[?&]search=wireless(&|$)/);
    const wireless = products.filter((p) => matches(p, "wireless"));
    await expect(resultLine(page)).toHaveText(showing(wireless.length));
    await expect(ui.search).toBeFocused();
    await expect(ui.search).toHaveValue("wireless");

    await ui.brand("Kestrel Labs").check();
    await expect(page).toHaveURL(/[?&]brand=Kestrel\+Labs(&|$)/);
    const kestrel = wireless.filter((p) => p.brand === "Kestrel Labs");
    await expect(resultLine(page)).toHaveText(showing(kestrel.length));

    await ui.sort.selectOption({ label: "Price: high to low" });
    await expect(page).toHaveURL(/[?&]sort=price_desc(&|$)/);
    await expectCards(page, names([...kestrel].sort(byPriceDesc)), { sorted: true });

    await page.goBack();
    await expect(page).not.toHaveURL(/sort=price_desc/);
    await expect(ui.sort).toHaveValue("relevance");
    await expect(ui.brand("Kestrel Labs")).toBeChecked();
    await expect(ui.search).toHaveValue("wireless");

    await page.goBack();
    await expect(page).not.toHaveURL(/brand=/);
    await expect(ui.brand("Kestrel Labs")).not.toBeChecked();
    await expect(ui.search).toHaveValue("wireless");
    await expect(resultLine(page)).toHaveText(showing(wireless.length));

    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect(ui.search).toHaveValue("");
    await expect(ui.heading).toHaveText("All Products");
    await expect(resultLine(page)).toHaveText(showing(products.length));

    await page.goForward();
    await expect(ui.search).toHaveValue("wireless");
    await page.goForward();
    await expect(ui.brand("Kestrel Labs")).toBeChecked();
    await page.goForward();
    await expect(ui.sort).toHaveValue("price_desc");
    await expect(ui.search).toHaveValue("wireless");
    await expect(ui.brand("Kestrel Labs")).toBeChecked();
    await expectCards(page, names([...kestrel].sort(byPriceDesc)), { sorted: true });
  });

  test("shopper searches twice and Back returns to the first search", async ({ page }) => {
    const ui = await openListing(page, "/products", true);
    await searchFor(page, true, "talon");
    await expect(resultLine(page)).toHaveText(showing(products.filter((p) => matches(p, "talon")).length));
    await searchFor(page, true, "raptor");
    await expect(resultLine(page)).toHaveText(showing(products.filter((p) => matches(p, "raptor")).length));

    await page.goBack();
    await expect(page).toHaveURL(/[?&]search=talon(&|$)/);
    await expect(ui.search).toHaveValue("talon");
  });

  test("keyboard shopper ticks a brand with Space and keeps the focus on it", async ({ page }) => {
    const ui = await openListing(page, "/products", true);
    await ui.brand("Brimstone").focus();
    await page.keyboard.press("Space");
    await expect(page).toHaveURL(/[?&]brand=Brimstone(&|$)/);
    await expect(resultLine(page)).toHaveText(showing(products.filter((p) => p.brand === "Brimstone").length));
    await expect(ui.brand("Brimstone")).toBeChecked();
    await expect(ui.brand("Brimstone")).toBeFocused();
  });
});
