/** Helpers of the account recovery and settings specs (decision 0019): accounts made through the API, signing in. */
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";

export const PASSWORD = "correct horse battery";

export function uniqueEmail(tag = "shopper") {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A registered user, made through the API (the registration form has its own test). */
export async function registeredUser(request: APIRequestContext) {
  const email = uniqueEmail();
  const response = await request.post("/api/v1/users/add", {
    data: { firstName: "Sam", lastName: "Player", email, password: PASSWORD, addressList: [] },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: { id: number } };
  return { email, id: body.data.id };
}

/** Signs in on /login and waits for the signed-in navigation. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("link", { name: "My Account", exact: true })).toBeVisible();
}

/** Another browser (its own cookies) signed in as the user: the "other device" whose session should end. */
export async function otherDevice(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/** The page of a link mailed by the shop, on the tests' own host (the mail's links are PUBLIC_URL's). */
export function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

/** Whether the navigation shows a signed-out visitor. */
export async function expectSignedOut(page: Page) {
  await expect(page.getByRole("link", { name: "Login", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "My Account", exact: true })).toHaveCount(0);
}
