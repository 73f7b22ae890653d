// Invoice and credit note numbers (decision 0042): one counter row per kind and calendar year, taken with a row lock
// in the transaction that places the order or records the refund, so a number is used exactly when its document
// exists (a rolled-back transaction gives its number back: no gaps), whatever the number of server instances.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

import { updatedAt } from "./columns";

export const documentCounters = pgTable(
  "document_counters",
  {
    /** "invoice" or "credit_note" */
    kind: text("kind", { enum: ["invoice", "credit_note"] }).notNull(),
    /** the calendar year (UTC) the numbers belong to */
    year: integer("year").notNull(),
    /** the last number given in that year; the next document gets last + 1 */
    lastNumber: integer("last_number").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.year] }),
    check("document_counters_last_number_positive", sql`${t.lastNumber} >= 1`),
  ],
);

/** The seller as an invoice shows it: kept with the invoice when it is numbered (decision 0042). */
export interface SellerSnapshot {
  legalName: string;
  address: string;
  /** ISO 3166-1 alpha-2; absent from the snapshots of documents numbered before the shop kept it */
  country?: string;
  taxId: string;
  email: string;
}
