import { expect, type Page, type TestInfo } from "@playwright/test";
import { ADDRESS, checkoutUi, hydrated, inCart, pay, pick, signedInShopper, test } from "./checkout-helpers";
import { waitForMail } from "./mailbox";
import { ORDERS_SHOP } from "./orders-shop";

/**
 * Where the order goes, with and without JavaScript: a shipping address added on the checkout page (a refused one
 * keeps what was typed), chosen in the order summary, and kept with the order on its confirmation page. Against the
 * orders shop (it buys), with products of its own (slot 9, see ./checkout-helpers.ts).
 */
test.use({ baseURL: ORDERS_SHOP });

const CARD = "4242424242424242";
const CVC = "7319";

/**
 * Without JavaScript the page after a post is the server's answer: the card number and CVC typed before it are not
 * in it anywhere (not as a field's value, nor in the data the page carries for the scripts).
 */
async function expectNoCardInServedPage(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) return;
  const html = await page.content();
  // (typed without spaces: the test mode's hint on the page spells the number with them)
  expect(html).not.toContain(CARD);
  expect(html).not.toMatch(/value="4242/);
  // (digits on their own: a price or an id may hold the same four)
  expect(html).not.toMatch(new RegExp(`(?<![\\d.,])${CVC}(?![\\d.,])`));
}

test("shopper adds a shipping address at checkout, ships there, and the order page shows it", async ({
  page,
  shopper: user,
  atCheckout,
  javaScriptEnabled,
}, testInfo) => {
  const product = pick(testInfo, 9);
  const checkout = await atCheckout([product, 1]);
  const main = page.getByRole("main");
  // the saved address first, the billing address as the other choice
  await expect(checkout.shipTo.getByRole("radio")).toHaveCount(2);
  await expect(checkout.shipTo.getByRole("radio", { name: ADDRESS.street })).toBeChecked();
  await expect(checkout.shipTo.getByRole("radio", { name: "The billing address" })).not.toBeChecked();

  // billing details changed before adding an address: they are part of the same form and come back as typed
  await checkout.billing.getByLabel("First name").fill("Robin");
  await checkout.billing.getByLabel("City").fill("Leeds");
  await checkout.cardNumber.fill(CARD);
  await checkout.cvc.fill(CVC);

  // a new address: refused without a street, with what was typed kept and the error by its field
  await checkout.shipTo.getByRole("link", { name: "Add a new address" }).click();
  const adding = main.getByRole("group", { name: "Add a new shipping address" });
  // the link leads to the form's section; it opens on a click of its heading where the browser left it closed
  if (!(await adding.getByLabel("City").isVisible())) await main.getByText("Add a new shipping address").click();
  await expect(adding.getByLabel("City")).toBeVisible();
  await adding.getByLabel("City").fill("Bristol");
  await adding.getByLabel("Country").selectOption("GB");
  await adding.getByLabel("Mobile number").fill("+44 117 000 0000");
  // without JavaScript the browser would stop the empty street itself if it were required: post as it is
  await adding.getByRole("button", { name: "Save and ship here" }).click();
  await expect(adding.getByLabel("Street")).toHaveAccessibleDescription("Street is required");
  await expect(adding.getByLabel("City")).toHaveValue("Bristol");
  await expect(adding.getByLabel("Country")).toHaveValue("GB");
  await expect(checkout.billing.getByLabel("First name")).toHaveValue("Robin");
  await expect(checkout.billing.getByLabel("City")).toHaveValue("Leeds");
  await expect(checkout.billing.getByLabel("Last name")).toHaveValue("Buyer");
  // nothing was paid: the billing fields carry no error
  await expect(checkout.billing.getByLabel("First name")).not.toHaveAttribute("aria-invalid", "true");
  await expectNoCardInServedPage(page, javaScriptEnabled);

  await adding.getByLabel("Street").fill("5 Dock Road");
  // Enter in the new address's fields saves it (with JavaScript; without, the button)
  if (javaScriptEnabled) await adding.getByLabel("Street").press("Enter");
  else await adding.getByRole("button", { name: "Save and ship here" }).click();
  await expect(checkout.shipTo.getByRole("status")).toHaveText("Address added: your order ships there.");
  await expect(checkout.shipTo.getByRole("radio")).toHaveCount(3);
  await expect(checkout.shipTo.getByRole("radio", { name: "5 Dock Road" })).toBeChecked();
  await expect(checkout.shipTo).toContainText("United Kingdom");
  // the billing details as typed, the card number aside (it never comes back)
  await expect(checkout.billing.getByLabel("First name")).toHaveValue("Robin");
  await expect(checkout.billing.getByLabel("City")).toHaveValue("Leeds");
  if (!javaScriptEnabled) await expect(checkout.cardNumber).toHaveValue("");
  await expectNoCardInServedPage(page, javaScriptEnabled);
  // the new address's section closes, and opens again empty
  await expect(adding).toBeHidden();
  await main.getByText("Add a new shipping address").click();
  await expect(adding.getByLabel("Street")).toHaveValue("");

  await hydrated(page, javaScriptEnabled);
  await pay(page, "4242 4242 4242 4242");
  if (javaScriptEnabled) await page.getByRole("link", { name: "See my order now" }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const shipping = main.getByRole("region", { name: "Shipping address" });
  await expect(shipping).toContainText("Robin Buyer");
  await expect(shipping).toContainText("5 Dock Road");
  await expect(shipping).toContainText("Bristol");
  await expect(shipping).toContainText("United Kingdom");
  await expect(shipping).toContainText("+44 117 000 0000");

  // the receipt: the order number, the address and a link back to this page
  const orderPath = new URL(page.url()).pathname;
  const receipt = await waitForMail({ to: user.email, kind: "order-confirmation" });
  expect(receipt.subject).toBe(`Your GearHub order #${orderPath.split("/").pop()} is confirmed`);
  expect(receipt.text).toContain("5 Dock Road");
  expect(receipt.text).toContain(product.name);
  const link = receipt.links.find((href) => href.endsWith(orderPath));
  expect(link, receipt.links.join(", ")).toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
    `Order #${orderPath.split("/").pop()}`,
  );
});

