// Images fetched by the home page and /products on a 360 × 740 phone at DPR 2, with JavaScript on and off: how many
// product pictures (of how many cards) and their bytes after the load, then after scrolling to the end.
// Run: BASE_URL=http://127.0.0.1:3350 npm run bench:lazy-images (a shop started from a build, e.g. scripts/server.mjs).
import { chromium, type Page } from "playwright";

const BASE_URL = process.env.BASE_URL?.replace(/\/$/, "");
if (!BASE_URL) throw new Error("set BASE_URL to a running shop");
const PHONE = { width: 360, height: 740 };

async function scrollToBottom(page: Page) {
  await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
  for (let step = 0; step < 40; step++) {
    const done = await page.evaluate(() => scrollY + innerHeight >= document.documentElement.scrollHeight - 1);
    if (done) return;
    await page.mouse.wheel(0, PHONE.height / 2);
    await page.waitForTimeout(150);
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const rows = [];
for (const path of ["/", "/products"]) {
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ javaScriptEnabled, viewport: PHONE, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const fetched: { url: string; bytes: number }[] = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() !== "image") return;
      void request.sizes().then((sizes) => fetched.push({ url: request.url(), bytes: sizes.responseBodySize }));
    });
    await page.goto(`${BASE_URL}${path}`, { waitUntil: "networkidle" });
    const cards = await page.locator("main article").count();
    const count = () => {
      const pictures = fetched.filter((f) => f.url.includes("/images/image/download/"));
      const kB = (list: typeof fetched) => Math.round(list.reduce((sum, f) => sum + f.bytes, 0) / 1024);
      return { pictures: pictures.length, picturesKB: kB(pictures), allImages: fetched.length, allKB: kB(fetched) };
    };
    const loaded = count();
    await scrollToBottom(page);
    await page.waitForLoadState("networkidle");
    const scrolled = count();
    rows.push({
      page: path,
      javaScript: javaScriptEnabled ? "on" : "off",
      cards,
      "pictures at load": `${loaded.pictures} (${loaded.picturesKB} kB)`,
      "all images at load": `${loaded.allImages} (${loaded.allKB} kB)`,
      "pictures at the end": `${scrolled.pictures} (${scrolled.picturesKB} kB)`,
      "all images at the end": `${scrolled.allImages} (${scrolled.allKB} kB)`,
    });
    await context.close();
  }
}
await browser.close();
console.table(rows);
