import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { PASSWORD, registeredUser, signIn, uniqueEmail } from "./account-helpers";
import { hydrated, signInAsAdmin } from "./admin-helpers";
import { ORDERS_SHOP } from "./orders-shop";

/**
 * Decision 0023: every form, with JavaScript and without, comes back after a refusal with what was typed (passwords
 * aside: those are empty, with JavaScript too) and the error next to its field (the field's accessible description).
 * One case per form of the shop that takes typed text; the brands and categories (admin-taxonomy.spec.ts), the reset
 * password form (password-reset.spec.ts), the checkout (checkout-shipping.spec.ts, checkout.spec.ts) and the address
 * edit (address-book.spec.ts) have their own tests.
 */

type Field = (scope: Locator) => Locator;

interface Case {
  form: string;
  /**
   * Opens the page (signed in as needed) and gives the form's part of it, and what is to be typed that depends on
   * the case's own data (an account's e-mail), expected back as typed.
   */
  open: (
    page: Page,
    request: APIRequestContext,
  ) => Promise<Locator | { scope: Locator; typed: Array<[Field, string]> }>;
  /** typed, and expected back as typed */
  kept: Array<[Field, string]>;
  /** chosen in a select, and expected back chosen */
  chosen?: Array<[Field, string]>;
  /** typed, and expected back empty */
  secrets?: Array<[Field, string]>;
  submit: string;
  /** the field whose description says the error, and the error */
  error: [Field, string];
  /**
   * The refusal is one the browser itself would make first (a required or e-mail field): its own validation is
   * turned off, so that without JavaScript the server's answer is what is seen (with JavaScript the shared schema
   * answers in the page, with the same message).
   */
  skipBrowserValidation?: boolean;
}

const label =
  (text: string): Field =>
  (scope) =>
    scope.getByLabel(text, { exact: true });

const region = (page: Page, name: string) => page.getByRole("region", { name });

async function settings(page: Page, request: APIRequestContext, section: string) {
  const user = await registeredUser(request);
  await signIn(page, user.email);
  await page.goto(`/user-profile/${user.id}/settings`);
  return region(page, section);
}

const WRONG = "not my password at all";

const SHOP_CASES: Case[] = [
  {
    form: "login (wrong password)",
    open: async (page, request) => {
      const user = await registeredUser(request);
      await page.goto("/login");
      return { scope: page.getByRole("main"), typed: [[label("Email"), user.email]] };
    },
    kept: [],
    secrets: [[label("Password"), WRONG]],
    submit: "Login",
    error: [label("Email"), "Invalid username or password"],
  },
  {
    form: "registration (an e-mail already taken)",
    open: async (page, request) => {
      const taken = await registeredUser(request);
      await page.goto("/register");
      return { scope: page.getByRole("main"), typed: [[label("Email"), taken.email]] };
    },
    kept: [
      [label("First name"), "Ada"],
      [label("Last name"), "Lovelace"],
      [(scope) => scope.getByRole("group", { name: "Address 1" }).getByLabel("Street"), "1 Analytical Way"],
      [(scope) => scope.getByRole("group", { name: "Address 1" }).getByLabel("City"), "London"],
    ],
    chosen: [[(scope) => scope.getByRole("group", { name: "Address 1" }).getByLabel("Country"), "GB"]],
    secrets: [[label("Password"), PASSWORD]],
    submit: "Register",
    error: [label("Email"), "An account with this email already exists."],
  },
  {
    form: "forgot password (not an e-mail address)",
    open: async (page) => {
      await page.goto("/forgot-password");
      return page.getByRole("main");
    },
    kept: [[label("Email"), "sam at example"]],
    submit: "Send me a link",
    error: [label("Email"), "Enter a valid email address"],
    skipBrowserValidation: true,
  },
  {
    form: "settings: name (first name left empty)",
    open: (page, request) => settings(page, request, "Name"),
    kept: [
      [label("First name"), ""],
      [label("Last name"), "Kept-Lastname"],
    ],
    submit: "Save name",
    error: [label("First name"), "First name is required"],
    skipBrowserValidation: true,
  },
  {
    form: "settings: e-mail (wrong current password)",
    open: (page, request) => settings(page, request, "E-mail address"),
    kept: [[label("New e-mail address"), "moved.kept@example.com"]],
    secrets: [[label("Current password"), WRONG]],
    submit: "Send confirmation link",
    error: [label("Current password"), "Your current password is not right."],
  },
  {
    form: "settings: password (wrong current password)",
    open: (page, request) => settings(page, request, "Password"),
    kept: [],
    secrets: [
      [label("Current password"), WRONG],
      [label("New password"), "a brand new passphrase"],
      [label("New password again"), "a brand new passphrase"],
    ],
    submit: "Change password",
    error: [label("Current password"), "Your current password is not right."],
  },
  {
    form: "settings: delete account (wrong current password)",
    open: (page, request) => settings(page, request, "Delete account"),
    kept: [[label("Type DELETE to confirm"), "DELETE"]],
    secrets: [[label("Current password"), WRONG]],
    submit: "Delete my account",
    error: [label("Current password"), "Your current password is not right."],
  },
  {
    form: "address book: add (not a phone number)",
    open: async (page, request) => {
      const user = await registeredUser(request);
      await signIn(page, user.email);
      await page.goto(`/user-profile/${user.id}/profile`);
      await page.getByText("Add address").click();
      return page.getByRole("form", { name: "Add an address" });
    },
    kept: [
      [label("Street"), "5 Kept Road"],
      [label("City"), "Leeds"],
      [label("Mobile number"), "call me maybe"],
    ],
    submit: "Save address",
    error: [label("Mobile number"), "must be a phone number"],
  },
];