test("another shopper's order page is refused", async ({ page, browser }, testInfo) => {
  const product = pick(testInfo, 10);
  const buyer = await signedInShopper(page);
  await inCart(page, product, 1);
  await page.goto(`/checkout/${buyer.id}/checkout`);
  await pay(page, "4242 4242 4242 4242");
  if (testInfo.project.name === "js") await page.getByRole("link", { name: "See my order now" }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const path = new URL(page.url()).pathname;

  const other = await browser.newPage({ baseURL: ORDERS_SHOP });
  await signedInShopper(other);
  await other.goto(path);
  await expect(other).toHaveURL(`/unauthorized?from=${encodeURIComponent(path)}`);
  await other.close();
});

/**
 * With JavaScript: a shopper at the checkout with a new address typed in (not saved yet). It pays nothing: slot 9's
 * product (of the first test) only fills the cart.
 */
async function newAddressTyped(page: Page, testInfo: TestInfo) {
  const user = await signedInShopper(page);
  await inCart(page, pick(testInfo, 9), 1);
  const path = `/checkout/${user.id}/checkout`;
  await page.goto(path);
  await hydrated(page, true);
  const main = page.getByRole("main");
  await main.getByText("Add a new shipping address").click();
  const adding = main.getByRole("group", { name: "Add a new shipping address" });
  await adding.getByLabel("Street").fill("9 Quay Street");
  await adding.getByLabel("City").fill("Bristol");
  await adding.getByLabel("Country").selectOption("GB");
  return { path, adding, save: adding.getByRole("button", { name: /Save and ship here/ }) };
}

test("an Enter that picks a word in an input method does not save the new address", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.skip(!javaScriptEnabled, "Enter saves the address with JavaScript (without it, the button does)");
  const { adding } = await newAddressTyped(page, testInfo);
  // the keydown of an Enter that ends a composition (a Japanese or Chinese word being picked), and a plain one
  const submits = (composing: boolean) =>
    adding.getByLabel("Street").evaluate((input: HTMLInputElement, isComposing) => {
      let submitted = false;
      const seen = (event: Event) => {
        submitted = true;
        event.preventDefault();
      };
      input.form!.addEventListener("submit", seen, { capture: true });
      input.dispatchEvent(
        new KeyboardEvent("keydown", { key: "Enter", code: "Enter", isComposing, bubbles: true, cancelable: true }),
      );
      input.form!.removeEventListener("submit", seen, { capture: true });
      return submitted;
    }, composing);
  expect(await submits(true), "a composing Enter sends the form").toBe(false);
  expect(await submits(false), "a plain Enter sends the form").toBe(true);
});

test("while 'Save and ship here' is on its way it says so and takes no second click; Pay Now is not paying", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.skip(!javaScriptEnabled, "without JavaScript the browser's own page load shows the post");
  const { path, save } = await newAddressTyped(page, testInfo);
  const checkout = checkoutUi(page);

  // the post is held until the page has been looked at (a JavaScript post goes to the page's .data address)
  const posts: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.replace(/\.data$/, "") === path,
    async (route) => {
      if (route.request().method() === "POST") {
        posts.push(route.request().url());
        await held;
      }
      await route.fallback();
    },
  );
  await save.dblclick();
  await expect(save).toBeDisabled();
  await expect(save.getByRole("status")).toHaveText("Saving the address");
  await expect(checkout.payNow).toBeDisabled();
  await expect(checkout.summary.getByText("Processing payment")).toHaveCount(0);
  release();
  await page.unrouteAll({ behavior: "wait" });

  await expect(checkout.shipTo.getByRole("status")).toHaveText("Address added: your order ships there.");
  expect(posts, "posts of 'Save and ship here'").toHaveLength(1);
  // the saved address, the new one (once) and the billing address
  await expect(checkout.shipTo.getByRole("radio")).toHaveCount(3);
  await expect(checkout.payNow).toBeEnabled();
  // the section closed after the save; opened again, its button takes a new address
  await page.getByRole("main").getByText("Add a new shipping address").click();
  await expect(save).toBeEnabled();
  await expect(save.getByRole("status")).toHaveCount(0);
});
