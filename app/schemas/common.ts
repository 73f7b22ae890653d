import { z } from "zod/v4";

/** Blank strings from HTML forms and query strings mean "not given". */
export const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** The largest id a database row has (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

export const IdSchema = z.coerce
  .number({ error: "must be a positive whole number" })
  .int("must be a positive whole number")
  .positive("must be a positive whole number")
  .max(MAX_ID, "is too large");

export const IdParamSchema = z.object({ id: IdSchema });

/** true for "true", "1", "on"; false for "false", "0", "off"; absent or blank is undefined. */
export const QueryBooleanSchema = z.preprocess((value) => {
  const v = blankToUndefined(value);
  if (v === undefined || typeof v === "boolean") return v;
  if (typeof v === "string") {
    const lower = v.toLowerCase();
    if (["true", "1", "on", "yes"].includes(lower)) return true;
    if (["false", "0", "off", "no"].includes(lower)) return false;
  }
  return v;
}, z.boolean().optional());

export const ErrorEnvelopeSchema = z.object({
  message: z.string(),
  data: z.null(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** What a page's small fetcher forms get back (cart lines, addresses): the outcome, a message, field errors. */
export interface IntentReply {
  ok: boolean;
  message: string;
  errors: Record<string, string[]> | null;
}
