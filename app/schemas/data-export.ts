import { z } from "zod/v4";
import { UserSchema } from "./account";
import { CartSchema } from "./cart";
import { OrderSchema } from "./orders";

// "Download my data" (GDPR Art. 15 and 20): everything the shop keeps about one account, as one JSON document that
// its owner downloads from the account settings page (docs/decisions/0038-running-the-shop.md).

export const DATA_EXPORT_FORMAT = "gearhub-account-export/1";

export const AccountExportSchema = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  exportedAt: z.string(),
  /** the account with its addresses and roles (no password hash, no tokens) */
  account: UserSchema.extend({ createdAt: z.string() }),
  cart: CartSchema,
  orders: z.array(OrderSchema),
  /** every payment attempt, paid or not: amount, status and when (card details never reach the shop) */
  payments: z.array(
    z.object({
      id: z.number().int(),
      amount: z.number(),
      status: z.string(),
      provider: z.string(),
      createdAt: z.string(),
    }),
  ),
  withdrawals: z.array(
    z.object({
      orderId: z.number().int(),
      email: z.string(),
      status: z.string(),
      via: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** what they saved for later: the product, the price when saved and when (decision 0047) */
  savedItems: z.array(
    z.object({ productId: z.number().int(), productName: z.string(), savedPrice: z.number(), savedAt: z.string() }),
  ),
  /** back-in-stock alerts, made signed in or as a visitor with the account's address, in every state (decision 0046);
   * never their link tokens */
  stockAlerts: z.array(
    z.object({
      productId: z.number().int(),
      productName: z.string(),
      variantId: z.number().int().nullable(),
      variantSku: z.string().nullable(),
      state: z.string(),
      createdAt: z.string(),
      confirmedAt: z.string().nullable(),
      notifiedAt: z.string().nullable(),
      unsubscribedAt: z.string().nullable(),
    }),
  ),
  /** the e-mails the shop queued for the account's address: what, when and whether they went (not their bodies) */
  mail: z.array(
    z.object({ kind: z.string(), to: z.string(), subject: z.string(), status: z.string(), createdAt: z.string() }),
  ),
});
export type AccountExportDto = z.infer<typeof AccountExportSchema>;
