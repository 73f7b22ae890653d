import { expect, test } from "@playwright/test";
import { open, SEEDED_CATEGORY, signInAsAdmin, uniqueTag } from "./admin-helpers";
import { ORDERS_SHOP, toast } from "./orders-shop";

/**
 * The admin's product table: a CSV import is all or nothing, updates what it already has, and shows in the low-stock
 * view and the export. With and without JavaScript, against the orders shop (see ./orders-shop.ts), on products of the
 * test's own only (see ./admin-helpers.ts).
 */
test.use({ baseURL: ORDERS_SHOP });

test.describe("admin: product table", () => {
  test("a CSV import with an error line lists the error and imports nothing; a good file imports", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const header = "id,name,brand,category,price,inventory,description";
    const line = (name: string, price: string, inventory: string) =>
      `,Csv ${name} ${tag},Brand${tag},${SEEDED_CATEGORY.name},${price},${inventory},Imported by the admin test ${tag}`;
    await signInAsAdmin(page);
    await open(page, "/admin/products", javaScriptEnabled);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/admin/products.csv");
    const csvInput = main.getByLabel("CSV file");

    const bad = [header, line("Alpha", "19.99", "12"), line("Beta", "not a price", "3")].join("\n");
    await csvInput.setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    await main.getByRole("button", { name: "Import" }).click();
    await expect(main.getByRole("alert")).toContainText("1 line has errors; nothing was imported.");
    const form = main.locator("#import-csv");
    await expect(form).toContainText("1 line has errors; nothing was imported.");
    await expect(form.getByRole("listitem")).toHaveCount(1);
    await expect(form.getByRole("listitem")).toHaveText("line 3: Price must be a number");
    // not even the good line
    await open(page, `/admin/products?q=${tag}`, javaScriptEnabled);
    await expect(main.getByTestId("inventory-row")).toHaveCount(0);
    await expect(main.getByText("No products found")).toBeVisible();

    const good = [header, line("Alpha", "19.99", "12"), line("Beta", "7.50", "3")].join("\n");
    await csvInput.setInputFiles({ name: "good.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    await main.getByRole("button", { name: "Import" }).click();
    await expect(toast(page, "Imported: 2 added, 0 updated.")).toBeVisible();
    await expect(main.getByRole("alert")).toHaveCount(0);
    await open(page, `/admin/products?q=${tag}`, javaScriptEnabled);
    const rows = main.getByTestId("inventory-row");
    await expect(rows).toHaveCount(2);
    await expect(
      rows
        .filter({ hasText: `Csv Alpha ${tag}` })
        .getByRole("cell")
        .nth(4),
    ).toHaveText("$19.99");
    await expect(
      rows
        .filter({ hasText: `Csv Beta ${tag}` })
        .getByRole("cell")
        .nth(4),
    ).toHaveText("$7.50");
    // Beta (3 in stock) is in the low-stock view, Alpha (12) is not
    await main.getByLabel("Low stock only (5 or fewer)").check();
    // with JavaScript it applies at once, as the listing's filters do; without, "Show"
    if (javaScriptEnabled) await expect(main.getByRole("button", { name: "Show" })).toBeHidden();
    else await main.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/lowStock=true/);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`Csv Beta ${tag}`);

    // the same name and brand again: updated, not added; the export has the new values
    const again = [header, line("Alpha", "21.00", "40")].join("\n");
    await csvInput.setInputFiles({ name: "again.csv", mimeType: "text/csv", buffer: Buffer.from(again) });
    await main.getByRole("button", { name: "Import" }).click();
    await expect(toast(page, "Imported: 0 added, 1 updated.")).toBeVisible();
    const exported = await page.request.get("/admin/products.csv");
    expect(exported.ok()).toBe(true);
    expect(await exported.text()).toMatch(
      // one row per variant: a product sold in one form has one, its option columns empty
      new RegExp(
        `^\\d+,Csv Alpha ${tag},Brand${tag},${SEEDED_CATEGORY.name},Imported by the admin test ${tag},,,,,,,P\\d+,21\\.00,,40,$`,
        "m",
      ),
    );
  });
});
