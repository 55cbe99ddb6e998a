/** The text messages Soko sends, in the recipient's language (server/users/phone-verification.ts, through server/i18n.ts). */

/** The phone code: short (one 160-character part), and it says never to share the code. */
export const phoneCode = (p: { code: string; minutes: number }) => `Your Soko code is ${p.code}. It expires in ${p.minutes} minutes. Never share it with anyone, not even a buyer or seller.`;
