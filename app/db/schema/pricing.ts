// What an order costs beyond its lines: the shop's tax setting, tax rates, shipping zones and their methods
// (the pricing itself is app/services/orders/pricing.ts, decision 0035).
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";

import { createdAt, updatedAt } from "./columns";

/** The shop's pricing settings: one row (id 1); none means the defaults (prices without tax, shipping untaxed). */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** prices are entered with tax in them (EU VAT); otherwise tax is added at checkout (US sales tax) */
    pricesIncludeTax: boolean("prices_include_tax").notNull().default(false),
    /** shipping is taxed at the destination's rates */
    taxShipping: boolean("tax_shipping").notNull().default(false),
    /** the withdrawal period: days after delivery in which a shopper may withdraw from the contract (decision 0039) */
    withdrawalDays: integer("withdrawal_days").notNull().default(14),
    /** the seller as invoices and credit notes name it (decision 0042); empty until the admin fills it in */
    sellerLegalName: text("seller_legal_name").notNull().default(""),
    sellerAddress: text("seller_address").notNull().default(""),
    sellerTaxId: text("seller_tax_id").notNull().default(""),
    sellerEmail: text("seller_email").notNull().default(""),
    /** the seller's country, ISO 3166-1 alpha-2 (the offers' return policy names it); empty until chosen */
    sellerCountry: text("seller_country").notNull().default(""),
    /** days after delivery when the shopper is asked to review what was delivered (decision 0045) */
    reviewRequestDays: integer("review_request_days").notNull().default(7),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("shop_settings_one_row", sql`${t.id} = 1`),
    check("shop_settings_review_request_days_range", sql`${t.reviewRequestDays} >= 1 and ${t.reviewRequestDays} <= 90`),
    check("shop_settings_withdrawal_days_range", sql`${t.withdrawalDays} >= 14 and ${t.withdrawalDays} <= 365`),
  ],
);

/** A tax rate of a country, or of one subdivision of it (a US state): an address pays its country's and its state's. */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: serial("id").primaryKey(),
    /** ISO 3166-1 alpha-2 */
    country: text("country").notNull(),
    /** a subdivision's code ("OR", "BY"); empty: the whole country */
    subdivision: text("subdivision").notNull().default(""),
    /** basis points: 1900 = 19% */
    basisPoints: integer("basis_points").notNull(),
    /** what the shopper reads: "VAT", "Sales tax (OR)" */
    label: text("label").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tax_rates_region_label_key").on(t.country, t.subdivision, t.label),
    check("tax_rates_basis_points_range", sql`${t.basisPoints} >= 0 and ${t.basisPoints} <= 10000`),
  ],
);

/** Where a zone ships: a country, or only some of its subdivisions. */
export interface ZoneRegion {
  country: string;
  /** empty: the whole country */
  subdivisions: string[];
}

export const shippingZones = pgTable("shipping_zones", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  regions: jsonb("regions").$type<ZoneRegion[]>().notNull().default([]),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
});

export const shippingMethods = pgTable(
  "shipping_methods",
  {
    id: serial("id").primaryKey(),
    zoneId: integer("zone_id")
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** flat, by subtotal bands or by weight bands (pricing.ts's ShippingRate) */
    rate: jsonb("rate").$type<ShippingRate>().notNull(),
    /** free when the discounted subtotal reaches this (cents) */
    freeOverCents: integer("free_over_cents"),
    /** "2–4 business days" */
    deliveryTime: text("delivery_time").notNull().default(""),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("shipping_methods_zone_idx").on(t.zoneId, t.position),
    check("shipping_methods_free_over_not_negative", sql`${t.freeOverCents} >= 0`),
  ],
);

// ---------------------------------------------------------------- the price of an order, as stored (pricing.ts computes it)

/** How a shipping method is priced. */
export type ShippingRate =
  | { kind: "flat"; cents: number }
  /** bands by the discounted subtotal: the band with the highest `fromCents` not above it */
  | { kind: "subtotal"; bands: Array<{ fromCents: number; cents: number }> }
  /** bands by the order's weight: the first band whose `upToGrams` is at or above it; above the last: not shippable */
  | { kind: "weight"; bands: Array<{ upToGrams: number; cents: number }> };

/** One line of a priced order. */
export interface PricedLine {
  key: number;
  quantity: number;
  unitCents: number;
  /** unit × quantity */
  subtotalCents: number;
  /** this line's share of the discount */
  discountCents: number;
  /** this line's share of the tax (included in its price, or added to it) */
  taxCents: number;
  /** what the shopper pays for the line: subtotal − discount (+ tax when added) */
  totalCents: number;
}

export interface PricedTax {
  name: string;
  basisPoints: number;
  cents: number;
}

export type DiscountRefusal = { reason: "min_subtotal"; minSubtotalCents: number } | { reason: "no_eligible_lines" };

/** The whole price of an order (services/orders/pricing.ts), kept on the payment and the order. */
export interface PriceBreakdown {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  /** the applied code, when it gave something; `refused` when it was applied but does not apply to this cart */
  discount: { code: string; kind: "percent" | "fixed" | "free_shipping" } | null;
  discountRefused: DiscountRefusal | null;
  shipping: { methodId: number; name: string; cents: number; taxCents: number } | null;
  /** shipping cannot be priced for this order (heavier than the method's last band) */
  shippingUnavailable: boolean;
  taxes: PricedTax[];
  taxCents: number;
  /** true: `taxCents` is a part of the total (prices include tax); false: it was added to it */
  taxIncluded: boolean;
  totalCents: number;
}
