import { expect, test, type Page } from "@playwright/test";

/**
 * Images (docs/decisions/0027-lighthouse-and-lazy-images.md): a phone fetches the 400w variant of the card
 * pictures, only those near the screen until the shopper scrolls (with JavaScript by native lazy loading, without it
 * by the no-script pattern of app/components/shop/product-image.tsx), and each page's largest picture comes first.
 */

const PHONE = { width: 360, height: 740 };
/** Chromium's native lazy loading starts at most 2500 px before an image reaches the screen */
const LAZY_DISTANCE = 2_500;
const PICTURE = /\/api\/v1\/images\/image\/download\/(\d+)\?(?:w=(\d+)&)?v=/;

/** The product pictures the page asked for: image id → the widths asked ("original" without ?w=). */
function watchPictures(page: Page) {
  const asked = new Map<number, string[]>();
  const other: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() !== "image") return;
    const match = PICTURE.exec(request.url());
    if (!match) return void other.push(new URL(request.url()).pathname);
    const id = Number(match[1]);
    asked.set(id, [...(asked.get(id) ?? []), match[2] ?? "original"]);
  });
  return { asked, other };
}

/**
 * Each card's picture id and its top edge on the page. Read from the card and the img's attributes only: measuring the
 * picture inside a skipped `content-visibility` box would lay it out, and so fetch its background.
 */
async function cards(page: Page) {
  return page.locator("main article").evaluateAll((articles) =>
    articles.map((article) => ({
      top: article.getBoundingClientRect().top + window.scrollY,
      src: article.querySelector("img")?.getAttribute("src") ?? "",
    })),
  );
}

/**
 * A phone on a 4G network. Chromium's lazy distance depends on the connection it believes it has: the headless shell
 * the tests drive does not know one and takes its widest distance (3000 px, more than /products' grid is tall on a
 * phone), so the connection is said, as DevTools' network emulation says it.
 */
async function onMobileNetwork(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Network.enable");
  await devtools.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: -1,
    connectionType: "cellular4g",
  });
}

const idOf = (src: string) => Number(PICTURE.exec(src)?.[1]);

async function scrollToBottom(page: Page) {
  await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
  for (let step = 0; step < 40; step++) {
    const atBottom = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
    );
    if (atBottom) return;
    await page.mouse.wheel(0, PHONE.height / 2);
    await page.waitForTimeout(100);
  }
}

for (const dpr of [2, 3]) {
  test.describe(`card pictures on a 360 px phone at DPR ${dpr}`, () => {
    test.use({ viewport: PHONE, deviceScaleFactor: dpr });

    for (const path of ["/", "/products"]) {
      test(`${path}: shopper's phone fetches the 400w pictures near the screen first, the others as they scroll`, async ({
        page,
        javaScriptEnabled,
      }) => {
        const { asked, other } = watchPictures(page);
        await onMobileNetwork(page);
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        const grid = await cards(page);
        expect(grid.length).toBeGreaterThan(8);

        // the first row and every card in the first screen are fetched; none far below it (one screen without
        // JavaScript, Chromium's own lazy distance with it)
        const first = [...grid.slice(0, 2), ...grid.filter((card) => card.top < PHONE.height)];
        const farBelow = grid.filter(
          (card) => card.top > PHONE.height + (javaScriptEnabled ? LAZY_DISTANCE : PHONE.height),
        );
        expect(farBelow.length).toBeGreaterThan(0);
        for (const card of first)
          expect(asked.has(idOf(card.src)), `${card.src} in the first row or screen`).toBe(true);
        for (const card of farBelow) expect(asked.has(idOf(card.src)), `${card.src} far below`).toBe(false);
        expect(asked.size).toBeLessThan(grid.length);
        if (!javaScriptEnabled && path === "/") {
          // the hero's other slides are never seen without JavaScript
          expect(other.filter((url) => /^\/hero\/hero-[2-4]/.test(url))).toEqual([]);
        }

        // scrolled to the end, every card has its picture, and never more than the 400w variant
        await scrollToBottom(page);
        const ids = grid.map((card) => idOf(card.src));
        await expect.poll(() => ids.filter((id) => !asked.has(id))).toEqual([]);
        expect([...asked.values()].flat().filter((width) => width !== "400")).toEqual([]);
        // the transparent pixel the pictures show without JavaScript: once, and only then
        expect(other.filter((url) => url === "/blank.svg")).toHaveLength(javaScriptEnabled ? 0 : 1);
      });
    }
  });
}

test.describe("each page's largest picture", () => {
  for (const [name, path, largest] of [
    ["home", "/", "section[aria-roledescription=carousel] img"],
    ["listing", "/products", "main article img"],
    ["details", "/product/1/details", "main a[aria-label^='Enlarge'] img"],
  ] as const) {
    test(`${name}: the largest picture is fetched at once and first, the others lazily`, async ({ page }) => {
      await page.goto(path);
      const first = page.locator(largest).first();
      await expect(first).toHaveAttribute("fetchpriority", "high");
      await expect(first).not.toHaveAttribute("loading", "lazy");
      // no more than one row of pictures competes with it
      expect(await page.locator("img[fetchpriority=high]").count()).toBeLessThanOrEqual(2);
      for (const img of await page.locator("img:not([fetchpriority=high])").all()) {
        await expect(img).toHaveAttribute("loading", "lazy");
      }
    });
  }
});

test.describe("the sizes of the card pictures", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the layout is the same without JavaScript");

  for (const width of [360, 700, 900, 1100, 1400]) {
    test(`at ${width} px, each grid's sizes say the width its cards' pictures take`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/", "/products"]) {
        await page.goto(path);
        const [said, shown] = await page
          .locator("main article img")
          .first()
          .evaluate((img) => {
            // the first entry of `sizes` whose media condition holds (ours hold no commas or nested brackets)
            const entries = img.getAttribute("sizes")!.split(", ");
            const conditionOf = (entry: string) =>
              entry.startsWith("(") ? entry.slice(0, entry.indexOf(")") + 1) : "";
            const entry = entries.find((candidate) => {
              const condition = conditionOf(candidate);
              return !condition || window.matchMedia(condition).matches;
            })!;
            const length = entry.slice(conditionOf(entry).length).trim();
            const probe = document.createElement("div");
            probe.style.width = length;
            document.body.append(probe);
            const measured = probe.getBoundingClientRect().width;
            probe.remove();
            return [measured, img.getBoundingClientRect().width];
          });
        // vw counts the scrollbar, which the layout does not have
        expect(said, `${path} at ${width} px`).toBeGreaterThanOrEqual(shown - 1);
        expect(said, `${path} at ${width} px`).toBeLessThanOrEqual(shown + 16);
      }
    });
  }
});
