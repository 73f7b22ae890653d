// Constants the browser needs too, kept apart from the zod schemas so client bundles do not carry zod.
export const PAGE_SIZE = 18;
export const MAX_PAGE_SIZE = 100;
export const SORTS = ["relevance", "price_asc", "price_desc", "newest", "name"] as const;
export type Sort = (typeof SORTS)[number];
