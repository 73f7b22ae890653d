/**
 * The tag of the tests that use no browser: only `request` (Playwright's HTTP client) or a socket of their own. What
 * they check does not depend on JavaScript in a browser, so playwright.config.ts runs them in the "js" project only,
 * not a second time in "no-js" (docs/decisions/0032-test-speed.md). tests/unit/e2e-request-only.test.ts checks that
 * every test without `page`, `context` or `browser` carries the tag, and no test with one does.
 */
export const REQUEST_ONLY_TAG = "@request-only";

/** `test(title, REQUEST_ONLY, async ({ request }) => …)` */
export const REQUEST_ONLY = { tag: REQUEST_ONLY_TAG };
