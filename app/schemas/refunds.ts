// Refunds as the admin's refunds page and the API list them.
import { z } from "zod/v4";

export const RefundSchema = z.object({
  id: z.number(),
  paymentId: z.number(),
  /** the order the payment was for (a cancelled one), or null (a payment refunded before any order was placed) */
  orderId: z.number().nullable(),
  providerPaymentId: z.string(),
  customerEmail: z.string(),
  /** what the refund gives back: the whole payment, or a return's part of it */
  amount: z.number(),
  reason: z.string(),
  /** the return it pays back (decision 0044), or null for a whole payment */
  returnId: z.number().nullable(),
  /** the credit note's number once the refund went through and the payment had an order */
  creditNoteNumber: z.string().nullable(),
  status: z.enum(["pending", "succeeded"]),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RefundDto = z.infer<typeof RefundSchema>;

export const RefundListSchema = z.object({ pending: z.array(RefundSchema), done: z.array(RefundSchema) });
