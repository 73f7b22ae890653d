import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

import { createdAt } from "./columns";

/**
 * The outbox of transactional e-mail (docs/decisions/0018-mail-outbox.md): a message is written here in the same
 * transaction as the event that causes it (an order placed, a reset asked for), and a sender sends it afterwards,
 * retrying with back-off. A sender claims a message by setting `lease_until` (SKIP LOCKED), so two app instances
 * never send the same one; the Message-ID is fixed when the message is written.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    /** the Message-ID header, fixed when queued: a resent message is recognisably the same one */
    messageId: text("message_id").notNull().unique(),
    /** which template made it (order-confirmation, password-reset …) */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** a sender's claim on the message: no other sender takes it before this moment */
    leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("mail_outbox_created_idx").on(t.createdAt),
  ],
);
