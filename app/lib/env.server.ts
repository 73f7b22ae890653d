import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface AppConfig {
  production: boolean;
  dataDir: string;
  /** postgres://… selects PostgreSQL; absent means the embedded PGlite database in dataDir */
  databaseUrl: string | undefined;
  sessionSecret: string;
  jwtSecret: string;
  adminEmail: string | undefined;
  /** a new embedded database gets the demo shopper (README "Start the shop"); DEMO_SHOPPER=false: it does not */
  demoShopper: boolean;
  adminPassword: string | undefined;
  stripe: StripeConfig | undefined;
  /** set when the UI should call a separately deployed API instead of the in-process one */
  apiUrl: string | undefined;
  /** trust X-Forwarded-Proto / X-Forwarded-For from a proxy in front of the app */
  trustProxy: boolean;
  /**
   * How many proxies in front of the app append to X-Forwarded-For: the client is that many hops from the right
   * (what the outermost trusted proxy saw), never a hop the client could have written itself.
   */
  proxyHops: number;
  accessTokenTtlSeconds: number;
  /**
   * How long a just-rotated refresh token still answers with its successor (a concurrent refresh on another instance)
   * instead of counting as reuse; 0 turns the grace off.
   */
  refreshGraceSeconds: number;
  rateLimits: RateLimitConfig;
  /**
   * The largest request body of a form or JSON call, pages and API alike (uploads, the CSV import and Stripe's
   * webhook have limits of their own): larger ones are refused with 413 while they stream.
   */
  bodyLimitBytes: number;
  /** the payments reconciler: how often it sweeps (0: never) and how long a checkout is left to finish alone */
  reconciler: { intervalMs: number; settleMs: number };
  /** how long the start waits for an unreachable PostgreSQL before giving up (0: not at all) */
  dbStartTimeoutMs: number;
  mail: MailConfig;
  /**
   * The anonymous page cache's size in MB (PAGE_CACHE_MB, 32; 0: no page kept, ETags and 304s still):
   * docs/decisions/0028-throughput-and-http-caching.md
   */
  pageCacheMb: number;
}

/** Transactional e-mail (docs/decisions/0018-mail-outbox.md). */
export interface MailConfig {
  /** smtp://user:pass@host:587 or smtps://…; absent: messages are written as .eml files under DATA_DIR/mail */
  smtpUrl: string | undefined;
  /** the From header, e.g. "GearHub <shop@example.com>" */
  from: string;
  /**
   * The shop's public address, the base of every link in a message (never taken from a request's Host header, which
   * a client writes: a reset link must not point elsewhere).
   */
  publicUrl: string;
  /** how often the sender looks for due messages besides being woken when one is queued (0: never) */
  intervalMs: number;
}

/** The rate limits (docs/security.md); every counter lives in the database, shared by every instance. */
export interface RateLimitConfig {
  /** failed logins of one client on one account before each further attempt waits (1 s, 2 s, 4 s …) */
  loginFreeAttempts: number;
  /** the longest of those waits */
  loginMaxDelaySeconds: number;
  /** failed logins of one client, whatever the accounts, per window */
  loginPerClient: number;
  /** failed logins on one account from all clients together, per window: a ceiling on distributed guessing */
  loginPerEmail: number;
  loginWindowSeconds: number;
  /** accounts created per client address per hour */
  registrationsPerHour: number;
  /** checkouts (payment attempts) per user per hour */
  checkoutsPerHour: number;
  /** API writes (every call that is not a GET) per signed-in user, or per client address, per minute */
  writesPerMinute: number;
  /** password-reset mails to one e-mail address per hour (asked for beyond it: the same answer, no mail) */
  passwordResetsPerEmail: number;
  /** password resets one client address may ask for per hour (429 beyond it) */
  passwordResetsPerClient: number;
  /** e-mail changes (confirmation mails) one user may ask for per hour, and mails to one new address per hour */
  emailChangesPerHour: number;
  /** withdrawals one client address may send through the public form per hour (429 beyond it) */
  withdrawalsPerClient: number;
  /** acknowledgments mailed for one order per hour (beyond it: the same answer, no mail, nothing done) */
  withdrawalsPerOrder: number;
  /** reviews written, edited or deleted, and helpful votes, per account per hour (decision 0045) */
  reviewsPerHour: number;
  /** back-in-stock subscriptions one client address may ask for per hour (decision 0046) */
  stockAlertsPerClient: number;
  /** confirmation mails to one address per hour (beyond it: the same answer, no mail) */
  stockAlertsPerEmail: number;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** another Stripe API host (a local stand-in in tests), e.g. http://127.0.0.1:12111 */
  apiUrl: string | undefined;
}

