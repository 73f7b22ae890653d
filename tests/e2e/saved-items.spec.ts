import { expect, test } from "@playwright/test";
import { hydrated, openCart, pick, signedInShopper } from "./checkout-helpers";
import { toast } from "./orders-shop";
import { products } from "./shop";

/**
 * Slots 29 and 30 are past `plenty`'s 58 products: these are of a wider pool (in stock, at least 15). Saving and a cart
 * line take no stock, so sharing a product with another spec's slot changes nothing for either.
 */
const pool = products.filter((p) => p.inventory >= 15);

/**
 * Saved items and "Goes well with" (docs/decisions/0047-saved-items-and-related-products.md), with JavaScript and
 * without: a shopper saves a product from its card on the listing and another from its details page, finds both on
 * the Saved page, and moves one to the cart; the details page shows "Goes well with", and the anonymous (cached) page
 * has no "Save for later". On product slots 29 and 30 of `pick()`.
 */
test("save from a card and from the details page, list them on the Saved page, move one to the cart", async ({
  page,
  browser,
}, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const fromCard = pick(testInfo, 29, pool);
  const fromDetails = pick(testInfo, 30, pool);
  const shopper = await signedInShopper(page);

  // a card of the listing (searched by name, of its brand)
  const listing = `/products?search=${encodeURIComponent(fromCard.name)}&brand=${encodeURIComponent(fromCard.brand)}`;
  await page.goto(listing);
  await hydrated(page, javaScriptEnabled);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: `Add to cart: ${fromCard.name}` }) });
  // the save's answer awaited, not only the button's optimistic "Saved": a page left at once would cancel the post
  await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === "POST" && /^\/account\/saved(\.data)?$/.test(new URL(r.url()).pathname),
    ),
    card
      .first()
      .getByRole("button", { name: `Save for later: ${fromCard.name}` })
      .click(),
  ]);
  await expect(card.first().getByRole("button", { name: `Saved: ${fromCard.name}` })).toBeVisible();
  // still the listing (without JavaScript: sent back to it)
  expect(new URL(page.url()).pathname).toBe("/products");

  // the details page: "Goes well with" (rendered on the server), and its own button
  await page.goto(`/product/${fromDetails.id}/details`);
  await hydrated(page, javaScriptEnabled);
  const related = page.getByRole("region", { name: "Goes well with" });
  await expect(related.getByRole("listitem").first()).toBeVisible();
  await expect(related.getByRole("link", { name: new RegExp(fromDetails.name) })).toHaveCount(0);
  await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === "POST" && /^\/account\/saved(\.data)?$/.test(new URL(r.url()).pathname),
    ),
    page.getByRole("button", { name: `Save for later: ${fromDetails.name}` }).click(),
  ]);
  await expect(page.getByRole("button", { name: `Saved: ${fromDetails.name}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: `Saved: ${fromDetails.name}` })).toBeVisible();

  // the Saved page lists both, newest first
  await page.goto("/account/saved");
  await expect(page.getByRole("heading", { level: 1, name: "Saved items" })).toBeVisible();
  const items = page.getByTestId("saved-item");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(fromDetails.name);
  await expect(items.nth(1)).toContainText(fromCard.name);

  // move to cart: in the cart, gone from the saved items
  await page.getByRole("button", { name: `Move to cart: ${fromCard.name}` }).click();
  await expect(toast(page, `${fromCard.name} added to cart (moved from your saved items)`)).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(fromDetails.name);
  await openCart(page, shopper.id, javaScriptEnabled);
  await expect(page.getByTestId("cart-line").filter({ hasText: fromCard.name })).toHaveCount(1);

  // remove
  await page.goto("/account/saved");
  await page.getByRole("button", { name: `Remove: ${fromDetails.name}` }).click();
  await expect(toast(page, "Removed from your saved items")).toBeVisible();
  await expect(page.getByText("Nothing saved yet.")).toBeVisible();

  // a visitor's (cached) details page: "Goes well with", no "Save for later"
  const visitor = await browser.newPage({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled });
  await visitor.goto(`/product/${fromDetails.id}/details`);
  await expect(visitor.getByRole("region", { name: "Goes well with" }).getByRole("listitem").first()).toBeVisible();
  await expect(visitor.getByRole("button", { name: /Save for later|Saved:/ })).toHaveCount(0);
  await visitor.close();
});

test("review e-mails: turned off and back on from account settings", async ({ page }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const shopper = await signedInShopper(page);
  await page.goto(`/user-profile/${shopper.id}/settings`);
  await hydrated(page, javaScriptEnabled);
  const box = page.getByRole("checkbox", { name: /review/ });
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByRole("button", { name: "Save e-mail settings" }).click();
  await expect(toast(page, "You will not get e-mails asking for reviews any more.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /review/ })).not.toBeChecked();
  await page.getByRole("checkbox", { name: /review/ }).check();
  await page.getByRole("button", { name: "Save e-mail settings" }).click();
  await expect(toast(page, "You will get e-mails asking for reviews again.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /review/ })).toBeChecked();
});
