import { z } from "zod/v4";
import { EmailSchema } from "./account";
import { blankToUndefined, IdSchema } from "./common";

/** pending: waiting for its (next) try; sent: the SMTP server or the mail folder has it; failed: given up. */
export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** GET /mail/outbox and the Sent mail page's filter form: newest first, optionally one status. */
export const MailOutboxQuerySchema = z.object({
  status: z.preprocess(
    blankToUndefined,
    z.enum(MAIL_STATUSES, { error: `must be one of ${MAIL_STATUSES.join(", ")}` }).optional(),
  ),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(25),
});

export const MailSummarySchema = z.object({
  id: z.number().int(),
  /** the template: order-confirmation, password-reset, test … */
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** when the next try is due (pending messages only) */
  nextAttemptAt: z.string().nullable(),
});
export type MailSummaryDto = z.infer<typeof MailSummarySchema>;

/** How this shop sends: through SMTP_URL, or as .eml files in `directory`. */
export const MailDeliverySchema = z.object({
  transport: z.enum(["smtp", "file"]),
  directory: z.string().nullable(),
});

export const MailPageSchema = z.object({
  content: z.array(MailSummarySchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  delivery: MailDeliverySchema,
});

export const MailMessageSchema = MailSummarySchema.extend({
  messageId: z.string(),
  /** the From header the shop sends with (MAIL_FROM) */
  from: z.string(),
  textBody: z.string(),
  htmlBody: z.string(),
});
export type MailMessageDto = z.infer<typeof MailMessageSchema>;

/** POST /mail/test and the Sent mail page's test form: where to send a test message. */
export const MailTestSchema = z.object({ to: EmailSchema });

/** The Sent mail page's test form (conform validates it in the browser too). */
export const MailTestFormSchema = MailTestSchema.extend({ intent: z.literal("test") });

/** The Sent mail pages' forms: send a test message, or try a failed message again. */
export const MailPageIntentSchema = z.discriminatedUnion("intent", [
  MailTestFormSchema,
  z.object({ intent: z.literal("retry"), id: IdSchema }),
]);
