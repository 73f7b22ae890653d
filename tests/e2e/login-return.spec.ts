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

test("a new shopper who registers from the login page is signed in and comes back to that page", async ({ page }) => {
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
  // signed in at once, and back on the product
  await expect(page).toHaveURL(productPath);
  await expect(nav(page).getByRole("link", { name: "My Account", exact: true })).toBeVisible();
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

// A session that can no longer be refreshed (here: the password was changed on another device, which ends every other
// session) used to drop the shopper on "/" without a word, even from a mailed "View your order" link.
test("a page that needs sign-in, opened after the session ended, says so on the login page and comes back after it", async ({
  page,
  request,
}) => {
  const user = await registeredUser(request);
  await page.goto("/login");
  await logIn(page, user.email);
  await expect(nav(page).getByRole("link", { name: "My Account", exact: true })).toBeVisible();

  // another device changes the password: this browser's session ends
  const login = await request.post("/api/v1/auth/login", { data: { email: user.email, password: PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const newPassword = "a brand new password";
  const changed = await request.put(`/api/v1/users/${user.id}/password`, {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { currentPassword: PASSWORD, newPassword },
  });
  expect(changed.ok()).toBe(true);

  const wanted = `/user-profile/${user.id}/profile`;
  await page.goto(wanted);
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(wanted)}`);
  await expect(page.getByText("Your session has ended. Please sign in again.")).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "Login", exact: true })).toBeVisible();

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(wanted);
  await expect(nav(page).getByRole("link", { name: "My Account", exact: true })).toBeVisible();
});
