import type { Rating } from "~/schemas/review-constants";

const STAR = "M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z";

/** Five stars, as many filled as the value rounded to a whole star: plain markup, no script (docs/decisions/0045). */
export function Stars({ value, className = "h-4 w-4" }: { value: number; className?: string }) {
  const filled = Math.round(value);
  return (
    <span className="inline-flex" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          viewBox="0 0 20 20"
          className={`${className} ${n <= filled ? "fill-amber-400" : "fill-slate-300"}`}
        >
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
}

/** "4.3 out of 5 stars, 12 reviews" */
export function ratingLabel(rating: Rating): string {
  return `Rated ${rating.average ?? 0} out of 5 stars, ${rating.count} ${rating.count === 1 ? "review" : "reviews"}`;
}
