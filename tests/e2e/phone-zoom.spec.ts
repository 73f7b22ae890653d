import { expect, test } from "@playwright/test";
import { products } from "./shop";

/**
 * The product picture's zoom on a 360 px phone (docs/product.md#product-details): the enlarged picture is larger than
 * the screen and the finger (here the wheel) pans it; Escape and Close end it. Without JavaScript the picture is a link
 * to the full-size file. Wider screens are covered by details.spec.ts.
 */
test.use({ viewport: { width: 360, height: 740 } });

const pictured = products.find((p) => p.imageCount > 0)!;

test("shopper on a phone zooms a picture larger than the screen, pans it, and closes it", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto(`/product/${pictured.id}/details`);
  const enlarge = page.getByRole("link", { name: `Enlarge the picture of ${pictured.name}` });
  const inline = (await enlarge.getByRole("img").boundingBox())!;
  expect(inline.width).toBeLessThanOrEqual(360);

  if (!javaScriptEnabled) {
    // the link leads to the full-size picture, larger than the phone's screen
    await enlarge.click();
    await expect(page).toHaveURL(/\/api\/v1\/images\/image\/download\/\d+\?v=/);
    const natural = await page.locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth);
    expect(natural).toBeGreaterThan(360);
    return;
  }

  await expect(page.getByRole("button", { name: "Increase quantity" })).toBeVisible();
  const dialog = page.getByRole("dialog", { name: `${pictured.name}, enlarged` });
  const zoomed = dialog.getByRole("img", { name: pictured.name });
  await enlarge.click();
  await expect(zoomed).toBeVisible();
  await expect(dialog.getByRole("status")).toHaveCount(0); // loaded
  const box = (await zoomed.boundingBox())!;
  expect(box.width).toBeGreaterThan(360);
  expect(box.width).toBeGreaterThan(inline.width * 1.5);

  // it pans (the wheel stands in for the finger) and stays open
  const scrollLeft = () => zoomed.evaluate((img) => img.parentElement!.scrollLeft);
  const before = await scrollLeft();
  await page.mouse.move(180, 370);
  await page.mouse.wheel(120, 0);
  await expect.poll(scrollLeft).not.toBe(before);
  await expect(zoomed).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await enlarge.click();
  await expect(zoomed).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
});
