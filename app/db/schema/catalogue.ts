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

/**
 * A product's options (up to three: "Switch", "Layout"), each with its ordered values. A product without options has
 * none and exactly one variant (docs/decisions/0036-product-variants.md).
 */
export const productOptions = pgTable(
  "product_options",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** 1, 2 or 3: the variant's option1..option3 column this option's value is in */
    position: integer("position").notNull(),
    name: text("name").notNull(),
    values: text("values").array().notNull(),
  },
  (t) => [
    uniqueIndex("product_options_product_position_key").on(t.productId, t.position),
    uniqueIndex("product_options_product_name_key").on(t.productId, sql`lower(${t.name})`),
    check("product_options_position_range", sql`${t.position} between 1 and 3`),
    check("product_options_name_not_blank", sql`length(btrim(${t.name})) > 0`),
    check("product_options_values_present", sql`cardinality(${t.values}) > 0`),
  ],
);

/**
 * What is sold: one combination of a product's option values, with its own SKU, price and stock. The product's
 * price_cents (lowest of its variants) and inventory (their sum) are derived by triggers (migration 0012).
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    priceCents: integer("price_cents").notNull(),
    /**
     * the regular price the sale price is compared with ("was $89.99"); on sale only while it is above price_cents
     * (docs/decisions/0041-sale-prices.md). Null: not on sale.
     */
    compareAtCents: integer("compare_at_cents"),
    inventory: integer("inventory").notNull().default(0),
    weightGrams: integer("weight_grams"),
    /** the order on the page; the lowest is the product's default variant */
    position: integer("position").notNull().default(0),
    option1: text("option1"),
    option2: text("option2"),
    option3: text("option3"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("product_variants_sku_lower_key").on(sql`lower(${t.sku})`),
    uniqueIndex("product_variants_combination_key").on(
      t.productId,
      sql`coalesce(${t.option1}, '')`,
      sql`coalesce(${t.option2}, '')`,
      sql`coalesce(${t.option3}, '')`,
    ),
    index("product_variants_product_idx").on(t.productId, t.position, t.id),
    // the home's deals read only the variants on sale
    index("product_variants_on_sale_idx")
      .on(t.productId)
      .where(sql`${t.compareAtCents} > ${t.priceCents}`),
    check("product_variants_price_not_negative", sql`${t.priceCents} >= 0`),
    check("product_variants_compare_at_not_negative", sql`${t.compareAtCents} >= 0`),
    check("product_variants_inventory_not_negative", sql`${t.inventory} >= 0`),
    check("product_variants_weight_not_negative", sql`${t.weightGrams} >= 0`),
    check("product_variants_sku_not_blank", sql`length(btrim(${t.sku})) > 0`),
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

/**
 * The pictures of a variant, in order: some of its product's images (docs/decisions/0036-product-variants.md). A
 * variant without any shows the product's.
 */
export const variantImages = pgTable(
  "variant_images",
  {
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.imageId] }), index("variant_images_image_idx").on(t.imageId)],
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
