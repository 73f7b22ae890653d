// Discount codes, their redemptions, and (on carts.discount_code) the code a cart has applied (decision 0040).
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

import { createdAt, updatedAt } from "./columns";
import { users } from "./accounts";

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    /** as the admin typed it; unique case-insensitively, a shopper may type it in any case */
    code: text("code").notNull(),
    kind: text("kind", { enum: ["percent", "fixed", "free_shipping"] }).notNull(),
    /** percent: basis points (1500 = 15%); fixed: cents; free_shipping: 0 */
    value: integer("value").notNull().default(0),
    /** the lines' subtotal (before discounts) the code needs, in cents */
    minSubtotalCents: integer("min_subtotal_cents"),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }),
    /** how many times it can be used in all (null: no limit) */
    usageLimit: integer("usage_limit"),
    /** how many times one customer can use it (null: no limit) */
    perCustomerLimit: integer("per_customer_limit"),
    /** uses taken (reserved or redeemed, not released): the counter a conditional UPDATE holds under the limit */
    uses: integer("uses").notNull().default(0),
    /** when set, the code applies only to these products / categories (either matching is enough) */
    productIds: jsonb("product_ids").$type<number[]>(),
    categoryIds: jsonb("category_ids").$type<number[]>(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_key").on(sql`lower(${t.code})`),
    check("discount_codes_value_range", sql`${t.value} >= 0 and (${t.kind} <> 'percent' or ${t.value} <= 10000)`),
    check("discount_codes_uses_not_negative", sql`${t.uses} >= 0`),
  ],
);

/**
 * One use of a code by a checkout attempt: reserved when the attempt's payment is made, redeemed when its order is
 * placed, released when the payment is declined or refunded in full (then it no longer counts).
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: serial("id").primaryKey(),
    codeId: integer("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the checkout attempt's key (payments.checkout_key): one use per attempt */
    checkoutKey: text("checkout_key").notNull(),
    paymentId: integer("payment_id"),
    orderId: integer("order_id"),
    status: text("status", { enum: ["reserved", "redeemed", "released"] })
      .notNull()
      .default("reserved"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("discount_redemptions_checkout_key").on(t.checkoutKey),
    index("discount_redemptions_code_user_idx").on(t.codeId, t.userId),
    index("discount_redemptions_payment_idx").on(t.paymentId),
  ],
);
