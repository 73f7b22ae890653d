import { expect, test, type Page } from "@playwright/test";
import { seedCategories } from "../../app/server/seed/catalogue";
import {
  categoryId,
  expectCards,
  matches,
  names,
  PAGE_SIZE,
  price,
  products,
  resultLine,
  showing,
  stock,
} from "./shop";

/** The home grid shows one product per name, the first added. */
const distinct = products.filter(
  (p, i) => products.findIndex((q) => q.name.toLowerCase() === p.name.toLowerCase()) === i,
);
const homePages = Math.ceil(distinct.length / PAGE_SIZE);

function grid(page: Page) {
  return page.getByRole("region", { name: "Our products" });
}

async function gridNames(page: Page): Promise<string[]> {
  return grid(page).getByRole("article").getByRole("heading").allTextContents();
}

test.describe("home page", () => {
  test("shopper sees the hero, the search form, the first products, the menu and the footer", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/GearHub/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to GearHub");

    // hero: 4 slides; with JavaScript they slide and have dots, without the first one stands still
    const slides = page.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(4);
    await expect(slides.first()).toBeInViewport();
    if (javaScriptEnabled) {
      const dots = page.getByRole("button", { name: /^Show slide \d$/ });
      await expect(dots).toHaveCount(4);
      await expect(page.getByRole("button", { name: "Show slide 1" })).toHaveAttribute("aria-current", "true");
    } else {
      await expect(slides.nth(1)).not.toBeInViewport();
      await expect(page.getByRole("button", { name: /^Show slide/ })).toHaveCount(0);
    }

    const search = page.getByRole("search", { name: "Search the shop" });
    await expect(search.getByRole("combobox", { name: "Category" })).toHaveValue("");
    await expect(search.getByRole("combobox", { name: "Category" }).locator("option:checked")).toHaveText(
      "All Category",
    );
    await expect(search.getByLabel("Search products", { exact: true })).toBeVisible();
    await expect(search.getByRole("button", { name: "Search" })).toBeVisible();
    await expect(search.getByRole("link", { name: "Clear Filter" })).toHaveAttribute("href", "/products");
    await expect(page.getByRole("link", { name: "Shop Now", exact: true })).toHaveAttribute("href", "/products");
    // the demo shop has products on sale: the hero leads to the deals below (tests/e2e/sale-prices.spec.ts)
    await expect(page.getByRole("link", { name: "Today's Deals" })).toHaveAttribute("href", "#todays-deals");

    // the grid: the first page of distinct products, with price and stock
    await expect(grid(page).getByRole("heading", { name: "Our products" })).toBeVisible();
    await expect.poll(() => gridNames(page)).toEqual(names(distinct.slice(0, PAGE_SIZE)));
    const first = distinct[0]!;
    const card = grid(page).getByRole("article").first();
    await expect(card).toContainText(first.description);
    await expect(card).toContainText(price(first));
    await expect(card).toContainText(stock(first));
    await expect(card.getByRole("link", { name: `Shop now: ${first.name}` })).toHaveAttribute(
      "href",
      `/products/${encodeURIComponent(first.name)}`,
    );
    const soldOut = distinct.slice(0, PAGE_SIZE).find((p) => p.inventory === 0)!;
    await expect(
      grid(page)
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name: soldOut.name, exact: true }) }),
    ).toContainText("Out of stock");

    // menu and footer
    const menu = page.getByRole("navigation", { name: "Main" });
    await expect(menu.getByRole("link", { name: "GearHub" })).toHaveAttribute("href", "/");
    await expect(menu.getByRole("link", { name: "All Products" })).toHaveAttribute("href", "/products");
    await expect(menu.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("heading", { name: "About Us" })).toBeVisible();
    for (const name of seedCategories) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute(
        "href",
        `/products/category/${categoryId(name)}/products`,
      );
    }
    await expect(footer.getByRole("link", { name: "support@gearhub.example" })).toHaveAttribute(
      "href",
      "mailto:support@gearhub.example",
    );
    await expect(footer.getByRole("link", { name: "Discord" })).toBeVisible();
    // the withdrawal function, on every page (docs/decisions/0039-after-sale.md)
    await expect(footer.getByRole("link", { name: "Withdraw from contract" })).toHaveAttribute("href", "/withdraw");
    await expect(footer).toContainText("© 2024 GearHub");

    // the footer leads to a category
    await footer.getByRole("link", { name: "Gaming Chairs", exact: true }).click();
    await expect(page).toHaveURL(`/products/category/${categoryId("Gaming Chairs")}/products`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gaming Chairs");
  });

  test("shopper pages through the home grid with Next, Page N and Previous", async ({ page }) => {
    expect(homePages).toBeGreaterThan(2);
    await page.goto("/");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");

    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/?page=2#home-products");
    await expect.poll(() => gridNames(page)).toEqual(names(distinct.slice(PAGE_SIZE, 2 * PAGE_SIZE)));
    // the next page opens at the grid, not above the hero
    await expect(page.getByRole("heading", { name: "Our products" })).toBeInViewport();
    await expect(page.getByRole("heading", { name: "Welcome to GearHub" })).not.toBeInViewport();
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

    await pagination.getByRole("link", { name: `Page ${homePages}` }).click();
    await expect(page).toHaveURL(`/?page=${homePages}#home-products`);
    await expect.poll(() => gridNames(page)).toEqual(names(distinct.slice((homePages - 1) * PAGE_SIZE)));
    await expect(pagination.getByRole("link", { name: "Next" })).toHaveCount(0);

    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(`/?page=${homePages - 1}#home-products`);
    await expect
      .poll(() => gridNames(page))
      .toEqual(names(distinct.slice((homePages - 2) * PAGE_SIZE, (homePages - 1) * PAGE_SIZE)));
  });

  test("shopper searches from the home page by category and text, and opens Today's Deals", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("search", { name: "Search the shop" });
    await search.getByRole("combobox", { name: "Category" }).selectOption({ label: "Mice" });
    await search.getByLabel("Search products", { exact: true }).fill("wireless");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`/products\\?category=${categoryId("Mice")}&search=wireless$`));
    const expected = products.filter((p) => p.category === "Mice" && matches(p, "wireless"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “wireless” in Mice");
    await expect(resultLine(page)).toHaveText(showing(expected.length));
    await expectCards(page, names(expected));
    await expect(page.getByRole("main").getByLabel("Search products", { exact: true })).toHaveValue("wireless");
    await expect(page.getByRole("main").getByRole("combobox", { name: "Category" })).toHaveValue(
      String(categoryId("Mice")),
    );

    // Today's Deals: the products on sale, further down the home page
    await page.goto("/");
    await page.getByRole("link", { name: "Today's Deals" }).click();
    await expect(page).toHaveURL(/\/#todays-deals$/);
    const deals = page.getByRole("region", { name: "Today's Deals" });
    await expect(deals.getByRole("heading", { name: "Today's Deals" })).toBeInViewport();
    await expect(deals.getByRole("article")).toHaveCount(
      products.filter((p) => p.compareAtCents && p.inventory > 0).length,
    );
  });

  test("shopper follows 'Shop now' to every product of that name, then to its details", async ({ page }) => {
    const product = distinct[0]!;
    await page.goto("/");
    await grid(page)
      .getByRole("link", { name: `Shop now: ${product.name}` })
      .click();
    await expect(page).toHaveURL(`/products/${encodeURIComponent(product.name)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Results for “${product.name}”`);
    await expect(page.getByRole("main").getByLabel("Search products", { exact: true })).toHaveValue(product.name);
    const expected = products.filter((p) => matches(p, product.name));
    await expect(resultLine(page)).toHaveText(showing(expected.length));
    await expectCards(page, names(expected));

    await page.getByRole("link", { name: `Add to cart: ${product.name}` }).click();
    await expect(page).toHaveURL(`/product/${product.id}/details`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
  });
});
