import { Form } from "@remix-run/react";
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from "~/schemas/review-constants";
import type { ReviewDto } from "~/schemas/reviews";

export interface ReviewFormState {
  errors: Record<string, string[]>;
  values: Record<string, string>;
}

const STAR_WORDS = ["1 star: poor", "2 stars: fair", "3 stars: good", "4 stars: very good", "5 stars: excellent"];

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p id={id} className="mt-1 min-h-4 text-xs leading-4 text-red-700" aria-live="polite">
      {errors?.[0] ?? ""}
    </p>
  );
}

/** The shopper's own review: stars as labelled radio inputs, a title and the text; edit and delete when it exists. */
export function ReviewForm({
  own,
  sent,
  busy,
}: {
  own: ReviewDto | null;
  sent: ReviewFormState | null;
  busy: boolean;
}) {
  const values = sent?.values ?? {
    rating: own ? String(own.rating) : "",
    title: own?.title ?? "",
    body: own?.body ?? "",
  };
  const errors = sent?.errors ?? {};
  return (
    <div id="write-review" className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="text-lg font-semibold text-slate-900">{own ? "Edit your review" : "Write a review"}</h3>
      {own?.status === "hidden" ? (
        <p className="mt-1 text-sm text-amber-800">The shop has hidden your review: only you can see it.</p>
      ) : null}
      {errors.form ? (
        <p role="alert" className="mt-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errors.form[0]}
        </p>
      ) : null}
      <Form method="post" className="mt-3 space-y-2" preventScrollReset key={own?.updatedAt ?? "new"}>
        <fieldset aria-describedby="review-rating-error">
          <legend className="label">Your rating</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {STAR_WORDS.map((word, index) => (
              <label key={word} className="flex items-center gap-1 text-sm">
                <input
                  type="radio"
                  name="rating"
                  value={index + 1}
                  required
                  defaultChecked={values.rating === String(index + 1)}
                />
                {word}
              </label>
            ))}
          </div>
          <FieldError id="review-rating-error" errors={errors.rating} />
        </fieldset>
        <div>
          <label htmlFor="review-title" className="label">
            Title
          </label>
          <input
            id="review-title"
            name="title"
            className="input"
            required
            maxLength={REVIEW_TITLE_MAX}
            defaultValue={values.title}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby="review-title-error"
          />
          <FieldError id="review-title-error" errors={errors.title} />
        </div>
        <div>
          <label htmlFor="review-body" className="label">
            Your review
          </label>
          <textarea
            id="review-body"
            name="body"
            rows={5}
            className="input"
            required
            maxLength={REVIEW_BODY_MAX}
            defaultValue={values.body}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby="review-body-error"
          />
          <FieldError id="review-body-error" errors={errors.body} />
        </div>
        <button type="submit" name="intent" value="review-save" className="btn-primary" disabled={busy}>
          {own ? "Save changes" : "Post review"}
        </button>
      </Form>
      {own ? (
        <Form method="post" className="mt-3" preventScrollReset>
          <button type="submit" name="intent" value="review-delete" className="btn-secondary" disabled={busy}>
            Delete your review
          </button>
        </Form>
      ) : null}
    </div>
  );
}
