import { nairobiDate } from './format.ts';
/**
 * The life of an ad and its moderation (issue 19): states, their labels and the messages, shared
 * by the server (which enforces them) and the pages. Plain constants: browser-safe.
 */
export type AdStatus = 'active' | 'sold' | 'expired' | 'hidden' | 'held';

/** The reminder e-mail goes this many days before an ad expires; from then on it can be renewed. */
export const REMINDER_DAYS = 3;

/** What the seller sees in Manage ads for each state. */
export const STATUS_LABELS: Record<AdStatus, string> = {
  active: 'Active',
  sold: 'Sold',
  expired: 'Expired',
  hidden: 'Hidden by a moderator',
  held: 'Under review',
};

export const MODERATION_REASON_MAX = 500;

/** For this many days after marking an ad sold its seller can put it back on offer ("Still available"). */
export const SOLD_UNDO_DAYS = 7;

/** Whether an ad in this state, sold at `soldAt`, can still be put back on offer. */
export function canUndoSold(status: AdStatus, soldAt: Date | string | null, now: Date | number = Date.now()): boolean {
  return status === 'sold' && soldAt !== null && new Date(soldAt).getTime() > Number(now) - SOLD_UNDO_DAYS * 86_400_000;
}

export const LIFECYCLE_MESSAGES = {
  renewed: 'Your ad has been renewed.',
  sold: `Your ad is marked as sold. Sold by mistake? Choose “Still available” within ${SOLD_UNDO_DAYS} days.`,
  stillAvailable: 'Your ad is on offer again, as it was before.',
  undoSoldClosed: `An ad can be put back on offer only within ${SOLD_UNDO_DAYS} days of marking it sold.`,
  resubmitted: 'Thank you. Your ad is back with our moderators, who will review it soon.',
  notRenewable: 'Only an active or expired ad can be renewed.',
  onlyActiveSold: 'Only an active ad can be marked as sold.',
  onlySoldUndo: 'Only an ad marked as sold can be put back on offer.',
  onlyHiddenResubmit: 'Only an ad hidden by a moderator can be resubmitted.',
  reasonRequired: 'Please give a reason: the seller will see it.',
  reasonTooLong: `Please keep the reason under ${MODERATION_REASON_MAX} characters.`,
  banned: 'This account has been suspended. Contact support if you think this is a mistake.',
} as const;

/** "This ad can be renewed in its last 3 days (it runs until …)". */
export const notYetRenewable = (until: string) => `This ad runs until ${until}. You can renew it in its last ${REMINDER_DAYS} days.`;

/** Whether an ad in this state, ending at `expiresAt`, can be renewed now. */
export function canRenew(status: AdStatus, expiresAt: Date | string, now: Date | number = Date.now()): boolean {
  if (status === 'expired') return true;
  if (status !== 'active') return false;
  return new Date(expiresAt).getTime() - new Date(now).getTime() <= REMINDER_DAYS * 86_400_000;
}

/** Dates in Nairobi time, so the server and the browser print the same. */
export const expiryDate = (at: Date | string) => nairobiDate(at);
