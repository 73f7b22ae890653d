import { expect, test } from "@playwright/test";
import { hydrated } from "./admin-helpers";
import { productNamed } from "./shop";

/**
 * Variant pictures (docs/decisions/0036-product-variants.md), with and without JavaScript: the demo's "Comet Shell"
 * mouse is sold in three colours with a picture each (White's is the product's own). Choosing a colour on its details
 * page shows that colour's picture, at the colour's own URL, which opened afresh shows the same. Read only: no stock
 * of the shared shop changes.
 */

interface Picture {
  id: number;
}
interface Listed {
  images: Picture[];
  variants: Array<{ id: number; imageIds: number[]; selectedOptions: Array<{ value: string }> }>;
}

const comet = productNamed("Comet Shell");

test.describe("variant pictures", () => {
  test("shopper chooses a colour of the Comet Shell and sees that colour's picture, at its own URL", async ({
    page,
    javaScriptEnabled,
  }) => {
    const answer = await page.request.get(`/api/v1/products/product/${comet.id}/product`);
    expect(answer.ok()).toBe(true);
    const product = ((await answer.json()) as { data: Listed }).data;
    const colours = comet.options![0]!.values;
    // each colour's picture, and they differ: White the product's first, the others their own
    const pictureOf = (colour: string) => {
      const variant = product.variants.find((v) => v.selectedOptions[0]?.value === colour)!;
      return variant.imageIds[0] ?? product.images[0]!.id;
    };
    expect(new Set(colours.map(pictureOf)).size).toBe(colours.length);

    const main = page.getByRole("main");
    const picture = main.getByRole("link", { name: `Enlarge the picture of ${comet.name}` });
    const shows = (colour: string) =>
      expect(picture).toHaveAttribute("href", new RegExp(`/images/image/download/${pictureOf(colour)}\\?`));
    await page.goto(`/product/${comet.id}/details`);
    await shows(colours[0]!);
    await hydrated(page, javaScriptEnabled);
    const picker = main.getByTestId("variant-picker");
    for (const colour of [...colours.slice(1), colours[0]!]) {
      await picker.getByRole("radio", { name: new RegExp(colour) }).check();
      if (!javaScriptEnabled) await picker.getByRole("button", { name: "Choose" }).click();
      await expect(page).toHaveURL(new RegExp(`option1=${colour}`));
      await expect(picker.getByRole("radio", { name: new RegExp(colour) })).toBeChecked();
      await shows(colour);
    }

    // the colour's own URL, opened afresh (shared, indexed, reached without JavaScript), shows its picture
    const black = product.variants.find((v) => v.selectedOptions[0]?.value === colours[1])!;
    await page.goto(`/product/${comet.id}/details?option1=${colours[1]}`);
    await shows(colours[1]!);
    await page.goto(`/product/${comet.id}/details?variant=${black.id}`);
    await shows(colours[1]!);
    await expect(picker.getByRole("radio", { name: new RegExp(colours[1]!) })).toBeChecked();
  });
});
