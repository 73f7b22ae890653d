import { z } from "zod/v4";
import { isOneLine, oneLine } from "./common";

/** The shop's policy pages, in the footer's order; each is at /policies/<slug>. */
export const POLICY_SLUGS = ["terms", "privacy", "shipping", "returns", "contact"] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];

export const PolicySlugSchema = z.enum(POLICY_SLUGS, { error: `A page is one of ${POLICY_SLUGS.join(", ")}` });

/** A page's Markdown is at most this long (a long terms page is about 40,000 characters). */
export const POLICY_BODY_MAX = 100_000;

/** What the admin sends: the page's title and its Markdown (raw HTML in it is shown as text, never run). */
export const PolicyPageInputSchema = z.object({
  title: z
    .string({ error: "Enter a title" })
    .trim()
    .min(1, "Enter a title")
    .max(120, "A title is at most 120 characters")
    .refine(isOneLine, oneLine("The title")),
  body: z
    .string({ error: "Enter the page's text" })
    .trim()
    .min(1, "Enter the page's text")
    .max(POLICY_BODY_MAX, `The text is at most ${POLICY_BODY_MAX.toLocaleString("en-US")} characters`),
});
export type PolicyPageInput = z.infer<typeof PolicyPageInputSchema>;

export const PolicyPageSchema = z.object({
  slug: PolicySlugSchema,
  title: z.string(),
  /** the Markdown as the admin wrote it */
  body: z.string(),
  /** that Markdown as HTML: raw HTML escaped, links only to http(s), mailto and tel, and pages of the shop */
  html: z.string(),
  /** null: the shop's default text, never edited */
  updatedAt: z.string().nullable(),
});
export type PolicyPageDto = z.infer<typeof PolicyPageSchema>;

export const PolicyPageSummarySchema = PolicyPageSchema.pick({ slug: true, title: true, updatedAt: true });
export type PolicyPageSummary = z.infer<typeof PolicyPageSummarySchema>;
