// The details page's review forms (docs/decisions/0045-reviews.md): write or edit, delete, "helpful". Plain posts that
// answer with a 303 and a toast, or with the form's field errors (and what was typed) when refused.
import { data, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { endpoints, callApi } from "~/client/api.server";
import { getAuth } from "~/client/auth.server";
import { ReviewInputSchema, ReviewIntentSchema, ReviewListQuerySchema, type ReviewListQuery } from "~/schemas/reviews";
import { attempt } from "./actions.server";

export interface ReviewFormReply {
  reviewForm: { errors: Record<string, string[]>; values: Record<string, string> };
}

const review = (errors: Record<string, string[]>, values: Record<string, string>, status: number) =>
  data<ReviewFormReply>({ reviewForm: { errors, values } }, { status });

/** The reviews' part of the details page's URL (sort, stars, page); what it cannot read is the default. */
export function reviewQueryOf(url: URL): ReviewListQuery {
  const raw = {
    sort: url.searchParams.get("sort") ?? undefined,
    stars: url.searchParams.get("stars") ?? undefined,
    page: url.searchParams.get("reviewPage") ?? undefined,
  };
  const parsed = ReviewListQuerySchema.safeParse(raw);
  return parsed.success ? parsed.data : { sort: "newest", page: 1 };
}

/** The reviews shown on the details page, and for a signed-in shopper what they may do (never on an anonymous page). */
export async function loadReviews(request: Request, productId: number) {
  const query = reviewQueryOf(new URL(request.url));
  const auth = await getAuth(request);
  const [list, mine] = await Promise.all([
    callApi(endpoints.reviews.list, { params: { id: productId }, query }),
    auth ? auth.api(endpoints.reviews.mine, { params: { id: productId } }) : null,
  ]);
  return { query, reviews: list.data, mine: mine?.data ?? null, signedIn: Boolean(auth) };
}

export const isReviewIntent = (form: FormData) => String(form.get("intent") ?? "").startsWith("review-");

export async function reviewAction(request: Request, productId: number, form: FormData) {
  const page = `/product/${productId}/details`;
  const back = `${page}#reviews`;
  const auth = await getAuth(request);
  if (!auth) return redirect(`/login?redirectTo=${encodeURIComponent(page)}`, { status: 303 });
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const intent = ReviewIntentSchema.safeParse(values);
  if (!intent.success) return review({ form: ["This form could not be read. Please try again."] }, {}, 400);

  if (intent.data.intent === "review-helpful") {
    const voted = await attempt(auth.api(endpoints.reviews.helpful, { params: { reviewId: intent.data.reviewId } }));
    return auth.redirect(back, voted.ok ? { type: "success", message: voted.value.message } : refusal(voted.error));
  }

  const mine = (await auth.api(endpoints.reviews.mine, { params: { id: productId } })).data;
  if (intent.data.intent === "review-delete") {
    if (!mine.review) return auth.redirect(back, { type: "error", message: "You have no review of this product." });
    const deleted = await attempt(auth.api(endpoints.reviews.remove, { params: { reviewId: mine.review.id } }));
    return auth.redirect(
      back,
      deleted.ok ? { type: "success", message: deleted.value.message } : refusal(deleted.error),
    );
  }

  const kept = { rating: values.rating ?? "", title: values.title ?? "", body: values.body ?? "" };
  const parsed = ReviewInputSchema.safeParse(kept);
  if (!parsed.success) return review(z.flattenError(parsed.error).fieldErrors, kept, 422);
  const saved = await attempt(
    mine.review
      ? auth.api(endpoints.reviews.update, { params: { reviewId: mine.review.id }, body: parsed.data })
      : auth.api(endpoints.reviews.create, { params: { id: productId }, body: parsed.data }),
  );
  if (!saved.ok) {
    const { errors, message, status } = saved.error;
    return review(errors && Object.keys(errors).length > 0 ? errors : { form: [message] }, kept, status);
  }
  return auth.redirect(back, { type: "success", message: saved.value.message });
}

function refusal(error: { message: string }) {
  return { type: "error" as const, message: error.message };
}
