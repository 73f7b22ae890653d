// Back-in-stock alerts (docs/decisions/0046-back-in-stock-alerts.md): an address that wants one mail when a sold-out
// product (variant_id null) or variant has stock again. A visitor's subscription is `pending` until its address is
// confirmed; an `active` one is mailed by the trigger of migration 0027 in the transaction that restocks, which marks it
// `notified` in the same statement (once only). The mail is rendered when the subscription becomes active and kept here,
// so that the trigger only copies it into the outbox.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";
import { products, productVariants } from "./catalogue";

export const STOCK_ALERT_STATUSES = ["pending", "active", "notified", "unsubscribed"] as const;

export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** null: any of the product's variants (the product's stock) */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    /** lower-cased */
    email: text("email").notNull(),
    /** the signed-in shopper who subscribed (null: a visitor) */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: STOCK_ALERT_STATUSES }).notNull().default("pending"),
    /** the back-in-stock mail, rendered when the subscription became active; the trigger copies it to the outbox */
    mailSubject: text("mail_subject"),
    mailText: text("mail_text"),
    mailHtml: text("mail_html"),
    /** the host of the Message-ID the trigger makes */
    mailHost: text("mail_host"),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
    notifiedAt: timestamp("notified_at", { withTimezone: true, mode: "date" }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    // one open subscription per address and product or variant
    uniqueIndex("stock_alerts_open_key")
      .on(t.productId, sql`coalesce(${t.variantId}, 0)`, t.email)
      .where(sql`${t.status} in ('pending', 'active')`),
    // what the trigger reads: the active ones of a variant, of a product
    index("stock_alerts_active_variant_idx")
      .on(t.variantId)
      .where(sql`${t.status} = 'active'`),
    index("stock_alerts_active_product_idx")
      .on(t.productId)
      .where(sql`${t.status} = 'active' and ${t.variantId} is null`),
    index("stock_alerts_email_idx").on(t.email),
    index("stock_alerts_user_idx").on(t.userId),
    check(
      "stock_alerts_active_has_mail",
      sql`${t.status} <> 'active' or (${t.mailSubject} is not null and ${t.mailText} is not null and ${t.mailHtml} is not null and ${t.mailHost} is not null)`,
    ),
  ],
);