const ADMIN_CASES: Case[] = [
  {
    form: "admin: test message (an address no mail reaches)",
    open: async (page) => {
      await signInAsAdmin(page);
      await page.goto("/admin/mail");
      return page.getByRole("main");
    },
    kept: [[label("Send to"), "someone@example.invalid"]],
    submit: "Send test message",
    error: [label("Send to"), "Enter a valid email address"],
  },
  {
    form: "admin: add product (no name)",
    open: async (page) => {
      await signInAsAdmin(page);
      await page.goto("/add-product");
      return page.getByRole("main");
    },
    kept: [
      [label("Price ($)"), "12.5"],
      [label("Inventory"), "3"],
      [label("Description"), "A description that stays"],
    ],
    submit: "Save product",
    error: [label("Name"), "Name is required"],
    skipBrowserValidation: true,
  },
];

async function run(page: Page, request: APIRequestContext, javaScriptEnabled: boolean, c: Case) {
  const opened = await c.open(page, request);
  const { scope, typed } = "scope" in opened ? opened : { scope: opened, typed: [] };
  const kept = [...typed, ...c.kept];
  // with JavaScript, the form is hydrated before it is filled (a form sent before that is a page post, like without)
  await hydrated(page, javaScriptEnabled);
  for (const [field, value] of [...kept, ...(c.secrets ?? [])]) await field(scope).fill(value);
  for (const [field, value] of c.chosen ?? []) await field(scope).selectOption(value);
  const button = scope.getByRole("button", { name: c.submit, exact: true });
  if (c.skipBrowserValidation) {
    await button.evaluate((element) => {
      (element as HTMLButtonElement).formNoValidate = true;
    });
  }
  await button.click();
  const [errorField, message] = c.error;
  await expect(errorField(scope)).toHaveAccessibleDescription(new RegExp(escape(message)));
  for (const [field, value] of [...kept, ...(c.chosen ?? [])]) await expect(field(scope)).toHaveValue(value);
  for (const [field] of c.secrets ?? []) await expect(field(scope)).toHaveValue("");
  // without JavaScript the page is the server's answer: a secret is nowhere in it (a field's value, the scripts' data)
  if (!javaScriptEnabled && c.secrets) {
    const html = await page.content();
    for (const [, value] of c.secrets) expect(html, "the served page holds a password").not.toContain(value);
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("forms keep what was typed after a refusal", () => {
  for (const c of SHOP_CASES) {
    test(`${c.form}: what was typed comes back, passwords empty, the error by its field`, async ({
      page,
      request,
      javaScriptEnabled,
    }) => {
      await run(page, request, javaScriptEnabled, c);
    });
  }
});

test.describe("admin forms keep what was typed after a refusal", () => {
  test.use({ baseURL: ORDERS_SHOP });
  for (const c of ADMIN_CASES) {
    test(`${c.form}: what was typed comes back, the error by its field`, async ({
      page,
      request,
      javaScriptEnabled,
    }) => {
      await run(page, request, javaScriptEnabled, c);
    });
  }
});

test("without JavaScript a refused login keeps the e-mail, never the password; with it, the password is emptied too", async ({
  page,
  request,
}) => {
  const user = await registeredUser(request);
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(WRONG);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid username or password" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await expect(page.getByLabel("Password")).toHaveValue("");
  // and the right password then signs in
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("link", { name: "My Account", exact: true })).toBeVisible();
});

test("'Add Address' on the registration form keeps everything typed, the password too, and the shopper registers", async ({
  page,
  javaScriptEnabled,
}) => {
  const email = uniqueEmail("register");
  await page.goto("/register");
  // with JavaScript, 'Add Address' is a button of the hydrated page; without, it opens one more block in the page
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Add Address" })).toBeVisible();
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  const first = page.getByRole("group", { name: "Address 1" });
  await first.getByLabel("Street").fill("1 Compiler Court");
  await first.getByLabel("City").fill("Arlington");
  await first.getByLabel("Country").selectOption("US");
  await page.getByText("Add Address", { exact: true }).click();
  const second = page.getByRole("group", { name: "Address 2" });
  await expect(second.getByLabel("Street")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveValue(PASSWORD);
  await expect(page.getByLabel("First name")).toHaveValue("Grace");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(first.getByLabel("Street")).toHaveValue("1 Compiler Court");
  await second.getByLabel("Street").fill("2 Debugging Lane");
  await second.getByLabel("City").fill("Arlington");
  await second.getByLabel("Country").selectOption("US");
  await second.getByLabel("Address type").selectOption("OFFICE");
  await page.getByRole("button", { name: "Register" }).click();

  await expect(page).toHaveURL("/");
  await page.getByRole("link", { name: "My Account", exact: true }).click();
  await expect(page.getByText("1 Compiler Court")).toBeVisible();
  await expect(page.getByText("2 Debugging Lane")).toBeVisible();
  // two addresses: the spare, empty block of a page without JavaScript is not an address
  await expect(page.locator("li[data-address-id]")).toHaveCount(2);
});
