import { scamPhrases } from '../moderation/scam-phrases.ts';

/*
 * Why a message looks risky (issue 43, safety), or null. A risky message is still delivered, with
 * a plain warning beside it (kernel/message-rules.ts MESSAGE_WARNINGS): a buyer asking "can I pay
 * a deposit?" is not a scammer, and dropping it would hide the warning from the person who needs it.
 * The patterns are those of the scams Kenyan buyers and sellers meet in chats, plus the ad risk
 * checks' scam phrases (server/moderation/scam-phrases.ts).
 */

export type MessageRisk = 'deposit' | 'mpesa_number' | 'link' | 'other_app' | 'scam_phrase';

const DEPOSIT = /\b(deposit|advance (fee|payment)|upfront|up-front|booking fee|commitment fee|reservation fee|token of commitment|transport fee first)\b/;
// A Kenyan mobile number (07.., 01.., +254..) near a request to send money, or any till/paybill number.
const PHONE = /(\+?254|\b0)[17]\d{2}[\s-]?\d{3}[\s-]?\d{3}\b/;
const SEND_MONEY = /\b(send|sent|pay|transfer|tuma|lipa)\b|\bm-?pesa\b/;
const TILL = /\b(till|paybill|pay bill)\s*(no\.?|number|#)?\s*:?\s*\d{5,7}\b/;
const LINK = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(com|net|org|info|xyz|top|ly|io|me|co\.ke|ke)\b(\/|\s|$)/;
const OTHER_APP = /\b(whats ?app|watsapp|telegram|signal app|wa\.me|t\.me)\b/;

/** How many of their own messages a sender has written in this conversation before the moving-app check stops: "at once" is the early part. */
export const EARLY_MESSAGES = 3;

export function assessMessage(body: string, senderEarlierMessages: number): MessageRisk | null {
  const text = body.toLowerCase().replace(/\s+/g, ' ');
  if (DEPOSIT.test(text)) return 'deposit';
  if (TILL.test(text) || (PHONE.test(text) && SEND_MONEY.test(text))) return 'mpesa_number';
  if (LINK.test(text)) return 'link';
  if (senderEarlierMessages < EARLY_MESSAGES && OTHER_APP.test(text)) return 'other_app';
  if (scamPhrases(text).length > 0) return 'scam_phrase';
  return null;
}
