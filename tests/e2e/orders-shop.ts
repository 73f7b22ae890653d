import type { Page } from "@playwright/test";

/**
 * The orders shop: the second shop of playwright.config.ts (port E2E_ORDERS_PORT, 3101 by default, with its own
 * database). The specs that buy or change the catalogue (cart, checkout, admin-*) run against it with
 * `test.use({ baseURL: ORDERS_SHOP })`, never against the shop whose stock the other specs check against the seed.
 */
export const ORDERS_SHOP = `http://127.0.0.1:${process.env.E2E_ORDERS_PORT ?? 3101}`;

/** The password of the accounts the specs register. */
export const PASSWORD = "correct horse battery";

/** The address the specs register their shoppers with (so they can pay), on a street of the spec's own. */
export function shopperAddress(street: string) {
  return { street, city: "Austin", state: "TX", country: "US", postalCode: "73301", addressType: "HOME" };
}

/**
 * The page's notices: the toasts' live region with JavaScript, the flash banner without. They are outside <main>, a
 * status (or an alert).
 */
export function notices(page: Page) {
  return page.locator("xpath=//*[(@role='status' or @role='alert') and not(ancestor::main)]");
}

/** The toast (or banner) that says `message`. */
export function toast(page: Page, message: string) {
  return notices(page).getByText(message, { exact: true });
}
