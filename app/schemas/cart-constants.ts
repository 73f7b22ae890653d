// The cart's and the checkout's constants (and one rule) the browser needs too, without zod (orders.ts and
// checkout.ts re-export them; see constants.ts).

/**
 * A cart line the stock cannot fill (its variant sold out, or fewer are left than the line holds): the cart says so
 * and offers to reduce it, and the checkout is closed until every line fits (the payment would be refused).
 */
export function beyondStock(line: { quantity: number; inventory: number }): boolean {
  return line.quantity > Math.max(0, line.inventory);
}

/** Why "Proceed to Checkout" is disabled, under it. */
export const CART_BEYOND_STOCK =
  "Some items are out of stock or you have more than we have left. Reduce or remove them to check out.";
/** The checkout page's answer to such a cart: back to the cart, with this message. */
export const CHECKOUT_BEYOND_STOCK =
  "Your cart has items that are out of stock or more than we have left. Please update your cart to check out.";

/** The checkout's "Ship to" choice of the billing address (the others are saved addresses' ids). */
export const SHIP_TO_BILLING = "billing";
/** The intent of the checkout's "Save and ship here" button. */
export const ADD_ADDRESS_INTENT = "add-address";
