import { z } from "zod/v4";
import { blankToUndefined, IdSchema } from "./common";

/** Every kind of write the audit log records (docs/decisions/0038-running-the-shop.md). */
export const AUDIT_KINDS = [
  "product.create",
  "product.update",
  "product.delete",
  "product.options",
  "product.import",
  "variant.create",
  "variant.update",
  "variant.images",
  "variant.delete",
  "stock.update",
  "image.upload",
  "image.replace",
  "image.delete",
  "category.create",
  "category.update",
  "category.delete",
  "brand.rename",
  "brand.delete",
  "order.status",
  "refund.retry",
  "return.approve",
  "return.reject",
  "return.receive",
  "return.refund",
  "return.close",
  "discount.create",
  "discount.update",
  "account.roles",
  "account.delete",
  "shipping.zone.create",
  "shipping.zone.update",
  "shipping.zone.delete",
  "shipping.method.create",
  "shipping.method.update",
  "shipping.method.delete",
  "tax.rate.create",
  "tax.rate.update",
  "tax.rate.delete",
  "settings.update",
  "policy.update",
  "review.status",
  "review.reply",
] as const;

const isoDate = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Give a date as YYYY-MM-DD")
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Give a real date")
    .optional(),
);

/** GET /admin/audit and the audit page's GET form. */
export const AuditQuerySchema = z.object({
  /** the e-mail of the person who did it */
  person: z.preprocess(blankToUndefined, z.string().trim().max(320).optional()),
  actorId: z.preprocess(blankToUndefined, IdSchema.optional()),
  kind: z.preprocess(blankToUndefined, z.enum(AUDIT_KINDS, { error: "Choose a kind" }).optional()),
  entityType: z.preprocess(
    blankToUndefined,
    z
      .enum([
        "product",
        "variant",
        "image",
        "category",
        "brand",
        "order",
        "refund",
        "user",
        "shipping_zone",
        "shipping_method",
        "tax_rate",
        "settings",
        "discount",
        "policy_page",
        "review",
      ])
      .optional(),
  ),
  entityId: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  from: isoDate,
  to: isoDate,
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  size: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(200).default(50)),
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int(),
  actorEmail: z.string().nullable(),
  kind: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryDto = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  content: z.array(AuditEntrySchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
