import { Form, Link } from "@remix-run/react";
import type { MyReviewDto, ReviewDto, ReviewListQuery, ReviewPageDto } from "~/schemas/reviews";
import { ReviewForm, type ReviewFormState } from "./review-form";
import { ratingLabel, Stars } from "./stars";
import { formatDay } from "~/lib/dates";

/**
 * The details page's reviews (docs/decisions/0045-reviews.md): the average and count, the list with its sort and star
 * filter (a GET form: the URL says it all), "Was this helpful?" for signed-in shoppers, and the shopper's own review.
 * Review text is plain text: React escapes it, and line breaks are kept by CSS.
 */
export function ReviewsSection({
  productId,
  reviews,
  query,
  mine,
  signedIn,
  keep,
  sent,
  busy,
}: {
  productId: number;
  reviews: ReviewPageDto;
  query: ReviewListQuery;
  mine: MyReviewDto | null;
  signedIn: boolean;
  /** the page's other URL parameters the filter keeps (the variant) */
  keep: Record<string, string>;
  sent: ReviewFormState | null;
  busy: boolean;
}) {
  const { rating } = reviews;
  const page = `/product/${productId}/details`;
  const voted = new Set(mine?.votedReviewIds ?? []);
  const pageHref = (n: number) => {
    const params = new URLSearchParams({
      ...keep,
      sort: query.sort,
      ...(query.stars ? { stars: String(query.stars) } : {}),
    });
    if (n > 1) params.set("reviewPage", String(n));
    return `${page}?${params.toString()}#reviews`;
  };
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-12 space-y-6">
      <h2 id="reviews-heading" className="text-xl font-bold text-slate-900">
        Customer reviews
      </h2>
      {rating.count > 0 && rating.average !== null ? (
        <div className="flex items-center gap-3" data-testid="reviews-summary">
          <Stars value={rating.average} className="h-6 w-6" />
          <p className="text-sm text-slate-700">
            <span className="sr-only">{ratingLabel(rating)}</span>
            <span aria-hidden="true">
              <span className="text-lg font-semibold text-slate-900">{rating.average.toFixed(1)}</span> out of 5 ·{" "}
              {rating.count} {rating.count === 1 ? "review" : "reviews"}
            </span>
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-600">No reviews yet.</p>
      )}

      {signedIn && mine ? (
        mine.eligible || mine.review ? (
          <ReviewForm own={mine.review} sent={sent} busy={busy} />
        ) : (
          <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">{mine.reason}</p>
        )
      ) : (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          Only shoppers who received this product can review it.{" "}
          <Link to={`/login?redirectTo=${encodeURIComponent(page)}`} className="font-semibold underline">
            Log in
          </Link>{" "}
          to write yours.
        </p>
      )}

      {rating.count > 0 ? (
        <Form method="get" action={`${page}#reviews`} className="flex flex-wrap items-end gap-3" preventScrollReset>
          {Object.entries(keep).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div>
            <label htmlFor="review-sort" className="label">
              Sort reviews
            </label>
            <select id="review-sort" name="sort" defaultValue={query.sort} className="input">
              <option value="newest">Newest</option>
              <option value="helpful">Most helpful</option>
            </select>
          </div>
          <div>
            <label htmlFor="review-stars" className="label">
              Show
            </label>
            <select id="review-stars" name="stars" defaultValue={query.stars ?? ""} className="input">
              <option value="">All stars</option>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? "star" : "stars"} ({reviews.histogram[n - 1] ?? 0})
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            Show reviews
          </button>
        </Form>
      ) : null}

      {rating.count > 0 && reviews.content.length === 0 ? (
        <p className="text-sm text-slate-600">No reviews with that many stars.</p>
      ) : null}
      <ol className="space-y-4" aria-label="Reviews">
        {reviews.content.map((review) => (
          <ReviewItem
            key={review.id}
            review={review}
            canVote={signedIn && mine?.review?.id !== review.id}
            voted={voted.has(review.id)}
            busy={busy}
          />
        ))}
      </ol>
      {reviews.totalPages > 1 ? (
        <nav aria-label="Review pages" className="flex gap-4 text-sm">
          {reviews.page > 1 ? <Link to={pageHref(reviews.page - 1)}>Newer page</Link> : null}
          <span>
            Page {reviews.page} of {reviews.totalPages}
          </span>
          {reviews.page < reviews.totalPages ? <Link to={pageHref(reviews.page + 1)}>Next page</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

function ReviewItem({
  review,
  canVote,
  voted,
  busy,
}: {
  review: ReviewDto;
  canVote: boolean;
  voted: boolean;
  busy: boolean;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="review">
      <div className="flex flex-wrap items-center gap-2">
        <span className="sr-only">{`${review.rating} out of 5 stars`}</span>
        <Stars value={review.rating} />
        <h3 className="font-semibold text-slate-900">{review.title}</h3>
      </div>
      <p className="mt-1 text-xs text-slate-500">
        {review.author} · {formatDay(review.createdAt)} · Verified purchase
      </p>
      <p className="mt-2 whitespace-pre-line break-words text-sm leading-6 text-slate-700">{review.body}</p>
      {review.reply ? (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-semibold text-slate-900">Reply from the shop</p>
          <p className="mt-1 whitespace-pre-line break-words text-slate-700">{review.reply}</p>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3 text-xs text-slate-600">
        {review.helpfulCount > 0 ? (
          <span>
            {review.helpfulCount} {review.helpfulCount === 1 ? "person" : "people"} found this helpful
          </span>
        ) : null}
        {canVote ? (
          voted ? (
            <span>You found this helpful</span>
          ) : (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="reviewId" value={review.id} />
              <button
                type="submit"
                name="intent"
                value="review-helpful"
                className="underline"
                disabled={busy}
                aria-label={`Was this helpful? Yes: ${review.title}`}
              >
                Was this helpful? Yes
              </button>
            </Form>
          )
        ) : null}
      </div>
    </li>
  );
}
