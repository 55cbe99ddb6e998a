/**
 * Seller reviews (issue 44): limits, labels and messages shared by the server (which enforces
 * them) and the forms. Plain constants: browser-safe.
 */
export const REVIEW_TEXT_MAX = 500;
export const REVIEW_REPLY_MAX = 500;
export const REVIEW_REPORT_DETAILS_MAX = 500;
/** How long its author may change a review. */
export const REVIEW_EDIT_DAYS = 7;
export const REVIEWS_PAGE_SIZE = 10;

export const REVIEW_OUTCOMES = [
  { value: 'deal_done', label: 'Deal done' },
  { value: 'no_deal', label: 'No deal' },
] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number]['value'];

export const REVIEW_REPORT_REASONS = [
  { value: 'fake', label: 'Fake or not a real deal' },
  { value: 'abusive', label: 'Abusive or offensive' },
  { value: 'private_details', label: 'Shares private details' },
  { value: 'other', label: 'Other' },
] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number]['value'];

export const REVIEW_MESSAGES = {
  ownAd: 'You cannot review your own ad.',
  noConversation: 'You can review a seller only about an ad you discussed with them in messages. Write to the seller from the ad first.',
  noAnswer: 'You can review this seller once they have answered your messages about this ad.',
  editClosed: `Reviews can be changed for ${REVIEW_EDIT_DAYS} days after they are written; this one can no longer be changed.`,
  removed: 'A moderator removed your review of this ad; it cannot be changed.',
  stars: 'Please choose from 1 to 5 stars.',
  outcome: 'Please say whether the deal was done.',
  tooLong: `Please keep your review under ${REVIEW_TEXT_MAX} characters.`,
  published: 'Thank you: your review is on the seller’s page.',
  held: 'Thank you: your review will show on the seller’s page once our team has checked it.',
  updated: 'Your review is updated.',
  notFound: 'Review not found.',
  replyEmpty: 'Please write your reply.',
  replyTooLong: `Please keep your reply under ${REVIEW_REPLY_MAX} characters.`,
  replyOnce: 'You have already replied to this review.',
  replyNotYours: 'Only the seller can reply to a review.',
  replied: 'Your reply is on your page.',
  reportReason: 'Please choose why you are reporting this review.',
  reportTooLong: `Please keep the details under ${REVIEW_REPORT_DETAILS_MAX} characters.`,
  reportNotParty: 'Only the seller and the author of a review can report it.',
  reported: 'Thank you. Our team will look at this review.',
} as const;

/** "4.3", the average to one decimal, or null without reviews. */
export function averageStars(count: number, total: number): number | null {
  return count > 0 ? Math.round((total / count) * 10) / 10 : null;
}


export const isReviewOutcome = (v: unknown): v is ReviewOutcome => REVIEW_OUTCOMES.some((o) => o.value === v);
export const isReviewReportReason = (v: unknown): v is ReviewReportReason => REVIEW_REPORT_REASONS.some((o) => o.value === v);

/** A published review as the seller page shows it (server/reviews/reviews.ts writes it, app/components/reviews/ reads it). */
export type PublicReview = {
  id: string;
  stars: number;
  outcome: ReviewOutcome;
  body: string;
  /** The author's first name and initial: buyers are not rated, nor shown in full. */
  author: string;
  listingTitle: string;
  createdAt: string;
  edited: boolean;
  reply: { body: string; at: string } | null;
  /** Written by the viewer (who may then report it too); false for everyone signed out. */
  mine: boolean;
};
