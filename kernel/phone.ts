import { whatsAppGreeting } from '#messages/ad.ts';
/**
 * Kenyan phone numbers, browser-safe (used by forms, the server and WhatsApp links).
 * We store one form, E.164 (+2547XXXXXXXX or +2541XXXXXXXX), so a number typed as 0712 345 678,
 * 254712345678 or +254 712-345-678 is the same number everywhere.
 */

export const PHONE_ERROR = 'Please enter a valid Kenyan phone number, such as 0712 345 678 or +254712345678.';

// Spaces, dashes, dots and brackets are how people group digits; they carry no meaning.
const SEPARATORS = /[\s\-().]/g;
// Mobile numbers start with 7 (Safaricom, Airtel...) or 1 (the newer 01xx ranges) after the country code.
const KENYAN = /^(?:\+254|00254|254|0)?([17]\d{8})$/;

/** The E.164 form of a Kenyan mobile number, or null when it is not one. */
export function normalisePhone(input: string): string | null {
  const compact = input.trim().replace(SEPARATORS, '');
  const match = KENYAN.exec(compact);
  return match ? `+254${match[1]}` : null;
}

/** The digits WhatsApp's click-to-chat links expect (country code, no plus), or null. */
export function whatsAppNumber(input: string | null | undefined): string | null {
  const e164 = input ? normalisePhone(input) : null;
  return e164 ? e164.slice(1) : null;
}

/** A https://wa.me link that opens a chat with the number and a prefilled message, or null. */
export function whatsAppUrl(phone: string | null | undefined, message: string): string | null {
  const digits = whatsAppNumber(phone);
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(message)}` : null;
}

/** The greeting plus listing title the chat opens with (spec section 1). */
export function chatMessage(title: string): string {
  return whatsAppGreeting({ title });
}

/** For display: +254 712 345 678. Anything that is not a Kenyan number is shown as given. */
export function formatPhone(input: string): string {
  const e164 = normalisePhone(input);
  if (!e164) return input;
  return `+254 ${e164.slice(4, 7)} ${e164.slice(7, 10)} ${e164.slice(10)}`;
}
