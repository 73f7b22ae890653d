// Orders: statuses, lines, the price quote of a cart, the order as the API answers it, and the admin's order list.
import { z } from "zod/v4";
import { IdSchema } from "./common";
import { AppliedDiscountSchema } from "./discounts";

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
