import { expect, test } from "@playwright/test";
import { open, SEEDED_CATEGORY, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { ORDERS_SHOP } from "./orders-shop";
import { products } from "./shop";

/**
 * A refused form posted without JavaScript comes back as a whole page, at its top: the refusal is said there, in the
 * banner under the navigation, with a link down to the form that failed (decision 0034).
 */

test("on a phone, a visitor's Add to cart is answered where the eye is, with a login link and a link to the form", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const product = products.find((p) => p.inventory > 0)!;
  await open(page, `/product/${product.id}/details`, javaScriptEnabled);
  await page.getByRole("button", { name: "Add to cart" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "You need to be logged in to add items to the cart." });
  // said once, in view: without JavaScript at the page's top, with it by the button (the page does not move)
  await expect(alert).toHaveCount(1);
  await expect(alert).toBeInViewport();
  await expect(alert.getByRole("link", { name: "Log in" })).toHaveAttribute(
    "href",
    `/login?redirectTo=${encodeURIComponent(`/product/${product.id}/details`)}`,
  );
  if (!javaScriptEnabled) {
    await alert.getByRole("link", { name: "Go to Add to cart" }).click();
    await expect(page.getByRole("button", { name: "Add to cart" })).toBeInViewport();
  }
});

test.describe("admin", () => {
  test.use({ baseURL: ORDERS_SHOP });
  test("a failed CSV import is said above the product rows, with a link to its errors", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    await signInAsAdmin(page);
    await open(page, "/admin/products", javaScriptEnabled);
    const bad = [
      "id,name,brand,category,price,inventory,description",
      `,Csv ${tag},B${tag},${SEEDED_CATEGORY.name},nope,1,x`,
    ].join("\n");
    await page
      .getByLabel("CSV file")
      .setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    await page.getByRole("button", { name: "Import" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "nothing was imported" });
    // without JavaScript at the page's top; with it by the form (the page does not move)
    await expect(alert).toHaveCount(1);
    await expect(alert).toBeInViewport();
    if (!javaScriptEnabled) await alert.getByRole("link", { name: "Go to the import's errors" }).click();
    await expect(page.locator("#import-csv").getByRole("listitem")).toBeInViewport();
  });
});
