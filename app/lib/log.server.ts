/**
 * The shop's one logger (docs/decisions/0016-security-headers-and-logs.md). Every line goes through `redact`, so a
 * log never holds a password, a password hash, a token, a cookie, card data, a Stripe secret or file bytes, whatever
 * is handed to it:
 *
 * - errors are written as their name, message, code and stack, plus a few database fields (constraint, table); never
 *   their other properties (drizzle's and PGlite's `params` carry the query's values: a password hash, image bytes),
 *   and drizzle's "params: …" part of the message is cut off;
 * - values under a secret-sounding key (password, token, cookie, authorization, secret, card number, cvc, hash…) are
 *   replaced, whatever they are;
 * - bytes (Buffer, typed arrays) become their length;
 * - every string is scanned for what a secret looks like (JWTs, argon2/bcrypt hashes, bearer tokens, Stripe keys and
 *   client secrets, card numbers that pass the Luhn check, long random tokens, passwords in URLs) and over-long
 *   strings are cut.
 *
 * A line is `[scope] message {fields}` (LOG_FORMAT unset or `text`) or one JSON object per line (LOG_FORMAT=json:
 * time, level, scope, msg and the fields), on stdout for info and stderr for warn and error.
 */

export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  /** `error` may be anything thrown: it is serialised without its parameters, bytes or secrets. */
  error(message: string, error?: unknown, fields?: LogFields): void;
}

/** Where finished lines go: the console's streams, or a test's array. */
export type LogSink = (level: LogLevel, line: string) => void;

const REDACTED = "[redacted]";
const MAX_STRING = 4_000;
const MAX_DEPTH = 5;
const MAX_KEYS = 50;

/** Keys whose values are never written (compared without case, "-" or "_"). */
const SECRET_KEY =
  /^(password|newpassword|oldpassword|currentpassword|passwordhash|hash|secret|clientsecret|secretkey|webhooksecret|sessionsecret|jwtsecret|token|accesstoken|refreshtoken|idtoken|authorization|cookie|setcookie|jwt|apikey|cardnumber|number|cvc|cvv|csc|expmonth|expyear|card|params|parameters|bytes|buffer)$/;

const normaliseKey = (key: string) => key.toLowerCase().replace(/[-_\s]/g, "");

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(normaliseKey(key));
}

