import { expect, test } from "@playwright/test";
import { signInAsAdmin, uniqueTag } from "./admin-helpers";
import { ORDERS_SHOP } from "./orders-shop";

/**
 * The shop's policy pages (docs/decisions/0043-policy-pages.md): linked from every page's footer, written by the admin
 * in Markdown through a plain form, shown with raw HTML as text. The admin is the orders shop's; the two projects
 * each edit a page of their own, so that neither reads the other's text.
 */
test.use({ baseURL: ORDERS_SHOP });

test("a visitor reads the terms from the footer; each policy page links the others", async ({ page }) => {
  await page.goto("/");
  await page
    .getByRole("contentinfo")
    .getByRole("navigation", { name: "Shop policies" })
    .getByRole("link", { name: "Terms and conditions" })
    .click();
  await expect(page).toHaveURL("/policies/terms");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/terms/i);
  const others = page.getByRole("main").getByRole("navigation", { name: "Shop policies" });
  await expect(others.getByRole("link", { name: "Withdraw from contract" })).toHaveAttribute("href", "/withdraw");
  await others.getByRole("link", { name: /Returns and withdrawal/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Returns and withdrawal" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(/within \d+ days of delivery/);

  const missing = await page.goto("/policies/cookies");
  expect(missing?.status()).toBe(404);
});

test("admin rewrites a policy page in Markdown; a refused save keeps the text; HTML shows as text", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const slug = javaScriptEnabled ? "shipping" : "contact";
  const title = `Policy ${uniqueTag(testInfo)}`;
  const body = "## Delivery times\n\nOrders ship in **two** days. <script>window.hacked = 1</script>";
  await signInAsAdmin(page);
  await page.goto("/admin/pages");
  await expect(page.getByRole("heading", { level: 1, name: "Shop pages" })).toBeVisible();
  const row = page
    .getByTestId("policy-page-row")
    .filter({ has: page.getByRole("link", { name: `View /policies/${slug}` }) });
  await row.locator("summary").click();

  // an empty title: refused by its field, the text typed kept
  await row.getByLabel("Title").fill(" ");
  await row.getByLabel("Text (Markdown)").fill(body);
  await row.getByRole("button", { name: /^Save / }).click();
  await expect(row.getByLabel("Title")).toHaveAccessibleDescription("Enter a title");
  await expect(row.getByLabel("Text (Markdown)")).toHaveValue(body);

  await row.getByLabel("Title").fill(title);
  await row.getByRole("button", { name: /^Save / }).click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();

  await page.goto(`/policies/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("heading", { level: 3, name: "Delivery times" })).toBeVisible();
  const article = page.getByRole("main").locator("article");
  await expect(article.locator("strong")).toHaveText("two");
  await expect(article).toContainText("<script>window.hacked = 1</script>");
  await expect(article.locator("script")).toHaveCount(0);
  await expect(article).toContainText("Last changed");
});
