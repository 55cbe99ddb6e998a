import { noReviews, ratingOutOf5 } from '#messages/browse.ts';

/**
 * How a seller's rating reads (issue 44), apart from the other review rules: every card's seller
 * line needs only this, and the cards' pages are the heaviest in JavaScript (docs/page-weight.md).
 */
export const NO_REVIEWS = noReviews;

/** "4.3 out of 5 (12 reviews)", or "No reviews yet": never stars without reviews behind them. */
export function ratingText(rating: number | null, count: number): string {
  if (rating === null || count === 0) return NO_REVIEWS;
  return ratingOutOf5({ rating: rating.toFixed(1), n: count });
}
