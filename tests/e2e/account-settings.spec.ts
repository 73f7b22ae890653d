import { expect, test, type Page } from "@playwright/test";
import { expectSignedOut, otherDevice, PASSWORD, pathOf, registeredUser, signIn, uniqueEmail } from "./account-helpers";
import { waitForMail } from "./mailbox";

const NEW_PASSWORD = "my new passphrase 7";

async function openSettings(page: Page) {
  await page.getByRole("link", { name: "My Account", exact: true }).click();
  await page.getByRole("link", { name: "Account settings" }).click();
  await expect(page.getByRole("heading", { name: "Account settings", level: 1 })).toBeVisible();
}

const section = (page: Page, name: string) => page.getByRole("region", { name });

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

test.describe("account settings", () => {
  test("shopper changes their name", async ({ page, request }) => {
    const user = await registeredUser(request);
    await signIn(page, user.email);
    await openSettings(page);
    const form = section(page, "Name");
    await form.getByLabel("First name").fill("Ada");
    await form.getByLabel("Last name").fill("Lovelace");
    await form.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Your name has been saved.")).toBeVisible();
    await expect(page.getByText(`Signed in as Ada Lovelace (${user.email})`)).toBeVisible();
    // the page's own link back (without JavaScript the toast stays over the navigation's top right)
    await page.getByRole("link", { name: "← My Account" }).click();
    await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
  });

  test("shopper downloads their data as one JSON file", async ({ page, request }) => {
    const user = await registeredUser(request);
    await signIn(page, user.email);
    await openSettings(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      section(page, "Your data").getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^gearhub-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await streamText(await download.createReadStream())) as {
      account: { id: number; email: string };
      orders: unknown[];
    };
    expect(file.account).toMatchObject({ id: user.id, email: user.email });
    expect(file.orders).toEqual([]);
  });

  test("changing the e-mail needs the current password and the link sent to the new address", async ({
    page,
    request,
  }) => {
    const user = await registeredUser(request);
    const newEmail = uniqueEmail("moved");
    await signIn(page, user.email);
    await openSettings(page);
    const form = section(page, "E-mail address");
    await form.getByLabel("New e-mail address").fill(newEmail);
    await form.getByLabel("Current password").fill("not my password");
    await form.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(form.getByText("Your current password is not right.")).toBeVisible();
    // what was typed stays (the password aside)
    await expect(form.getByLabel("New e-mail address")).toHaveValue(newEmail);

    const asked = new Date();
    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(page.getByText(`We have sent a confirmation link to ${newEmail}.`)).toBeVisible();
    // nothing changes before the link is opened
    await expect(page.getByText(`(${user.email})`)).toBeVisible();

    const mail = await waitForMail({ to: newEmail, kind: "email-change", after: asked });
    await page.goto(pathOf(mail.links.find((l) => new URL(l).pathname === "/confirm-email")!));
    await page.getByRole("button", { name: "Confirm my new e-mail address" }).click();
    await expect(page).toHaveURL(new RegExp(`/user-profile/${user.id}/settings$`));
    await expect(page.getByText(`Your e-mail address is now ${newEmail}.`)).toBeVisible();
    await expect(page.getByText(`(${newEmail})`)).toBeVisible();
    const notice = await waitForMail({ to: user.email, kind: "email-changed", after: asked });
    expect(notice.text).toContain(newEmail);

    await page.goto("/");
    await page.getByRole("button", { name: "Logout" }).click();
    await expectSignedOut(page);
    await signIn(page, newEmail);
  });

  test("changing the password keeps this browser signed in and signs out the others", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const user = await registeredUser(request);
    const phone = await otherDevice(browser, baseURL, user.email);
    await signIn(page, user.email);
    await openSettings(page);
    const form = section(page, "Password");
    const asked = new Date();
    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel("New password again").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(
      page.getByText("Your password has been changed. Your other devices have been signed out."),
    ).toBeVisible();
    await expect(form.getByLabel("Current password")).toHaveValue("");

    await page.reload();
    await expect(page.getByRole("heading", { name: "Account settings", level: 1 })).toBeVisible();
    await phone.page.goto(`/user-profile/${user.id}/profile`);
    await expectSignedOut(phone.page);
    await phone.context.close();
    await waitForMail({ to: user.email, kind: "password-changed", after: asked });

    await page.getByRole("button", { name: "Logout" }).click();
    await expectSignedOut(page);
    await signIn(page, user.email, NEW_PASSWORD);
  });

  test("deleting the account asks for the password and DELETE, then signs out for good", async ({ page, request }) => {
    const user = await registeredUser(request);
    await signIn(page, user.email);
    await openSettings(page);
    const form = section(page, "Delete account");
    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByLabel("Type DELETE to confirm").fill("delete it");
    await form.getByRole("button", { name: "Delete my account" }).click();
    await expect(form.getByText("To delete your account, type DELETE in capitals.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Account settings", level: 1 })).toBeVisible();

    const asked = new Date();
    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByLabel("Type DELETE to confirm").fill("DELETE");
    await form.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Your account has been deleted.")).toBeVisible();
    await expectSignedOut(page);
    await waitForMail({ to: user.email, kind: "account-deleted", after: asked });

    await page.goto("/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Invalid username or password")).toBeVisible();
  });
});
