import { expect, test, type Page } from "@playwright/test";
import { expectSignedOut, otherDevice, pathOf, registeredUser, signIn, uniqueEmail } from "./account-helpers";
import { waitForMail } from "./mailbox";

/** The page's answer to "Send me a link" (the notifications region and the button's spinner are statuses too). */
const answer = (page: Page) => page.getByRole("main").getByRole("status").filter({ hasText: SENT });

const NEW_PASSWORD = "a fresh passphrase 42";
const SENT =
  /If an account exists for that e-mail, we have sent a link to reset its password\. The link works once, for 1 hour\./;

test.describe("password reset", () => {
  test("forgot password → e-mail → new password → every signed-in device is signed out", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const user = await registeredUser(request);
    const laptop = await otherDevice(browser, baseURL, user.email);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    const asked = new Date();
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(answer(page)).toContainText(SENT);

    const mail = await waitForMail({ to: user.email, kind: "password-reset", after: asked });
    expect(mail.subject).toBe("Reset your GearHub password");
    const link = mail.links.find((l) => new URL(l).pathname === "/reset-password");
    expect(link).toBeDefined();
    await page.goto(pathOf(link!));
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("New password again").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Your password has been changed. Please sign in.")).toBeVisible();
    await signIn(page, user.email, NEW_PASSWORD);
    await waitForMail({ to: user.email, kind: "password-changed", after: asked });

    // the laptop, signed in before, is out at its next page
    await laptop.page.goto(`/user-profile/${user.id}/profile`);
    await expectSignedOut(laptop.page);
    await laptop.context.close();

    // the link worked once
    await page.goto(pathOf(link!));
    await expect(page.getByRole("alert")).toContainText("already been used");
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
  });

  test("an address without an account gets the very same answer", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(answer(page)).toContainText(SENT);
  });

  test("a link that is not one says so and offers a new one", async ({ page }) => {
    await page.goto("/reset-password?token=not-a-real-token");
    await expect(page.getByRole("alert")).toContainText("This password reset link is not valid");
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test("two different passwords are refused next to the field, and the link still works", async ({ page, request }) => {
    const user = await registeredUser(request);
    const asked = new Date();
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(answer(page)).toContainText(SENT);
    const mail = await waitForMail({ to: user.email, kind: "password-reset", after: asked });
    await page.goto(pathOf(mail.links.find((l) => l.includes("/reset-password?token="))!));
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("New password again").fill("something else entirely");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("The two passwords are not the same")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("New password again").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Your password has been changed. Please sign in.")).toBeVisible();
  });
});
