/** Messages between buyers and sellers (issue 43): rules and texts the pages and the server share. */
import { MAX_MESSAGE_LENGTH, QUICK_REPLIES } from './message-form.ts';

export { MAX_MESSAGE_LENGTH, QUICK_REPLIES };

/** Shown at the top of every new thread. */
export const FIRST_CONTACT_TIP = 'Stay safe: meet in a public place, never pay before seeing the item. Soko never asks for M-Pesa PINs.';

export const CONVERSATION_REPORT_REASONS = [
  { value: 'scam', label: 'Scam or fraud' },
  { value: 'harassment', label: 'Harassment or abuse' },
  { value: 'spam', label: 'Spam' },
  { value: 'other', label: 'Something else' },
] as const;
export type ConversationReportReasonValue = (typeof CONVERSATION_REPORT_REASONS)[number]['value'];

/** The sender's name of a message whose account was deleted. */
export const DELETED_USER = 'Deleted user';

export const MESSAGE_TEXTS = {
  empty: 'Write a message first.',
  tooLong: `A message can be at most ${MAX_MESSAGE_LENGTH} characters.`,
  ownAd: 'This is your own ad: you cannot message yourself.',
  adUnavailable: 'This ad is no longer available, so a new conversation cannot start.',
  notFound: 'Conversation not found.',
  sent: 'Message sent.',
  blocked: 'User blocked. They can no longer write to you.',
  unblocked: 'User unblocked.',
  reported: 'Thank you. Our moderators will look at this conversation.',
  deleted: 'Conversation deleted from your inbox.',
  otherLeft: 'The other person has deleted their account.',
} as const;

/** The plain warnings shown beside a risky message, by the reason the server recorded. */
export const MESSAGE_WARNINGS: Record<string, string> = {
  deposit: 'Careful: this message asks for a deposit or a fee in advance. Never pay before seeing the item.',
  mpesa_number: 'Careful: this message asks you to send money to a number. Never pay before seeing the item, and never share your M-Pesa PIN.',
  link: 'Careful: this message contains a link. Do not log in or pay through links sent in messages.',
  other_app: 'Careful: scammers often move the chat to WhatsApp or Telegram at once. Keep talking here until you have met.',
  scam_phrase: 'Careful: this message reads like a common scam. Never pay before seeing the item.',
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
