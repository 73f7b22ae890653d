import { z } from "zod/v4";
import { AppliedDiscountSchema } from "./discounts";
import { EmailSchema, NameSchema } from "./account";
import { IdSchema, isOneLine, oneLine } from "./common";
import { countryCodeOf } from "./countries";
import { ProductSchema } from "./catalogue";

// the browser's pages import these from ./cart-constants (without zod)
export { beyondStock, CART_BEYOND_STOCK, CHECKOUT_BEYOND_STOCK } from "./cart-constants";

/** The most of one product a cart line may hold (stock limits it further). */
export const MAX_LINE_QUANTITY = 999;

/**
 * A quantity is a whole number written as one: a JSON number, or a form's or query's digits ("3", " 3 "). Anything
 * else ("1e2", "0x10", "1.0", [1], true) is refused rather than read as some number.
 */
export const QuantitySchema = z.preprocess(
  (value) => (typeof value === "string" && /^\s*[+-]?\d{1,12}\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
);

/** POST /cartItems/item/add (form data, urlencoded or JSON) */
export const AddToCartSchema = z.object({
  productId: IdSchema,
  /** one of the product's variants; its default variant when absent */
  variantId: z.preprocess((v) => (v === "" || v === null ? undefined : v), IdSchema.optional()),
  quantity: QuantitySchema.default(1),
});

export const CartItemSchema = z.object({
  /** the line's product id, as the reference backend has it */
  itemId: z.number().int(),
  /** the variant in the cart (a cart may hold several variants of one product, each its own line) */
  variantId: z.number().int(),
  /** "Switch: Brown · Layout: ISO DE"; empty for a product without options */
  variantLabel: z.string(),
  sku: z.string(),
  /** the variant's stock */
  inventory: z.number().int(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  /** the variant's regular price when it is on sale (its compare-at price, above `unitPrice`), else null */
  compareAtPrice: z.number().nullable(),
  totalPrice: z.number(),
  product: ProductSchema,
});

/** `?variantId=` of a cart line's update and remove: which of the product's lines (needed when it has several). */
export const CartLineQuerySchema = z.object({
  variantId: z.preprocess((v) => (v === "" ? undefined : v), IdSchema.optional()),
});
export type CartItemDto = z.infer<typeof CartItemSchema>;

export const CartSchema = z.object({
  cartId: z.number().int(),
  items: z.array(CartItemSchema),
  totalAmount: z.number(),
});
export type CartDto = z.infer<typeof CartSchema>;

export const CartCountSchema = z.object({ count: z.number().int() });

export const ORDER_STATUSES = ["PENDING", "PROCESSING", "SHIPPED", "DELIVERED", "CANCELLED"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The steps an admin may take: one forward, or cancel before shipping. */
export const NEXT_STATUS: Record<OrderStatus, OrderStatus[]> = {
  PENDING: ["PROCESSING", "CANCELLED"],
  PROCESSING: ["SHIPPED", "CANCELLED"],
  SHIPPED: ["DELIVERED"],
  DELIVERED: [],
  CANCELLED: [],
};

export const OrderItemSchema = z.object({
  productId: z.number().int().nullable(),
  /** null when the variant was deleted since; the label stays */
  variantId: z.number().int().nullable(),
  /** the variant's options when ordered ("Switch: Brown · Layout: ISO DE"); empty for a product without options */
  variantLabel: z.string(),
  productName: z.string(),
  productBrand: z.string(),
  quantity: z.number().int(),
  price: z.number(),
});

/** Where an order goes: a copy of the address chosen at checkout, taken when the payment was made. */
export const ShippingAddressSchema = z.object({
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postalCode: z.string(),
  mobileNumber: z.string(),
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

/**
 * What a shopper reads for a status (the API keeps the contract's values): every order is paid when it is placed,
 * so PENDING reads "Paid"; a cancelled order whose money is back reads "Refunded".
 */
export function orderStatusLabel(status: OrderStatus, refunded: boolean): string {
  switch (status) {
    case "PENDING":
      return "Paid";
    case "PROCESSING":
      return "Preparing";
    case "SHIPPED":
      return "Shipped";
    case "DELIVERED":
      return "Delivered";
    case "CANCELLED":
      return refunded ? "Refunded" : "Cancelled";
  }
}

/** One of the destination's shipping methods (GET …/quote lists them); the first that can take the cart when absent. */
export const ShippingMethodIdSchema = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  IdSchema.optional(),
);

/** A tax line: "VAT" at 19% (rate in percent), 3.19 */
export const TaxLineSchema = z.object({ name: z.string(), rate: z.number(), amount: z.number() });

/** The price of a cart for a destination (services/orders/quote.server.ts), in dollars. */
export const QuoteSchema = z.object({
  /** the lines' sum (the cart's totalAmount) */
  subtotal: z.number(),
  discount: z.number(),
  /** the chosen (or first usable) method and its cost; null: no shipping priced (no zones, or no destination) */
  shipping: z.object({ methodId: z.number().int(), method: z.string(), amount: z.number() }).nullable(),
  taxes: z.array(TaxLineSchema),
  tax: z.number(),
  taxIncluded: z.boolean(),
  /** what the shopper pays: subtotal − discount + shipping (+ tax when added) */
  total: z.number(),
  destination: z.object({ country: z.string(), state: z.string() }).nullable(),
  /** the destination's methods priced for this cart (amount null: the cart cannot go by it, too heavy) */
  methods: z.array(
    z.object({ id: z.number().int(), name: z.string(), deliveryTime: z.string(), amount: z.number().nullable() }),
  ),
  /** the shop prices shipping by zones: an address outside them cannot be shipped to */
  shipsByZone: z.boolean(),
  /** false: no method serves this destination (or none is known yet while the shop ships by zones) */
  shippable: z.boolean(),
  /** the discount code applied to the cart (null: none) */
  discountCode: AppliedDiscountSchema.nullable(),
});
export type QuoteDto = z.infer<typeof QuoteSchema>;

export const QuoteQuerySchema = z.object({
  /** an estimate for a country (ISO code), and optionally a subdivision; else a saved address or the default one */
  country: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "Choose a country")
      .optional(),
  ),
  state: z.string().trim().max(100, "State is too long").optional(),
  shippingAddressId: z.preprocess((v) => (v === "" ? undefined : v), IdSchema.optional()),
  shippingMethodId: ShippingMethodIdSchema,
});

export const OrderSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  orderDate: z.string(),
  /** what was paid: subtotal − discount + shipping (+ tax when added, not included in the prices) */
  totalAmount: z.number(),
  /** the lines' sum */
  subtotal: z.number(),
  discount: z.number(),
  /** the shipping method and its cost; null when the order had no shipping priced (before zones, or none set up) */
  shipping: z.object({ method: z.string(), amount: z.number() }).nullable(),
  taxes: z.array(TaxLineSchema),
  /** all taxes */
  tax: z.number(),
  /** true: the tax is a part of the prices ("incl. 19% VAT"), not added to the total */
  taxIncluded: z.boolean(),
  status: z.enum(ORDER_STATUSES),
  /** the status as a shopper reads it: Paid, Preparing, Shipped, Delivered, Cancelled or Refunded */
  statusLabel: z.string(),
  /** null for orders placed before addresses were kept with orders, or erased with a deleted account */
  shippingAddress: ShippingAddressSchema.nullable(),
  items: z.array(OrderItemSchema),
  /** the invoice's number ("2026-000123", gap-free per year: decision 0042); null for an order without one */
  invoiceNumber: z.string().nullable(),
});
export type OrderDto = z.infer<typeof OrderSchema>;

