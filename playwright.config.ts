import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { REQUEST_ONLY_TAG } from "./tests/e2e/projects";
import { chromiumPath } from "./tests/support/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * The orders shop of the cart, checkout and admin specs (they buy, and so change the stock that the other specs check
 * against the seed); tests/e2e/orders-shop.ts reads the same variable, with the same default.
 */
const ORDERS_PORT = Number(process.env.E2E_ORDERS_PORT ?? 3101);
/** The admin of the orders shop (tests/e2e/admin-helpers.ts reads the same variables, with the same defaults). */
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? "admin@gearhub.test";
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "admin-password-e2e";

const JS = { ...devices["Desktop Chrome"], javaScriptEnabled: true };
const NO_JS = { ...devices["Desktop Chrome"], javaScriptEnabled: false };
/**
 * End-to-end tests against the built shop on a fresh embedded database (seeded with the demo catalogue), in Debian's
 * chromium, each test with JavaScript on (project "js") and off (project "no-js"); the tests that use no browser
 * (tagged REQUEST_ONLY_TAG, see tests/e2e/projects.ts) run once, in "js".
 */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  // Playwright's default is half the CPUs: one worker on 2 cores, which leaves them idle while a test waits for a
  // toast to go or a server to answer. Two at a time everywhere, as CI already ran them (docs/decisions/0032-test-speed.md)
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: process.env.CI ? 1 : 0,
  // several page loads per test on 2 busy cores (and toasts that live 5 s): one limit for every spec, not one per
  // file; the few that need more (accessibility, keyboard walk, content security policy) set their own
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // recording a trace for every test costs about 30% on 2 cores: only the retry of a failed test records one
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "js", use: JS },
    { name: "no-js", use: NO_JS, grepInvert: new RegExp(REQUEST_ONLY_TAG) },
  ],
  webServer: [
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://127.0.0.1:${PORT}/products`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      // PUBLIC_URL: links in the shop's e-mail (tests/e2e/mailbox.ts) lead to the host the browser uses
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        E2E_DATA_DIR: "tests/.tmp/e2e-data",
        // creates, migrates and seeds the database once; the orders shop starts on a copy (scripts/e2e-server.mjs)
        E2E_SEED: "make",
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      },
    },
    {
      // started after the first (Playwright starts web servers one by one), so a build is never run twice at once
      command: "node scripts/e2e-server.mjs",
      url: `http://127.0.0.1:${ORDERS_PORT}/products`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      // the admin specs sign in as this account, which the server creates at start (README "Configuration")
      env: {
        PORT: String(ORDERS_PORT),
        HOST: "127.0.0.1",
        E2E_DATA_DIR: "tests/.tmp/e2e-orders-data",
        E2E_SEED: "copy",
        PUBLIC_URL: `http://127.0.0.1:${ORDERS_PORT}`,
        ADMIN_EMAIL: ADMIN_EMAIL,
        ADMIN_PASSWORD: ADMIN_PASSWORD,
      },
    },
  ],
});