/** Luhn's check: 13–19 digits that pass it are treated as a card number. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const PATTERNS: Array<[RegExp, string | ((match: string, ...groups: string[]) => string)]> = [
  // JWTs (access tokens): three base64url parts, the first a JSON header
  [/eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, "[redacted jwt]"],
  // password hashes
  [/\$argon2(?:id|i|d)\$[^\s'",)\]}]*/g, "[redacted hash]"],
  [/\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{20,}/g, "[redacted hash]"],
  // Authorization and cookie headers written as text
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, (_m, scheme: string) => `${scheme} ${REDACTED}`],
  [/\b(__session|refresh_token|refreshToken|session)=[^;\s&"']+/g, (_m, name: string) => `${name}=${REDACTED}`],
  // Stripe: secret and restricted keys, webhook secrets, client secrets of PaymentIntents and Checkout Sessions
  [/\b(?:sk|rk)_(?:test|live)_[\w]+/g, "[redacted stripe key]"],
  [/\bwhsec_[\w]+/g, "[redacted stripe key]"],
  [/\b(?:pi|seti|cs)_[\w]+_secret_[\w]+/g, "[redacted client secret]"],
  // user:password@ in URLs (DATABASE_URL)
  [/\b([a-z][\w+.-]*:\/\/[^/\s:@]+):[^@\s/]+@/gi, (_m, head: string) => `${head}:${REDACTED}@`],
  // password=… in query strings or form bodies written out
  [
    /\b((?:new|old|current)?[Pp]assword|token|secret|client_secret|code)=[^&\s"']+/g,
    (_m, key: string) => `${key}=${REDACTED}`,
  ],
  // card numbers: 13–19 digits, maybe grouped by spaces or dashes, that pass Luhn's check
  [/\b\d(?:[ -]?\d){12,18}\b/g, (match: string) => (passesLuhn(match.replace(/\D/g, "")) ? "[redacted card]" : match)],
  // long random tokens: 32+ characters of base64url/hex mixing upper case, lower case and digits, or long pure hex
  [
    /[A-Za-z0-9_-]{32,}/g,
    (match: string) =>
      !STRIPE_STYLE_ID.test(match) &&
      ((/[A-Z]/.test(match) && /[a-z]/.test(match) && /\d/.test(match)) || /^[0-9a-f]{40,}$/i.test(match))
        ? "[redacted token]"
        : match,
  ],
];

/** Ids of Stripe's objects (and of the test provider's, pi_test_…): not secrets, and what an operator looks for. */
const STRIPE_STYLE_ID =
  /^(?:pi|pm|ch|re|cs|cus|evt|in|seti|txn|py|prod|price|sub|acct|ii|il|si|li)_(?:(?:test|live)_)?[A-Za-z0-9]+$/;

/** Replaces what looks like a secret in a piece of text; cuts it when it is very long. */
export function redactText(text: string): string {
  let out = text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}… (${text.length} characters)` : text;
  for (const [pattern, replacement] of PATTERNS) {
    out = out.replace(pattern, replacement as (substring: string, ...args: string[]) => string);
  }
  return out;
}

const isBytes = (value: unknown): value is ArrayBufferView | ArrayBuffer =>
  ArrayBuffer.isView(value) || value instanceof ArrayBuffer;

const byteLength = (value: ArrayBufferView | ArrayBuffer) => value.byteLength;

/** drizzle's DrizzleQueryError writes the parameters into its message: "Failed query: …\nparams: …". */
function messageOf(error: Error): string {
  return redactText(String(error.message).replace(/\nparams: [\s\S]*$/, "\nparams: [redacted]"));
}

/** The database fields worth keeping (which constraint, table, column); `detail` only when it names no row. */
const DATABASE_FIELDS = ["code", "constraint", "table", "column", "schema", "severity", "routine"] as const;

/** An error as a plain object: name, message, code, a few database fields, stack frames, cause. Nothing else. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return redactValue(error, depth);
  const out: Record<string, unknown> = { name: error.name, message: messageOf(error) };
  const fields = error as unknown as Record<string, unknown>;
  for (const key of DATABASE_FIELDS) {
    const value = fields[key];
    if (typeof value === "string" || typeof value === "number") out[key] = redactText(String(value));
  }
  // "Failing row contains (…)" (a check or not-null violation) lists the row's values: a password hash among them
  if (typeof fields.detail === "string" && !/failing row|row contains/i.test(fields.detail)) {
    out.detail = redactText(fields.detail);
  }
  if (typeof fields.status === "number") out.status = fields.status;
  if (typeof error.stack === "string") {
    // the stack's first lines repeat the message (and so drizzle's params): keep only the frames
    const frames = error.stack
      .split("\n")
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 15)
      .map((line) => redactText(line.trim()));
    if (frames.length > 0) out.stack = frames;
  }
  if (error.cause !== undefined && depth < MAX_DEPTH) out.cause = serializeError(error.cause, depth + 1);
  if (error instanceof AggregateError && depth < MAX_DEPTH) {
    out.errors = error.errors.slice(0, 5).map((inner) => serializeError(inner, depth + 1));
  }
  return out;
}

/** Any value made safe to write: secrets under known keys replaced, bytes as their length, strings scanned. */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === "string") return redactText(value);
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "function" || typeof value === "symbol") return `[${typeof value}]`;
  if (value instanceof Error) return serializeError(value, depth);
  if (isBytes(value)) return `[${byteLength(value)} bytes]`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
  if (value instanceof URL) return redactText(value.href);
  if (typeof Headers !== "undefined" && value instanceof Headers) {
    return redactValue(Object.fromEntries(value), depth, seen);
  }
  if (typeof value !== "object") return redactText(String(value));
  if (seen.has(value)) return "[circular]";
  if (depth >= MAX_DEPTH) return "[…]";
  seen.add(value);
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_KEYS).map((item) => redactValue(item, depth + 1, seen));
    if (value.length > MAX_KEYS) items.push(`… ${value.length - MAX_KEYS} more`);
    return items;
  }
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value).slice(0, MAX_KEYS)) {
    out[key] =
      isSecretKey(key) && inner !== null && inner !== undefined ? REDACTED : redactValue(inner, depth + 1, seen);
  }
  return out;
}

function jsonFormat(): boolean {
  return process.env.LOG_FORMAT === "json";
}

// through the console (not the streams), so that tests which silence or count console.error keep working
const consoleSink: LogSink = (level, line) => {
  if (level === "info") console.log(line);
  else if (level === "warn") console.warn(line);
  else console.error(line);
};

let sink: LogSink = consoleSink;

/** Tests capture the lines; `undefined` puts the console back. */
export function setLogSink(next: LogSink | undefined) {
  sink = next ?? consoleSink;
}

/** One line: redacted whatever it is given. */
export function formatLine(level: LogLevel, scope: string, message: string, fields?: LogFields): string {
  const safeFields = fields && Object.keys(fields).length > 0 ? (redactValue(fields) as LogFields) : undefined;
  const text = redactText(message);
  if (jsonFormat()) {
    return JSON.stringify({ time: new Date().toISOString(), level, scope, msg: text, ...safeFields });
  }
  return `[${scope}] ${text}${safeFields ? ` ${JSON.stringify(safeFields)}` : ""}`;
}

/** A logger whose lines start with `[scope]` (text) or carry `"scope"` (JSON). */
export function createLogger(scope: string): Logger {
  return {
    info: (message, fields) => sink("info", formatLine("info", scope, message, fields)),
    warn: (message, fields) => sink("warn", formatLine("warn", scope, message, fields)),
    error: (message, error, fields) =>
      sink(
        "error",
        formatLine("error", scope, message, error === undefined ? fields : { ...fields, error: serializeError(error) }),
      ),
  };
}

/** A short, safe one-line description of an error (for lines that say what failed, not where). */
export function describeError(error: unknown): string {
  if (error instanceof Error) return messageOf(error);
  return redactText(typeof error === "string" ? error : (JSON.stringify(redactValue(error)) ?? String(error)));
}
