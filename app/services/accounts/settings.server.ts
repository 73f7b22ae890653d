import { and, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import {
  addresses,
  mailOutbox,
  carts,
  orders,
  payments,
  rateLimits,
  refreshTokens,
  userRoles,
  reviews,
  reviewVotes,
  users,
  userTokens,
  withdrawalRequests,
  savedItems,
  stockAlerts,
} from "~/db/schema";
import { getConfig } from "~/lib/env.server";
import { assertOwnerOrAdmin, type Actor } from "../access";
import { recordAudit } from "../audit/audit.server";
import { clearLoginFailures, revokeAllSessions } from "./sign-in.server";
import { ConflictError, ForbiddenError, NotFoundError, refuseDuplicate, ValidationError } from "../errors";
import { queueMail } from "../mail/outbox.server";
import {
  accountDeletedMail,
  emailChangedMail,
  emailChangeMail,
  emailChangeRequestedMail,
  passwordChangedMail,
} from "../mail/templates/accounts.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import { countEvent, keyPart, reserveAttempt } from "../rate-limit.server";
import { EMAIL_CHANGE_HOURS, issueUserToken, spendUserTokens, usableUserToken } from "./user-tokens.server";
import { findUserByEmail } from "./users.server";

/**
 * Account settings (docs/product.md#account-settings, decision 0019): a new e-mail address confirmed by a link sent to
 * it, a new password, a deleted account. Each needs the caller's current password, checked under a back-off of its own
 * so that an open session cannot be used to guess it.
 */

const HOUR = 3600;
const WRONG_PASSWORD = "Your current password is not right.";
const TAKEN = "An account with this email already exists.";

/** What an erased account's row holds instead of its owner's data. */
export const ERASED = {
  firstName: "Deleted",
  lastName: "account",
  email: (userId: number) => `deleted-${userId}@deleted.invalid`,
  /** not a PHC string: no password verifies against it */
  passwordHash: "!deleted",
} as const;

const ERASED_MAIL = {
  textBody: "(Erased when the account was deleted.)",
  htmlBody: "<p>(Erased when the account was deleted.)</p>",
};

/** Orders whose parcel may still have to go out keep their delivery address when the account is deleted. */
const TO_BE_SHIPPED = ["PENDING", "PROCESSING"] as const;
/** Payments that may still become an order (the reconciler reads their billing and address to place it). */
const OPEN_PAYMENTS = ["requires_payment_method", "processing", "succeeded"] as const;

async function activeUser(userId: number, db: DbOrTx) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row || row.deletedAt) throw new NotFoundError("User not found");
  return row;
}

/**
 * The settings that only the account's owner may change (an e-mail address, a password): an admin acting on another
 * user is refused, since they could neither receive the confirmation nor know the password.
 */
function requireSelf(actor: Actor | null, userId: number, what: string): Actor {
  const who = assertOwnerOrAdmin(actor, userId);
  if (who.id !== userId)
    throw new ForbiddenError(`Only the account's owner can change its ${what}, from their own account settings.`);
  return who;
}

/**
 * Checks the password of the signed-in user (`actorId`) before a change. Failures are counted like failed logins: a
 * back-off per user (LOGIN_FREE_ATTEMPTS free, then 1 s, 2 s, 4 s … up to LOGIN_MAX_DELAY_SECONDS), counted before
 * the check, so that a stolen session cannot be used to guess the password either.
 */
async function confirmCurrentPassword(actorId: number, password: string, db: DbOrTx) {
  const config = getConfig().rateLimits;
  const attempt = await reserveAttempt(
    [
      {
        key: `reauth:user:${actorId}`,
        free: config.loginFreeAttempts,
        maxDelaySeconds: config.loginMaxDelaySeconds,
        memorySeconds: 86_400,
      },
    ],
    "Too many wrong passwords. Please wait a little and try again.",
    db,
  );
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, actorId), isNull(users.deletedAt)));
  if (!row || !(await verifyPassword(row.passwordHash, password)))
    throw new ValidationError(WRONG_PASSWORD, { currentPassword: [WRONG_PASSWORD] });
  await attempt.succeeded();
}

/**
 * Asks to move an account to another e-mail address: a link to confirm it goes to that address, and nothing changes
 * until it is opened. Limited per user and per new address (EMAIL_CHANGES_PER_HOUR each), since the mail goes to an
 * address anyone can type.
 */
