import { expect } from "@playwright/test";
import { ADDRESS, pay, pick, test } from "./checkout-helpers";
import { ORDERS_SHOP } from "./orders-shop";

/**
 * A new shipping address typed at checkout but not saved: Pay Now (without JavaScript also Enter in its fields, which
 * presses the form's first button) pays nothing, and says to save or clear it (checkout-shipping.spec.ts saves one and ships there). Against
 * the orders shop (it buys), with products of its own (slot 13, see ./checkout-helpers.ts).
 */
test.use({ baseURL: ORDERS_SHOP });

const UNSAVED = "Save this address with “Save and ship here”, or clear it, before paying.";

test("Pay Now with a new shipping address typed but not saved pays nothing, and says why", async ({
  page,
  shopper: user,
  atCheckout,
  javaScriptEnabled,
}, testInfo) => {
  const product = pick(testInfo, 13);
  const checkout = await atCheckout([product, 1]);
  const main = page.getByRole("main");
  await expect(checkout.shipTo.getByRole("radio", { name: ADDRESS.street })).toBeChecked();

  await main.getByText("Add a new shipping address").click();
  const adding = main.getByRole("group", { name: "Add a new shipping address" });
  await adding.getByLabel("Street").fill("9 Harbour Row");
  await adding.getByLabel("City").fill("Cork");
  await adding.getByLabel("Country").selectOption("IE");

  // the card filled in, then Pay Now (or, without JavaScript, Enter in the address: the form's first button)
  await pay(page, "4242 4242 4242 4242");
  await expect(adding.getByRole("alert")).toHaveText(UNSAVED);
  // still the checkout, what was typed kept, no order
  await expect(page).toHaveURL(`/checkout/${user.id}/checkout`);
  await expect(adding.getByLabel("Street")).toHaveValue("9 Harbour Row");
  await expect(checkout.payNow).toBeVisible();
  if (!javaScriptEnabled) {
    await checkout.cardNumber.fill("4242 4242 4242 4242");
    await checkout.expiry.fill("12 / 40");
    await checkout.cvc.fill("123");
    await adding.getByLabel("City").press("Enter");
    await expect(adding.getByRole("alert")).toHaveText(UNSAVED);
    await expect(page).toHaveURL(`/checkout/${user.id}/checkout`);
  }
  // nothing was ordered
  await page.goto(`/user-profile/${user.id}/profile`);
  await expect(main.getByText("No orders found at the moment")).toBeVisible();
});
