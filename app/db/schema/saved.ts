// Saved items (docs/decisions/0047-saved-items-and-related-products.md): a shopper's "Save for later" list, one row per
// product per account, with the price and the stock as they were when saved, so the Saved page can say "the price
// dropped" or "back in stock". Personal data: never part of the catalogue's version or its cached pages.
import { boolean, index, integer, pgTable, serial, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";
import { products } from "./catalogue";

export const savedItems = pgTable(
  "saved_items",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** the product's (lowest) price when saved, in cents */
    savedPriceCents: integer("saved_price_cents").notNull(),
    /** whether any of it was in stock when saved */
    savedInStock: boolean("saved_in_stock").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("saved_items_user_product_key").on(t.userId, t.productId),
    index("saved_items_user_created_idx").on(t.userId, t.createdAt),
    index("saved_items_product_idx").on(t.productId),
  ],
);
