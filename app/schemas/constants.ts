// Constants the browser needs too, kept apart from the zod schemas so client bundles do not carry zod (so are
// account-constants.ts and cart-constants.ts, one module each so a page loads only its own; scripts/check-js-budget.mjs
// measures what each page loads).
export const PAGE_SIZE = 18;
export const MAX_PAGE_SIZE = 100;
export const SORTS = ["relevance", "price_asc", "price_desc", "newest", "name"] as const;
export type Sort = (typeof SORTS)[number];

/** Uploads: the largest image file accepted, and how many one upload may carry. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 10;
/** The largest CSV file the admin's import accepts. */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
/** A page's upload of product images: the API's limits, with room for the form's other fields. */
export const IMAGE_UPLOAD_LIMITS = {
  maxBytes: MAX_FILES_PER_UPLOAD * MAX_IMAGE_BYTES + 64 * 1024,
  maxFiles: MAX_FILES_PER_UPLOAD,
  maxFileBytes: MAX_IMAGE_BYTES,
  tooManyFiles: `Upload at most ${MAX_FILES_PER_UPLOAD} images at once.`,
};
