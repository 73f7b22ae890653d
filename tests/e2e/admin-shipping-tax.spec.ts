import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { SEED_SHIPPING_ZONES } from "../../app/server/seed/pricing";
import { ADMIN, apiToken, hydrated, mainNav, signIn, signInAsAdmin } from "./admin-helpers";
import { inCart, pay, pick } from "./checkout-helpers";
import { waitForMail } from "./mailbox";
import { price } from "./shop";
import { notices, ORDERS_SHOP, PASSWORD } from "./orders-shop";

/**
 * The admin sets up shipping and tax on the pages (decision 0035, "Admin pages for shipping and tax"): a zone for New
 * Zealand (refused first for a country that is not one, the error by its field), a flat-priced method in it, and
 * New Zealand's GST; a shopper with a New Zealand address then estimates shipping and tax in the cart, applies a
 * 10% code, chooses that method and pays; the checkout, the order page, the confirmation e-mail and the admin's view
 * of the order show the same discount, shipping, GST and total (decision 0035's order and rounding); the admin deletes
 * the rate and the zone again on the pages.
 *
 * The orders shop is shared by every spec, and its demo shipping zones (app/server/seed/pricing.ts) serve New Zealand
 * from the zone "Everywhere else", which a place can be in one zone only: as an admin would, the spec first takes New
 * Zealand out of that zone (through the API) and puts it back at the end. No other spec ships to New Zealand (theirs
 * ship to the United States, and to Great Britain, Ireland and Germany, which stay in that zone with its methods), so
 * they run beside it; its own two projects take turns (a lock directory); and everything made here is deleted and the
 * seeded zone restored at the end, whatever happened.
 */
test.use({ baseURL: ORDERS_SHOP });

const COUNTRY = "NZ";
const ZONE = "New Zealand (e2e)";
const METHOD = "Kiwi Courier";
/** the demo shop's zone of every country outside the United States (app/server/seed/pricing.ts) */
const EVERYWHERE = SEED_SHIPPING_ZONES.find((zone) => zone.countries === "*")!.name;
const TAX = "GST (e2e)";
const LOCK = path.join(os.tmpdir(), `shop-e2e-shipping-${process.env.E2E_ORDERS_PORT ?? 3101}.lock`);

/** Takes turns with the other project's run of this test (a lock left by a run that died goes after 3 minutes). */
async function takeTurn() {
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      return;
    } catch {
      const stale = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 180_000;
      if (stale) fs.rmSync(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

type Region = { country: string; subdivisions: string[] };
type Zone = { id: number; name: string; position: number; regions: Region[] };
type Rate = { id: number; name: string };

async function zones(request: APIRequestContext, auth: Record<string, string>) {
  const answer = await request.get("/api/v1/admin/shipping/zones", { headers: auth });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: Zone[] }).data;
}

