import type { z } from "zod/v4";
import { assertOwnerOrAdmin, isAdmin, isStaff, requireActor, type Actor } from "~/services/access";
import { unreadableText } from "~/schemas/common";
import { BadRequestError, ForbiddenError, unavailableOr, ValidationError, type FieldErrors } from "~/services/errors";
import type { AnyApiRoute, ApiRequest, HandlerResult } from "./define";
import { applyRateLimits } from "./rate-limits";

/** Turns zod issues into the `errors` object of the error envelope: field path → messages. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  // no prototype: a field named "constructor" or "__proto__" is a field like any other
  const errors = Object.create(null) as FieldErrors;
  for (const issue of error.issues) {
    const prefix = issue.path.length > 0 ? `${issue.path.join(".")}.` : "";
    // a field the schema does not take is an error of that field, by its name
    const keys =
      issue.code === "unrecognized_keys" ? issue.keys.map((key) => prefix + key) : [prefix.slice(0, -1) || "_"];
    for (const key of keys) (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * A 422 for a body that does not validate. Its message names the first field and its reason ("Validation failed:
 * quantity: Quantity must be a whole number"), so a client that shows only the message still says what to fix;
 * `errors` has them all (docs/api.md, "Statuses").
 */
export function validationFailed(errors: FieldErrors): ValidationError {
  return new ValidationError(namingFirst("Validation failed", errors, "the body"), errors);
}

/** "Validation failed: quantity: Quantity must be a whole number": the message with the first field and its reason. */
function namingFirst(message: string, errors: FieldErrors, whole = "the query"): string {
  const [field, reasons] = Object.entries(errors)[0] ?? [];
  const reason = reasons?.[0];
  if (!field || !reason) return message;
  return `${message}: ${field === "_" ? whole : field}: ${reason}`;
}

/**
 * The value as the schema reads it, or `fail` with every field's problems. Text with control characters or broken
 * Unicode is refused in every field of every route here, before any of it can reach the database (PostgreSQL refuses
 * a NUL in text: that was a 500), whatever the route's schema says; raw text bodies (CSV, a webhook's event) are
 * their handler's to judge.
 */
function parseOr(schema: z.ZodType, value: unknown, fail: (errors: FieldErrors) => Error): unknown {
  const unreadable = typeof value === "string" ? {} : unreadableText(value);
  const result = schema.safeParse(value);
  if (result.success && Object.keys(unreadable).length === 0) return result.data;
  const errors: FieldErrors = result.success ? (Object.create(null) as FieldErrors) : fieldErrors(result.error);
  for (const [key, messages] of Object.entries(unreadable)) (errors[key] ??= []).unshift(...messages);
  throw fail(errors);
}

/** A request to a route as the transport received it: raw path and query values, and a way to read the body. */
export interface RawInput {
  params: Record<string, string | string[]>;
  query: Record<string, string | string[]>;
  /** read only once access is granted, so an anonymous caller cannot make the server read a large body */
  readBody: () => Promise<unknown>;
}

/**
 * The one path every call takes, over HTTP or in-process: access rule, then path, query and body validated by the
 * route's schemas (400 for the path and query, 422 for the body), then the handler. "owner" routes with a {userId}
 * are checked here; those keyed by another id (an address, a cart) are checked by the service that loads it.
 */
export async function dispatch(
  route: AnyApiRoute,
  raw: RawInput,
  request: ApiRequest,
  actor: Actor | null,
): Promise<HandlerResult<z.ZodType>> {
  try {
    return await validatedCall(route, raw, request, actor);
  } catch (error) {
    throw unavailableOr(error);
  }
}

async function validatedCall(
  route: AnyApiRoute,
  raw: RawInput,
  request: ApiRequest,
  actor: Actor | null,
): Promise<HandlerResult<z.ZodType>> {
  if (route.access && route.access !== "public") {
    const who = requireActor(actor);
    if (route.access === "admin" && !isAdmin(who)) throw new ForbiddenError("Only an administrator can do this.");
    if (route.access === "staff" && !isStaff(who))
      throw new ForbiddenError("Only staff or an administrator can do this.");
  }
  const params = route.params
    ? parseOr(route.params, raw.params, (errors) => new BadRequestError("Invalid path parameter", errors))
    : undefined;
  // an {userId} route is its owner's or an admin's: a stranger is refused before the body is read
  const userId = (params as { userId?: unknown } | undefined)?.userId;
  if (route.access === "owner" && typeof userId === "number") assertOwnerOrAdmin(actor, userId);
  await applyRateLimits(route, request, actor);
  const query = route.query
    ? parseOr(
        route.query,
        raw.query,
        (errors) => new BadRequestError(namingFirst("Invalid query parameter", errors), errors),
      )
    : undefined;
  const body = route.body ? parseOr(route.body, await raw.readBody(), validationFailed) : undefined;
  return route.handle({ actor, params, query, body, request });
}
