import fs from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, RunOptions } from "axe-core";
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe-core's script, the version @axe-core/playwright runs (its own dependency). */
const AXE_SOURCE = fs.readFileSync(
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * axe-core's serious and critical violations on a page, one line per rule with its help and offending elements.
 *
 * axe runs in the page alone (the shop has no iframes), as @axe-core/playwright's legacy mode does, but its script is
 * put into a document once, not twice per scan (650 kB each time), and only violations are collected (not the nodes
 * of every rule that passed): a screen is checked in about half the time.
 */
async function violations(page: Page, screen: string, width: number): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: "tag", values: TAGS }, resultTypes: ["violations"] };
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    options,
  );
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => {
      const targets = violation.nodes.map((node) => {
        const why = node.failureSummary?.split("\n").slice(1).join(" ").trim();
        return `      ${node.target.join(" ")}${why ? ` — ${why}` : ""}`;
      });
      return [
        `${screen} @ ${width}px: [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`,
        ...targets,
      ].join("\n");
    });
}

/**
 * Runs axe on the screens a test visits and keeps every serious or critical violation, so that one run lists them
 * all; `expectNone` fails with the list.
 *
 * axe needs the page's timers, which never fire while scripting is off (the "no-js" project, where DevTools switch it
 * off; switching it back on does not revive them). There, the page as it stands (its HTML without the scripts) is
 * opened at the same address and size in a second browser context with scripting on, and axe runs on that copy: the
 * stylesheets and images load as they did and no app script runs, so axe sees what a shopper without JavaScript sees.
 */
export class AxeReport {
  private readonly found: string[] = [];
  private copies?: BrowserContext;
  /** what the copy shows now, and in which page */
  private copied?: { page: Page; url: string; html: string };

  constructor(
    private readonly page: Page,
    private readonly javaScriptEnabled: boolean,
    private readonly browser: Browser,
  ) {}

  async check(screen: string) {
    const width = this.page.viewportSize()?.width ?? 0;
    const scanned = this.javaScriptEnabled ? this.page : await this.copy();
    this.found.push(...(await violations(scanned, screen, width)));
  }

  expectNone() {
    expect(this.found, `serious or critical axe violations:\n${this.found.join("\n")}`).toEqual([]);
  }

  async close() {
    await this.copies?.close();
  }

  /**
   * The copy of the page as it stands. The same page at another width (a screen checked at each width in turn) keeps
   * its copy, resized: without scripts nothing on it changes with the width but the layout, which the browser draws
   * again, and axe stays loaded in it.
   */
  private async copy(): Promise<Page> {
    const html = (await this.page.content())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
    const url = this.page.url();
    this.copies ??= await this.browser.newContext({ javaScriptEnabled: true });
    const copy = this.copies.pages()[0] ?? (await this.copies.newPage());
    await copy.setViewportSize(this.page.viewportSize()!);
    // the same page still showing the same copy (a closed or navigated one is loaded again)
    if (this.copied?.page === copy && copy.url() === url && this.copied.url === url && this.copied.html === html) {
      return copy;
    }
    await copy.unrouteAll();
    await copy.route(url, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }));
    await copy.goto(url);
    this.copied = { page: copy, url, html };
    return copy;
  }
}

/** The specs' `test` with an `axe` report for the test's page. */
export const test = base.extend<{ axe: AxeReport }>({
  axe: async ({ page, javaScriptEnabled, browser }, use) => {
    const report = new AxeReport(page, javaScriptEnabled, browser);
    await use(report);
    await report.close();
  },
});

export { expect };

/**
 * With JavaScript, waits until React has hydrated the page (its navigation bar's links get React's props); without,
 * there is nothing to wait for.
 */
export async function settled(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await page.waitForFunction(() => {
    const link = document.querySelector("header nav a");
    return link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps$"));
  });
}
