import { expect, test, type Page } from "@playwright/test";
import { HERO_AUTOPLAY_MS, HERO_SPEED_MS } from "../../app/lib/site";

/**
 * Motion (decision 0025, WCAG 2.2.2 and prefers-reduced-motion): the hero's slides can be paused, hold while the
 * shopper points at or focuses its content, and never move by themselves when the system asks for less motion; CSS
 * transitions and animations end at once then. The slider's timers run on Playwright's clock, so a 27 s slide takes no
 * time.
 */

/** One slide's wait and its slide in, and a little more. */
const ONE_SLIDE = HERO_AUTOPLAY_MS + HERO_SPEED_MS + 500;

const dot = (page: Page, n: number) => page.getByRole("button", { name: `Show slide ${n}`, exact: true });

async function expectSlide(page: Page, n: number) {
  await expect(dot(page, n)).toHaveAttribute("aria-current", "true");
}

test.describe("hero slider", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript the first slide stands still");

  test("shopper pauses the sliding hero with its Pause button, and plays it again", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const pause = page.getByRole("button", { name: "Pause slides" });
    await expect(pause).toBeVisible();
    await expectSlide(page, 1);

    // it slides by itself (so that stopping it means something)
    await page.clock.runFor(ONE_SLIDE);
    await expectSlide(page, 2);

    await pause.click();
    const play = page.getByRole("button", { name: "Play slides" });
    await expect(play).toBeVisible();
    await page.clock.runFor(3 * ONE_SLIDE);
    await expectSlide(page, 2);

    await play.click();
    await expect(pause).toBeVisible();
    await page.clock.runFor(ONE_SLIDE);
    await expectSlide(page, 3);

    // focus in the hero's content (its search box) holds the slides; leaving it lets them go on
    const search = page.getByRole("search", { name: "Search the shop" }).getByLabel("Search products", { exact: true });
    await search.focus();
    await page.clock.runFor(2 * ONE_SLIDE);
    await expectSlide(page, 3);
    await search.blur();
    await page.clock.runFor(ONE_SLIDE);
    await expectSlide(page, 4);

    // and so does pointing at it (its heading lets the pointer through to the slide under it)
    const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    await page.mouse.move(heading.x + heading.width / 2, heading.y + heading.height / 2);
    await page.clock.runFor(2 * ONE_SLIDE);
    await expectSlide(page, 4);
    await page.mouse.move(1, 1);
    await page.clock.runFor(ONE_SLIDE);
    await expectSlide(page, 1);
  });

  test("with reduced motion the hero does not slide by itself, and a dot changes slide at once", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    // nothing plays: the button offers to
    const play = page.getByRole("button", { name: "Play slides" });
    await expect(play).toBeVisible();
    await page.clock.runFor(3 * ONE_SLIDE);
    await expectSlide(page, 1);

    await dot(page, 3).click();
    await page.clock.runFor(100);
    await expectSlide(page, 3);
    const slide = page.locator('[aria-roledescription="slide"]').nth(2);
    await expect(slide).toBeInViewport({ ratio: 0.99 });
  });
});

test("with reduced motion, transitions and animations end at once", async ({ page }) => {
  const shopNow = page.getByRole("link", { name: "Shop Now", exact: true });
  const transition = () => shopNow.evaluate((element) => getComputedStyle(element).transitionDuration);

  await page.goto("/");
  // the buttons' colours change in 150 ms
  expect(await transition()).toBe("0.15s");

  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(parseFloat(await transition())).toBeLessThan(0.001);
  // a spinner (the same animate-spin class as the checkout's and the zoom's) turns at most once, at once
  const spin = await page.evaluate(() => {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "animate-spin");
    document.body.append(svg);
    const style = getComputedStyle(svg);
    return { duration: style.animationDuration, count: style.animationIterationCount, name: style.animationName };
  });
  expect(spin.name).toBe("spin");
  expect(parseFloat(spin.duration)).toBeLessThan(0.001);
  expect(spin.count).toBe("1");
});
