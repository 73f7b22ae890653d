import { z } from "zod/v4";
import {
  AdminReviewPageSchema,
  AdminReviewQuerySchema,
  AdminReviewSchema,
  MyReviewSchema,
  ProductReviewParamsSchema,
  ReviewInputSchema,
  ReviewListQuerySchema,
  ReviewModerationSchema,
  ReviewMailPreferenceSchema,
  ReviewOptOutSchema,
  ReviewSettingsSchema,
  ReviewPageSchema,
  ReviewParamsSchema,
  ReviewReplyInputSchema,
  ReviewSchema,
} from "~/schemas/reviews";
import { listReviewsForAdmin, replyToReview, setReviewStatus } from "~/services/reviews/review-admin.server";
import {
  getReviewMailPreference,
  getReviewSettings,
  optOutOfReviewMail,
  saveReviewSettings,
  setReviewMailPreference,
} from "~/services/reviews/review-mail.server";
import {
  createReview,
  deleteReview,
  listProductReviews,
  myReview,
  updateReview,
  voteHelpful,
} from "~/services/reviews/reviews.server";
import { defineRoute } from "../define";

const TOO_MANY = { "429": "Too many review writes or votes by this account (Retry-After)" };

/** Verified reviews (docs/decisions/0045-reviews.md): anyone reads, shoppers who received a product write. */
export const reviewRoutes = {
  list: defineRoute(
    {
      method: "get",
      path: "/products/product/{id}/reviews",
      tag: "reviews",
      summary:
        "A product's published reviews, newest or most helpful first (sort), of one star count (stars), 10 a page, with the average, the count and the count per star",
      params: ProductReviewParamsSchema,
      query: ReviewListQuerySchema,
      response: ReviewPageSchema,
    },
    async ({ params, query }) => ({
      message: "Found",
      data: await listProductReviews({ productId: params.id, query }),
    }),
  ),

  mine: defineRoute(
    {
      method: "get",
      path: "/products/product/{id}/reviews/mine",
      tag: "reviews",
      summary:
        "What the caller may do about a product's reviews: write one (an order with it was delivered), their own review (any status), the reviews they found helpful",
      access: "user",
      params: ProductReviewParamsSchema,
      response: MyReviewSchema,
    },
    async ({ actor, params }) => ({ message: "Found", data: await myReview({ actor, productId: params.id }) }),
  ),

  create: defineRoute(
    {
      method: "post",
      path: "/products/product/{id}/reviews",
      tag: "reviews",
      summary:
        "Review a product: 1–5 stars, a title (≤ 120) and the text (≤ 5,000), plain text; only after an order with it was delivered (403), once per account (409)",
      access: "user",
      params: ProductReviewParamsSchema,
      body: ReviewInputSchema,
      bodyType: "json-or-form",
      response: ReviewSchema,
      status: 201,
      errorStatuses: TOO_MANY,
    },
    async ({ actor, params, body }) => ({
      message: "Thank you for your review",
      data: await createReview({ actor, productId: params.id, input: body }),
      status: 201,
    }),
  ),

  update: defineRoute(
    {
      method: "put",
      path: "/reviews/{reviewId}",
      tag: "reviews",
      summary: "The author edits their review (another's is 404); one the shop hid stays hidden",
      access: "user",
      params: ReviewParamsSchema,
      body: ReviewInputSchema,
      bodyType: "json-or-form",
      response: ReviewSchema,
      errorStatuses: TOO_MANY,
    },
    async ({ actor, params, body }) => ({
      message: "Your review was updated",
      data: await updateReview({ actor, reviewId: params.reviewId, input: body }),
    }),
  ),

  remove: defineRoute(
    {
      method: "delete",
      path: "/reviews/{reviewId}",
      tag: "reviews",
      summary: "The author deletes their review (another's is 404)",
      access: "user",
      params: ReviewParamsSchema,
      response: z.object({ productId: z.number().int() }),
      errorStatuses: TOO_MANY,
    },
    async ({ actor, params }) => ({
      message: "Your review was deleted",
      data: await deleteReview({ actor, reviewId: params.reviewId }),
    }),
  ),

  helpful: defineRoute(
    {
      method: "post",
      path: "/reviews/{reviewId}/helpful",
      tag: "reviews",
      summary:
        "Mark a published review helpful: once per account (a second vote changes nothing), never one's own (409)",
      access: "user",
      params: ReviewParamsSchema,
      response: ReviewSchema,
      errorStatuses: TOO_MANY,
    },
    async ({ actor, params }) => {
      const { review, counted } = await voteHelpful({ actor, reviewId: params.reviewId });
      return {
        message: counted ? "Thank you for your feedback" : "You already found this review helpful",
        data: review,
      };
    },
  ),

  optOut: defineRoute(
    {
      method: "post",
      path: "/reviews/mail-opt-out",
      tag: "reviews",
      summary:
        "Stop the review-request e-mails of the account the signed link of such an e-mail names (422 for a link that is not valid)",
      body: ReviewOptOutSchema,
      bodyType: "json-or-form",
      response: z.null(),
    },
    async ({ body }) => {
      await optOutOfReviewMail({ token: body.token });
      return { message: "You will not get e-mails asking for reviews any more.", data: null };
    },
  ),

  mailPreference: defineRoute(
    {
      method: "get",
      path: "/review-mail",
      tag: "reviews",
      summary: "Whether the caller gets the review-request e-mails (false after the one-click opt-out)",
      access: "user",
      response: ReviewMailPreferenceSchema,
    },
    async ({ actor }) => ({ message: "Found", data: await getReviewMailPreference({ actor }) }),
  ),

  setMailPreference: defineRoute(
    {
      method: "put",
      path: "/review-mail",
      tag: "reviews",
      summary:
        "Opt back in to (true) or out of (false) the review-request e-mails; a form's checkbox: ticked is on, absent is off",
      access: "user",
      body: ReviewMailPreferenceSchema,
      bodyType: "json-or-form",
      response: ReviewMailPreferenceSchema,
    },
    async ({ actor, body }) => {
      const saved = await setReviewMailPreference({ actor, reviewMail: body.reviewMail });
      return {
        message: saved.reviewMail
          ? "You will get e-mails asking for reviews again."
          : "You will not get e-mails asking for reviews any more.",
        data: saved,
      };
    },
  ),

  adminList: defineRoute(
    {
      method: "get",
      path: "/admin/reviews",
      tag: "reviews",
      summary: "Every review, newest first, of one status or all, 20 a page (admin)",
      access: "admin",
      query: AdminReviewQuerySchema,
      response: AdminReviewPageSchema,
    },
    async ({ actor, query }) => ({ message: "Found", data: await listReviewsForAdmin({ actor, query }) }),
  ),

  moderate: defineRoute(
    {
      method: "post",
      path: "/admin/reviews/{reviewId}/status",
      tag: "reviews",
      summary: "Publish or hide a review (admin; audited)",
      access: "admin",
      params: ReviewParamsSchema,
      body: ReviewModerationSchema,
      bodyType: "json-or-form",
      response: AdminReviewSchema,
    },
    async ({ actor, params, body }) => {
      const review = await setReviewStatus({ actor, reviewId: params.reviewId, status: body.status });
      return { message: review.status === "published" ? "Review published" : "Review hidden", data: review };
    },
  ),

  reply: defineRoute(
    {
      method: "post",
      path: "/admin/reviews/{reviewId}/reply",
      tag: "reviews",
      summary: "The shop's reply under a review, plain text (≤ 2,000); blank removes it (admin; audited)",
      access: "admin",
      params: ReviewParamsSchema,
      body: ReviewReplyInputSchema,
      bodyType: "json-or-form",
      response: AdminReviewSchema,
    },
    async ({ actor, params, body }) => {
      const review = await replyToReview({ actor, reviewId: params.reviewId, reply: body.reply });
      return { message: review.reply ? "Reply saved" : "Reply removed", data: review };
    },
  ),

  settings: defineRoute(
    {
      method: "get",
      path: "/admin/reviews/settings",
      tag: "reviews",
      summary: "The days after delivery when the shopper is asked for a review (admin)",
      access: "admin",
      response: ReviewSettingsSchema,
    },
    async ({ actor }) => ({ message: "Found", data: await getReviewSettings({ actor }) }),
  ),

  saveSettings: defineRoute(
    {
      method: "put",
      path: "/admin/reviews/settings",
      tag: "reviews",
      summary: "Set the days after delivery (1–90) when the shopper is asked for a review (admin; audited)",
      access: "admin",
      body: ReviewSettingsSchema,
      bodyType: "json-or-form",
      response: ReviewSettingsSchema,
    },
    async ({ actor, body }) => ({
      message: "Review settings saved",
      data: await saveReviewSettings({ actor, requestDays: body.requestDays }),
    }),
  ),
};