export async function requestEmailChange({
  userId,
  actor,
  newEmail,
  currentPassword,
  db = getDb(),
}: {
  userId: number;
  actor: Actor | null;
  newEmail: string;
  currentPassword: string;
  db?: DbOrTx;
}): Promise<{ newEmail: string }> {
  const who = requireSelf(actor, userId, "e-mail address");
  const user = await activeUser(userId, db);
  await confirmCurrentPassword(who.id, currentPassword, db);
  const normalized = newEmail.trim().toLowerCase();
  if (normalized === user.email.toLowerCase()) {
    const message = "This is already your e-mail address.";
    throw new ValidationError(message, { newEmail: [message] });
  }
  if (await findUserByEmail(normalized, db)) throw new ConflictError(TAKEN, { newEmail: [TAKEN] });
  const limit = getConfig().rateLimits.emailChangesPerHour;
  await countEvent(
    [
      { key: `email-change:user:${userId}`, max: limit, windowSeconds: HOUR },
      { key: `email-change:to:${keyPart(normalized)}`, max: limit, windowSeconds: HOUR },
    ],
    "Too many e-mail changes were asked for. Please try again later.",
    db,
  );
  await db.transaction(async (tx) => {
    const { token } = await issueUserToken(tx, { userId, purpose: "email_change", newEmail: normalized });
    await queueMail(
      tx,
      "email-change",
      normalized,
      emailChangeMail({ firstName: user.firstName, newEmail: normalized, token, hours: EMAIL_CHANGE_HOURS }),
    );
    // the owner hears of it at the address that is theirs now, with the way to stop it (a password reset)
    await queueMail(
      tx,
      "email-change-requested",
      user.email,
      emailChangeRequestedMail({ firstName: user.firstName, newEmail: normalized, hours: EMAIL_CHANGE_HOURS }),
    );
  });
  return { newEmail: normalized };
}

/**
 * The new address a confirmation link would give its account, if the link can still be used (nothing is spent): the
 * page the link opens names it. Whoever holds the link was sent it at that address.
 */
export async function pendingEmailChange({ token, db = getDb() }: { token: string; db?: DbOrTx }) {
  const row = await usableUserToken(db, token, "email_change");
  return { email: row.newEmail ?? "" };
}

/**
 * Opens an e-mail confirmation link: the account moves to the new address (unless another account took it since),
 * the link and any password-reset link mailed to the old address are spent, and the old address is told.
 */
export async function confirmEmailChange({
  token,
  db = getDb(),
}: {
  token: string;
  db?: DbOrTx;
}): Promise<{ userId: number; email: string }> {
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const row = await usableUserToken(tx, token, "email_change", { lock: true, now });
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for("update");
      if (!user || user.deletedAt) throw new NotFoundError("This account no longer exists.");
      const newEmail = row.newEmail ?? "";
      const holder = await findUserByEmail(newEmail, tx);
      if (holder && holder.id !== user.id) {
        const message = "Another account has started using this e-mail address, so it cannot be yours.";
        throw new ConflictError(message, { token: [message] });
      }
      await tx.update(users).set({ email: newEmail, updatedAt: now }).where(eq(users.id, user.id));
      await spendUserTokens(user.id, "email_change", tx, now);
      await spendUserTokens(user.id, "password_reset", tx, now);
      if (user.email.toLowerCase() !== newEmail)
        await queueMail(tx, "email-changed", user.email, emailChangedMail({ firstName: user.firstName, newEmail }));
      return { userId: user.id, email: newEmail };
    });
  } catch (error) {
    // another account registered the address between the check and the update: the unique index decides
    refuseDuplicate(error, "users_email_lower_key", () => {
      const message = "Another account has started using this e-mail address, so it cannot be yours.";
      return new ConflictError(message, { token: [message] });
    });
  }
}

/**
 * A new password for the signed-in owner: every other session of the account ends (the caller's stays open), reset
 * links are spent, failed logins forgotten, and a notice is mailed.
 */
export async function changePassword({
  userId,
  actor,
  currentPassword,
  newPassword,
  db = getDb(),
}: {
  userId: number;
  actor: Actor | null;
  currentPassword: string;
  newPassword: string;
  db?: DbOrTx;
}): Promise<void> {
  const who = requireSelf(actor, userId, "password");
  await activeUser(userId, db);
  await confirmCurrentPassword(who.id, currentPassword, db);
  if (newPassword === currentPassword) {
    const message = "Choose a password different from your current one.";
    throw new ValidationError(message, { newPassword: [message] });
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const now = new Date();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning();
    if (!user) throw new NotFoundError("User not found");
    await revokeAllSessions(userId, tx, { except: who.sessionId });
    // a pending move to another address was asked for with the old password: it goes with it
    await spendUserTokens(userId, "password_reset", tx, now);
    await spendUserTokens(userId, "email_change", tx, now);
    await clearLoginFailures(user.email, tx);
    await queueMail(
      tx,
      "password-changed",
      user.email,
      passwordChangedMail({ firstName: user.firstName, how: "change" }),
    );
  });
}

/**
 * Deletes an account (its owner, with their password; or an admin, with the admin's own password). The row stays for
 * the orders that point at it, with every personal field erased; saved addresses, the cart, sessions, links and roles
 * go. Orders keep their lines and totals; their billing details are erased, and so is their delivery address unless
 * the order is still to be shipped (PENDING, PROCESSING). Payments follow the same rule once they have their order
 * or can have none. The last message, to the old address, is queued in the same transaction, before the address is
 * erased. (What is kept and why: docs/decisions/0019-account-recovery-and-settings.md.)
 */
