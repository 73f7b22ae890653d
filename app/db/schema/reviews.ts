// Verified reviews (docs/decisions/0045-reviews.md): one per product per account, written only by a shopper whose order
// with the product was delivered; the admin publishes, hides and replies. Published ones change what the catalogue's
// pages show, so a trigger bumps the catalogue's version when one changes (the migration of this table).
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./accounts";
import { products } from "./catalogue";

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** shown on the shop (published) or not (hidden by the admin); a new review is published at once */
    status: text("status", { enum: ["published", "hidden"] })
      .notNull()
      .default("published"),
    /** the shop's answer under the review, plain text */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true, mode: "date" }),
    /** the number of review_votes rows, kept with the review for the "most helpful" sort */
    helpfulCount: integer("helpful_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reviews_product_user_key").on(t.productId, t.userId),
    index("reviews_product_status_idx").on(t.productId, t.status),
    index("reviews_status_created_idx").on(t.status, t.createdAt),
    index("reviews_user_idx").on(t.userId),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_helpful_not_negative", sql`${t.helpfulCount} >= 0`),
  ],
);

/** "Was this helpful?": one vote per account per review. */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index("review_votes_user_idx").on(t.userId)],
);
