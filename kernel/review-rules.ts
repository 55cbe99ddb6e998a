/**
 * Seller reviews (issue 44): limits, labels and messages shared by the server (which enforces
 * them) and the forms. Plain constants: browser-safe.
 */
import {
  chooseOutcome,
  chooseStars,
  charactersAfter,
  editClosedAfter,
  editClosedBefore,
  held,
  noAnswer,
  noConversation,
  notFound,
  outcomeDealDone,
  outcomeNoDeal,
  ownAd,
  published,
  removed,
  replied,
  replyEmpty,
  replyNotYours,
  replyOnce,
  replyTooLongBefore,
  reportAbusive,
  reported,
  reportFake,
  reportNotParty,
  reportOther,
  reportPrivate,
  reportReason,
  reportTooLongBefore,
  tooLongBefore,
  updated,
} from '#messages/reviews.ts';

export const REVIEW_TEXT_MAX = 500;
export const REVIEW_REPLY_MAX = 500;
export const REVIEW_REPORT_DETAILS_MAX = 500;
/** How long its author may change a review. */
export const REVIEW_EDIT_DAYS = 7;
export const REVIEWS_PAGE_SIZE = 10;

export const REVIEW_OUTCOMES = [
  { value: 'deal_done', label: outcomeDealDone },
  { value: 'no_deal', label: outcomeNoDeal },
] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number]['value'];

export const REVIEW_REPORT_REASONS = [
  { value: 'fake', label: reportFake },
  { value: 'abusive', label: reportAbusive },
  { value: 'private_details', label: reportPrivate },
  { value: 'other', label: reportOther },
] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number]['value'];

/** The texts are the language's catalog (kernel/i18n/<language>/reviews.ts): English in the server process. */
export const REVIEW_MESSAGES = {
  ownAd,
  noConversation,
  noAnswer,
  editClosed: `${editClosedBefore}${REVIEW_EDIT_DAYS}${editClosedAfter}`,
  removed,
  stars: chooseStars,
  outcome: chooseOutcome,
  tooLong: `${tooLongBefore}${REVIEW_TEXT_MAX}${charactersAfter}`,
  published,
  held,
  updated,
  notFound,
  replyEmpty,
  replyTooLong: `${replyTooLongBefore}${REVIEW_REPLY_MAX}${charactersAfter}`,
  replyOnce,
  replyNotYours,
  replied,
  reportReason,
  reportTooLong: `${reportTooLongBefore}${REVIEW_REPORT_DETAILS_MAX}${charactersAfter}`,
  reportNotParty,
  reported,
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
