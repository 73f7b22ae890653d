import { sql } from "drizzle-orm";
import { char, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { addressType, createdAt, updatedAt } from "./columns";

// ---------------------------------------------------------------- users and roles

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    photoUrl: text("photo_url"),
    /**
     * When the account was deleted: the row stays for the orders that point at it, with every personal field
     * erased (services/accounts/settings.server.ts); nobody can sign in to it.
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
    /** when the shopper turned off the review-request e-mails (the one-click link in them; decision 0045) */
    reviewMailOptOutAt: timestamp("review_mail_opt_out_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`)],
);

export const roles = pgTable("roles", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const userRoles = pgTable(
  "user_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    street: text("street").notNull().default(""),
    city: text("city").notNull().default(""),
    state: text("state").notNull().default(""),
    country: char("country", { length: 2 }).notNull().default("XX"),
    postalCode: text("postal_code").notNull().default(""),
    mobileNumber: text("mobile_number").notNull().default(""),
    addressType: addressType("address_type").notNull().default("HOME"),
    createdAt: createdAt(),
  },
  (t) => [index("addresses_user_idx").on(t.userId)],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** sha-256 of the token; the token itself is only ever in the client's cookie. */
    tokenHash: text("token_hash").notNull().unique(),
    familyId: text("family_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true, mode: "date" }),
    /**
     * The token that replaced this one, encrypted with a key derived from this token: for a short grace window a
     * concurrent refresh with this token (another instance, another tab) gets the same successor instead of
     * tripping reuse detection. Useless without this token, which only the client has.
     */
    successorBox: text("successor_box"),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId), index("refresh_tokens_user_idx").on(t.userId)],
);

/**
 * Rate-limit counters shared by every app instance (services/rate-limit.server.ts): a fixed window (`count` events
 * since `window_start`) or a back-off (`count` failures, the next attempt not before `blocked_until`). A row is of no
 * use after `expires_at` and is pruned.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true, mode: "date" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("rate_limits_expires_idx").on(t.expiresAt)],
);

/**
 * Single-use links sent by e-mail: a password reset, or the confirmation of a new e-mail address. Only the sha-256 of
 * the token is kept; the token itself is in the link. A row is spent (`used_at`) by the first use, and a newer link
 * of the same purpose spends the older ones.
 */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["password_reset", "email_change"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** the address an e-mail change confirms */
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("user_tokens_user_idx").on(t.userId, t.purpose)],
);
