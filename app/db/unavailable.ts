/**
 * Whether an error means "the database cannot serve this now" (it is down, restarting, out of connections, or a
 * lock or statement timed out) rather than a fault in our code or data: such a request is answered 503 with
 * Retry-After, and the next one may well succeed.
 */

// PostgreSQL's SQLSTATE codes (https://www.postgresql.org/docs/current/errcodes-appendix.html)
const UNAVAILABLE_CODES = new Set([
  "57014", // query_canceled: statement_timeout
  "55P03", // lock_not_available: lock_timeout
  "53300", // too_many_connections
  "53400", // configuration_limit_exceeded
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down)
  "25P03", // idle_in_transaction_session_timeout
  "40001", // serialization_failure
  "40P01", // deadlock_detected
]);

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
]);

// node-postgres and pg-pool say these in words, without a code
const UNAVAILABLE_MESSAGES = [
  "timeout exceeded when trying to connect",
  "connection terminated",
  "connection timeout",
  "cannot use a pool after calling end",
  "client has encountered a connection error",
  "client was closed and is not queryable",
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps the driver's error as the `cause` of its own; AggregateError holds one per address tried
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08") || NETWORK_CODES.has(code)))
      return true;
    if (typeof message === "string") {
      const lower = message.toLowerCase();
      if (UNAVAILABLE_MESSAGES.some((text) => lower.includes(text))) return true;
    }
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = cause;
  }
  return false;
}

/**
 * Whether an error means the storage under the database is full (PostgreSQL's disk_full, or the file system's own
 * ENOSPC under the embedded database): nothing was written, and nothing will be until an operator makes room.
 */
export function isStorageFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (code === "53100" || code === "ENOSPC" || code === "EDQUOT") return true;
    if (typeof message === "string" && message.includes("No space left on device")) return true;
    current = cause;
  }
  return false;
}

/** When a write last failed for want of storage (ms since the epoch), for the readiness probe; 0: never. */
let storageFullAt = 0;

/** Records that a write just failed because the storage is full (services' error mapping calls it). */
export function noteStorageFull(at = Date.now()) {
  storageFullAt = at;
}

/** When a write last failed for want of storage, or 0. */
export function lastStorageFull(): number {
  return storageFullAt;
}
