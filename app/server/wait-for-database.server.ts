import { ProbeTimeoutError, type Database } from "~/db/client.server";

/** The start gave up on the database: the message says why, for the one line the operator reads. */
export class DatabaseUnavailableError extends Error {}

/** Network failures and PostgreSQL's "not now" answers: worth another try. A wrong password is not. */
const RETRYABLE_ERRNO = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

function isRetryable(error: unknown): boolean {
  if (error instanceof ProbeTimeoutError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") {
    if (RETRYABLE_ERRNO.has(code)) return true;
    // 08xxx connection exceptions, 57P01 admin shutdown, 57P03 cannot connect now (starting up, recovering)
    if (/^08/.test(code) || code === "57P01" || code === "57P03") return true;
    return false;
  }
  // node-postgres: "Connection terminated unexpectedly", "timeout expired" (no code)
  return error instanceof Error && /terminated|timeout|closed/i.test(error.message);
}

export function describeError(error: unknown): string {
  if (error instanceof AggregateError && !error.message) return describeError(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const message = error.message || String(code ?? error.name);
    return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? `${message} (SQLSTATE ${code})` : message;
  }
  return String(error);
}

/** `host:port/database` of a PostgreSQL URL, without the user or password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}${parsed.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 5_000;
/** what one try may take: a host that drops packets must not eat the whole wait in one go */
const TRY_TIMEOUT_MS = 5_000;

/**
 * Waits until the database answers `select 1`, trying again with a doubling delay (0.5 s up to 5 s) and logging one
 * line per failed try, for at most `timeoutMs`; then throws DatabaseUnavailableError. Errors that another try will
 * not cure (authentication, a database that does not exist) throw at once.
 */
export async function waitForDatabase(
  database: Database,
  {
    timeoutMs,
    name,
    log = (line: string) => console.log(line),
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  }: { timeoutMs: number; name: string; log?: (line: string) => void; sleep?: (ms: number) => Promise<void> },
): Promise<void> {
  const started = Date.now();
  let delay = FIRST_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    const left = timeoutMs - (Date.now() - started);
    try {
      await database.probe((query) => query("select 1"), Math.max(1_000, Math.min(TRY_TIMEOUT_MS, left)));
      if (attempt > 1)
        log(`[shop] database ${name} answered after ${attempt} tries (${seconds(Date.now() - started)})`);
      return;
    } catch (error) {
      const reason = describeError(error);
      if (!isRetryable(error)) throw new DatabaseUnavailableError(`database ${name} refused the connection: ${reason}`);
      const remaining = timeoutMs - (Date.now() - started);
      if (remaining <= 0) {
        throw new DatabaseUnavailableError(
          `database ${name} still unreachable after ${seconds(Date.now() - started)} (${attempt} tries, DB_START_TIMEOUT_MS=${timeoutMs}): ${reason}`,
        );
      }
      const wait = Math.min(delay, remaining);
      log(
        `[shop] database ${name} not reachable (${reason}): try ${attempt} failed, next in ${seconds(wait)}, ` +
          `giving up in ${seconds(remaining)}`,
      );
      await sleep(wait);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    }
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}
