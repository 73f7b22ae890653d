import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { createdAt, orderStatus, paymentStatus, updatedAt } from "./columns";
import { users } from "./accounts";
import { products, productVariants } from "./catalogue";
import type { PriceBreakdown, PricedTax } from "./pricing";
import type { SellerSnapshot } from "./invoices";

// ---------------------------------------------------------------- cart

export const carts = pgTable("carts", {
  id: serial("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  /** the discount code the shopper applied (as typed by the admin; checked again whenever the cart is priced) */
  discountCode: text("discount_code"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cartItems = pgTable(
  "cart_items",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    /** a deleted product disappears from carts */
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** the variant in the cart; a deleted variant disappears from carts */
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cart_items_cart_variant_key").on(t.cartId, t.variantId),
    index("cart_items_product_idx").on(t.productId),
    check("cart_items_quantity_positive", sql`${t.quantity} >= 1`),
  ],
);

// ---------------------------------------------------------------- payments and orders

/** Where an order goes: a copy of the address chosen at checkout, kept with the payment and then the order. */
export interface ShippingSnapshot {
  name: string;
  street: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  mobileNumber: string;
}

/** What a payment pays for: the cart's lines at the moment the amount was computed. */
export interface CartSnapshotLine {
  productId: number;
  /** absent in payments made before variants (migration 0012): the product's default variant */
  variantId?: number;
  /** "Switch: Brown · Layout: ISO DE"; empty for a product without options */
  variantLabel?: string;
  name: string;
  brand: string;
  quantity: number;
  priceCents: number;
}

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    /** the provider's id (Stripe PaymentIntent id, or the test provider's) */
    providerPaymentId: text("provider_payment_id").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: paymentStatus("status").notNull().default("requires_payment_method"),
    /** the cart the amount was computed from, as product id -> quantity, to detect a cart changed after paying */
    cartSnapshot: jsonb("cart_snapshot").$type<CartSnapshotLine[]>().notNull(),
    failureMessage: text("failure_message"),
    /**
     * The checkout attempt this payment belongs to (services/orders/payment-attempts.server.ts): the same user and cart contents
     * give the same key until the attempt ends, so a reload, a back button or a second tab finds this payment.
     */
    checkoutKey: text("checkout_key").unique(),
    /** the billing details given at checkout, for an order placed later by the reconciler */
    billing: jsonb("billing").$type<Record<string, string>>(),
    /** the shipping address chosen at checkout, for the order (placed by the browser, the webhook or the reconciler) */
    shippingAddress: jsonb("shipping_address").$type<ShippingSnapshot>(),
    /**
     * The whole price the amount was computed with (lines, discount, shipping, tax; services/orders/quote.server.ts):
     * the order of this payment is placed with it, never priced again. Null for payments made before it (migration
     * 0013): their amount is their lines' sum.
     */
    priceBreakdown: jsonb("price_breakdown").$type<PriceBreakdown>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_user_idx").on(t.userId),
    index("payments_open_idx")
      .on(t.updatedAt)
      .where(sql`${t.status} in ('requires_payment_method', 'processing', 'succeeded')`),
    check("payments_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * The payments of the test provider (test-payments mode): a stand-in for the card network, kept in the database so
 * that every app instance sees the same payment. Stripe's PaymentIntent lifecycle, with Stripe's test cards.
 */
export const testPaymentIntents = pgTable("test_payment_intents", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  status: paymentStatus("status").notNull().default("requires_payment_method"),
  /** the same key answers the same intent, as Stripe's Idempotency-Key does */
  idempotencyKey: text("idempotency_key").unique(),
  lastError: text("last_error"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** one order per payment: the unique key makes a replayed place-order or webhook a no-op */
    paymentId: integer("payment_id")
      .unique()
      .references(() => payments.id, { onDelete: "restrict" }),
    orderDate: timestamp("order_date", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    totalCents: integer("total_cents").notNull(),
    /** the lines' sum; total = subtotal − discount + shipping (+ tax when it is added, not included) */
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    /** the shipping method's name as it was when ordered; null: no shipping priced */
    shippingMethod: text("shipping_method"),
    taxCents: integer("tax_cents").notNull().default(0),
    /** the tax is a part of the prices (VAT-inclusive), not added to the total */
    taxIncluded: boolean("tax_included").notNull().default(false),
    /** the tax per rate ("VAT", 1900, 319) */
    taxes: jsonb("taxes").$type<PricedTax[]>().notNull().default([]),
    /** the payment's breakdown, kept with the order for refunds by line; null for orders before migration 0013 */
    priceBreakdown: jsonb("price_breakdown").$type<PriceBreakdown>(),
    status: orderStatus("status").notNull().default("PENDING"),
    billing: jsonb("billing").$type<Record<string, string>>(),
    /** a copy of the address chosen at checkout: later edits of the address book do not move a parcel */
    shippingAddress: jsonb("shipping_address").$type<ShippingSnapshot>(),
    /** when the order was marked Delivered: the withdrawal period runs from it (decision 0039) */
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
    /** when the review request for this order was queued (or skipped): it is asked once (decision 0045) */
    reviewRequestedAt: timestamp("review_requested_at", { withTimezone: true, mode: "date" }),
    /**
     * The invoice (decision 0042): its number is `invoice_year`-`invoice_seq` (gap-free per calendar year, UTC),
     * given in the transaction that places the order; the seller as it was then is kept with it.
     */
    invoiceYear: integer("invoice_year"),
    invoiceSeq: integer("invoice_seq"),
    invoiceDate: timestamp("invoice_date", { withTimezone: true, mode: "date" }),
    invoiceSeller: jsonb("invoice_seller").$type<SellerSnapshot>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_invoice_number_key").on(t.invoiceYear, t.invoiceSeq),
    check(
      "orders_invoice_whole",
      sql`(${t.invoiceSeq} is null) = (${t.invoiceYear} is null) and (${t.invoiceSeq} is null) = (${t.invoiceDate} is null)`,
    ),
    index("orders_user_date_idx").on(t.userId, t.orderDate),
    // the dashboard's periods (the last 7, 30 or 90 days of years of orders: bench/dashboard.ts)
    index("orders_date_idx").on(t.orderDate),
    index("orders_status_idx").on(t.status),
    check("orders_total_not_negative", sql`${t.totalCents} >= 0`),
    check(
      "orders_parts_not_negative",
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.shippingCents} >= 0 and ${t.taxCents} >= 0`,
    ),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** kept as a snapshot: a deleted product leaves the order's lines intact */
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    productBrand: text("product_brand").notNull(),
    /** the variant bought; a deleted variant leaves the line with its label */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /** the variant's options as they were when ordered ("Switch: Brown · Layout: ISO DE"); empty without options */
    variantLabel: text("variant_label").notNull().default(""),
    quantity: integer("quantity").notNull(),
    priceCents: integer("price_cents").notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_variant_idx").on(t.variantId),
    // "Goes well with" (decision 0047): the orders that hold a product, then their other lines
    index("order_items_product_order_idx").on(t.productId, t.orderId),
    check("order_items_quantity_positive", sql`${t.quantity} >= 1`),
    check("order_items_price_not_negative", sql`${t.priceCents} >= 0`),
  ],
);
