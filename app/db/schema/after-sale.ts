// After the sale: refunds owed (whole payments, or a return's part), withdrawals from the contract (decision 0039) and
// returns (docs/decisions/0044-returns.md): a shopper's request to send back lines of a shipped order, the admin's
// decision, the parcel's receipt (restocking per line) and the refund of the lines through the refund queue.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { createdAt, orderStatus, updatedAt } from "./columns";
import { users } from "./accounts";
import { orderItems, orders, payments } from "./orders";
import { RETURN_REASONS, RETURN_STATUSES } from "../../schemas/return-constants";

// ---------------------------------------------------------------- refunds

/**
 * Refunds owed: one per payment that will not become an order. Written in the same transaction as the decision and
 * carried out by the provider afterwards; a failed attempt is retried with backoff (services/orders/refunds.server.ts).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    /** one whole refund per payment (a cancel, a payment without order); a return's refunds are more, each partial */
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    reason: text("reason").notNull(),
    /** the return this refund pays back (decision 0044); null: the whole payment */
    returnId: integer("return_id").references((): AnyPgColumn => returns.id, { onDelete: "restrict" }),
    /** what a return's refund gives back; null: the whole payment */
    amountCents: integer("amount_cents"),
    /** pending until the provider has refunded (or cancelled) the payment */
    status: text("status", { enum: ["pending", "succeeded"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastError: text("last_error"),
    refundedAt: timestamp("refunded_at", { withTimezone: true, mode: "date" }),
    /**
     * The credit note (decision 0042): numbered per calendar year of `credit_note_date` when the refund of an
     * invoiced order is recorded as succeeded, for `credit_note_cents` (the amount refunded). A refund of a payment
     * that never became an order has no invoice to correct and no credit note.
     */
    creditNoteYear: integer("credit_note_year"),
    creditNoteSeq: integer("credit_note_seq"),
    creditNoteDate: timestamp("credit_note_date", { withTimezone: true, mode: "date" }),
    creditNoteCents: integer("credit_note_cents"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("refunds_payment_key")
      .on(t.paymentId)
      .where(sql`${t.returnId} is null`),
    uniqueIndex("refunds_return_key").on(t.returnId),
    check("refunds_return_amount", sql`(${t.returnId} is null) = (${t.amountCents} is null)`),
    check("refunds_amount_positive", sql`${t.amountCents} is null or ${t.amountCents} > 0`),
    index("refunds_payment_idx").on(t.paymentId),
    index("refunds_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex("refunds_credit_note_key").on(t.creditNoteYear, t.creditNoteSeq),
    check(
      "refunds_credit_note_whole",
      sql`(${t.creditNoteSeq} is null) = (${t.creditNoteYear} is null) and (${t.creditNoteSeq} is null) = (${t.creditNoteDate} is null) and (${t.creditNoteSeq} is null) = (${t.creditNoteCents} is null)`,
    ),
  ],
);

// ---------------------------------------------------------------- withdrawals (decision 0039)

/**
 * A withdrawal from the contract (Directive (EU) 2023/2673), made through the public form or the order page, and what
 * came of it: the order was cancelled before shipping; a return is to be arranged (shipped or delivered); the
 * period had ended; the order was cancelled already.
 */
export const withdrawalRequests = pgTable(
  "withdrawal_requests",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** the address the acknowledgment went to */
    email: text("email").notNull(),
    status: text("status", { enum: ["cancelled", "open", "late", "already_cancelled", "closed"] }).notNull(),
    /** the order's status when the withdrawal came in */
    orderStatus: orderStatus("order_status").notNull(),
    /** through the public form, or the signed-in owner's order page */
    via: text("via", { enum: ["form", "account"] }).notNull(),
    /** the return an `open` withdrawal opened (decision 0044) */
    returnId: integer("return_id").references((): AnyPgColumn => returns.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("withdrawal_requests_order_idx").on(t.orderId),
    index("withdrawal_requests_created_idx").on(t.createdAt),
  ],
);

// ---------------------------------------------------------------- returns (decision 0044)

export const returns = pgTable(
  "returns",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status", { enum: RETURN_STATUSES }).notNull().default("requested"),
    /** one reason for the whole return (the form's select); "withdrawal" when a withdrawal opened it */
    reason: text("reason", { enum: RETURN_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    /** what the admin wrote with the approval or the rejection (mailed to the shopper) */
    adminMessage: text("admin_message"),
    /** the shopper's form, or a withdrawal from the contract (decision 0039) */
    via: text("via", { enum: ["shopper", "withdrawal"] })
      .notNull()
      .default("shopper"),
    /** the refund was asked to include the order's shipping (once per order) */
    refundShipping: boolean("refund_shipping").notNull().default(false),
    /** the refund of the return in the refund queue (its amount and credit note are there) */
    refundId: integer("refund_id").references((): AnyPgColumn => refunds.id, { onDelete: "restrict" }),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }),
    refundedAt: timestamp("refunded_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("returns_order_idx").on(t.orderId),
    index("returns_user_idx").on(t.userId, t.createdAt),
    index("returns_status_idx").on(t.status, t.createdAt),
    uniqueIndex("returns_refund_key").on(t.refundId),
  ],
);

export const returnLines = pgTable(
  "return_lines",
  {
    id: serial("id").primaryKey(),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** decided on receipt: the pieces go back on sale; null until received */
    restock: boolean("restock"),
    /** the line's share of the refund (its price less its discount share, its tax share when added) */
    refundCents: integer("refund_cents"),
  },
  (t) => [
    uniqueIndex("return_lines_line_key").on(t.returnId, t.orderItemId),
    index("return_lines_item_idx").on(t.orderItemId),
    check("return_lines_quantity_positive", sql`${t.quantity} >= 1`),
    check("return_lines_refund_not_negative", sql`${t.refundCents} is null or ${t.refundCents} >= 0`),
  ],
);
