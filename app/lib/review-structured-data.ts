import type { ReviewPageDto } from "~/schemas/reviews";

/**
 * The schema.org parts of a product's reviews for its JSON-LD: `aggregateRating` and a few `review` items, only when
 * published reviews exist (a rating without them would be made up; docs/decisions/0045-reviews.md).
 */
export function reviewsStructuredData(page: ReviewPageDto) {
  const { rating } = page;
  if (rating.count === 0 || rating.average === null) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: rating.average.toFixed(1),
      reviewCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: page.content.slice(0, 3).map((review) => ({
      "@type": "Review",
      name: review.title,
      reviewBody: review.body,
      datePublished: review.createdAt.slice(0, 10),
      author: { "@type": "Person", name: review.author },
      reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
