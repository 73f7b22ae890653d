import { z } from "zod/v4";
import { blankToUndefined, IdSchema, isOneLine, oneLine, textProblem } from "./common";

// Verified reviews (docs/decisions/0045-reviews.md): the shopper's form, the API's bodies and answers, the admin's.

import { REVIEW_BODY_MAX, REVIEW_REPLY_MAX, REVIEW_SORTS, REVIEW_STATUSES, REVIEW_TITLE_MAX } from "./review-constants";
import { RatingSchema } from "./catalogue";

export * from "./review-constants";
export { RatingSchema };

const clean = (label: string) =>
  [(value: string) => textProblem(value) === null, `${label} must not contain control characters`] as const;

function text(label: string, max: number, missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `${label} is at most ${max.toLocaleString("en-US")} characters`)
    .refine(...clean(label));
}

/** What a shopper writes: 1–5 stars, a one-line title and the text (plain text, never HTML). */
export const ReviewInputSchema = z.object({
  rating: z.coerce
    .number({ error: "Choose from 1 to 5 stars" })
    .int("Choose from 1 to 5 stars")
    .min(1, "Choose from 1 to 5 stars")
    .max(5, "Choose from 1 to 5 stars"),
  title: text("The title", REVIEW_TITLE_MAX, "Enter a title").refine(isOneLine, oneLine("The title")),
  body: text("The review", REVIEW_BODY_MAX, "Write your review"),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

/** The admin's answer under a review; blank removes it. */
export const ReviewReplyInputSchema = z.object({
  reply: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ error: "Write a reply" })
      .max(REVIEW_REPLY_MAX, `A reply is at most ${REVIEW_REPLY_MAX.toLocaleString("en-US")} characters`)
      .refine(...clean("The reply")),
  ),
});

/** The admin's review settings: the days after delivery when the shopper is asked for a review. */
export const ReviewSettingsSchema = z.object({
  requestDays: z.coerce
    .number({ error: "Enter a number of days" })
    .int("Enter a whole number of days")
    .min(1, "At least 1 day")
    .max(90, "At most 90 days"),
});
export type ReviewSettings = z.infer<typeof ReviewSettingsSchema>;

/**
 * The account's review-request e-mails, on or off (account settings, decision 0047): JSON says true or false; the
 * settings form's checkbox sends "on" when ticked and nothing when not (off).
 */
export const ReviewMailPreferenceSchema = z.object({
  reviewMail: z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === "") return false;
      if (typeof value === "string") {
        const lower = value.toLowerCase();
        if (["true", "1", "on", "yes"].includes(lower)) return true;
        if (["false", "0", "off", "no"].includes(lower)) return false;
      }
      return value;
    },
    z.boolean({ error: "Say true or false" }),
  ),
});
export type ReviewMailPreference = z.output<typeof ReviewMailPreferenceSchema>;

export const ReviewOptOutSchema = z.object({ token: z.string({ error: "The link is not valid" }).max(200) });

export const ReviewStatusSchema = z.enum(REVIEW_STATUSES, { error: "A status is published or hidden" });

export const ReviewModerationSchema = z.object({ status: ReviewStatusSchema });

/** GET /products/product/{id}/reviews and the details page's GET form */
export const ReviewListQuerySchema = z.object({
  sort: z.preprocess(
    blankToUndefined,
    z.enum(REVIEW_SORTS, { error: `must be one of ${REVIEW_SORTS.join(", ")}` }).default("newest"),
  ),
  stars: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "must be 1 to 5" })
      .int("must be 1 to 5")
      .min(1, "must be 1 to 5")
      .max(5, "must be 1 to 5")
      .optional(),
  ),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: "must be a page number" }).int().min(1).max(10_000).default(1),
  ),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>;

export const AdminReviewQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, ReviewStatusSchema.optional()),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: "must be a page number" }).int().min(1).max(10_000).default(1),
  ),
});
export type AdminReviewQuery = z.infer<typeof AdminReviewQuerySchema>;

export const ReviewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** the reviewer's first name and the initial of the last, as the shop shows them */
  author: z.string(),
  status: ReviewStatusSchema,
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  helpfulCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReviewDto = z.infer<typeof ReviewSchema>;

export const ReviewPageSchema = z.object({
  rating: RatingSchema,
  /** published reviews per star, 1 to 5 (index 0 is one star) */
  histogram: z.array(z.number().int()),
  content: z.array(ReviewSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type ReviewPageDto = z.infer<typeof ReviewPageSchema>;

/** What the signed-in caller may do about one product: write (eligible), and their own review if any. */
export const MyReviewSchema = z.object({
  eligible: z.boolean(),
  /** why not, in the shop's words, when not eligible */
  reason: z.string().nullable(),
  review: ReviewSchema.nullable(),
  /** ids of this product's reviews the caller found helpful */
  votedReviewIds: z.array(z.number().int()),
});
export type MyReviewDto = z.infer<typeof MyReviewSchema>;

export const AdminReviewSchema = ReviewSchema.extend({
  productName: z.string(),
  authorEmail: z.string(),
});
export type AdminReviewDto = z.infer<typeof AdminReviewSchema>;

export const AdminReviewPageSchema = z.object({
  content: z.array(AdminReviewSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});

export const ReviewParamsSchema = z.object({ reviewId: IdSchema });
export const ProductReviewParamsSchema = z.object({ id: IdSchema });

/** The details page's review forms: write (create or update), delete, vote helpful. */
export const ReviewIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("review-save") }),
  z.object({ intent: z.literal("review-delete") }),
  z.object({ intent: z.literal("review-helpful"), reviewId: IdSchema }),
]);
