/**
 * The e-mails Soko sends (issue 45, plan step 7), in the recipient's language (users.locale):
 * the layout (server/mail/template.ts), the account e-mails (server/auth/emails.ts), unread
 * messages (server/messages/notifications.ts), alerts (server/alerts/emails.ts) and the expiry
 * reminder (server/listings/lifecycle.ts). English: the texts as they were, to the byte. Ads'
 * own words (titles, names) are never translated. Read by the server through server/i18n.ts.
 */

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** `<html lang>` of an e-mail. */
export const htmlLang = 'en';
export const slogan = 'Soko — Powering Ads, Elevating Brands';
export const buttonFallback = 'If the button does not work, copy this link into your browser:';
export const hello = (p: { name: string }) => `Hello ${p.name},`;
/** "6 Jan 2026" (month 0–11, in Nairobi). */
export const date = (p: { day: number; month: number; year: number }) => `${p.day} ${SHORT_MONTHS[p.month]} ${p.year}`;

export const resetSubject = 'Reset your Soko password';
export const resetAsked = 'Someone (hopefully you) asked to reset the password of your Soko account.';
/** Followed by ":" and the link in the text, by "." in HTML. */
export const resetOpen = 'Open this link within one hour to choose a new password';
export const resetOnce = 'The link works once. If you did not ask for it, ignore this e-mail: your password stays the same.';
export const resetButton = 'Reset Password';

export const changedSubject = 'Your Soko password was changed';
export const changedBody = 'The password of your Soko account was just changed, and every device was signed out.';
/** Followed by ": <link>" in the text, by "." in HTML. */
export const changedNotYou = 'If this was not you, reset your password now';
export const changedButton = 'Reset my password';

export const messageSubject = (p: { from: string; title: string }) => `New message from ${p.from} about ${p.title}`;
export const messageIntro = (p: { n: number; from: string; title: string }) =>
  `You have ${p.n === 1 ? 'an unread message' : `${p.n} unread messages`} from ${p.from} about your conversation on "${p.title}".`;
export const messageWhy = 'You get this e-mail because a message waited unread for 10 minutes. At most one an hour per conversation.';
export const readAndReply = 'Read and reply';
export const staySafe = 'Stay safe: never pay before seeing the item. Soko never asks for your M-Pesa PIN.';
export const stopEmails = 'Stop these e-mails (one click, no sign-in)';
export const orChangeInMyDetails = 'Or change it in My details';
export const stopMessageEmails = 'Stop e-mails about messages';
/** "…, or change it in <a>My details</a>." */
export const orChangeItIn = ', or change it in ';
export const myDetails = 'My details';

export const alertDailySubject = (p: { n: number; label: string }) => `Daily digest: ${p.n} new ad${p.n === 1 ? '' : 's'} for ${p.label}`;
export const alertOneSubject = (p: { label: string; title: string }) => `New ad for ${p.label}: ${p.title}`;
export const alertSubject = (p: { n: number; label: string }) => `${p.n} new ad${p.n === 1 ? '' : 's'} for ${p.label}`;
export const alertDailyIntro = (p: { n: number; label: string }) => `Since yesterday's digest, ${p.n} new ad${p.n === 1 ? '' : 's'} match your saved search ${p.label}.`;
export const alertIntro = (p: { n: number; label: string }) => `${p.n === 1 ? 'A new ad matches' : `${p.n} new ads match`} your saved search ${p.label}.`;
export const alertWhyDaily = 'You get this e-mail because you saved this search on Soko with a daily digest.';
export const alertWhyInstant = 'You get this e-mail because you saved this search on Soko with instant alerts.';
export const andMore = (p: { n: number }) => `and ${p.n} more`;
export const seeThemAll = 'See them all';
export const changeOrDelete = 'Change how often, or delete the search';
export const unsubscribeAlert = 'Unsubscribe from this alert';

export const expirySubject = (p: { title: string; date: string }) => `Your ad “${p.title}” expires on ${p.date}`;
export const expiryBody = (p: { title: string; date: string }) => `Your ad “${p.title}” on Soko expires on ${p.date}. After that buyers will no longer find it.`;
/** Followed by ":" and the link in the text, by "." in HTML. */
export const expiryRenew = 'Still selling? Renew it in Manage ads';
export const expirySold = 'Already sold? Mark it as sold there, so buyers stop calling.';
export const expiryButton = 'Renew my ad';
