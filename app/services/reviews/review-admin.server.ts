// Verified reviews, the admin's side (docs/decisions/0045-reviews.md): every review by status, publish or hide, reply.
// Each write is audited in its own transaction.
import { desc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { products, reviews, users } from "~/db/schema";
import type { AdminReviewDto, AdminReviewQuery } from "~/schemas/reviews";
import { requireAdmin, type Actor } from "../access";
import { recordAudit } from "../audit/audit.server";
import { NotFoundError } from "../errors";
import { REVIEW_NOT_FOUND, reviewDto } from "./reviews.server";

export const ADMIN_REVIEWS_PAGE_SIZE = 20;

const adminColumns = {
  review: reviews,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  productName: products.name,
};

function selectAdminReviews(db: DbOrTx) {
  return db
    .select(adminColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId));
}

type AdminRow = Awaited<ReturnType<ReturnType<typeof selectAdminReviews>["where"]>>[number];

const adminDto = (row: AdminRow): AdminReviewDto => ({
  ...reviewDto(row.review, row),
  productName: row.productName,
  authorEmail: row.email,
});

/** GET /admin/reviews: newest first, of one status or all. */
export async function listReviewsForAdmin({
  actor,
  query,
  db = getDb(),
}: {
  actor: Actor | null;
  query: AdminReviewQuery;
  db?: DbOrTx;
}) {
  requireAdmin(actor);
  const where = query.status ? eq(reviews.status, query.status) : undefined;
  const [rows, total] = await Promise.all([
    selectAdminReviews(db)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(ADMIN_REVIEWS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_REVIEWS_PAGE_SIZE),
    db.$count(reviews, where),
  ]);
  return {
    content: rows.map(adminDto),
    page: query.page,
    size: ADMIN_REVIEWS_PAGE_SIZE,
    totalElements: total,
    totalPages: Math.ceil(total / ADMIN_REVIEWS_PAGE_SIZE),
  };
}

async function change(
  actor: Actor | null,
  reviewId: number,
  kind: "review.status" | "review.reply",
  set: (row: typeof reviews.$inferSelect) => Partial<typeof reviews.$inferInsert>,
  db: DbOrTx,
): Promise<AdminReviewDto> {
  const who = requireAdmin(actor);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
    if (!before) throw new NotFoundError(REVIEW_NOT_FOUND);
    const values = set(before);
    await tx.update(reviews).set(values).where(eq(reviews.id, reviewId));
    const [row] = await selectAdminReviews(tx).where(eq(reviews.id, reviewId));
    const pick = (r: typeof reviews.$inferSelect) =>
      kind === "review.status" ? { status: r.status } : { reply: r.reply, repliedAt: r.repliedAt };
    await recordAudit(tx, {
      actor: who,
      kind,
      entity: { type: "review", id: reviewId },
      before: pick(before),
      after: pick(row!.review),
    });
    return adminDto(row!);
  });
}

/** POST /admin/reviews/{reviewId}/status: publish or hide. */
export async function setReviewStatus({
  actor,
  reviewId,
  status,
  db = getDb(),
}: {
  actor: Actor | null;
  reviewId: number;
  status: "published" | "hidden";
  db?: DbOrTx;
}): Promise<AdminReviewDto> {
  return change(actor, reviewId, "review.status", () => ({ status }), db);
}

/** POST /admin/reviews/{reviewId}/reply: the shop's answer under the review; blank removes it. */
export async function replyToReview({
  actor,
  reviewId,
  reply,
  db = getDb(),
}: {
  actor: Actor | null;
  reviewId: number;
  reply: string;
  db?: DbOrTx;
}): Promise<AdminReviewDto> {
  return change(
    actor,
    reviewId,
    "review.reply",
    // the same reply sent again keeps its date: nothing a shopper sees changed (the product's kept reviews stay)
    (row) =>
      reply ? { reply, repliedAt: reply === row.reply ? row.repliedAt : new Date() } : { reply: null, repliedAt: null },
    db,
  );
}
