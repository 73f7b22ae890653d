import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Stars } from "~/components/shop/stars";
import { pageTitle } from "~/lib/site";
import { REVIEW_REPLY_MAX } from "~/schemas/review-constants";
import { AdminReviewQuerySchema } from "~/schemas/reviews";
import { attempt, loadOrThrow, readForm } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";
import { formatMoment } from "~/lib/dates";

export const meta: MetaFunction = () => [{ title: pageTitle("Reviews") }, { name: "robots", content: "noindex" }];

/** Every review, by status: publish, hide, reply; and when shoppers are asked for one (docs/decisions/0045-reviews.md). */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const url = new URL(request.url);
  const parsed = AdminReviewQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : { page: 1 };
  const [list, settings] = await Promise.all([
    loadOrThrow(auth.api(endpoints.reviews.adminList, { query })),
    auth.api(endpoints.reviews.settings, {}),
  ]);
  return data({ page: list.data, status: query.status ?? "", settings: settings.data });
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  const form = await readForm(request);
  const url = new URL(request.url);
  const back = `/admin/reviews${url.search}`;
  const intent = String(form.get("intent") ?? "");
  const reviewId = Number(form.get("reviewId"));
  const call: Promise<{ message: string }> | null =
    intent === "status"
      ? auth.api(endpoints.reviews.moderate, {
          params: { reviewId },
          body: { status: String(form.get("status")) as "published" | "hidden" },
        })
      : intent === "reply"
        ? auth.api(endpoints.reviews.reply, { params: { reviewId }, body: { reply: String(form.get("reply") ?? "") } })
        : intent === "settings"
          ? auth.api(endpoints.reviews.saveSettings, { body: { requestDays: Number(form.get("requestDays")) } })
          : null;
  if (!call) return auth.redirect(back, { type: "error", message: "This form could not be read." });
  const done = await attempt(call);
  if (done.ok) return auth.redirect(back, { type: "success", message: done.value.message });
  const field = Object.values(done.error.errors ?? {})[0]?.[0];
  return auth.redirect(back, { type: "error", message: field ?? done.error.message });
}

export default function AdminReviews() {
  const { page, status, settings } = useLoaderData<typeof loader>();
  const pageHref = (n: number) =>
    `/admin/reviews?${new URLSearchParams({ ...(status ? { status } : {}), page: String(n) })}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Reviews</h1>
      <p className="mt-2 text-slate-600">
        Reviews by shoppers who received the product. A new review is published at once; hide one that breaks the rules,
        and reply to thank or to help. Shoppers see the reply under the review.
      </p>

      <Form method="post" className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-4">
        <div>
          <label htmlFor="requestDays" className="label">
            Ask for a review this many days after delivery
          </label>
          <input
            id="requestDays"
            name="requestDays"
            type="number"
            min={1}
            max={90}
            required
            defaultValue={settings.requestDays}
            className="input w-32"
          />
        </div>
        <button type="submit" name="intent" value="settings" className="btn-secondary">
          Save
        </button>
      </Form>

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="status" className="label">
            Status
          </label>
          <select id="status" name="status" defaultValue={status} className="input">
            <option value="">All</option>
            <option value="published">Published</option>
            <option value="hidden">Hidden</option>
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>

      {page.content.length === 0 ? (
        <p className="mt-6 text-slate-600">No reviews here.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {page.content.map((review) => (
            <li key={review.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="admin-review">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="sr-only">{`${review.rating} out of 5 stars`}</span>
                  <Stars value={review.rating} />
                  <h2 className="font-semibold text-slate-900">{review.title}</h2>
                </div>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${review.status === "published" ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-800"}`}
                >
                  {review.status === "published" ? "Published" : "Hidden"}
                </span>
              </div>
              <p className="mt-1 text-xs text-slate-500">
                <Link to={`/product/${review.productId}/details`} className="underline">
                  {review.productName}
                </Link>{" "}
                · {review.author} ({review.authorEmail}) · {formatMoment(review.createdAt)} · {review.helpfulCount}{" "}
                found it helpful
              </p>
              <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-700">{review.body}</p>
              <div className="mt-3 flex flex-wrap gap-3">
                <Form method="post">
                  <input type="hidden" name="reviewId" value={review.id} />
                  <input type="hidden" name="status" value={review.status === "published" ? "hidden" : "published"} />
                  <button
                    type="submit"
                    name="intent"
                    value="status"
                    className="btn-secondary"
                    aria-label={`${review.status === "published" ? "Hide" : "Publish"}: ${review.title}`}
                  >
                    {review.status === "published" ? "Hide" : "Publish"}
                  </button>
                </Form>
              </div>
              <Form method="post" className="mt-3">
                <input type="hidden" name="reviewId" value={review.id} />
                <label htmlFor={`reply-${review.id}`} className="label">
                  Reply from the shop
                </label>
                <textarea
                  id={`reply-${review.id}`}
                  name="reply"
                  rows={2}
                  maxLength={REVIEW_REPLY_MAX}
                  defaultValue={review.reply ?? ""}
                  className="input"
                />
                <button
                  type="submit"
                  name="intent"
                  value="reply"
                  className="btn-secondary mt-2"
                  aria-label={`Save reply: ${review.title}`}
                >
                  Save reply
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {page.totalPages > 1 ? (
        <nav aria-label="Review pages" className="mt-6 flex gap-4 text-sm">
          {page.page > 1 ? <Link to={pageHref(page.page - 1)}>Previous page</Link> : null}
          <span>
            Page {page.page} of {page.totalPages}
          </span>
          {page.page < page.totalPages ? <Link to={pageHref(page.page + 1)}>Next page</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
