import { z } from "zod/v4";
import { isOneLine, oneLine } from "./common";
import { countryCodeOf, isCountryCode } from "./countries";

// Invoices and credit notes (docs/decisions/0042-invoices.md): the seller's details the admin edits, and the two
// documents as the API answers them. Money in dollars at the edge, as the rest of the API.

const line = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .refine(isOneLine, oneLine(label))
    .nullish()
    .transform((v) => v ?? "");

/** PUT /admin/settings/seller (JSON or the admin page's form): every field may be left empty until it is known. */
export const SellerSettingsInputSchema = z.object({
  legalName: line("Legal name", 200),
  /** several lines: street, postal code and city, country */
  address: z
    .string()
    .trim()
    .max(500, "Address is too long")
    .nullish()
    .transform((v) => (v ?? "").replace(/\r\n?/g, "\n")),
  /** ISO 3166-1 alpha-2, or empty while unknown; absent: unchanged (a client from before the field keeps it) */
  country: z
    .string()
    .trim()
    .transform((v) => (v === "" ? v : countryCodeOf(v)))
    .refine((v) => v === "" || isCountryCode(v), "Choose a country from the list")
    .nullable()
    .optional()
    .transform((v) => (v === null ? "" : v)),
  taxId: line("VAT ID or tax number", 50),
  email: z
    .string()
    .trim()
    .max(254, "E-mail is too long")
    .refine((v) => v === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), "Enter an e-mail address like name@example.com")
    .nullish()
    .transform((v) => v ?? ""),
  /** the withdrawal period and return window, in days after delivery (decisions 0039, 0044); absent: unchanged */
  withdrawalDays: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce
      .number({ error: "Give a number of days" })
      .int("Give a whole number of days")
      .min(14, "At least 14 days: the law's minimum")
      .max(365, "At most 365 days")
      .optional(),
  ),
});
export type SellerSettingsInput = z.output<typeof SellerSettingsInputSchema>;
export const SellerSettingsSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  /** ISO 3166-1 alpha-2; empty while unknown (and on documents numbered before the shop kept it) */
  country: z.string(),
  taxId: z.string(),
  email: z.string(),
});
export type SellerDto = z.infer<typeof SellerSettingsSchema>;
/** The seller page's settings: the seller, and the withdrawal period (decision 0044). */
export const ShopSellerSettingsSchema = SellerSettingsSchema.extend({ withdrawalDays: z.number().int() });
export type ShopSellerSettingsDto = z.infer<typeof ShopSellerSettingsSchema>;

const DocumentLineSchema = z.object({
  productName: z.string(),
  productBrand: z.string(),
  /** "Switch: Brown · Layout: ISO DE"; empty for a product without options */
  variantLabel: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  total: z.number(),
});

const DocumentTaxSchema = z.object({ name: z.string(), rate: z.number(), amount: z.number() });

const BuyerSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** the billing address's lines, as given at checkout; empty when none was kept */
  address: z.array(z.string()),
});

/** GET /orders/order/{orderId}/invoice: read from the order's snapshot, never priced again. */
export const InvoiceSchema = z.object({
  /** "2026-000123" */
  number: z.string(),
  issuedAt: z.string(),
  orderId: z.number().int(),
  orderDate: z.string(),
  currency: z.string(),
  seller: SellerSettingsSchema,
  buyer: BuyerSchema,
  lines: z.array(DocumentLineSchema),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.object({ method: z.string(), amount: z.number() }).nullable(),
  taxes: z.array(DocumentTaxSchema),
  tax: z.number(),
  /** the tax is a part of the prices, not added to the total */
  taxIncluded: z.boolean(),
  total: z.number(),
  /** the credit notes that correct it */
  creditNotes: z.array(z.object({ id: z.number().int(), number: z.string(), issuedAt: z.string() })),
});
export type InvoiceDto = z.infer<typeof InvoiceSchema>;

/**
 * One credit note: the refund of a whole payment credits the invoice's every line, shipping and tax; a return's refund
 * the returned pieces with their shares of discount and tax, and the shipping when it gave it back (decision 0042).
 */
export const CreditNoteSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  issuedAt: z.string(),
  /** the invoice it corrects */
  invoiceNumber: z.string(),
  orderId: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  seller: SellerSettingsSchema,
  buyer: BuyerSchema,
  lines: z.array(DocumentLineSchema),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.object({ method: z.string(), amount: z.number() }).nullable(),
  taxes: z.array(DocumentTaxSchema),
  taxIncluded: z.boolean(),
  /** the amount refunded */
  total: z.number(),
});
export type CreditNoteDto = z.infer<typeof CreditNoteSchema>;

/** "2026-000123": the year and the number in it, six digits at least. */
export const documentNumber = (year: number, seq: number) => `${year}-${String(seq).padStart(6, "0")}`;
