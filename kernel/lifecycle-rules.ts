import { nairobiDate } from './format.ts';
import {
  banned,
  notRenewable,
  onlyActiveSold,
  onlyHiddenResubmit,
  onlySoldUndo,
  reasonRequired,
  reasonTooLongAfter,
  reasonTooLongBefore,
  renewed,
  resubmitted,
  runsUntilAfter,
  runsUntilBefore,
  runsUntilMiddle,
  soldAfter,
  soldBefore,
  statusActive,
  statusExpired,
  statusHeld,
  statusHidden,
  statusSold,
  stillAvailable,
  undoSoldClosedAfter,
  undoSoldClosedBefore,
} from '#messages/lifecycle.ts';
/**
 * The life of an ad and its moderation (issue 19): states, their labels and the messages, shared
 * by the server (which enforces them) and the pages. Plain constants: browser-safe.
 */
export type AdStatus = 'active' | 'sold' | 'expired' | 'hidden' | 'held';

/** The reminder e-mail goes this many days before an ad expires; from then on it can be renewed. */
export const REMINDER_DAYS = 3;

/** What the seller sees in Manage ads for each state. */
export const STATUS_LABELS: Record<AdStatus, string> = {
  active: statusActive,
  sold: statusSold,
  expired: statusExpired,
  hidden: statusHidden,
  held: statusHeld,
};

export const MODERATION_REASON_MAX = 500;

/** For this many days after marking an ad sold its seller can put it back on offer ("Still available"). */
export const SOLD_UNDO_DAYS = 7;

/** Whether an ad in this state, sold at `soldAt`, can still be put back on offer. */
export function canUndoSold(status: AdStatus, soldAt: Date | string | null, now: Date | number = Date.now()): boolean {
  return status === 'sold' && soldAt !== null && new Date(soldAt).getTime() > Number(now) - SOLD_UNDO_DAYS * 86_400_000;
}

export const LIFECYCLE_MESSAGES = {
  renewed,
  sold: `${soldBefore}${SOLD_UNDO_DAYS}${soldAfter}`,
  stillAvailable,
  undoSoldClosed: `${undoSoldClosedBefore}${SOLD_UNDO_DAYS}${undoSoldClosedAfter}`,
  resubmitted,
  notRenewable,
  onlyActiveSold,
  onlySoldUndo,
  onlyHiddenResubmit,
  reasonRequired,
  reasonTooLong: `${reasonTooLongBefore}${MODERATION_REASON_MAX}${reasonTooLongAfter}`,
  banned,
} as const;

/** "This ad can be renewed in its last 3 days (it runs until …)". */
export const notYetRenewable = (until: string) => `${runsUntilBefore}${until}${runsUntilMiddle}${REMINDER_DAYS}${runsUntilAfter}`;

/** Whether an ad in this state, ending at `expiresAt`, can be renewed now. */
export function canRenew(status: AdStatus, expiresAt: Date | string, now: Date | number = Date.now()): boolean {
  if (status === 'expired') return true;
  if (status !== 'active') return false;
  return new Date(expiresAt).getTime() - new Date(now).getTime() <= REMINDER_DAYS * 86_400_000;
}

/** Dates in Nairobi time, so the server and the browser print the same. */
export const expiryDate = (at: Date | string) => nairobiDate(at);
