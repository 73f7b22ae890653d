import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { toast } from "./orders-shop";
import { REQUEST_ONLY } from "./projects";
import { endlessPost } from "../support/endless-post";

const PASSWORD = "correct horse battery";

function uniqueEmail() {
  return `shopper.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A registered user, made through the API (fast); the registration form has its own test. */
async function registeredUser(request: APIRequestContext, addressList: Array<Record<string, string>> = []) {
  const email = uniqueEmail();
  const response = await request.post("/api/v1/users/add", {
    data: { firstName: "Sam", lastName: "Player", email, password: PASSWORD, addressList },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: { id: number } };
  return { email, id: body.data.id };
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Logs in and waits until the page shows the signed-in navigation. */
async function logInOk(page: Page, email: string) {
  await logIn(page, email);
  await expect(page.getByRole("link", { name: "My Account" })).toBeVisible();
}

test.describe("accounts", () => {
  test("shopper registers with two addresses, logs in and sees them on the dashboard", async ({ page }) => {
    const email = uniqueEmail();
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "User Registration" })).toBeVisible();
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    const first = page.getByRole("group", { name: "Address 1" });
    await first.getByLabel("Street").fill("1 Analytical Way");
    await first.getByLabel("City").fill("London");
    await first.getByLabel("Country").selectOption("GB");
    // a button with JavaScript; without, the summary of a block that opens in the page
    await page.getByText("Add Address", { exact: true }).click();
    const second = page.getByRole("group", { name: "Address 2" });
    await expect(second).toBeVisible();
    // what was typed before 'Add Address' is still there (with and without JavaScript)
    await expect(page.getByLabel("First name")).toHaveValue("Ada");
    await expect(first.getByLabel("Street")).toHaveValue("1 Analytical Way");
    await expect(second.getByLabel("Address type")).toHaveValue("HOME");
    await second.getByLabel("Street").fill("2 Difference Engine Rd");
    await second.getByLabel("City").fill("Manchester");
    await second.getByLabel("Country").selectOption("GB");
    await second.getByLabel("Address type").selectOption("OFFICE");
    if ((await page.getByLabel("Password").inputValue()) === "") await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Register" }).click();

    // signed in at once, on the home page (where the shopper came from: nowhere)
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Welcome to GearHub! Your account is ready and you are signed in.")).toBeVisible();
    await page.getByRole("link", { name: "My Account" }).click();
    await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
    await expect(page.getByText("1 Analytical Way")).toBeVisible();
    await expect(page.getByText("2 Difference Engine Rd")).toBeVisible();
    await expect(
      page.locator("li", { hasText: "2 Difference Engine Rd" }).locator("span", { hasText: /^Office$/ }),
    ).toBeVisible();
    await expect(page.getByText("No orders found at the moment")).toBeVisible();
    await expect(page.getByRole("img", { name: "Ada Lovelace" })).toHaveAttribute("width", "100");
  });

  test("registration refuses a taken e-mail as a field error and keeps the form", async ({ page, request }) => {
    const user = await registeredUser(request);
    await page.goto("/register");
    await page.getByLabel("First name").fill("Dup");
    await page.getByLabel("Last name").fill("Licate");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("An account with this email already exists.")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Dup");
  });

  test("empty login says 'Invalid username or password', a wrong password says the server's message", async ({
    page,
    request,
  }) => {
    const user = await registeredUser(request);
    await page.goto("/login");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid username or password" })).toBeVisible();
    await logIn(page, user.email, "not the password");
    await expect(page.getByRole("alert").filter({ hasText: "Invalid username or password" })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("a visitor is sent to log in and comes back to where they were going", async ({ page, request }) => {
    const user = await registeredUser(request);
    await page.goto("/user-profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser-profile/);
    await logIn(page, user.email);
    await expect(page).toHaveURL(`/user-profile/${user.id}/profile`);
    await expect(page.getByRole("heading", { name: "Sam Player" })).toBeVisible();
  });

  test("another user's dashboard answers Unauthorized, and a login never redirects off-site", async ({
    page,
    request,
  }) => {
    const owner = await registeredUser(request);
    const stranger = await registeredUser(request);
    await page.goto("/login?redirectTo=https://evil.example/");
    await logIn(page, stranger.email);
    await expect(page).toHaveURL("/");
    await page.goto(`/user-profile/${owner.id}/profile`);
    await expect(page).toHaveURL(/\/unauthorized/);
    await expect(
      page.getByRole("heading", { name: "Unauthorized: You do not have permission to access this page." }),
    ).toBeVisible();
  });

  test("the dashboard fits a 360 px phone, even with a long e-mail address", async ({ page, request }) => {
    const user = await registeredUser(request);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/login");
    await logInOk(page, user.email);
    await page.goto(`/user-profile/${user.id}/profile`);
    await expect(page.getByText(user.email)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test("logout ends the session", async ({ page, request }) => {
    const user = await registeredUser(request);
    await page.goto("/login");
    await logIn(page, user.email);
    await expect(page.getByRole("link", { name: "My Account" })).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("0");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    await page.goto(`/user-profile/${user.id}/profile`);
    await expect(page).toHaveURL(/\/login/);
  });

  test("shopper adds, edits and deletes an address on the dashboard", async ({ page, request }) => {
    const user = await registeredUser(request);
    await page.goto("/login");
    await logInOk(page, user.email);
    await page.goto(`/user-profile/${user.id}/profile`);
    await expect(page.getByText("No addresses found")).toBeVisible();

    await page.getByText("Add address").click();
    const add = page.getByRole("form", { name: "Add an address" });
    await add.getByLabel("Street").fill("10 Respawn Ave");
    await add.getByLabel("City").fill("Austin");
    await add.getByLabel("Country").selectOption("US");
    await add.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByText("Address added")).toBeVisible();
    const item = page.locator("li", { hasText: "10 Respawn Ave" });
    await expect(item).toBeVisible();
    // cleared and closed after a successful add
    await expect(add).toBeHidden();

    await item.getByText("Edit").click();
    const edit = item.getByRole("form", { name: "Edit the address" });
    await edit.getByLabel("Street").fill("11 Respawn Ave");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Address updated")).toBeVisible();
    await expect(page.locator("li", { hasText: "11 Respawn Ave" })).toBeVisible();

    await page.locator("li", { hasText: "11 Respawn Ave" }).getByRole("button", { name: "Delete address" }).click();
    await expect(page.getByText("Address deleted")).toBeVisible();
    await expect(page.getByText("No addresses found")).toBeVisible();
  });

  test("an address the server refuses is shown at once, then rolled back with the server's message", async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "optimistic updates need JavaScript");
    const user = await registeredUser(request);
    await page.goto("/login");
    await logInOk(page, user.email);
    await page.goto(`/user-profile/${user.id}/profile`);
    // slow the answer down so the optimistic entry can be seen
    await page.route(`**/user-profile/${user.id}/profile*`, async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByText("Add address").click();
    const add = page.getByRole("form", { name: "Add an address" });
    await add.getByLabel("Street").fill("404 Nowhere Lane");
    await add.getByLabel("Mobile number").fill("call me maybe");
    await add.getByRole("button", { name: "Save address" }).click();
    const optimistic = page.locator("li", { hasText: "404 Nowhere Lane" });
    await expect(optimistic).toBeVisible();
    expect(await optimistic.getAttribute("data-address-id")).toMatch(/^[\w-]{21}$/);
    await expect(toast(page, "Please check the address.")).toBeVisible();
    await expect(optimistic).toBeHidden();
    await expect(page.getByText("No addresses found")).toBeVisible();
    await expect(add.getByText("must be a phone number")).toBeVisible();
  });
});

test("a form far larger than any of the shop's gets 413 and a page that says so", REQUEST_ONLY, async ({ request }) => {
  const response = await request.post("/register", { form: { firstName: "x".repeat(400_000) }, maxRedirects: 0 });
  expect(response.status()).toBe(413);
  // the rest of the body was never read: the connection cannot carry another request
  expect(response.headers()["connection"]).toBe("close");
  const html = await response.text();
  expect(html).toContain("That was too much to send");
  expect(html).toContain("The form is larger than 256 KB.");
});

test("an endless form post gets its 413 page while it is still being sent", REQUEST_ONLY, async ({ baseURL }) => {
  const answer = await endlessPost(`${baseURL}/register`, "Application/X-WWW-Form-Urlencoded");
  expect(answer.status).toBe(413);
  expect(answer.connection).toBe("close");
  expect(answer.text).toContain("The form is larger than 256 KB.");
});
