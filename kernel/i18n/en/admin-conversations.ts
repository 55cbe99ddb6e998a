/**
 * The moderators' pages' texts: the list of reported conversations (app/routes/admin/conversations.tsx). English: the specification's words. A count's noun is a
 * small function (`(p: { n: number }) => …`); a text around a value is cut into its parts. One
 * module per page, so each page's function messages stay in its own script.
 */

export const adsToReview = 'Ads to review';
export const caseHeld = (p: { n: number }) => ` · ${p.n} message${p.n === 1 ? '' : 's'} held for review`;
export const caseReports = (p: { n: number; reasons: string }) => `${p.n} report${p.n === 1 ? '' : 's'}: ${p.reasons}`;
/** "Reported conversations (3)": before the count. */
export const conversationsBefore = 'Reported conversations (';
export const conversationsDescription = 'Reported conversations and messages held for review.';
export const conversationsToReview = 'Conversations to review';
export const dismissedText = 'Dismissed: the conversation left the queue.';
export const latest = 'Latest: ';
export const noReports = 'No reports';
export const nothingToReview = 'Nothing to review.';
export const reportedConversations = 'Reported conversations';
