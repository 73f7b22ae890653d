import { z } from "zod/v4";

/**
 * A name or an address line is one line: a line break would split it in an e-mail's greeting, a label, a CSV row or a
 * header. `.refine(isOneLine, oneLine("Street"))`. (Leading and trailing ones are trimmed away before.)
 */
export const isOneLine = (text: string) => !/[\r\n]/.test(text);
export const oneLine = (label: string) => `${label} must be on one line`;

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
  /** a success the page shows by itself (a quantity changed): no toast */
  quiet?: boolean;
  /**
   * A refusal's form as it was sent (its intent, the row it names, what was typed): without JavaScript the page comes
   * back with that form, and only that one, open, with the typed values and the errors by their fields.
   */
  sent?: SentForm | null;
}

export interface SentForm {
  intent: string;
  id: string | null;
  values: Record<string, string>;
}

// ---------------------------------------------------------------- text a client may send

/** C0 control characters and DEL, except tab, line feed and carriage return (a text area sends CR LF). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** A UTF-16 surrogate without its other half: not a character, and not encodable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CONTROL_CHARACTERS_MESSAGE = "must not contain control characters";
export const BROKEN_TEXT_MESSAGE = "must be valid text";

/**
 * What is wrong with a piece of text a client sent, or null: control characters (NUL above all, which PostgreSQL's
 * text refuses) and broken Unicode (a lone surrogate, which the database would silently turn into U+FFFD).
 */
export function textProblem(text: string): string | null {
  if (CONTROL_CHARACTER.test(text)) return CONTROL_CHARACTERS_MESSAGE;
  if (LONE_SURROGATE.test(text)) return BROKEN_TEXT_MESSAGE;
  return null;
}

/** An object literal, parsed JSON or a prototype-less record; not a File, Date or class instance. */
function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The text anywhere in a value (object keys and strings, in objects and arrays at any depth) that `textProblem`
 * refuses, as field errors keyed like zod's (`addressList.0.street`). Walks without recursion, so deep nesting costs
 * a loop, not the stack; stops at `limit` problems.
 */
export function unreadableText(value: unknown, limit = 20): Record<string, string[]> {
  // no prototype: a field named "constructor" or "__proto__" is a field like any other
  const errors = Object.create(null) as Record<string, string[]>;
  let found = 0;
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: "" }];
  const report = (path: string, problem: string) => {
    const key = path || "_";
    if (!errors[key]?.includes(problem)) (errors[key] ??= []).push(problem);
    found++;
  };
  while (stack.length > 0 && found < limit) {
    const { value: at, path } = stack.pop()!;
    if (typeof at === "string") {
      const problem = textProblem(at);
      if (problem) report(path, problem);
    } else if (Array.isArray(at)) {
      for (let i = at.length - 1; i >= 0; i--) stack.push({ value: at[i], path: path ? `${path}.${i}` : String(i) });
    } else if (at !== null && typeof at === "object" && isPlainObject(at)) {
      for (const [key, item] of Object.entries(at)) {
        const child = path ? `${path}.${key}` : key;
        const problem = textProblem(key);
        if (problem) report(child, problem);
        else stack.push({ value: item, path: child });
      }
    }
  }
  return errors;
}
