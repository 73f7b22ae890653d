import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "./support/scratch-database";
import { freePort, startShop, tempDir, type ShopProcess } from "./support/shop-process";

// What the built shop writes for a URL nobody serves: the access log's line and nothing else (decision 0024: a ~50-line
// stack trace per unknown URL, the router's internal "No route matches URL" error handed to handleError). A real
// failure still writes its stack. On a PostgreSQL database of its own, so the test can break a table under the shop.

const SECRETS = { SESSION_SECRET: "s".repeat(32), JWT_SECRET: "j".repeat(32) };
const data = tempDir("not-found-log");
let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let shop: ShopProcess;

beforeAll(async () => {
  database = await createScratchDatabase("notfound");
  shop = startShop({ port: await freePort(), env: { DATA_DIR: data.dir, DATABASE_URL: database.url, ...SECRETS } });
  await shop.waitFor(/\[shop\] ready on/, 110_000);
}, 120_000);

afterAll(async () => {
  if (shop && shop.child.exitCode === null) {
    shop.child.kill("SIGTERM");
    await shop.exited;
  }
  await database?.drop();
  data.cleanup();
});

/**
 * What the shop writes for `send`: until a line matching `until` (the access log's line comes once the answer is
 * done; on a loaded machine that can take a while), and a little after it, for anything written behind it.
 */
async function outputOf(send: () => Promise<unknown>, until: RegExp) {
  const before = shop.output().length;
  await send();
  await expect.poll(() => until.test(shop.output().slice(before)), { timeout: 10_000 }).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return shop.output().slice(before);
}

const lines = (text: string) => text.split("\n").filter((line) => line.trim() !== "");
/** A stack frame, on a line of its own (console.error) or in the logger's one-line JSON (`"at f (file:1:2)"`). */
const STACK_FRAME = /(^\s+|")at [^\n"]*:\d+:\d+/m;

describe("the log of a URL nobody serves", () => {
  it.each([
    ["a page", "GET", "/no-such-page"],
    ["a deeper page", "GET", "/no/such/page/at/all"],
    ["a JavaScript navigation's data", "GET", "/no-such-page.data"],
    ["a form posted there", "POST", "/no-such-page"],
    ["an unknown product", "GET", "/product/999999/details"],
  ])("%s answers 404 and writes one line, no stack", async (_what, method, path) => {
    let status = 0;
    const accessLine = new RegExp(`^${method} ${path.replace(/\./g, "\\.")} 404 `, "m");
    const written = await outputOf(async () => {
      const response = await fetch(`${shop.origin}${path}`, {
        method,
        ...(method === "POST"
          ? { body: "a=b", headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.origin } }
          : {}),
      });
      status = response.status;
      await response.arrayBuffer();
    }, accessLine);
    expect(status).toBe(404);
    // the access line, once; whatever else the shop writes meanwhile (a background sweep) is not about this request
    expect(lines(written).filter((line) => line.includes(path.split(".")[0]!))).toEqual([
      expect.stringMatching(accessLine),
    ]);
    expect(written).not.toMatch(STACK_FRAME);
    expect(written).not.toMatch(/No route matches|ErrorResponse/);
  });

  it("a real failure still writes its stack", async () => {
    // the footer's categories are read by every page: without their table, every page fails
    await database.query("ALTER TABLE categories RENAME TO categories_away");
    try {
      let status = 0;
      const written = await outputOf(async () => {
        const response = await fetch(`${shop.origin}/no-such-page`);
        status = response.status;
        await response.arrayBuffer();
      }, /^GET \/no-such-page 500 /m);
      expect(status).toBe(500);
      expect(written).toMatch(/categories/);
      expect(written).toMatch(STACK_FRAME);
    } finally {
      await database.query("ALTER TABLE categories_away RENAME TO categories");
    }
  });
});
