/** Messages between buyers and sellers (issue 43): rules and texts the pages and the server share. */
import { MAX_MESSAGE_LENGTH, QUICK_REPLIES } from './message-form.ts';
import {
  adUnavailable,
  conversationDeleted,
  conversationNotFound,
  conversationReported,
  deletedUser,
  emptyMessage,
  firstContactTip,
  messageSent,
  otherLeft,
  ownAd,
  reasonHarassment,
  reasonOther,
  reasonScam,
  reasonSpam,
  tooLongAfter,
  tooLongBefore,
  userBlocked,
  userUnblocked,
  warnDeposit,
  warnLink,
  warnMpesaNumber,
  warnOtherApp,
  warnScamPhrase,
} from '#messages/conversations.ts';

export { MAX_MESSAGE_LENGTH, QUICK_REPLIES };

/** Shown at the top of every new thread. */
export const FIRST_CONTACT_TIP = firstContactTip;

export const CONVERSATION_REPORT_REASONS = [
  { value: 'scam', label: reasonScam },
  { value: 'harassment', label: reasonHarassment },
  { value: 'spam', label: reasonSpam },
  { value: 'other', label: reasonOther },
] as const;
export type ConversationReportReasonValue = (typeof CONVERSATION_REPORT_REASONS)[number]['value'];

/** The sender's name of a message whose account was deleted. */
export const DELETED_USER = deletedUser;

/** The texts are the language's catalog (kernel/i18n/<language>/conversations.ts): English in the server process. */
export const MESSAGE_TEXTS = {
  empty: emptyMessage,
  tooLong: `${tooLongBefore}${MAX_MESSAGE_LENGTH}${tooLongAfter}`,
  ownAd,
  adUnavailable,
  notFound: conversationNotFound,
  sent: messageSent,
  blocked: userBlocked,
  unblocked: userUnblocked,
  reported: conversationReported,
  deleted: conversationDeleted,
  otherLeft,
} as const;

/** The plain warnings shown beside a risky message, by the reason the server recorded. */
export const MESSAGE_WARNINGS: Record<string, string> = {
  deposit: warnDeposit,
  mpesa_number: warnMpesaNumber,
  link: warnLink,
  other_app: warnOtherApp,
  scam_phrase: warnScamPhrase,
};

export const messageWarning = (reason: string | null): string | null => (reason ? (MESSAGE_WARNINGS[reason] ?? MESSAGE_WARNINGS.scam_phrase) : null);

/** What an ad's conversation says about it: its state, or 'deleted' when it has gone. */
export type AdState = 'active' | 'sold' | 'expired' | 'unavailable' | 'deleted';

export type ConversationAd = {
  id: string;
  title: string;
  state: AdState;
  price: number | null;
  currency: string | null;
  photo: { key: string; width: number; height: number } | null;
};
