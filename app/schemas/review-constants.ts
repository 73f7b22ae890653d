// The reviews' constants and one rule the browser needs too, without zod (reviews.ts re-exports them; see
// docs/decisions/0045-reviews.md).

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 5_000;
export const REVIEW_REPLY_MAX = 2_000;
export const REVIEW_SORTS = ["newest", "helpful"] as const;
export const REVIEW_STATUSES = ["published", "hidden"] as const;
export const REVIEWS_PAGE_SIZE = 10;

/** the one message for a shopper who may not review a product */
export const NOT_ELIGIBLE = "Only shoppers who received this product can review it.";

/** A product's published reviews: their average to one decimal place (null without any) and their count. */
export interface Rating {
  average: number | null;
  count: number;
}

/** The average to one decimal place, rounded half up (4.25 → 4.3); null for none. */
export function roundAverage(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum * 10) / count) / 10;
}
