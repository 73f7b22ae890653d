import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell" });
const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
await page.goto("file:///tmp/look-details-signed-true.png");
await page.screenshot({ path: "/tmp/crop1.png", clip: { x: 0, y: 500, width: 360, height: 900 } });
await browser.close();
