// Verified reviews, the shopper's side (docs/decisions/0045-reviews.md): who may review, writing, editing and deleting
// one's own, the "helpful" votes, and what the shop shows of a product's published reviews.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { orderItems, orders, products, reviews, reviewVotes, users } from "~/db/schema";
import { getConfig } from "~/lib/env.server";
import {
  NOT_ELIGIBLE,
  REVIEWS_PAGE_SIZE,
  roundAverage,
  type MyReviewDto,
  type Rating,
  type ReviewDto,
  type ReviewInput,
  type ReviewListQuery,
  type ReviewPageDto,
} from "~/schemas/reviews";
import { requireActor, type Actor } from "../access";
import { ConflictError, ForbiddenError, NotFoundError, refuseDuplicate } from "../errors";
import { versionMemo } from "../catalogue/version-memo.server";
import { countEvent } from "../rate-limit.server";

const HOUR = 3600;
export const REVIEW_NOT_FOUND = "Review not found";
export const TOO_MANY_REVIEWS = "You have changed reviews too often in a short time. Please try again later.";

type ReviewRow = typeof reviews.$inferSelect;

/** "Alex P.": the first name and the initial of the last, never the e-mail address. */
export function authorName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0);
  return `${firstName.trim()}${initial ? ` ${initial.toUpperCase()}.` : ""}`;
}

export function reviewDto(row: ReviewRow, author: { firstName: string; lastName: string }): ReviewDto {
  return {
    id: row.id,
    productId: row.productId,
    rating: row.rating,
    title: row.title,
    body: row.body,
    author: authorName(author.firstName, author.lastName),
    status: row.status,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    helpfulCount: row.helpfulCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const published = eq(reviews.status, "published");

/** The published reviews' average and count of each product named (none: average null, count 0). */
export async function productRatings(ids: number[], db: DbOrTx = getDb()): Promise<Map<number, Rating>> {
  const ratings = new Map<number, Rating>();
  if (ids.length === 0) return ratings;
  const rows = await db
    .select({
      productId: reviews.productId,
      sum: sql<number>`sum(${reviews.rating})`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(reviews)
    .where(and(inArray(reviews.productId, ids), published))
    .groupBy(reviews.productId);
  for (const row of rows) ratings.set(row.productId, { average: roundAverage(row.sum, row.count), count: row.count });
  return ratings;
}

async function requireProduct(productId: number, db: DbOrTx) {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new NotFoundError("Product not found");
}

/**
 * A product's page of published reviews, kept per catalogue version (decision 0050): a review published, changed,
 * answered, voted helpful or taken down moves the version (migration 0024), and so does a new name of its author
 * (migration 0031), so a signed-in shopper's details page reads the version instead of the reviews' four queries.
 * Weighed by their text, in thousands of characters.
 */
const reviewPages = versionMemo<ReviewPageDto>({
  entries: 500,
  weight: {
    max: 10_000,
    of: (page) =>
      page.content.reduce(
        (sum, review) => sum + (review.title.length + review.body.length + (review.reply ?? "").length) / 1_000,
        1,
      ),
  },
});

/**
 * GET /products/product/{id}/reviews: the published reviews, newest or most helpful first, of one star count or all.
 * What it returns is shared: callers must not change it.
 */
export function listProductReviews({
  productId,
  query,
  db = getDb(),
}: {
  productId: number;
  query: ReviewListQuery;
  db?: DbOrTx;
}): Promise<ReviewPageDto> {
  const key = `${productId} ${query.sort} ${query.stars ?? "all"} ${query.page}`;
  return reviewPages.get(db, key, () => readProductReviews(productId, query, db));
}

async function readProductReviews(productId: number, query: ReviewListQuery, db: DbOrTx): Promise<ReviewPageDto> {
  await requireProduct(productId, db);
  const where = and(
    eq(reviews.productId, productId),
    published,
    query.stars ? eq(reviews.rating, query.stars) : undefined,
  );
  const order =
    query.sort === "helpful"
      ? [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)]
      : [desc(reviews.createdAt), desc(reviews.id)];
  const [rows, total, stars] = await Promise.all([
    db
      .select({ review: reviews, firstName: users.firstName, lastName: users.lastName })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(where)
      .orderBy(...order)
      .limit(REVIEWS_PAGE_SIZE)
      .offset((query.page - 1) * REVIEWS_PAGE_SIZE),
    db.$count(reviews, where),
    db
      .select({ rating: reviews.rating, count: sql<number>`count(*)`.mapWith(Number) })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), published))
      .groupBy(reviews.rating),
  ]);
  const histogram = [0, 0, 0, 0, 0];
  for (const row of stars) histogram[row.rating - 1] = row.count;
  const count = histogram.reduce((a, b) => a + b, 0);
  const sum = histogram.reduce((a, n, i) => a + n * (i + 1), 0);
  return {
    rating: { average: roundAverage(sum, count), count },
    histogram,
    content: rows.map((row) => reviewDto(row.review, row)),
    page: query.page,
    size: REVIEWS_PAGE_SIZE,
    totalElements: total,
    totalPages: Math.ceil(total / REVIEWS_PAGE_SIZE),
  };
}

