// Back-in-stock alerts (docs/decisions/0046-back-in-stock-alerts.md): one schema for the details page's form and the API.
import { z } from "zod/v4";
import { EmailSchema } from "./account";
import { IdSchema } from "./common";

/** POST /products/product/{id}/stock-alerts: a visitor gives an address; a signed-in shopper's is their account's. */
export const StockAlertSubscribeSchema = z.object({
  // "" from a form's empty field when the variant is the product's only one
  variantId: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce
      .number({ error: "Choose a variant" })
      .int("Choose a variant")
      .positive("Choose a variant")
      .max(2_147_483_647, "Choose a variant")
      .optional(),
  ),
  email: z.preprocess((value) => (value === "" ? undefined : value), EmailSchema.optional()),
});
export type StockAlertSubscribeInput = z.infer<typeof StockAlertSubscribeSchema>;

/** The token of a confirmation or unsubscribe link. */
export const StockAlertTokenSchema = z.object({
  token: z
    .string({ error: "The link is not valid" })
    .trim()
    .min(1, "The link is not valid")
    .max(600, "The link is not valid"),
});

export const StockAlertSubscribeResultSchema = z.object({
  /** confirm: a link was mailed to the address (a visitor); active: subscribed (a signed-in shopper) */
  status: z.enum(["confirm", "active"]),
});

export const StockAlertConfirmResultSchema = z.object({
  productId: z.number().int(),
  /** already in stock again when confirmed: nothing is mailed, the page says so */
  inStock: z.boolean(),
});

export const MyStockAlertSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  variantId: z.number().int().nullable(),
  productName: z.string(),
  productBrand: z.string(),
  createdAt: z.string(),
});
export const MyStockAlertListSchema = z.object({ alerts: z.array(MyStockAlertSchema) });

export const StockAlertParamsSchema = z.object({ alertId: IdSchema });
export const StockAlertProductParamsSchema = z.object({ id: IdSchema });
