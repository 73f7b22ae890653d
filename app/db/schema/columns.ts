// Column types, timestamps and enums shared by the tables.
import { customType, pgEnum, timestamp } from "drizzle-orm/pg-core";

/** PostgreSQL bytea as a Node Buffer (both PGlite and node-postgres return Uint8Array/Buffer). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Maintained by a trigger (see the custom migration); never written by the application. */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const addressType = pgEnum("address_type", ["HOME", "OFFICE", "SHIPPING"]);
export const orderStatus = pgEnum("order_status", ["PENDING", "PROCESSING", "SHIPPED", "DELIVERED", "CANCELLED"]);
export const paymentStatus = pgEnum("payment_status", [
  "requires_payment_method",
  "processing",
  "succeeded",
  "canceled",
  "refunded",
]);
