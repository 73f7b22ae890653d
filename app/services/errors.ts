import { isDatabaseUnavailable, isStorageFull, noteStorageFull } from "~/db/unavailable";
import { createLogger, describeError } from "~/lib/log.server";

const log = createLogger("db");

/**
 * Typed domain errors. Services throw them; the API maps them to status codes in one place (app/api/errors.ts).
 */
export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  readonly status: number = 500;
  constructor(
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends DomainError {
  override readonly status = 400;
}
export class UnauthorizedError extends DomainError {
  override readonly status = 401;
}
export class PaymentRequiredError extends DomainError {
  override readonly status = 402;
}
export class ForbiddenError extends DomainError {
  override readonly status = 403;
}
export class NotFoundError extends DomainError {
  override readonly status = 404;
}
export class ConflictError extends DomainError {
  override readonly status = 409;
}
/** A single-use link that was good once: used, replaced by a newer one, or expired. */
export class GoneError extends DomainError {
  override readonly status = 410;
}
export class OutOfStockError extends ConflictError {}
export class PayloadTooLargeError extends DomainError {
  override readonly status = 413;
}
export class UnsupportedMediaTypeError extends DomainError {
  override readonly status = 415;
}
export class ValidationError extends DomainError {
  override readonly status = 422;
}
export class RateLimitedError extends DomainError {
  override readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The database cannot serve the request now (down, restarting, a lock or statement timed out): try again soon. */
export class ServiceUnavailableError extends DomainError {
  override readonly status = 503;
  constructor(
    message = "The shop is busy right now. Please try again in a few seconds.",
    readonly retryAfterSeconds = 5,
  ) {
    super(message);
  }
}

/** The storage under the database is full: nothing was saved (HTTP 507). */
export class InsufficientStorageError extends DomainError {
  override readonly status = 507;
  constructor(message = "The shop's storage is full, so this could not be saved. Please try again later.") {
    super(message);
  }
}

/** Errors that tell the client when to come back (429, 503): the seconds for a Retry-After header. */
export function retryAfterOf(error: DomainError): number | undefined {
  return error instanceof RateLimitedError || error instanceof ServiceUnavailableError
    ? error.retryAfterSeconds
    : undefined;
}

/**
 * A database that cannot serve now becomes a 503, a full disk under it a 507 (the transaction wrote nothing); any
 * other error is left as it is.
 */
export function unavailableOr(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  if (isStorageFull(error)) {
    noteStorageFull();
    log.error(`storage full: ${describeError(error)}`);
    return new InsufficientStorageError();
  }
  if (!isDatabaseUnavailable(error)) return error;
  log.warn(`unavailable: ${describeError(error)}`);
  return new ServiceUnavailableError();
}

/** The constraint a failed statement broke, through drizzle's wrapping (the driver's error is its `cause`). */
export function constraintOf(error: unknown): string | undefined {
  const cause = (error as { cause?: { constraint?: string } }).cause ?? (error as { constraint?: string });
  return cause?.constraint;
}

/**
 * A unique index's refusal (PostgreSQL 23505) turned into the friendly refusal the shop shows for it (a 409, a field
 * error): two writers racing for one name or address, where the check before the write saw it free. Anything else is
 * thrown as it was.
 */
export function refuseDuplicate(error: unknown, constraint: string, refusal: () => DomainError): never {
  if (constraintOf(error) === constraint) throw refusal();
  throw error;
}
