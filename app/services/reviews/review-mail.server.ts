// The review request (docs/decisions/0045-reviews.md): a set number of days after an order was delivered, its shopper
// is asked once, by e-mail through the outbox, to review what they received; every such mail has a one-click link
// that stops them (a signed token naming the account: nothing stored, nothing to expire).
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { orderItems, orders, products, shopSettings, users } from "~/db/schema";
import { getConfig } from "~/lib/env.server";
import { requireActor, requireAdmin, type Actor } from "../access";
import { recordAudit } from "../audit/audit.server";
import { ValidationError } from "../errors";
import { queueMail } from "../mail/outbox.server";
import { reviewRequestMail } from "../mail/templates/reviews.server";

export const REVIEW_REQUEST_DAYS_DEFAULT = 7;
const BATCH = 100;

function signature(userId: number): string {
  return createHmac("sha256", getConfig().jwtSecret).update(`review-mail-opt-out:${userId}`).digest("base64url");
}

/** The opt-out link's token: the account's id and its signature under the shop's secret. */
export function reviewOptOutToken(userId: number): string {
  return `${userId}.${signature(userId)}`;
}

function userOfToken(token: string): number | null {
  const match = /^(\d{1,10})\.([\w-]{43})$/.exec(token.trim());
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(signature(userId));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}

export const OPT_OUT_INVALID = "This link is not valid. Please use the link in the newest e-mail from us.";

/** The one click of the link: the account gets no more review requests (a second click changes nothing). */
export async function optOutOfReviewMail({ token, db = getDb() }: { token: string; db?: DbOrTx }): Promise<void> {
  const userId = userOfToken(token);
  if (userId === null) throw new ValidationError(OPT_OUT_INVALID, { token: [OPT_OUT_INVALID] });
  await db
    .update(users)
    .set({ reviewMailOptOutAt: sql`coalesce(${users.reviewMailOptOutAt}, now())` })
    .where(eq(users.id, userId));
}

/** GET /review-mail: whether the caller gets review-request e-mails (not after opting out). */
export async function getReviewMailPreference({ actor, db = getDb() }: { actor: Actor | null; db?: DbOrTx }) {
  const who = requireActor(actor);
  const [row] = await db.select({ out: users.reviewMailOptOutAt }).from(users).where(eq(users.id, who.id));
  return { reviewMail: !row?.out };
}

/**
 * PUT /review-mail: the account settings' checkbox. Opting back in clears the opt-out (the one-click link
 * or this form set it); opting out keeps the first time it was asked.
 */
export async function setReviewMailPreference({
  actor,
  reviewMail,
  db = getDb(),
}: {
  actor: Actor | null;
  reviewMail: boolean;
  db?: DbOrTx;
}) {
  const who = requireActor(actor);
  await db
    .update(users)
    .set({ reviewMailOptOutAt: reviewMail ? null : sql`coalesce(${users.reviewMailOptOutAt}, now())` })
    .where(eq(users.id, who.id));
  return { reviewMail };
}

export async function reviewRequestDays(db: DbOrTx = getDb()): Promise<number> {
  const [row] = await db
    .select({ days: shopSettings.reviewRequestDays })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  return row?.days ?? REVIEW_REQUEST_DAYS_DEFAULT;
}

/** GET /admin/reviews/settings */
export async function getReviewSettings({ actor, db = getDb() }: { actor: Actor | null; db?: DbOrTx }) {
  requireAdmin(actor);
  return { requestDays: await reviewRequestDays(db) };
}

/** PUT /admin/reviews/settings: the days after delivery when the review request goes out (audited). */
export async function saveReviewSettings({
  actor,
  requestDays,
  db = getDb(),
}: {
  actor: Actor | null;
  requestDays: number;
  db?: DbOrTx;
}) {
  const who = requireAdmin(actor);
  return db.transaction(async (tx) => {
    const before = { requestDays: await reviewRequestDays(tx) };
    await tx
      .insert(shopSettings)
      .values({ id: 1, reviewRequestDays: requestDays })
      .onConflictDoUpdate({ target: shopSettings.id, set: { reviewRequestDays: requestDays, updatedAt: new Date() } });
    const after = { requestDays };
    await recordAudit(tx, {
      actor: who,
      kind: "settings.update",
      entity: { type: "settings", id: "reviews" },
      before,
      after,
    });
    return after;
  });
}

/**
 * Queues the review requests that are due: each order delivered at least the set days ago and not asked yet is marked
 * asked and, unless its shopper opted out or deleted the account, mailed, in one transaction per order (the row lock
 * and the mark keep two instances from asking twice). Run by the periodic sweep of every instance.
 */
export async function queueReviewRequests({ now = new Date(), db = getDb() }: { now?: Date; db?: DbOrTx } = {}) {
  const days = await reviewRequestDays(db);
  const due = new Date(now.getTime() - days * 86_400_000);
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "DELIVERED"),
        isNull(orders.reviewRequestedAt),
        isNotNull(orders.deliveredAt),
        lte(orders.deliveredAt, due),
      ),
    )
    .orderBy(asc(orders.deliveredAt))
    .limit(BATCH);
  let queued = 0;
  for (const { id } of candidates) {
    const sent = await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id, userId: orders.userId })
        .from(orders)
        .where(and(eq(orders.id, id), isNull(orders.reviewRequestedAt)))
        .for("update", { skipLocked: true });
      if (!order) return false;
      await tx.update(orders).set({ reviewRequestedAt: now }).where(eq(orders.id, id));
      const [user] = await tx
        .select({ firstName: users.firstName, email: users.email })
        .from(users)
        .where(and(eq(users.id, order.userId), isNull(users.deletedAt), isNull(users.reviewMailOptOutAt)));
      if (!user) return false;
      const lines = await tx
        .selectDistinct({ productId: products.id, name: products.name, brand: products.brand })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(eq(orderItems.orderId, id));
      if (lines.length === 0) return false;
      await queueMail(
        tx,
        "review-request",
        user.email,
        reviewRequestMail({
          firstName: user.firstName,
          orderId: id,
          products: lines,
          optOutToken: reviewOptOutToken(order.userId),
        }),
      );
      return true;
    });
    if (sent) queued++;
  }
  return { queued };
}