export async function deleteAccount({
  userId,
  actor,
  currentPassword,
  db = getDb(),
}: {
  userId: number;
  actor: Actor | null;
  currentPassword: string;
  db?: DbOrTx;
}): Promise<void> {
  const who = assertOwnerOrAdmin(actor, userId);
  await activeUser(userId, db);
  await confirmCurrentPassword(who.id, currentPassword, db);
  await db.transaction(async (tx) => {
    const now = new Date();
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for("update");
    if (!user) throw new NotFoundError("User not found");
    // the shop's mail to them: what has not gone yet will not, what went keeps no content (the notice below aside)
    const theirs = sql`lower(${mailOutbox.recipient}) = ${user.email.toLowerCase()}`;
    await tx.delete(mailOutbox).where(and(theirs, eq(mailOutbox.status, "pending")));
    await tx
      .update(mailOutbox)
      .set({ recipient: ERASED.email(userId), subject: "(erased with the account)", ...ERASED_MAIL })
      .where(theirs);
    // their back-in-stock alerts (decision 0046), made signed in or as a visitor with the address: the open ones end,
    // so a restock mails nobody, and none keeps the address or the mail written for it
    const alerts = or(eq(stockAlerts.userId, userId), sql`lower(${stockAlerts.email}) = ${user.email.toLowerCase()}`);
    await tx
      .update(stockAlerts)
      .set({ status: "unsubscribed", unsubscribedAt: now })
      .where(and(alerts, inArray(stockAlerts.status, ["pending", "active"])));
    await tx
      .update(stockAlerts)
      .set({ email: ERASED.email(userId), mailSubject: null, mailText: null, mailHtml: null, mailHost: null })
      .where(alerts);
    await queueMail(tx, "account-deleted", user.email, accountDeletedMail({ firstName: user.firstName }));
    await tx
      .update(users)
      .set({
        firstName: ERASED.firstName,
        lastName: ERASED.lastName,
        email: ERASED.email(userId),
        passwordHash: ERASED.passwordHash,
        photoUrl: null,
        // the transaction's own now(): the same instant as the notice queued above
        deletedAt: sql`now()`,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await revokeAllSessions(userId, tx);
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
    await tx.delete(userTokens).where(eq(userTokens.userId, userId));
    // an admin deleting someone's account is recorded; by id only: what was erased stays erased
    if (who.id !== userId) {
      await recordAudit(tx, { actor: who, kind: "account.delete", entity: { type: "user", id: userId } });
    }
    await tx.delete(addresses).where(eq(addresses.userId, userId));
    await tx.delete(carts).where(eq(carts.userId, userId));
    // what they saved for later is theirs alone (decision 0047)
    await tx.delete(savedItems).where(eq(savedItems.userId, userId));
    // their reviews are their words: they go with the account (their helpful votes too; decision 0045)
    await tx.delete(reviews).where(eq(reviews.userId, userId));
    await tx
      .update(reviews)
      .set({ helpfulCount: sql`greatest(${reviews.helpfulCount} - 1, 0)` })
      .where(
        inArray(
          reviews.id,
          tx.select({ id: reviewVotes.reviewId }).from(reviewVotes).where(eq(reviewVotes.userId, userId)),
        ),
      );
    await tx.delete(reviewVotes).where(eq(reviewVotes.userId, userId));
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));

    await tx.update(orders).set({ billing: null }).where(eq(orders.userId, userId));
    // the withdrawals stay (what was withdrawn from, when, what came of it), the address they were sent to goes
    await tx
      .update(withdrawalRequests)
      .set({ email: ERASED.email(userId) })
      .where(
        inArray(withdrawalRequests.orderId, tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))),
      );
    await tx
      .update(orders)
      .set({ shippingAddress: null })
      .where(and(eq(orders.userId, userId), notInArray(orders.status, [...TO_BE_SHIPPED])));
    const ordered = tx.select({ id: orders.paymentId }).from(orders).where(eq(orders.userId, userId));
    const shipped = tx
      .select({ id: orders.paymentId })
      .from(orders)
      .where(and(eq(orders.userId, userId), notInArray(orders.status, [...TO_BE_SHIPPED])));
    const closed = notInArray(payments.status, [...OPEN_PAYMENTS]);
    await tx
      .update(payments)
      .set({ billing: null })
      .where(and(eq(payments.userId, userId), or(closed, inArray(payments.id, ordered))));
    await tx
      .update(payments)
      .set({ shippingAddress: null })
      .where(and(eq(payments.userId, userId), or(closed, inArray(payments.id, shipped))));

    await clearLoginFailures(user.email, tx);
    await tx
      .delete(rateLimits)
      .where(inArray(rateLimits.key, [`reauth:user:${userId}`, `email-change:user:${userId}`]));
  });
}