export class ConfigError extends Error {}

const SECRET_NAMES = ["SESSION_SECRET", "JWT_SECRET"] as const;
type SecretName = (typeof SECRET_NAMES)[number];

/**
 * Reads the configuration from the environment. Secrets that are missing are generated once and kept in
 * DATA_DIR/secrets.json, so a first look needs no set-up; in production on PostgreSQL they must be given.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const production = env.NODE_ENV === "production";
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError("DATABASE_URL must start with postgres:// or postgresql://");
  }

  const missing = SECRET_NAMES.filter((name) => !env[name]);
  if (missing.length > 0 && production && databaseUrl) {
    throw new ConfigError(
      `Refusing to start in production without ${missing.join(" and ")}: set them in the environment.`,
    );
  }
  const stored = missing.length > 0 ? readOrCreateSecrets(dataDir, missing) : {};
  const secret = (name: SecretName) => env[name] || stored[name]!;

  const stripeSecret = env.STRIPE_SECRET_KEY?.trim();
  const stripePublishable = env.STRIPE_PUBLISHABLE_KEY?.trim();
  if (Boolean(stripeSecret) !== Boolean(stripePublishable)) {
    throw new ConfigError("Set both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or neither (test payments).");
  }

  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl)) {
    throw new ConfigError("SMTP_URL must look like smtp://user:password@host:587 or smtps://…");
  }
  if (smtpUrl && production && !env.PUBLIC_URL?.trim()) {
    // every link in a real e-mail (a reset, a receipt) would point to localhost
    throw new ConfigError(
      "Set PUBLIC_URL (the shop's address, e.g. https://shop.example.com) when mail goes out through SMTP_URL.",
    );
  }

  const ttl = Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 900);
  return {
    production,
    dataDir,
    databaseUrl,
    sessionSecret: secret("SESSION_SECRET"),
    jwtSecret: secret("JWT_SECRET"),
    adminEmail: env.ADMIN_EMAIL?.trim() || undefined,
    demoShopper: env.DEMO_SHOPPER?.trim().toLowerCase() !== "false",
    adminPassword: env.ADMIN_PASSWORD || undefined,
    stripe:
      stripeSecret && stripePublishable
        ? {
            secretKey: stripeSecret,
            publishableKey: stripePublishable,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || undefined,
            apiUrl: env.STRIPE_API_URL?.trim() || undefined,
          }
        : undefined,
    apiUrl: env.API_URL?.replace(/\/+$/, "") || undefined,
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    proxyHops: positive(env.TRUST_PROXY_HOPS, 1),
    accessTokenTtlSeconds: Number.isFinite(ttl) && ttl > 0 ? ttl : 900,
    refreshGraceSeconds: nonNegative(env.REFRESH_GRACE_SECONDS, 30),
    rateLimits: {
      loginFreeAttempts: positive(env.LOGIN_FREE_ATTEMPTS, 5),
      loginMaxDelaySeconds: positive(env.LOGIN_MAX_DELAY_SECONDS, 900),
      loginPerClient: positive(env.LOGIN_MAX_FAILURES_PER_CLIENT, 50),
      loginPerEmail: positive(env.LOGIN_MAX_FAILURES_PER_EMAIL, 100),
      loginWindowSeconds: positive(env.LOGIN_FAILURE_WINDOW_SECONDS, 900),
      registrationsPerHour: positive(env.REGISTRATIONS_PER_CLIENT_PER_HOUR, 10),
      checkoutsPerHour: positive(env.CHECKOUTS_PER_USER_PER_HOUR, 30),
      writesPerMinute: positive(env.API_WRITES_PER_MINUTE, 120),
      passwordResetsPerEmail: positive(env.PASSWORD_RESETS_PER_EMAIL_PER_HOUR, 3),
      passwordResetsPerClient: positive(env.PASSWORD_RESETS_PER_CLIENT_PER_HOUR, 10),
      emailChangesPerHour: positive(env.EMAIL_CHANGES_PER_HOUR, 5),
      withdrawalsPerClient: positive(env.WITHDRAWALS_PER_CLIENT_PER_HOUR, 10),
      withdrawalsPerOrder: positive(env.WITHDRAWALS_PER_ORDER_PER_HOUR, 3),
      reviewsPerHour: positive(env.REVIEWS_PER_USER_PER_HOUR, 30),
      stockAlertsPerClient: positive(env.STOCK_ALERTS_PER_CLIENT_PER_HOUR, 20),
      stockAlertsPerEmail: positive(env.STOCK_ALERTS_PER_EMAIL_PER_HOUR, 5),
    },
    reconciler: {
      intervalMs: env.RECONCILE_INTERVAL_MS === "0" ? 0 : positive(env.RECONCILE_INTERVAL_MS, 60_000),
      settleMs: positive(env.RECONCILE_SETTLE_MS, 120_000),
    },
    dbStartTimeoutMs: nonNegative(env.DB_START_TIMEOUT_MS, 60_000),
    pageCacheMb: nonNegative(env.PAGE_CACHE_MB, 32),
    bodyLimitBytes: positive(env.BODY_LIMIT_BYTES, 256 * 1024),
    mail: {
      smtpUrl,
      from: env.MAIL_FROM?.trim() || "GearHub <shop@localhost>",
      publicUrl: publicUrl(env),
      intervalMs: env.MAIL_INTERVAL_MS === "0" ? 0 : positive(env.MAIL_INTERVAL_MS, 10_000),
    },
  };
}

function publicUrl(env: Record<string, string | undefined>): string {
  const given = env.PUBLIC_URL?.trim();
  if (!given) return `http://localhost:${env.PORT?.trim() || "3000"}`;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new ConfigError("PUBLIC_URL must be the shop's address, e.g. https://shop.example.com");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError("PUBLIC_URL must start with http:// or https://");
  }
  return url.origin + url.pathname.replace(/\/+$/, "");
}

function nonNegative(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isInteger(n) && n >= 0 ? n : fallback;
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n > 0 ? n : fallback;
}

function readOrCreateSecrets(dataDir: string, names: readonly SecretName[]): Partial<Record<SecretName, string>> {
  const file = path.join(dataDir, "secrets.json");
  let secrets: Partial<Record<SecretName, string>> = {};
  if (fs.existsSync(file)) secrets = JSON.parse(fs.readFileSync(file, "utf8"));
  const absent = names.filter((name) => !secrets[name]);
  if (absent.length > 0) {
    for (const name of absent) secrets[name] = randomBytes(32).toString("base64url");
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2) + "\n", { mode: 0o600 });
  }
  return secrets;
}

let config: AppConfig | undefined;

export function getConfig(): AppConfig {
  config ??= loadConfig();
  return config;
}

/** Tests and the bootstrap set the configuration explicitly. */
export function setConfig(next: AppConfig | undefined) {
  config = next;
}

/**
 * Whether a request came over HTTPS, directly or through a trusted proxy's X-Forwarded-Proto. Cookies are Secure only
 * then, so `npm start` on http://localhost keeps its login whatever NODE_ENV says.
 */
export function cameOverHttps(url: string, forwardedProto: string | null | undefined): boolean {
  if (new URL(url).protocol === "https:") return true;
  return getConfig().trustProxy && forwardedProto?.split(",")[0]?.trim() === "https";
}
