import { z } from "zod/v4";
import { EmailSchema } from "./account";

// After the sale: the shopper's cancel and the withdrawal from the contract (docs/decisions/0039-after-sale.md).

/** The withdrawal form's order number as the shop writes it in its e-mails, with or without the leading "#". */
export const OrderNumberSchema = z.preprocess(
  (value) =>
    typeof value === "number" && Number.isInteger(value)
      ? String(value)
      : typeof value === "string"
        ? value.trim().replace(/^#\s*/, "")
        : value,
  z
    .string({ error: "Enter your order number" })
    .min(1, "Enter your order number")
    .regex(/^\d{1,10}$/, "An order number is digits only, as in your order e-mail")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 2147483647, "An order number is digits only, as in your order e-mail"),
);

/** POST /withdrawals, and both steps of the public withdrawal form. */
export const WithdrawalSchema = z.object({ orderNumber: OrderNumberSchema, email: EmailSchema });

export const WITHDRAWAL_STATUSES = ["cancelled", "open", "late", "already_cancelled", "closed"] as const;

/** What came of a withdrawal, in the admin's words. */
export const WITHDRAWAL_STATUS_LABELS: Record<(typeof WITHDRAWAL_STATUSES)[number], string> = {
  cancelled: "Order cancelled",
  open: "Return to arrange",
  late: "After the period",
  already_cancelled: "Already cancelled",
  closed: "Closed",
};

export const WithdrawalRequestSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  email: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  statusLabel: z.string(),
  /** the order's status when the withdrawal came in */
  orderStatus: z.string(),
  via: z.enum(["form", "account"]),
  createdAt: z.string(),
});
export type WithdrawalRequestDto = z.infer<typeof WithdrawalRequestSchema>;

export const WithdrawalListSchema = z.array(WithdrawalRequestSchema);

/** What the owner may still do with an order (the order page's buttons). */
export const AfterSaleOptionsSchema = z.object({
  /** Paid or Preparing: the shopper may cancel it */
  canCancel: z.boolean(),
  /** shipped, or delivered within the withdrawal period, and not withdrawn from yet */
  canWithdraw: z.boolean(),
  /** the last moment to withdraw (delivered orders); null while the period has not started or has no sense */
  withdrawUntil: z.string().nullable(),
  /** the withdrawal period, in days after delivery (a shop setting) */
  withdrawalDays: z.number().int(),
  /** withdrawals received for this order, newest first */
  withdrawals: z.array(
    z.object({ createdAt: z.string(), status: z.enum(WITHDRAWAL_STATUSES), statusLabel: z.string() }),
  ),
});
export type AfterSaleOptionsDto = z.infer<typeof AfterSaleOptionsSchema>;

/** The answer of the public withdrawal form, the same whether or not an order matched. */
export const WithdrawalReceiptSchema = z.object({ receivedAt: z.string() });
