// Checkout and payments: billing details, payment intents and attempts, test cards, the page checkout's purchase.
import { z } from "zod/v4";
import { EmailSchema, NameSchema } from "./account";
import { IdSchema, isOneLine, oneLine } from "./common";
import { countryCodeOf } from "./countries";
import { OrderSchema, ShippingMethodIdSchema } from "./orders";

/** The billing details of the checkout form, sent to the payment provider and kept with the order. */
export const BillingSchema = z.object({
  firstName: NameSchema("First name"),
  lastName: NameSchema("Last name"),
  email: EmailSchema,
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
  state: z.string().trim().max(100, "State is too long").refine(isOneLine, oneLine("State")).optional().default(""),
  /** ISO 3166-1 alpha-2; an English name ("Germany") is taken as its code */
  country: z
    .string({ error: "Country is required" })
    .trim()
    .transform(countryCodeOf)
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{2}$/, "Choose a country")
        .refine((code) => code !== "XX", "Choose a country"),
    ),
  postalCode: z
    .string()
    .trim()
    .max(20, "Postal code is too long")
    .refine(isOneLine, oneLine("Postal code"))
    .optional()
    .default(""),
});
export type Billing = z.output<typeof BillingSchema>;

/** The saved address an order ships to (one of the caller's); without one, the billing address is used. */
export const ShippingAddressIdSchema = IdSchema.optional();

export const CreatePaymentIntentSchema = z.object({
  /** what the shopper saw: checked against the cart's total, never charged */
  amount: z.coerce.number({ error: "amount must be a number" }).positive("amount must be positive").optional(),
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.literal("usd", { error: "Only usd is accepted" }))
    .optional()
    .default("usd"),
  shippingAddressId: ShippingAddressIdSchema,
  shippingMethodId: ShippingMethodIdSchema,
  /** kept with the payment, for an order placed by the webhook or the reconciler */
  billing: BillingSchema.optional(),
});

export const PaymentIntentSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number(),
  currency: z.string(),
});
export type PaymentIntentDto = z.infer<typeof PaymentIntentSchema>;

export const PlaceOrderSchema = z
  .object({
    paymentIntentId: z.string().trim().min(1).max(255).optional(),
    billing: BillingSchema.optional(),
    shippingAddressId: ShippingAddressIdSchema,
  })
  .default({});

export const PaymentConfigSchema = z.object({
  provider: z.enum(["stripe", "test"]),
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;

const digits = (value: unknown) => (typeof value === "string" ? value.replace(/[\s-]/g, "") : value);

/** Luhn's checksum: what a card number's last digit promises. */
export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card as the test provider takes it, with Stripe's messages for malformed fields. */
export const TestCardSchema = z
  .object({
    cardNumber: z.preprocess(
      digits,
      z
        .string({ error: "Your card number is incomplete." })
        .regex(/^\d+$/, "Your card number is invalid.")
        .min(12, "Your card number is incomplete.")
        .max(19, "Your card number is invalid.")
        .refine(luhnValid, "Your card number is invalid."),
    ),
    expMonth: z.coerce
      .number({ error: "Your card's expiration month is invalid." })
      .int("Your card's expiration month is invalid.")
      .min(1, "Your card's expiration month is invalid.")
      .max(12, "Your card's expiration month is invalid."),
    expYear: z.coerce
      .number({ error: "Your card's expiration year is invalid." })
      .int("Your card's expiration year is invalid.")
      .transform((year) => (year < 100 ? 2000 + year : year))
      .pipe(
        z
          .number()
          .min(2000, "Your card's expiration year is invalid.")
          .max(2100, "Your card's expiration year is invalid."),
      ),
    cvc: z.preprocess(
      digits,
      z
        .string({ error: "Your card's security code is incomplete." })
        .regex(/^\d{3,4}$/, "Your card's security code is invalid."),
    ),
  })
  .superRefine((card, ctx) => {
    const now = new Date();
    const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (card.expYear * 12 + (card.expMonth - 1) < current) {
      ctx.addIssue({ code: "custom", path: ["expYear"], message: "Your card's expiration date is in the past." });
    }
  });
export type TestCard = z.output<typeof TestCardSchema>;

export const TestConfirmSchema = z.intersection(
  z.object({ paymentIntentId: z.string().trim().min(1, "paymentIntentId is required").max(255) }),
  TestCardSchema,
);

export const TestConfirmResultSchema = z.object({
  paymentIntentId: z.string(),
  status: z.enum(["succeeded", "requires_payment_method"]),
  error: z.object({ message: z.string() }).nullable(),
});
export type TestConfirmResult = z.infer<typeof TestConfirmResultSchema>;

/** A checkout attempt's key (services/orders/payment-attempts.server.ts): what the checkout page was shown for. */
export const AttemptKeySchema = z.string().trim().max(200, "attempt is too long");

/** The address and method the checkout page offers: the attempt is of the cart priced for them. */
export const CheckoutAttemptQuerySchema = z.object({
  shippingAddressId: z.preprocess((v) => (v === "" ? undefined : v), IdSchema.optional()),
  shippingMethodId: ShippingMethodIdSchema,
});

export const CheckoutAttemptSchema = z.object({
  attempt: AttemptKeySchema.nullable(),
  /**
   * An earlier checkout of the user's that the provider shows paid and whose order is not placed yet (cut off after the
   * charge; decision 0033): its amount in dollars. The checkout page says that order is being placed instead of
   * offering to pay again; a new payment would be refused until it is.
   */
  paidOrderBeingPlaced: z.object({ amount: z.number() }).nullable(),
});

/** POST /orders/user/{userId}/checkout (test payments): the whole checkout in one request. */
export const PurchaseSchema = z.object({
  /** the attempt the page was shown for: a repeated post of an attempt that ended in an order gets that order */
  attempt: AttemptKeySchema.optional(),
  /** what the shopper saw: checked against the cart's total, never charged */
  amount: z.coerce.number({ error: "amount must be a number" }).positive("amount must be positive").optional(),
  billing: BillingSchema,
  card: TestCardSchema,
  shippingAddressId: ShippingAddressIdSchema,
  shippingMethodId: ShippingMethodIdSchema,
});

export const PurchaseResultSchema = z.object({ order: OrderSchema, created: z.boolean() });
