import { and, eq, isNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { users } from "~/db/schema";
import { getConfig } from "~/lib/env.server";
import { clearLoginFailures, revokeAllSessions } from "./sign-in.server";
import { NotFoundError, RateLimitedError } from "../errors";
import { queueMail } from "../mail/outbox.server";
import { passwordChangedMail, passwordResetMail } from "../mail/templates/accounts.server";
import { hashPassword } from "./passwords.server";
import { countEvent, keyPart } from "../rate-limit.server";
import { issueUserToken, PASSWORD_RESET_MINUTES, spendUserTokens, usableUserToken } from "./user-tokens.server";
import { findUserByEmail } from "./users.server";

const HOUR = 3600;

/** The one answer to a reset request, whether the address has an account or not (no enumeration). */
export const RESET_REQUESTED = `If an account exists for that e-mail, we have sent a link to reset its password. The link works once, for ${PASSWORD_RESET_MINUTES === 60 ? "1 hour" : `${PASSWORD_RESET_MINUTES} minutes`}.`;
export const PASSWORD_RESET_DONE = "Your password has been changed. Please sign in.";

/**
 * Asks for a reset link. Counted per client address (429 beyond PASSWORD_RESETS_PER_CLIENT_PER_HOUR: the asker's
 * own limit) and per e-mail address, whether it has an account or not: beyond PASSWORD_RESETS_PER_EMAIL_PER_HOUR no
 * more mail goes out to it, and the answer stays the same, so nobody can fill a mailbox with resets nor learn
 * anything from the limit. The link and its mail are written in one transaction.
 */
export async function requestPasswordReset({
  email,
  clientAddress,
  db = getDb(),
}: {
  email: string;
  clientAddress?: string;
  db?: DbOrTx;
}): Promise<void> {
  const limits = getConfig().rateLimits;
  const normalized = email.trim().toLowerCase();
  if (clientAddress) {
    await countEvent(
      [{ key: `reset:client:${clientAddress}`, max: limits.passwordResetsPerClient, windowSeconds: HOUR }],
      "Too many password resets were asked for from your network. Please try again later.",
      db,
    );
  }
  try {
    await countEvent(
      [{ key: `reset:email:${keyPart(normalized)}`, max: limits.passwordResetsPerEmail, windowSeconds: HOUR }],
      "quiet",
      db,
    );
  } catch (error) {
    if (error instanceof RateLimitedError) return;
    throw error;
  }
  const user = await findUserByEmail(normalized, db);
  if (!user || user.deletedAt) return;
  await db.transaction(async (tx) => {
    const { token } = await issueUserToken(tx, { userId: user.id, purpose: "password_reset" });
    await queueMail(
      tx,
      "password-reset",
      user.email,
      passwordResetMail({ firstName: user.firstName, token, minutes: PASSWORD_RESET_MINUTES }),
    );
  });
}

/** Whether a reset link can still be used (400 or 410 with the reason otherwise), before a new password is typed. */
export async function checkPasswordResetLink({ token, db = getDb() }: { token: string; db?: DbOrTx }) {
  await usableUserToken(db, token, "password_reset");
}

/**
 * Sets a new password with a reset link: the link is spent (with every other reset link of the user), every session
 * and refresh token of the user is revoked, the failed logins on the account are forgotten, and a notice is mailed,
 * all in one transaction. The link is looked at before the password is hashed (a hash is expensive: made only for
 * links that can be used) and locked and judged again inside the transaction, so two uses at once cannot both win.
 */
export async function resetPassword({
  token,
  password,
  db = getDb(),
}: {
  token: string;
  password: string;
  db?: DbOrTx;
}): Promise<void> {
  await usableUserToken(db, token, "password_reset");
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const now = new Date();
    const row = await usableUserToken(tx, token, "password_reset", { lock: true, now });
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, row.userId), isNull(users.deletedAt)))
      .returning();
    if (!user) throw new NotFoundError("This account no longer exists.");
    // this link, and every other reset link of the user: they are of no more use; and a pending move to another
    // address, asked for by whoever had the old password, is cancelled with it
    await spendUserTokens(user.id, "password_reset", tx, now);
    await spendUserTokens(user.id, "email_change", tx, now);
    await revokeAllSessions(user.id, tx);
    await clearLoginFailures(user.email, tx);
    await queueMail(
      tx,
      "password-changed",
      user.email,
      passwordChangedMail({ firstName: user.firstName, how: "reset" }),
    );
  });
}
