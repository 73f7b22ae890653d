import { expect, test, type Page, type Request } from "@playwright/test";
import { products } from "./shop";

// What a page fetches only when it is used (docs/decisions/0026-javascript-budget.md): the details page's
// zoom (Headless UI's dialog) on its first opening, a form's zod schemas when the form is first used. Neither is in
// the page's JavaScript budget (scripts/check-js-budget.mjs), so these tests hold that they really wait, and that the
// page still does what it did once they arrive.

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "what JavaScript fetches later");

const pictured = products.find((p) => p.imageCount >= 1)!;

/** Every script the page requests from now on. */
function scriptsOf(page: Page) {
  const urls: string[] = [];
  page.on("request", (request: Request) => {
    if (request.resourceType() === "script" || /\.js(\?|$)/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

const ZOOM_CHUNK = /\/assets\/image-zoom-(?!lazy)[\w-]+\.js$/;
const ZOD_CHUNK = /\/assets\/zod-browser-[\w-]+\.js$/;

test("the details page fetches the zoom when it is first opened, once", async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto(`/product/${pictured.id}/details`);
  // hydrated: the stepper's controls are buttons
  await expect(page.getByRole("button", { name: "Increase quantity" })).toBeAttached();
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((url) => ZOOM_CHUNK.test(url))).toEqual([]);

  const dialog = page.getByRole("dialog", { name: `${pictured.name}, enlarged` });
  const enlarge = page.getByRole("link", { name: `Enlarge the picture of ${pictured.name}` });
  await enlarge.click();
  await expect(dialog.getByRole("img", { name: pictured.name })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await enlarge.click();
  await expect(dialog.getByRole("img", { name: pictured.name })).toBeVisible();
  expect(scripts.filter((url) => ZOOM_CHUNK.test(url))).toHaveLength(1);
});

test("a form fetches its schemas when first used, then validates in the page as before", async ({ page }) => {
  const scripts = scriptsOf(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/forgot-password");
  const email = page.getByLabel("Email");
  // the input's attributes come with the page, from the loader
  await expect(email).toHaveAttribute("required", "");
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((url) => ZOD_CHUNK.test(url))).toEqual([]);

  await expect(async () => {
    await email.fill("not an address");
    await email.blur();
    await expect(page.getByText("Enter a valid email address")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  expect(scripts.filter((url) => ZOD_CHUNK.test(url))).toHaveLength(1);
  // checked in the page: nothing was posted
  expect(posts).toEqual([]);

  // and the form still goes to the server once it is valid
  await email.fill("someone@example.com");
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status").filter({ hasText: /link/ })).toBeVisible();
});
