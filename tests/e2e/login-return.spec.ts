import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, registeredUser, uniqueEmail } from "./account-helpers";
import { products } from "./shop";

/**
 * Login in the navigation bar (docs/product.md#login) comes back to the page the shopper was on (through registration
 * too), with and without JavaScript; a way back that leaves the site lands on the home page.
 */

const product = products[3]!;
const productPath = `/product/${product.id}/details`;
const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

async function logIn(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
}

test("Login in the navigation bar comes back to the product page the shopper was on", async ({ page, request }) => {
  const user = await registeredUser(request);
  await page.goto(`${productPath}?qty=2`);
  await nav(page).getByRole("link", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`${productPath}?qty=2`)}`);
  // a wrong password first: the way back is kept through the refusal
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid username or password" })).toBeVisible();
  await logIn(page, user.email);
  await expect(page).toHaveURL(`${productPath}?qty=2`);
  await expect(nav(page).getByRole("link", { name: "My Account", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
});

test("a new shopper who registers from the login page also comes back to that page", async ({ page }) => {
  const email = uniqueEmail("returning");
  await page.goto(productPath);
  await nav(page).getByRole("link", { name: "Login", exact: true }).click();
  await page.getByRole("main").getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL(`/register?redirectTo=${encodeURIComponent(productPath)}`);
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Return");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(productPath)}`);
  await logIn(page, email);
  await expect(page).toHaveURL(productPath);
});

test("the home page's Login link needs no way back, and the login page's own link keeps it", async ({ page }) => {
  await page.goto("/");
  await expect(nav(page).getByRole("link", { name: "Login", exact: true })).toHaveAttribute("href", "/login");
  await page.goto(`/login?redirectTo=${encodeURIComponent(productPath)}`);
  await expect(nav(page).getByRole("link", { name: "Login", exact: true })).toHaveAttribute(
    "href",
    `/login?redirectTo=${encodeURIComponent(productPath)}`,
  );
});

for (const unsafe of [
  "//evil.example/",
  "https://evil.example/",
  "/\\evil.example/",
  "\\\\evil.example",
  "/.//evil.example",
]) {
  test(`a way back that leaves the site (${unsafe}) lands on the home page`, async ({ page, request }) => {
    const user = await registeredUser(request);
    await page.goto(`/login?redirectTo=${encodeURIComponent(unsafe)}`);
    await logIn(page, user.email);
    await expect(nav(page).getByRole("link", { name: "My Account", exact: true })).toBeVisible();
    await expect(page).toHaveURL("/");
  });
}