/** Sets which countries the seeded "Everywhere else" zone names: with New Zealand (`withCountry`) or without. */
async function everywhereElse(request: APIRequestContext, auth: Record<string, string>, withCountry: boolean) {
  const zone = (await zones(request, auth)).find((z) => z.name === EVERYWHERE);
  expect(zone, `the demo shop's zone ${EVERYWHERE}`).toBeDefined();
  const others = zone!.regions.filter((r) => r.country !== COUNTRY);
  const regions = (withCountry ? [...others, { country: COUNTRY, subdivisions: [] }] : others).sort((a, b) =>
    a.country.localeCompare(b.country),
  );
  if (regions.length === zone!.regions.length) return;
  const saved = await request.put(`/api/v1/admin/shipping/zones/${zone!.id}`, {
    headers: auth,
    data: { name: zone!.name, regions, position: zone!.position },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** Deletes the zone and rate this test makes (left over or made now) and gives New Zealand back to its seeded zone. */
async function cleanUp(request: APIRequestContext, auth: Record<string, string>) {
  for (const zone of (await zones(request, auth)).filter((z) => z.name === ZONE)) {
    expect((await request.delete(`/api/v1/admin/shipping/zones/${zone.id}`, { headers: auth })).status()).toBe(200);
  }
  const rates = (await (await request.get("/api/v1/admin/tax/rates", { headers: auth })).json()) as { data: Rate[] };
  for (const rate of rates.data.filter((r) => r.name === TAX)) {
    expect((await request.delete(`/api/v1/admin/tax/rates/${rate.id}`, { headers: auth })).status()).toBe(200);
  }
  await everywhereElse(request, auth, true);
}

/** Opens an admin page from the bar's "More" menu (a <details>: it opens without JavaScript too). */
async function fromMoreMenu(page: Page, label: string) {
  await mainNav(page).getByText("More", { exact: true }).click();
  await mainNav(page).getByRole("link", { name: label, exact: true }).click();
}

test("admin adds a zone with a method and a tax rate; a shopper estimates, applies a code, pays, and the order, e-mail and admin's view agree", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(180_000);
  const main = page.getByRole("main");
  await takeTurn();
  const auth = { authorization: `Bearer ${await apiToken(page.request, ADMIN.email, ADMIN.password)}` };
  try {
    await cleanUp(page.request, auth);
    // New Zealand out of the demo shop's "Everywhere else" first: a place can be in one zone only
    await everywhereElse(page.request, auth, false);

    await signInAsAdmin(page);
    await page.goto("/admin");
    await fromMoreMenu(page, "Shipping");
    await expect(page).toHaveURL("/admin/shipping");
    await expect(main.getByRole("heading", { level: 1, name: "Shipping" })).toBeVisible();
    await hydrated(page, javaScriptEnabled);

    // a place that is no country: refused, the error by the field, what was typed kept
    const adding = main.getByRole("form", { name: "Add zone" });
    await adding.getByLabel("Zone name").fill(ZONE);
    await adding.getByLabel("Countries").fill("Narnia");
    await adding.getByRole("button", { name: "Add zone" }).click();
    await expect(adding.getByLabel("Countries")).toHaveAccessibleDescription(/Narnia is not a country/);
    await expect(adding.getByLabel("Zone name")).toHaveValue(ZONE);
    await adding.getByLabel("Countries").fill("New Zealand");
    await adding.getByRole("button", { name: "Add zone" }).click();
    await expect(notices(page).getByText("Shipping zone added")).toBeVisible();
    const zone = main.getByRole("region", { name: ZONE });
    await expect(zone).toContainText(`Ships to ${COUNTRY}`);

    // a method: the summary opens its form (without JavaScript too)
    await zone.getByText(`Add a method to ${ZONE}`).click();
    const method = zone.getByRole("form", { name: `Add the method to ${ZONE}` });
    await method.getByLabel("Method name").fill(METHOD);
    await method.getByLabel("Priced").selectOption("flat");
    await method.getByLabel("Flat price ($)").fill("-7.50");
    await method.getByLabel("Delivery time").fill("2–4 business days");
    await method.getByRole("button", { name: `Add the method to ${ZONE}` }).click();
    await expect(method.getByLabel("Flat price ($)")).toHaveAccessibleDescription(/Price must be 0 or more/);
    await method.getByLabel("Flat price ($)").fill("7.50");
    await method.getByRole("button", { name: `Add the method to ${ZONE}` }).click();
    await expect(notices(page).getByText("Shipping method added")).toBeVisible();
    await expect(zone.getByRole("listitem", { name: METHOD })).toContainText("$7.50");

    // the tax rate
    await fromMoreMenu(page, "Tax");
    await expect(page).toHaveURL("/admin/tax");
    await hydrated(page, javaScriptEnabled);
    const rate = main.getByRole("form", { name: "Add rate" });
    await rate.getByLabel("Country").fill(COUNTRY);
    await rate.getByLabel("Name").fill(TAX);
    await rate.getByLabel("Rate (%)").fill("15");
    await rate.getByRole("button", { name: "Add rate" }).click();
    await expect(notices(page).getByText("Tax rate added")).toBeVisible();
    await expect(main.getByRole("listitem", { name: `${TAX} (${COUNTRY})` })).toContainText("15%");

    // a shopper in New Zealand, in a browser of their own
    const shopperContext = await browser.newContext({ baseURL: ORDERS_SHOP, javaScriptEnabled });
    try {
      const shopper = await shopperContext.newPage();
      const email = `kiwi.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
      const address = {
        street: "1 Queen Street",
        city: "Auckland",
        country: COUNTRY,
        postalCode: "1010",
        addressType: "HOME",
      };
      const created = await shopper.request.post("/api/v1/users/add", {
        data: { firstName: "Kiri", lastName: "Buyer", email, password: PASSWORD, addressList: [address] },
      });
      expect(created.status()).toBe(201);
      const { data: user } = (await created.json()) as { data: { id: number } };
      await signIn(shopper, email, PASSWORD);
      const product = pick(testInfo, 22);
      await inCart(shopper, product, 1);

      // the cart: an estimate for New Zealand (a GET form), then a code of the test's own (10% off)
      await shopper.goto(`/user/${user.id}/my-cart`);
      await hydrated(shopper, javaScriptEnabled);
      const estimate = shopper.getByRole("main").getByRole("region", { name: "Estimate shipping and tax" });
      await estimate.getByLabel("Country").selectOption(COUNTRY);
      await estimate.getByRole("button", { name: "Estimate" }).click();
      await expect(estimate).toContainText(`${METHOD}: $7.50 (2–4 business days)`);
      await expect(estimate.getByTestId("price-summary")).toContainText(TAX);
      const code = `KIWI${testInfo.project.name.replace(/\W/g, "").toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
      const made = await page.request.post("/api/v1/admin/discount-codes", {
        headers: auth,
        data: { code, kind: "percent", amount: 10 },
      });
      expect(made.status(), await made.text()).toBe(201);
      const box = shopper.getByRole("main").getByTestId("discount-code");
      await box.getByLabel("Code").fill(code);
      await box.getByRole("button", { name: "Apply" }).click();
      await expect(box.getByTestId("applied-code")).toHaveText(code);

      // in cents, as the pricing rounds (half up): 10% off the line, the method's $7.50, 15% GST on the discounted
      // line (shipping untaxed by default), added to the total (the shop's prices are without tax)
      const halfUp = (cents: number, basisPoints: number) => Math.floor((cents * basisPoints + 5000) / 10_000);
      const discount = halfUp(product.priceCents, 1000);
      const gst = halfUp(product.priceCents - discount, 1500);
      const total = product.priceCents - discount + 750 + gst;
      const money = (cents: number) => price({ priceCents: cents });
      // the cart and checkout name the code; the order (which keeps the amount, not the code) says "Discount"
      const breakdown = async (prices: Locator, totalLabel: string, discountLabel: string) => {
        await expect(prices).toContainText(`${discountLabel}−${money(discount)}`);
        await expect(prices).toContainText(`Shipping (${METHOD})$7.50`);
        await expect(prices).toContainText(`${TAX}${money(gst)}`);
        await expect(prices).toContainText(`${totalLabel}${money(total)}`);
      };

      await shopper.goto(`/checkout/${user.id}/checkout`);
      await hydrated(shopper, javaScriptEnabled);
      const summary = shopper.getByRole("main").getByRole("complementary", { name: "Order summary" });
      const methods = summary.getByRole("group", { name: "Shipping method" });
      await expect(methods.getByRole("radio", { name: new RegExp(METHOD) })).toBeChecked();
      await expect(methods).toContainText("2–4 business days");
      await breakdown(summary.getByTestId("price-summary"), "Total Amount", `Discount (${code})`);

      // paid: the order page, the confirmation e-mail and the admin's view of the order say the same
      const paidAt = new Date();
      await pay(shopper, "4242 4242 4242 4242");
      if (javaScriptEnabled) await shopper.getByRole("link", { name: "See my order now" }).click();
      await expect(shopper).toHaveURL(/\/orders\/\d+$/, { timeout: 15_000 });
      const orderPath = new URL(shopper.url()).pathname;
      await breakdown(shopper.getByRole("main").getByTestId("price-summary"), "Total", "Discount");
      const mail = await waitForMail({ to: email, kind: "order-confirmation", after: paidAt });
      for (const part of ["Discount", money(discount), TAX, money(gst), money(total)])
        expect(mail.text).toContain(part);
      await page.goto(orderPath);
      await breakdown(page.getByRole("main").getByTestId("price-summary"), "Total", "Discount");
    } finally {
      await shopperContext.close();
    }

    // taken down on the pages again (with JavaScript each delete asks first)
    page.on("dialog", (dialog) => void dialog.accept());
    await page.goto("/admin/tax");
    await hydrated(page, javaScriptEnabled);
    await main.getByRole("button", { name: `Delete ${TAX} (${COUNTRY})` }).click();
    await expect(notices(page).getByText("Tax rate deleted")).toBeVisible();
    await expect(main.getByRole("listitem", { name: `${TAX} (${COUNTRY})` })).toHaveCount(0);
    await page.goto("/admin/shipping");
    await hydrated(page, javaScriptEnabled);
    await main.getByRole("button", { name: `Delete the zone ${ZONE} and its methods` }).click();
    await expect(notices(page).getByText("Shipping zone deleted")).toBeVisible();
    await expect(main.getByRole("region", { name: ZONE })).toHaveCount(0);
  } finally {
    await cleanUp(page.request, auth);
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
});
