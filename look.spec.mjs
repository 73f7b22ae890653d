import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell" });
const base = "http://127.0.0.1:3600";
for (const js of [false, true]) {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: js });
  const page = await ctx.newPage();
  await page.goto(`${base}/product/18/details`);
  await page.screenshot({ path: `/tmp/look-soldout-${js}.png`, fullPage: true });
  const email = `look${Date.now()}${js}@example.com`;
  const r = await page.request.post(base + "/api/v1/users/add", { data: { firstName: "Lo", lastName: "Ok", email, password: "correct horse battery", addressList: [] } });
  const { data } = await r.json();
  await page.request.post(base + "/login", { form: { email, password: "correct horse battery", redirectTo: "/" } });
  await page.goto(`${base}/products`);
  await page.screenshot({ path: `/tmp/look-listing-signed-${js}.png` });
  await page.goto(`${base}/product/3/details`); await page.getByRole("button", { name: /Save for later|Saved/ }).first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/look-details-signed-${js}.png` });
  await ctx.close();
}
await browser.close();
