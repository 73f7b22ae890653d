import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod/v4";
import { AddressInputSchema } from "./account";
import { IdSchema, isOneLine, oneLine } from "./common";
import { ADD_ADDRESS_INTENT, SHIP_TO_BILLING } from "./cart-constants";
import { ShippingMethodIdSchema } from "./orders";
import { BillingSchema, TestCardSchema } from "./payments";

// the browser's pages import these from ./cart-constants (without zod)
export { ADD_ADDRESS_INTENT, SHIP_TO_BILLING };

/** "MM / YY", "MM/YYYY" or "MMYY" as typed into a card form's expiry field. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]);
  return { month, year: year < 100 ? 2000 + year : year };
}

/** What the shopper saw as the total: the server checks it against the cart and charges the cart's own total. */
const ShownAmount = z.coerce.number().positive();

/** The checkout's "Ship to" choice: one of the saved addresses, or "billing" (the billing address above). */
const ShipToSchema = z.preprocess((v) => (v === SHIP_TO_BILLING || v === "" ? undefined : v), IdSchema.optional());

/** Stripe mode: billing details only (the card is Stripe's, in its Elements box or on its hosted page). */
export const CheckoutBillingFormSchema = BillingSchema.extend({
  amount: ShownAmount,
  shippingAddressId: ShipToSchema,
  shippingMethodId: ShippingMethodIdSchema,
});

/** Test-payments mode: billing details and a plain card form, with Stripe's messages for a malformed card. */
export const TestCheckoutFieldsSchema = BillingSchema.extend({
  amount: ShownAmount,
  shippingAddressId: ShipToSchema,
  shippingMethodId: ShippingMethodIdSchema,
  cardNumber: z.string({ error: "Your card number is incomplete." }),
  exp: z.string({ error: "Your card's expiration date is incomplete." }),
  cvc: z.string({ error: "Your card's security code is incomplete." }),
});

export const TestCheckoutFormSchema = TestCheckoutFieldsSchema.transform((form, ctx) => {
  const expiry = parseExpiry(form.exp);
  if (!expiry) {
    ctx.addIssue({ code: "custom", path: ["exp"], message: "Your card's expiration date is incomplete." });
    return z.NEVER;
  }
  const card = TestCardSchema.safeParse({
    cardNumber: form.cardNumber,
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: form.cvc,
  });
  if (!card.success) {
    for (const issue of card.error.issues) {
      const field = issue.path[0] === "expMonth" || issue.path[0] === "expYear" ? "exp" : String(issue.path[0]);
      ctx.addIssue({ code: "custom", path: [field], message: issue.message });
    }
    return z.NEVER;
  }
  const { amount, shippingAddressId, shippingMethodId, cardNumber: _n, exp: _e, cvc: _c, ...billing } = form;
  return { amount, shippingAddressId, shippingMethodId, billing, card: card.data };
});

/**
 * The checkout page's steps: "pay" (test payments: billing and card in one post), "create-intent" (Stripe with
 * JavaScript: a payment for the card box to confirm), "hosted" (Stripe without JavaScript: its payment page) and
 * "place-order" (Stripe with JavaScript, once the card is confirmed). A form without an intent is "pay".
 */
export const CheckoutIntentSchema = z.preprocess(
  (value) => ({ intent: "pay", ...(value as object) }),
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("pay"), attempt: z.string().max(200).optional() }),
    z.object({ intent: z.literal("create-intent") }),
    z.object({ intent: z.literal("hosted") }),
    z.object({ intent: z.literal("place-order"), paymentIntentId: z.string().default("") }),
    z.object({ intent: z.literal("add-address") }),
  ]),
);
export type CheckoutIntent = z.output<typeof CheckoutIntentSchema>;

/** The checkout's "add a shipping address" fields: an address for the address book, shipped to at once. */
export const CheckoutAddressSchema = AddressInputSchema.extend({
  street: z
    .string({ error: "Street is required" })
    .trim()
    .min(1, "Street is required")
    .max(200, "Street is too long")
    .refine(isOneLine, oneLine("Street")),
  city: z
    .string({ error: "City is required" })
    .trim()
    .min(1, "City is required")
    .max(100, "City is too long")
    .refine(isOneLine, oneLine("City")),
});

/**
 * The same fields as the checkout form posts them with its "Save and ship here" button: under `newAddress.`, beside
 * the billing fields of the same form (which come back as they were typed).
 */
export const CheckoutNewAddressSchema = z.object({ newAddress: CheckoutAddressSchema });

/** Pay Now (or Enter) while a new shipping address is typed but not saved: nothing is paid. */
export const UNSAVED_ADDRESS = "Save this address with “Save and ship here”, or clear it, before paying.";

/** What the checkout action answers the page (with JavaScript; without, it redirects). */
export interface CheckoutReply {
  result?: SubmissionResult<string[]>;
  /** a new shipping address was saved (and chosen): the form comes back with the billing details as typed */
  added?: { message: string; addressId: number };
  /** Stripe with JavaScript: the payment to confirm in the browser */
  payment?: { clientSecret: string; paymentIntentId: string };
  success?: { message: string; redirectTo: string };
}
