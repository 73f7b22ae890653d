import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { ApiError } from "~/client/api.server";
import type { Auth } from "~/client/auth.server";
import type { IntentReply, SentForm } from "~/schemas/common";
import { getConfig } from "../lib/env.server";
import {
  BodyTooLargeError,
  MalformedBodyError,
  readFormData,
  TooManyFilesError,
  type BodyLimits,
} from "../lib/request-body.server";

/**
 * The posted form of a page action, read once by a streaming parser with limits: a body over them is refused as
 * it arrives (413) and one that is not a form gets 400, both rendered by the route's error boundary.
 */
export async function readForm(
  request: Request,
  // forms without files: BODY_LIMIT_BYTES, far more than every field the shop's forms have
  limits: BodyLimits = { maxBytes: getConfig().bodyLimitBytes },
): Promise<FormData> {
  const read = await readUpload(request, limits);
  if (!read.ok) throw data(read.message, { status: read.status });
  return read.form;
}

/** An upload form, read with its limits: too large or unreadable is a message for the form, not an error page. */
export async function readUpload(
  request: Request,
  limits: BodyLimits,
): Promise<{ ok: true; form: FormData } | { ok: false; message: string; status: 400 | 413 | 422 }> {
  try {
    const form = await readFormData(request, limits);
    if (!conformFieldsReadable(form)) return { ok: false, message: NOT_OUR_FORM, status: 400 };
    return { ok: true, form };
  } catch (error) {
    // too many files is a mistake in the form (422, as the API says), not a body too large
    if (error instanceof TooManyFilesError) return { ok: false, message: error.message, status: 422 };
    if (error instanceof BodyTooLargeError) return { ok: false, message: error.message, status: 413 };
    if (error instanceof MalformedBodyError) return { ok: false, message: error.message, status: 400 };
    throw error;
  }
}

const NOT_OUR_FORM = "This form could not be read. Please go back and try again.";

/**
 * conform's own fields (`__intent__`, `__state__`) carry JSON that conform parses without a guard: when they are
 * there they must be one piece of JSON text each (the intent an object with a `type`), or the form is none of ours.
 */
function conformFieldsReadable(form: FormData): boolean {
  for (const name of ["__intent__", "__state__"]) {
    const values = form.getAll(name);
    if (values.length === 0) continue;
    if (values.length > 1 || typeof values[0] !== "string") return false;
    try {
      const value = JSON.parse(values[0]) as unknown;
      if (typeof value !== "object" || value === null) return false;
      if (name === "__intent__" && typeof (value as { type?: unknown }).type !== "string") return false;
      if (name === "__intent__" && (value as { payload?: unknown }).payload === undefined) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * A form's refusal by zod, as field errors: each issue under the first part of its path ("title"), or its whole path
 * ("regions.0.country", as the API's 422 names them) with `fullPath`; an issue of the whole form under `fallback`.
 */
export function fieldErrorsOf(
  error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> },
  { fallback = "_", fullPath = false }: { fallback?: string; fullPath?: boolean } = {},
): Record<string, string[]> {
  const errors = Object.create(null) as Record<string, string[]>;
  for (const issue of error.issues) {
    const field = fullPath ? issue.path.join(".") : String(issue.path[0] ?? "");
    (errors[field || fallback] ??= []).push(issue.message);
  }
  return errors;
}

/** The form was sent by a fetcher of a hydrated page (it adds js=1): answer with data, not a redirect. */
export const sentWithJs = (form: FormData) => form.get("js") === "1";

export type Attempt<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/**
 * Runs an API call for an action: its value, or the API's refusal (4xx, or 507: the storage is full) for the form to
 * show. A failure of ours (5xx, or anything not from the API) and a thrown Response (a logout) go on up to the error
 * boundary.
 */
export async function attempt<T>(call: Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    // a full disk (507) is said on the form that was sent, as a refusal is: nothing was saved
    if (error instanceof ApiError && (error.status < 500 || error.status === 507)) return { ok: false, error };
    throw error;
  }
}

/** The refusals a loader's call can meet that are the request's fault: the page answers with the same status. */
const PAGE_REFUSALS = new Set([400, 403, 404, 422]);

/**
 * A loader's call whose refusal is the page's (404, 403, or 400 and 422 for a path or query the API cannot read):
 * thrown as that response for the error boundary to render, never a 500.
 */
export async function loadOrThrow<T>(call: Promise<T>, what = "Not found"): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && PAGE_REFUSALS.has(error.status)) {
      throw data(error.status === 404 ? what : error.message, { status: error.status });
    }
    throw error;
  }
}

type Submission = {
  reply: (options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }) => SubmissionResult<string[]>;
};

/**
 * conform's reply to a form the API refused: its field errors under the form's fields (`rename` maps an API field
 * to the form's), or its message as the form's error.
 */
export function refusedReply(
  submission: Submission,
  error: ApiError,
  options: { hideFields?: string[]; rename?: (field: string) => string } = {},
): SubmissionResult<string[]> {
  // no prototype: a field the API names "constructor" is a field like any other
  const fieldErrors = Object.create(null) as Record<string, string[]>;
  for (const [key, messages] of Object.entries(error.errors ?? {})) {
    (fieldErrors[options.rename ? options.rename(key) : key] ??= []).push(...messages);
  }
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  return submission.reply({
    fieldErrors,
    formErrors: hasFieldErrors ? [] : [error.message],
    hideFields: options.hideFields,
  });
}

/**
 * The answer to one of a page's small forms (a cart line, an address, a status): with JavaScript the data for the
 * optimistic UI; without, a 303 back to the page with the message as a toast (`quiet` drops a success's toast,
 * for changes the page shows by itself). `keepForm`: a refusal with field errors comes back as data either way,
 * so the form that was sent can show them next to what was typed (`sent` says which form that was, and what was typed).
 */
export function intentReply(
  auth: Auth,
  form: FormData,
  back: string,
  reply: {
    ok: boolean;
    message: string;
    errors?: Record<string, string[]> | null;
    status?: number;
    quiet?: boolean;
    keepForm?: boolean;
    sent?: SentForm;
  },
) {
  const body: IntentReply = { ok: reply.ok, message: reply.message, errors: reply.errors ?? null };
  if (!reply.ok && reply.sent) body.sent = reply.sent;
  if (reply.ok && reply.quiet) body.quiet = true;
  const status = reply.status ?? (reply.ok ? 200 : 422);
  if (sentWithJs(form) || (!reply.ok && body.errors && reply.keepForm)) return data(body, { status });
  if (reply.ok && reply.quiet) return redirect(back, { status: 303 });
  return auth.redirect(back, { type: reply.ok ? "success" : "error", message: reply.message });
}

/** `intentReply` for an API call's outcome. */
export function outcomeReply<T extends { message: string }>(
  auth: Auth,
  form: FormData,
  back: string,
  outcome: Attempt<T>,
  options: { quiet?: boolean; keepForm?: boolean; sent?: SentForm } = {},
) {
  return outcome.ok
    ? intentReply(auth, form, back, { ok: true, message: outcome.value.message, quiet: options.quiet })
    : intentReply(auth, form, back, {
        ok: false,
        message: outcome.error.message,
        errors: outcome.error.errors ?? null,
        status: outcome.error.status,
        keepForm: options.keepForm,
        sent: options.sent,
      });
}
