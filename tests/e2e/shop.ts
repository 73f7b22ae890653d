/**
 * Shared helpers of the end-to-end specs: what the demo catalogue should show (computed from the seed, never
 * hard-coded), and the few interactions that differ with and without JavaScript.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { seedCategories, seedProducts, type SeedProduct } from "../../app/server/seed/catalogue";

export const PAGE_SIZE = 18;

export interface Product extends SeedProduct {
  id: number;
  categoryId: number;
}

/** The seeded products with the ids the database gives them (array order, from 1). */
export const products: Product[] = seedProducts.map((product, index) => ({
  ...product,
  id: index + 1,
  categoryId: seedCategories.indexOf(product.category) + 1,
}));

export function categoryId(name: string): number {
  const index = seedCategories.indexOf(name);
  if (index < 0) throw new Error(`no seeded category ${name}`);
  return index + 1;
}

export function productNamed(name: string): Product {
  const product = products.find((p) => p.name === name);
  if (!product) throw new Error(`no seeded product ${name}`);
  return product;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$1,099.99" */
export function price(product: Pick<SeedProduct, "priceCents">): string {
  return usd.format(product.priceCents / 100);
}

export function stock(product: Pick<SeedProduct, "inventory">): string {
  return product.inventory > 0 ? `${product.inventory} in stock` : "Out of stock";
}

/** Distinct brands, in the sidebar's order (case-insensitive alphabetical). */
export const brands: string[] = [...new Set(products.map((p) => p.brand))].sort((a, b) =>
  a.toLowerCase().localeCompare(b.toLowerCase()),
);

/**
 * Whether a product matches every word of a search as the shop's full-text search does: each word starts a word of
 * the name, brand, category, option names and values, or description.
 */
export function matches(product: SeedProduct, search: string): boolean {
  const options = (product.options ?? []).flatMap((option) => [option.name, ...option.values]);
  const text = [product.name, product.brand, product.category, ...options, product.description].join(" ").toLowerCase();
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.every((word) => new RegExp(`(^|[^\\p{L}\\p{N}])${word}`, "u").test(text));
}

export const byPriceAsc = (a: Product, b: Product) => a.priceCents - b.priceCents || a.id - b.id;
export const byPriceDesc = (a: Product, b: Product) => b.priceCents - a.priceCents || a.id - b.id;

export function names(list: Product[]): string[] {
  return list.map((p) => p.name);
}

/** "Showing 1–18 of 75 products" for the first page of `total` results. */
export function showing(total: number, page = 1): RegExp {
  if (total === 0) return /^No products found$/;
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);
  return new RegExp(`^Showing ${first}–${last} of ${total} products?$`);
}

// ---------------------------------------------------------------- the listing page

/**
 * The names on the listing's cards, read from their "Add to cart: {name}" links (or, for a product out of stock, the
 * disabled "Out of stock: {name}" buttons), in page order.
 */
export async function cardNames(page: Page): Promise<string[]> {
  const labels = await page
    .getByRole("main")
    .getByRole("article")
    .locator('a[aria-label^="Add to cart: "], button[aria-label^="Out of stock: "]')
    .evaluateAll((actions) => actions.map((action) => action.getAttribute("aria-label") ?? ""));
  return labels.map((label) => label.replace(/^(Add to cart|Out of stock): /, ""));
}

export async function expectCards(page: Page, expected: string[], { sorted = false } = {}) {
  await expect
    .poll(async () => {
      const shown = await cardNames(page);
      return sorted ? shown : [...shown].sort();
    })
    .toEqual(sorted ? expected : [...expected].sort());
}

/** The "Showing a–b of n products" / "No products found" line under the heading. */
export function resultLine(page: Page): Locator {
  return page
    .getByRole("main")
    .getByText(/^(Showing \d+–\d+ of \d+ products?|No products found)$/)
    .first();
}

export function listing(page: Page) {
  const main = page.getByRole("main");
  return {
    heading: main.getByRole("heading", { level: 1 }),
    search: main.getByLabel("Search products", { exact: true }),
    category: main.getByRole("combobox", { name: "Category" }),
    sort: main.getByRole("combobox", { name: "Sort by" }),
    brand: (name: string) => main.getByRole("checkbox", { name: new RegExp(`^${name} \\(\\d+\\)$`) }),
    minPrice: main.getByRole("spinbutton", { name: "Minimum price" }),
    maxPrice: main.getByRole("spinbutton", { name: "Maximum price" }),
    inStock: main.getByRole("checkbox", { name: "In stock only" }),
    searchButton: main.getByRole("button", { name: "Search", exact: true }),
    applyButton: main.getByRole("button", { name: "Apply filters" }),
    clear: main.getByRole("link", { name: "Clear Filter" }),
  };
}

/**
 * Opens a listing URL; with JavaScript, waits until it is hydrated (the no-JS 'Apply filters' button, hidden by CSS
 * from the start where scripting is on, has left the page).
 */
export async function openListing(page: Page, url: string, javaScriptEnabled: boolean) {
  await page.goto(url);
  const ui = listing(page);
  if (javaScriptEnabled)
    await expect(page.getByRole("button", { name: "Apply filters", includeHidden: true })).toHaveCount(0);
  else await expect(ui.applyButton).toBeVisible();
  return ui;
}

/**
 * Applies what the shopper changed in the sidebar or sort: by itself with JavaScript (waiting for the URL to say
 * so), with the 'Apply filters' button without.
 */
export async function apply(page: Page, javaScriptEnabled: boolean, url: RegExp) {
  if (!javaScriptEnabled) await listing(page).applyButton.click();
  await expect(page).toHaveURL(url);
}

/** Types a search: with JavaScript it applies after a pause in typing, without the shopper presses 'Search'. */
export async function searchFor(page: Page, javaScriptEnabled: boolean, text: string) {
  const ui = listing(page);
  await ui.search.fill("");
  if (javaScriptEnabled) {
    await ui.search.pressSequentially(text, { delay: 40 });
  } else {
    await ui.search.fill(text);
    await ui.searchButton.click();
  }
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(text).replace(/%20/g, "\\+")}(&|$)`));
}

/** document width fits the viewport: nothing scrolls sideways. */
export async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}