export const AdminOrderSchema = OrderSchema.extend({ customer: z.object({ email: z.string(), name: z.string() }) });
export type AdminOrderDto = z.infer<typeof AdminOrderSchema>;

export const AdminOrderPageSchema = z.object({
  content: z.array(AdminOrderSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});

export const AdminOrdersQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(", ")}` }).optional(),
  ),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(25),
});

export const OrderStatusInputSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(", ")}` }),
});

/** The admin orders page's one form: an order and the status it moves to. */
export const OrderStatusChangeSchema = OrderStatusInputSchema.extend({ orderId: IdSchema });

// ---------------------------------------------------------------- checkout and payments

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

export const RefundSchema = z.object({
  id: z.number(),
  paymentId: z.number(),
  /** the order the payment was for (a cancelled one), or null (a payment refunded before any order was placed) */
  orderId: z.number().nullable(),
  providerPaymentId: z.string(),
  customerEmail: z.string(),
  /** what the refund gives back: the whole payment, or a return's part of it */
  amount: z.number(),
  reason: z.string(),
  /** the return it pays back (decision 0044), or null for a whole payment */
  returnId: z.number().nullable(),
  /** the credit note's number once the refund went through and the payment had an order */
  creditNoteNumber: z.string().nullable(),
  status: z.enum(["pending", "succeeded"]),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RefundDto = z.infer<typeof RefundSchema>;

export const RefundListSchema = z.object({ pending: z.array(RefundSchema), done: z.array(RefundSchema) });
