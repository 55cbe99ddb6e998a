/**
 * The moderators' pages' texts: one reported conversation (app/routes/admin/conversation.tsx). English: the specification's words. A count's noun is a
 * small function (`(p: { n: number }) => …`); a text around a value is cut into its parts. One
 * module per page, so each page's function messages stay in its own script.
 */

export const actions = 'Actions';
export const allReportedConversations = 'All reported conversations';
export const auditBan = 'Banned a participant';
/** "Audit (latest 20)": before the count. */
export const auditBefore = 'Audit (latest ';
export const auditDismiss = 'Dismissed';
export const auditRelease = 'Released held messages';
export const auditView = 'Read';
export const ban = 'Ban';
export const banLabel = (p: { role: string; name: string }) => `Ban ${p.role} ${p.name}`;
/** A participant is the conversation's buyer or seller. */
export const banReasonFor = (p: { role: string; name: string }) => `Reason for banning the ${p.role}, ${p.name}`;
export const buyerBefore = ' · buyer ';
export const chooseSomeone = 'Choose someone in this conversation.';
export const conversationDescription = 'A reported conversation and its messages.';
export const conversationTitle = 'Reported conversation';
export const dismiss = 'Dismiss';
export const flaggedBefore = 'Flagged: ';
export const heldMessages = (p: { n: number }) => `${p.n} message${p.n === 1 ? '' : 's'} held for review (the sender sent several risky messages)`;
export const heldStay = '; held messages stay undelivered';
export const isBanned = (p: { role: string; name: string }) => `The ${p.role}, ${p.name}, is banned.`;
export const messageHeld = ' · held for review';
export const messageWithheld = ' · not delivered (blocked)';
export const messagesLabel = 'Messages';
export const nothingToAct = 'Nothing to act on: remove the reports';
export const personBanned = (p: { name: string; n: number }) => `${p.name} banned: signed out everywhere, ${p.n} ad${p.n === 1 ? '' : 's'} hidden.`;
export const release = 'Release held messages';
export const releaseText = 'Deliver the held messages to their reader now.';
export const released = (p: { n: number }) => `${p.n} held message${p.n === 1 ? '' : 's'} delivered.`;
export const reportBefore = 'Report: ';
/** "Active · seller Amina Otieno (@amina, …)". */
export const sellerBefore = ' · seller ';
export const theAd = 'The ad';
export const unknownAction = 'Unknown action.';
export const whyHere = 'Why it is here';
