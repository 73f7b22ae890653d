import { expect, test } from "@playwright/test";
import { ADMIN, hydrated, mainNav, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { waitForMail } from "./mailbox";
import { ORDERS_SHOP, toast } from "./orders-shop";

/**
 * The Sent mail page: an admin sends a test message, finds it listed as sent, opens it, and reads its HTML part. The
 * e2e shops have no SMTP server, so the message is also an .eml file in the shop's data directory, which
 * tests/e2e/mailbox.ts reads. With and without JavaScript, against the orders shop (see ./orders-shop.ts).
 */
test.use({ baseURL: ORDERS_SHOP });

test("admin: a test message is sent, listed under Sent mail and opened", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const to = `mail.${uniqueTag(testInfo)}@example.com`;
  const main = page.getByRole("main");
  // no page of the flow (the list, a message, its HTML part) breaks its Content-Security-Policy
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  await signInAsAdmin(page);
  await page.goto("/");
  // a rarer page: under the bar's "More" menu
  await mainNav(page).getByText("More", { exact: true }).click();
  await mainNav(page).getByRole("link", { name: "Sent mail", exact: true }).click();
  await expect(page).toHaveURL("/admin/mail");
  await expect(main.getByRole("heading", { level: 1, name: "Sent mail" })).toBeVisible();
  await expect(main).toContainText("written as an .eml file");
  await hydrated(page, js);

  // the test message goes to the admin's own address unless another is typed
  await expect(main.getByLabel("Send to")).toHaveValue(ADMIN.email);
  const after = new Date();
  await main.getByLabel("Send to").fill(to);
  await main.getByRole("button", { name: "Send test message" }).click();
  await expect(toast(page, `A test message to ${to} is on its way.`)).toBeVisible();

  // the shop wrote it where the helper of the other specs looks, decoded as a mail client would show it
  const mail = await waitForMail({ to, kind: "test", after });
  expect(mail.subject).toBe("Test message from the shop");
  expect(mail.text).toContain("Mail works");
  expect(mail.html).toContain("Mail works");
  // its links lead to the shop as the browser reaches it (PUBLIC_URL, set by playwright.config.ts)
  expect(mail.links).toContain(`${ORDERS_SHOP}/`);

  // listed as sent (the page may have been drawn a moment before the sender was done)
  const row = main.getByTestId("mail-row").filter({ hasText: to });
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveCount(1);
    await expect(row.getByText("sent", { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(row).toContainText("test");

  // the status filter is a GET form: the URL says what is shown
  await page.getByLabel("Status").selectOption("sent");
  await main.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL("/admin/mail?status=sent");
  await expect(row).toHaveCount(1);

  await row.getByRole("link", { name: "Test message from the shop" }).click();
  await expect(page).toHaveURL(/\/admin\/mail\/\d+$/);
  await expect(main.getByRole("heading", { level: 1, name: "Test message from the shop" })).toBeVisible();
  await expect(main.getByRole("definition").filter({ hasText: to })).toBeVisible();
  await expect(main.getByRole("definition").filter({ hasText: /^<.+@127\.0\.0\.1>$/ })).toBeVisible();
  await expect(main.getByTestId("mail-text")).toContainText("Mail works");
  await expect(main.getByRole("button", { name: "Retry sending" })).toHaveCount(0);

  // the HTML part on a page of its own, under a policy that allows no script and no remote content
  const [answer] = await Promise.all([
    page.waitForResponse((response) => /\/admin\/mail\/\d+\/html$/.test(response.url())),
    main.getByRole("link", { name: "Open the HTML part" }).click(),
  ]);
  expect(answer.headers()["content-security-policy"]).toContain("sandbox");
  expect(answer.headers()["content-security-policy"]).toContain("default-src 'none'");
  await expect(page.getByRole("heading", { level: 1, name: "Mail works" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the shop" })).toBeVisible();
  expect(violations).toEqual([]);
});
