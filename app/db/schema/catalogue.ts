import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";

import { bytea, createdAt, tsvector, updatedAt } from "./columns";

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

/**
 * One row, whose version every write to the catalogue's tables (products, their stock, images, categories) bumps in
 * the same transaction, through statement triggers (drizzle/0011_catalogue_version.sql): the page cache reads it to
 * know whether a page it keeps is still the catalogue's (docs/decisions/0028-throughput-and-http-caching.md). Being a
 * row, not a sequence, a new version becomes visible with the write's commit, never before.
 */
export const catalogueVersion = pgTable(
  "catalogue_version",
  {
    id: integer("id").primaryKey(),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("catalogue_version_single_row", sql`${t.id} = 1`)],
);