/** The rule: an order of theirs with the product (any variant of it) was delivered. */
export async function hasReceivedProduct(userId: number, productId: number, db: DbOrTx = getDb()): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.status, "DELIVERED"), eq(orderItems.productId, productId)))
    .limit(1);
  return Boolean(row);
}

async function ownReviewOf(userId: number, productId: number, db: DbOrTx) {
  const [row] = await db
    .select({ review: reviews, firstName: users.firstName, lastName: users.lastName })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return row ? reviewDto(row.review, row) : null;
}

/** GET /products/product/{id}/reviews/mine: may the caller review it, their review (any status), their votes. */
export async function myReview({
  actor,
  productId,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  db?: DbOrTx;
}): Promise<MyReviewDto> {
  const who = requireActor(actor);
  await requireProduct(productId, db);
  const [review, eligible, votes] = await Promise.all([
    ownReviewOf(who.id, productId, db),
    hasReceivedProduct(who.id, productId, db),
    db
      .select({ reviewId: reviewVotes.reviewId })
      .from(reviewVotes)
      .innerJoin(reviews, eq(reviews.id, reviewVotes.reviewId))
      .where(and(eq(reviewVotes.userId, who.id), eq(reviews.productId, productId))),
  ]);
  return {
    eligible,
    reason: eligible ? null : NOT_ELIGIBLE,
    review,
    votedReviewIds: votes.map((vote) => vote.reviewId),
  };
}

async function countReviewWrite(who: Actor, db: DbOrTx) {
  await countEvent(
    [{ key: `reviews:${who.id}`, max: getConfig().rateLimits.reviewsPerHour, windowSeconds: HOUR }],
    TOO_MANY_REVIEWS,
    db,
  );
}

/** POST /products/product/{id}/reviews: the caller's review of a product they received (409 when they wrote one). */
export async function createReview({
  actor,
  productId,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  input: ReviewInput;
  db?: DbOrTx;
}): Promise<ReviewDto> {
  const who = requireActor(actor);
  await requireProduct(productId, db);
  if (!(await hasReceivedProduct(who.id, productId, db))) throw new ForbiddenError(NOT_ELIGIBLE);
  await countReviewWrite(who, db);
  try {
    await db.insert(reviews).values({ productId, userId: who.id, ...input });
  } catch (error) {
    refuseDuplicate(
      error,
      "reviews_product_user_key",
      () => new ConflictError("You have already reviewed this product: edit your review instead."),
    );
  }
  return (await ownReviewOf(who.id, productId, db))!;
}

async function ownReview(who: Actor, reviewId: number, db: DbOrTx): Promise<ReviewRow> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  // someone else's review: the same answer as none, so nothing is learnt about it
  if (!row || row.userId !== who.id) throw new NotFoundError(REVIEW_NOT_FOUND);
  return row;
}

/** PUT /reviews/{reviewId}: the author edits it; a review the admin hid stays hidden. */
export async function updateReview({
  actor,
  reviewId,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  reviewId: number;
  input: ReviewInput;
  db?: DbOrTx;
}): Promise<ReviewDto> {
  const who = requireActor(actor);
  const row = await ownReview(who, reviewId, db);
  await countReviewWrite(who, db);
  // the same words saved again change nothing, not even the date: what the product's page shows (kept per catalogue
  // version, which only a change moves) stays true
  if (row.rating !== input.rating || row.title !== input.title || row.body !== input.body) {
    await db
      .update(reviews)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(reviews.id, row.id));
  }
  return (await ownReviewOf(who.id, row.productId, db))!;
}

/** DELETE /reviews/{reviewId}: the author deletes it (its votes go with it). */
export async function deleteReview({
  actor,
  reviewId,
  db = getDb(),
}: {
  actor: Actor | null;
  reviewId: number;
  db?: DbOrTx;
}): Promise<{ productId: number }> {
  const who = requireActor(actor);
  const row = await ownReview(who, reviewId, db);
  await countReviewWrite(who, db);
  await db.delete(reviews).where(eq(reviews.id, row.id));
  return { productId: row.productId };
}

/** POST /reviews/{reviewId}/helpful: one vote per account, never on one's own review; a second vote changes nothing. */
export async function voteHelpful({
  actor,
  reviewId,
  db = getDb(),
}: {
  actor: Actor | null;
  reviewId: number;
  db?: DbOrTx;
}): Promise<{ review: ReviewDto; counted: boolean }> {
  const who = requireActor(actor);
  const [found] = await db
    .select({ review: reviews, firstName: users.firstName, lastName: users.lastName })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.id, reviewId), published));
  if (!found) throw new NotFoundError(REVIEW_NOT_FOUND);
  if (found.review.userId === who.id) throw new ConflictError("You cannot vote for your own review.");
  await countReviewWrite(who, db);
  const counted = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(reviewVotes)
      .values({ reviewId, userId: who.id })
      .onConflictDoNothing()
      .returning({ reviewId: reviewVotes.reviewId });
    if (inserted.length === 0) return false;
    await tx
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
      .where(eq(reviews.id, reviewId));
    return true;
  });
  const [after] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  return { review: reviewDto(after ?? found.review, found), counted };
}
