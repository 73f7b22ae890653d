import { sql } from "drizzle-orm";
import {
  char,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** PostgreSQL bytea as a Node Buffer (both PGlite and node-postgres return Uint8Array/Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Maintained by a trigger (see the custom migration); never written by the application. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const addressType = pgEnum("address_type", ["HOME", "OFFICE", "SHIPPING"]);
export const orderStatus = pgEnum("order_status", ["PENDING", "PROCESSING", "SHIPPED", "DELIVERED", "CANCELLED"]);
export const paymentStatus = pgEnum("payment_status", [
  "requires_payment_method",
  "processing",
  "succeeded",
  "canceled",
  "refunded",
]);

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
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId), index("refresh_tokens_user_idx").on(t.userId)],
);

// ---------------------------------------------------------------- catalogue

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("categories_name_lower_key").on(sql`lower(${t.name})`),
    check("categories_name_not_blank", sql`length(btrim(${t.name})) > 0`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    brand: text("brand").notNull(),
    priceCents: integer("price_cents").notNull(),
    inventory: integer("inventory").notNull().default(0),
    description: text("description").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    searchVector: tsvector("search_vector"),
    /** lower(name), stored so "one product per name" can use an index-only scan */
    nameKey: text("name_key").generatedAlwaysAs(sql`lower(name)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_name_brand_lower_key").on(sql`lower(${t.name})`, sql`lower(${t.brand})`),
    check("products_price_not_negative", sql`${t.priceCents} >= 0`),
    check("products_inventory_not_negative", sql`${t.inventory} >= 0`),
    check("products_name_not_blank", sql`length(btrim(${t.name})) > 0`),
    check("products_brand_not_blank", sql`length(btrim(${t.brand})) > 0`),
    index("products_category_idx").on(t.categoryId),
    index("products_brand_lower_idx").on(sql`lower(${t.brand})`),
    // plain column too: the brand facet groups by it with an index-only scan
    index("products_brand_idx").on(t.brand),
    index("products_price_idx").on(t.priceCents),
    index("products_created_idx").on(t.createdAt),
    index("products_search_idx").using("gin", t.searchVector),
    index("products_name_key_idx").on(t.nameKey, t.id),
  ],
);

/** Words of product names, brands and categories: the dictionary that typo-tolerant search corrects against. */
export const searchTerms = pgTable("search_terms", {
  term: text("term").primaryKey(),
});

export const images = pgTable(
  "images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    byteSize: integer("byte_size").notNull(),
    /** strong validator for HTTP caching: sha-256 of the bytes */
    etag: text("etag").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("images_product_idx").on(t.productId)],
);

/** Resized WebP renditions of an image, served for `?w=`. */
export const imageVariants = pgTable(
  "image_variants",
  {
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    byteSize: integer("byte_size").notNull(),
    etag: text("etag").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width] })],
);

// ---------------------------------------------------------------- cart

export const carts = pgTable("carts", {
  id: serial("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
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
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cart_items_cart_product_key").on(t.cartId, t.productId),
    check("cart_items_quantity_positive", sql`${t.quantity} >= 1`),
  ],
);

// ---------------------------------------------------------------- payments and orders

/** What a payment pays for: the cart's lines at the moment the amount was computed. */
export interface CartSnapshotLine {
  productId: number;
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("payments_user_idx").on(t.userId), check("payments_amount_positive", sql`${t.amountCents} > 0`)],
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
    status: orderStatus("status").notNull().default("PENDING"),
    billing: jsonb("billing").$type<Record<string, string>>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_date_idx").on(t.userId, t.orderDate),
    index("orders_status_idx").on(t.status),
    check("orders_total_not_negative", sql`${t.totalCents} >= 0`),
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
    quantity: integer("quantity").notNull(),
    priceCents: integer("price_cents").notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    check("order_items_quantity_positive", sql`${t.quantity} >= 1`),
    check("order_items_price_not_negative", sql`${t.priceCents} >= 0`),
  ],
);

/** Counters for rate limits (failed logins per email and per client address), shared by every app instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
