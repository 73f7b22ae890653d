import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { userTokens } from "~/db/schema";
import { BadRequestError, GoneError } from "../errors";
import { hashToken } from "./tokens.server";

/**
 * The single-use links of the account pages (docs/decisions/0019-account-recovery-and-settings.md): 256 random bits in
 * the link, only their sha-256 in `user_tokens`, spent by the first use, spent too when a newer link of the same
 * purpose is made, and refused after `expires_at`.
 */
export type TokenPurpose = (typeof userTokens.$inferSelect)["purpose"];
export type UserTokenRow = typeof userTokens.$inferSelect;

export const PASSWORD_RESET_MINUTES = 60;
export const EMAIL_CHANGE_HOURS = 24;

const LIFETIME_MS: Record<TokenPurpose, number> = {
  password_reset: PASSWORD_RESET_MINUTES * 60_000,
  email_change: EMAIL_CHANGE_HOURS * 3_600_000,
};

const NOT_VALID: Record<TokenPurpose, string> = {
  password_reset: "This password reset link is not valid. Please ask for a new one.",
  email_change: "This confirmation link is not valid. Please ask for a new one from your account settings.",
};
const SPENT: Record<TokenPurpose, string> = {
  password_reset:
    "This password reset link has already been used, or a newer one was sent. Please use the newest link or ask for a new one.",
  email_change:
    "This confirmation link has already been used, or a newer one was sent. Please use the newest link or ask again from your account settings.",
};
const EXPIRED: Record<TokenPurpose, string> = {
  password_reset: "This password reset link has expired. Please ask for a new one.",
  email_change: "This confirmation link has expired. Please ask again from your account settings.",
};

/** Spends every unused link of this purpose of a user (a newer one replaces them; the password changed). */
export async function spendUserTokens(userId: number, purpose: TokenPurpose, db: DbOrTx, now = new Date()) {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}

/** Makes a new link for a user (spending the older ones of its purpose) and gives the token to put in it. */
export async function issueUserToken(
  db: DbOrTx,
  input: { userId: number; purpose: TokenPurpose; newEmail?: string; now?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  await spendUserTokens(input.userId, input.purpose, db, now);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + LIFETIME_MS[input.purpose]);
  await db.insert(userTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    newEmail: input.newEmail ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The link's row if it can be used now: 400 for a token that is no link of ours (or of another purpose), 410 for one
 * used, replaced or expired. `lock` takes the row for the transaction that spends it (two uses at once: one wins).
 */
export async function usableUserToken(
  db: DbOrTx,
  token: string,
  purpose: TokenPurpose,
  options: { lock?: boolean; now?: Date } = {},
): Promise<UserTokenRow> {
  const query = db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, purpose)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw new BadRequestError(NOT_VALID[purpose], { token: [NOT_VALID[purpose]] });
  if (row.usedAt) throw new GoneError(SPENT[purpose], { token: [SPENT[purpose]] });
  if (row.expiresAt.getTime() <= (options.now ?? new Date()).getTime())
    throw new GoneError(EXPIRED[purpose], { token: [EXPIRED[purpose]] });
  return row;
}
