// Discount codes: the shopper's "apply a code" form and the admin's code form share these with the API (decision 0040).
import { z } from "zod/v4";
import { blankToUndefined, QueryBooleanSchema } from "./common";

export const DISCOUNT_KINDS = ["percent", "fixed", "free_shipping"] as const;

const CodeText = z
  .string({ error: "Enter a code" })
  .trim()
  .min(1, "Enter a code")
  .max(40, "A code is at most 40 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "A code has letters, digits, - and _ only");

/** POST /carts/user/{userId}/discount: the code a shopper typed. */
export const ApplyDiscountSchema = z.object({
  code: z.string({ error: "Enter a code" }).trim().min(1, "Enter a code").max(100, "This code is not valid."),
});

const optionalInt = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be at least 1`)
      .max(1_000_000, `${label} is too large`)
      .optional(),
  );

const optionalMoney = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} must be an amount` })
      .min(0, `${label} must not be negative`)
      .max(1_000_000, `${label} is too large`)
      .optional(),
  );

const optionalDate = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((v) => !Number.isNaN(Date.parse(v)), `${label} must be a date (2026-12-31 or 2026-12-31T23:59)`)
      .optional(),
  );

/** "1, 2,3" from a form or [1,2,3] from JSON. */
const idList = z.preprocess(
  (value) => {
    if (typeof value === "string") {
      const parts = value.split(/[\s,]+/).filter(Boolean);
      return parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    }
    return value ?? [];
  },
  z.array(z.number({ error: "Ids are whole numbers" }).int().positive().max(2_147_483_647)).max(200),
);

/** The admin's code form (create and update). `amount`: percent for percent codes, dollars for fixed ones. */
export const DiscountCodeInputSchema = z
  .object({
    code: CodeText,
    kind: z.enum(DISCOUNT_KINDS, { error: "Choose percent, fixed amount or free shipping" }),
    amount: optionalMoney("Amount"),
    minSubtotal: optionalMoney("Minimum subtotal"),
    startsAt: optionalDate("Start"),
    endsAt: optionalDate("End"),
    usageLimit: optionalInt("Total uses"),
    perCustomerLimit: optionalInt("Uses per customer"),
    productIds: idList,
    categoryIds: idList,
    active: QueryBooleanSchema,
  })
  .superRefine((v, ctx) => {
    if (v.kind !== "free_shipping" && (v.amount === undefined || v.amount <= 0))
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter the amount off" });
    if (v.kind === "percent" && v.amount !== undefined && v.amount > 100)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "A percent is at most 100" });
    if (v.startsAt && v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt))
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must be after the start" });
  });
export type DiscountCodeInput = z.infer<typeof DiscountCodeInputSchema>;

export const DiscountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** percent (15 = 15%) for percent codes, dollars for fixed ones, 0 for free shipping */
  amount: z.number(),
  description: z.string(),
  minSubtotal: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  productIds: z.array(z.number().int()),
  categoryIds: z.array(z.number().int()),
  active: z.boolean(),
  /** uses taken: reserved by open checkouts plus redeemed by orders */
  uses: z.number().int(),
  /** uses by placed orders */
  redeemed: z.number().int(),
  createdAt: z.string(),
});
export type DiscountCodeDto = z.infer<typeof DiscountCodeSchema>;

/** The code a cart has applied, on its quote: `refusal` says why it gives nothing now (then checkout refuses). */
export const AppliedDiscountSchema = z.object({
  code: z.string(),
  description: z.string(),
  refusal: z.string().nullable(),
});
