import { describe, expect, it } from "vitest";
import { reviewsStructuredData } from "~/lib/review-structured-data";
import { ReviewInputSchema, ReviewListQuerySchema, roundAverage, type ReviewPageDto } from "~/schemas/reviews";

// The rules of a review that need no database (docs/decisions/0045-reviews.md): the average's rounding, what a review
// may say, the list's URL parameters, and the JSON-LD only for real reviews.

describe("the average", () => {
  it("is rounded to one decimal place, half up, and is null without reviews", () => {
    expect(roundAverage(0, 0)).toBeNull();
    expect(roundAverage(4, 1)).toBe(4);
    expect(roundAverage(17, 4)).toBe(4.3); // 4.25
    expect(roundAverage(13, 3)).toBe(4.3); // 4.333…
    expect(roundAverage(14, 3)).toBe(4.7); // 4.666…
    expect(roundAverage(7, 2)).toBe(3.5);
    expect(roundAverage(5 * 999 + 4, 1000)).toBe(5); // 4.999
  });
});

describe("what a shopper may write", () => {
  const ok = { rating: "5", title: "Great", body: "Works well." };
  const fieldsOf = (input: Record<string, unknown>) => {
    const parsed = ReviewInputSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join("."));
  };

  it("takes 1 to 5 stars from a form's text, a title of one line and a text", () => {
    expect(ReviewInputSchema.parse(ok)).toEqual({ rating: 5, title: "Great", body: "Works well." });
    expect(ReviewInputSchema.parse({ ...ok, body: "Line one\r\nLine two" }).body).toBe("Line one\r\nLine two");
  });

  it("refuses what is out of bounds, each by its field", () => {
    expect(fieldsOf({ ...ok, rating: "0" })).toEqual(["rating"]);
    expect(fieldsOf({ ...ok, rating: "2.5" })).toEqual(["rating"]);
    expect(fieldsOf({ ...ok, rating: "" })).toEqual(["rating"]);
    expect(fieldsOf({ ...ok, title: "" })).toEqual(["title"]);
    expect(fieldsOf({ ...ok, title: "a\nb" })).toEqual(["title"]);
    expect(fieldsOf({ ...ok, title: "x".repeat(121) })).toEqual(["title"]);
    expect(fieldsOf({ ...ok, title: "x".repeat(120) })).toEqual([]);
    expect(fieldsOf({ ...ok, body: "x".repeat(5001) })).toEqual(["body"]);
    expect(fieldsOf({ ...ok, body: "x".repeat(10_000) })).toEqual(["body"]);
    expect(fieldsOf({ ...ok, body: "bell\u0007" })).toEqual(["body"]);
    expect(fieldsOf({ ...ok, title: "nul\u0000" })).toEqual(["title"]);
  });

  it("says why in the shopper's words", () => {
    const parsed = ReviewInputSchema.safeParse({ ...ok, body: "x".repeat(5001), title: "esc\u001b" });
    const messages = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      "The title must not contain control characters",
      "The review is at most 5,000 characters",
    ]);
  });
});

describe("the list's parameters", () => {
  it("default to the newest of all stars, first page; refuse a star count outside 1–5", () => {
    expect(ReviewListQuerySchema.parse({})).toEqual({ sort: "newest", page: 1 });
    expect(ReviewListQuerySchema.parse({ sort: "helpful", stars: "4", page: "2" })).toEqual({
      sort: "helpful",
      stars: 4,
      page: 2,
    });
    expect(ReviewListQuerySchema.safeParse({ stars: "6" }).success).toBe(false);
    expect(ReviewListQuerySchema.safeParse({ sort: "random" }).success).toBe(false);
  });
});

describe("the JSON-LD", () => {
  const page = (count: number): ReviewPageDto => ({
    rating: { average: count ? 4.5 : null, count },
    histogram: [0, 0, 0, count, 0],
    content: Array.from({ length: count }, (_, i) => ({
      id: i + 1,
      productId: 1,
      rating: 4,
      title: `Title ${i}`,
      body: "Body",
      author: "Alex P.",
      status: "published" as const,
      reply: null,
      repliedAt: null,
      helpfulCount: 0,
      createdAt: "2026-11-01T10:00:00.000Z",
      updatedAt: "2026-11-01T10:00:00.000Z",
    })),
    page: 1,
    size: 10,
    totalElements: count,
    totalPages: count ? 1 : 0,
  });

  it("has no rating without reviews, and the average, the count and a few reviews with them", () => {
    expect(reviewsStructuredData(page(0))).toEqual({});
    const data = reviewsStructuredData(page(5));
    expect(data.aggregateRating).toMatchObject({ ratingValue: "4.5", reviewCount: 5 });
    expect(data.review).toHaveLength(3);
    expect(data.review?.[0]).toMatchObject({ author: { name: "Alex P." }, datePublished: "2026-11-01" });
  });
});
