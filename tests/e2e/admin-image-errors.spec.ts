import { expect, test, type Locator, type Page } from "@playwright/test";
import { NO_IMAGE } from "../../app/schemas/product-form";
import { imageFile, open, productViaApi, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { ORDERS_SHOP } from "./orders-shop";

test.use({ baseURL: ORDERS_SHOP });

/** the server's reason for a file whose content is no image (app/services/catalogue/images.server.ts), after the file's name */
const NOT_AN_IMAGE = "notes.txt: The file is not an image we can read (JPEG, PNG, WebP or GIF).";
const notes = { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture at all\n") };

/**
 * After "Please select an image." (said before any request with JavaScript), choosing a file that is no
 * image and sending it left the stale warning in place of the server's reason. The warning now goes as soon as a
 * file is chosen, and the server's reason shows under the picker, with and without JavaScript; with JavaScript that
 * reason in turn goes once another file is chosen.
 */
async function expectServerReasonAfterWarning(
  page: Page,
  where: Locator,
  picker: Locator,
  send: Locator,
  javaScriptEnabled: boolean,
) {
  await send.click();
  await expect(where.getByText(NO_IMAGE, { exact: true })).toBeVisible();
  await picker.setInputFiles(notes);
  // with JavaScript the page's own warning is gone as soon as a file is chosen
  if (javaScriptEnabled) await expect(where.getByText(NO_IMAGE, { exact: true })).toHaveCount(0);
  await send.click();
  await expect(where.getByText(NOT_AN_IMAGE, { exact: true })).toBeVisible();
  await expect(where.getByText(NO_IMAGE, { exact: true })).toHaveCount(0);
  await expect(picker).toHaveAccessibleDescription(NOT_AN_IMAGE);
  await expect(page.getByText(NO_IMAGE, { exact: true })).toHaveCount(0);
  if (javaScriptEnabled) {
    // the reason was about the file sent before: choosing another (a real image) takes it away until the next answer
    await picker.setInputFiles(await imageFile("good.png", { r: 40, g: 120, b: 200 }));
    await expect(where.getByText(NOT_AN_IMAGE, { exact: true })).toHaveCount(0);
    await expect(where.getByRole("img", { name: "Preview of good.png" })).toBeVisible();
  }
}

test.describe("admin: a refused image upload", () => {
  test("the Add Image dialog shows the server's reason for a file that is no image, not the stale warning", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const product = await productViaApi(request, uniqueTag(testInfo));
    await signInAsAdmin(page);
    await open(page, `/update-product/${product.id}/update?image=new`, javaScriptEnabled);
    const dialog = page.getByRole("dialog", { name: "Add Product Image" });
    await expectServerReasonAfterWarning(
      page,
      dialog,
      dialog.getByLabel("Images", { exact: true }),
      dialog.getByRole("button", { name: "Upload Image" }),
      javaScriptEnabled,
    );
    await expect(page.getByRole("main").getByText("No images yet.")).toBeVisible();
  });

  test("step 2 of Add New Product shows the server's reason for a file that is no image, not the stale warning", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const product = await productViaApi(request, uniqueTag(testInfo));
    await signInAsAdmin(page);
    await open(page, `/add-product?step=2&productId=${product.id}`, javaScriptEnabled);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Upload Product Image" })).toBeVisible();
    await expectServerReasonAfterWarning(
      page,
      main,
      main.getByLabel("Images", { exact: true }),
      main.getByRole("button", { name: "Upload", exact: true }),
      javaScriptEnabled,
    );
  });
});
