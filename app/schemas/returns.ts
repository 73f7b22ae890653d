import { z } from "zod/v4";
import { blankToUndefined, IdSchema } from "./common";
import { RETURN_REASONS, RETURN_STATUSES, SHOPPER_RETURN_REASONS, type ReturnReason } from "./return-constants";

// Returns (docs/decisions/0044-returns.md): the shopper's request, the admin's steps, and the return as the API
// answers it. Money in dollars at the edge, as the rest of the API.

/** "R-000123": how the shop writes a return's number. */
export const returnNumber = (id: number) => `R-${String(id).padStart(6, "0")}`;

const Quantity = z.preprocess(
  (v) => (v === "" || v === undefined || v === null ? 0 : v),
  z.coerce
    .number({ error: "Give a number of pieces" })
    .int("Give a whole number of pieces")
    .min(0, "Give a number of pieces")
    .max(10_000, "That is more than you bought"),
);

/** POST /orders/order/{orderId}/returns, and the order page's return form. */
export const ReturnRequestSchema = z.object({
  lines: z
    .array(z.object({ orderItemId: IdSchema, quantity: Quantity }))
    .max(200, "Too many lines")
    .transform((lines) => lines.filter((line) => line.quantity > 0))
    .refine((lines) => lines.length > 0, "Choose at least one item to return")
    .refine(
      (lines) => new Set(lines.map((line) => line.orderItemId)).size === lines.length,
      "Each item may be named once",
    ),
  reason: z
    .enum(SHOPPER_RETURN_REASONS as [string, ...string[]], { error: "Choose a reason" })
    .transform((v) => v as Exclude<ReturnReason, "withdrawal">),
  note: z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z.string().trim().max(1000, "Keep the note under 1000 characters"),
  ),
});
export type ReturnRequestInput = z.infer<typeof ReturnRequestSchema>;

/** POST /admin/returns/{returnId}/approve */
export const ReturnApproveSchema = z.object({
  message: z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z.string().trim().max(2000, "Keep the message under 2000 characters"),
  ),
});

/** POST /admin/returns/{returnId}/reject: the shopper is told why. */
export const ReturnRejectSchema = z.object({
  message: z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z
      .string()
      .trim()
      .min(1, "Tell the shopper why the return is rejected")
      .max(2000, "Keep the message under 2000 characters"),
  ),
});

/**
 * POST /admin/returns/{returnId}/close: the return ends without a refund (the parcel never arrived, the goods came
 * back damaged by use); the shopper is told why (decision 0044 addendum).
 */
export const ReturnCloseSchema = z.object({
  message: z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z
      .string()
      .trim()
      .min(1, "Tell the shopper why the return is closed without a refund")
      .max(2000, "Keep the message under 2000 characters"),
  ),
});

/** POST /admin/returns/{returnId}/receive: the lines whose pieces go back on sale (ids of the return's lines). */
export const ReturnReceiveSchema = z.object({
  restock: z.array(IdSchema).max(200).default([]),
});

/** POST /admin/returns/{returnId}/refund: the lines' shares, and the order's shipping when asked (once per order). */
export const ReturnRefundSchema = z.object({
  shipping: z.preprocess(
    (v) => (v === "on" || v === "true" || v === true ? true : v === undefined || v === "" || v === "false" ? false : v),
    z.boolean({ error: "shipping must be true or false" }),
  ),
});

/** GET /admin/returns */
export const AdminReturnsQuerySchema = z.object({
  status: z.preprocess(
    blankToUndefined,
    z.enum(RETURN_STATUSES, { error: `must be one of ${RETURN_STATUSES.join(", ")}` }).optional(),
  ),
});

export const ReturnLineSchema = z.object({
  id: z.number().int(),
  orderItemId: z.number().int(),
  productName: z.string(),
  productBrand: z.string(),
  variantLabel: z.string(),
  quantity: z.number().int(),
  /** decided on receipt; null before */
  restock: z.boolean().nullable(),
  /** what refunding these pieces gives back (their price less their discount share, their tax when added) */
  refundAmount: z.number(),
  /** what was refunded for the line, once refunded */
  refunded: z.number().nullable(),
});

export const ReturnSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  orderId: z.number().int(),
  userId: z.number().int(),
  customerEmail: z.string(),
  status: z.enum(RETURN_STATUSES),
  statusLabel: z.string(),
  reason: z.enum(RETURN_REASONS),
  reasonLabel: z.string(),
  note: z.string(),
  adminMessage: z.string().nullable(),
  via: z.enum(["shopper", "withdrawal"]),
  lines: z.array(ReturnLineSchema),
  /** the order's shipping (with its tax when added), if this return may still refund it; 0 when it may not */
  shippingRefundable: z.number(),
  refundShipping: z.boolean(),
  refundId: z.number().int().nullable(),
  /** what the refund gives back (lines, and shipping when asked); null before the refund */
  refundTotal: z.number().nullable(),
  refundStatus: z.enum(["pending", "succeeded"]).nullable(),
  creditNoteNumber: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type ReturnDto = z.infer<typeof ReturnSchema>;
export const ReturnListSchema = z.array(ReturnSchema);

/** What the owner may still return of an order (the return form). */
export const ReturnableSchema = z.object({
  canReturn: z.boolean(),
  /** why not, in the shopper's words (null when they can) */
  refusal: z.string().nullable(),
  /** the last moment to ask (delivered orders); null while the window has not started */
  returnUntil: z.string().nullable(),
  lines: z.array(
    z.object({
      orderItemId: z.number().int(),
      productName: z.string(),
      productBrand: z.string(),
      variantLabel: z.string(),
      bought: z.number().int(),
      /** bought less what other returns (not rejected) hold */
      returnable: z.number().int(),
    }),
  ),
});
export type ReturnableDto = z.infer<typeof ReturnableSchema>;
