import { expect, test } from "@playwright/test";
import { seedCategories } from "../../app/server/seed/catalogue";
import { REQUEST_ONLY } from "./projects";
import { productNamed, products } from "./shop";

test.describe("search engines and plain pages", () => {
  test(
    "sitemap.xml lists the home, the listing, every category and every product",
    REQUEST_ONLY,
    async ({ request, baseURL }) => {
      const response = await request.get("/sitemap.xml");
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("xml");
      const xml = await response.text();
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toContain(`${baseURL}/`);
      expect(locs).toContain(`${baseURL}/products`);
      for (let id = 1; id <= seedCategories.length; id++)
        expect(locs).toContain(`${baseURL}/products/category/${id}/products`);
      for (const product of products) expect(locs).toContain(`${baseURL}/product/${product.id}/details`);
      expect(locs.filter((loc) => /\/product\/\d+\/details$/.test(loc!))).toHaveLength(products.length);
    },
  );

  test("robots.txt points to the sitemap", REQUEST_ONLY, async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text.split("\n")).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("a product page describes the product in JSON-LD and meta tags", REQUEST_ONLY, async ({ request, baseURL }) => {
    for (const product of [productNamed("Talon X2 Pro Wireless"), products.find((p) => p.inventory === 0)!]) {
      const response = await request.get(`/product/${product.id}/details`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const json = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
      expect(json, "a JSON-LD script").toBeTruthy();
      const data = JSON.parse(json!);
      expect(data).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.name,
        description: product.description,
        brand: { "@type": "Brand", name: product.brand },
        category: product.category,
        offers: {
          "@type": "Offer",
          url: `${baseURL}/product/${product.id}/details`,
          priceCurrency: "USD",
          price: (product.priceCents / 100).toFixed(2),
          availability: product.inventory > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        },
      });
      // the shop's return window (shop settings, 14 days by default), linking its returns page
      expect(data.offers.hasMerchantReturnPolicy).toMatchObject({
        "@type": "MerchantReturnPolicy",
        returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
        merchantReturnDays: 14,
        merchantReturnLink: `${baseURL}/policies/returns`,
      });
      expect(data.image).toHaveLength(product.imageCount);
      expect(html).toContain(`<title>${product.name} by ${product.brand} | GearHub</title>`);
      expect(html).toMatch(new RegExp(`<meta property="og:title" content="${product.name}"`));
      expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    }
  });

  test("/unauthorized says the visitor may not see the page", async ({ page }) => {
    await page.goto("/unauthorized");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Unauthorized: You do not have permission to access this page.",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "Back to the shop" })).toHaveAttribute("href", "/");
  });
});
