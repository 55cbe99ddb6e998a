/**
 * The moderators' pages (app/routes/admin/): the ad and review queue, the moderation log and the
 * reported conversations. English: the specification's words. A count's noun is a small function
 * (`(p: { n: number }) => …`); a text around a value is cut into its parts.
 */

export const title = 'Moderation';
export const description = 'Reported and held ads, and the moderation log.';
export const adApproved = 'Ad approved: it is public again.';
export const adHidden = 'Ad hidden. Its seller sees your reason in Manage ads.';
export const reviewPublished = 'Review published: it counts in the seller’s rating.';
export const reviewHidden = 'Review hidden: off the seller’s page and rating.';
export const reviewRestored = 'Review restored: it counts in the seller’s rating again.';
export const accountBanned = (p: { n: number }) => `Account banned: signed out everywhere, ${p.n} ad${p.n === 1 ? '' : 's'} hidden.`;
export const unknownAction = 'Unknown action.';

export const logApprove = 'Approved ad';
export const logHide = 'Hid ad';
export const logBan = 'Banned account';
export const logAutoHold = 'Held ad (automatic)';
export const logResubmit = 'Resubmitted ad';
export const logApproveReview = 'Approved review';
export const logHideReview = 'Hid review';
export const logRestoreReview = 'Restored review';

export const reportedConversations = 'Reported conversations';
/** "Queue (3)": before the count. */
export const queueBefore = 'Queue (';
export const nothingToReview = 'Nothing to review.';
export const adsToReview = 'Ads to review';
export const reviewsToCheck = 'Reviews to check';
/** "Reviews to check (2)": before the count. */
export const reviewsToCheckBefore = 'Reviews to check (';
export const noReviews = 'No held or reported reviews.';
export const moderationLog = 'Moderation log';
export const noActions = 'No actions yet.';
export const colWhen = 'When';
export const colWho = 'Who';
export const colWhat = 'What';
export const colWhy = 'Why';
export const restore = 'Restore';

/** "Active · seller Amina Otieno (@amina, …)". */
export const sellerBefore = ' · seller ';
export const banned = ' · banned';
export const noteBefore = 'Note: ';
export const reports = (p: { n: number }) => `${p.n} report${p.n === 1 ? '' : 's'}`;
export const approve = 'Approve';
export const hideReason = 'Reason for hiding (the seller sees it)';
export const hide = 'Hide';
export const banReason = 'Reason for banning the seller';
export const banSeller = 'Ban seller';

/** The review's name in the buttons' labels: "Approve review by Amina of Juma". */
export const reviewLabel = (p: { author: string; seller: string }) => `review by ${p.author} of ${p.seller}`;
/** "4 of 5 · Deal done · about <ad>". */
export const starsOf = ' of 5 · ';
export const about = ' · about ';
/** "By Amina (amina@…) of seller <Juma>". */
export const byBefore = 'By ';
export const ofSeller = ') of seller ';
export const held = ' · held';
export const published = ' · published';
/** The reporter is the review's seller or its author. */
export const reportedBy = (p: { by: string }) => `Reported by the ${p.by}: `;
export const reject = 'Reject';

export const conversationsDescription = 'Reported conversations and messages held for review.';
/** "Reported conversations (3)": before the count. */
export const conversationsBefore = 'Reported conversations (';
export const dismissedText = 'Dismissed: the conversation left the queue.';
export const conversationsToReview = 'Conversations to review';
export const caseReports = (p: { n: number; reasons: string }) => `${p.n} report${p.n === 1 ? '' : 's'}: ${p.reasons}`;
export const noReports = 'No reports';
export const caseHeld = (p: { n: number }) => ` · ${p.n} message${p.n === 1 ? '' : 's'} held for review`;
export const latest = 'Latest: ';

export const conversationTitle = 'Reported conversation';
export const conversationDescription = 'A reported conversation and its messages.';
export const released = (p: { n: number }) => `${p.n} held message${p.n === 1 ? '' : 's'} delivered.`;
export const chooseSomeone = 'Choose someone in this conversation.';
export const personBanned = (p: { name: string; n: number }) => `${p.name} banned: signed out everywhere, ${p.n} ad${p.n === 1 ? '' : 's'} hidden.`;
export const auditView = 'Read';
export const auditDismiss = 'Dismissed';
export const auditRelease = 'Released held messages';
export const auditBan = 'Banned a participant';
export const allReportedConversations = 'All reported conversations';
export const theAd = 'The ad';
export const buyerBefore = ' · buyer ';
export const whyHere = 'Why it is here';
export const reportBefore = 'Report: ';
export const heldMessages = (p: { n: number }) => `${p.n} message${p.n === 1 ? '' : 's'} held for review (the sender sent several risky messages)`;
export const messagesLabel = 'Messages';
export const messageHeld = ' · held for review';
export const messageWithheld = ' · not delivered (blocked)';
export const flaggedBefore = 'Flagged: ';
export const actions = 'Actions';
export const releaseText = 'Deliver the held messages to their reader now.';
export const release = 'Release held messages';
export const nothingToAct = 'Nothing to act on: remove the reports';
export const heldStay = '; held messages stay undelivered';
export const dismiss = 'Dismiss';
/** A participant is the conversation's buyer or seller. */
export const banReasonFor = (p: { role: string; name: string }) => `Reason for banning the ${p.role}, ${p.name}`;
export const ban = 'Ban';
export const banLabel = (p: { role: string; name: string }) => `Ban ${p.role} ${p.name}`;
export const isBanned = (p: { role: string; name: string }) => `The ${p.role}, ${p.name}, is banned.`;
/** "Audit (latest 20)": before the count. */
export const auditBefore = 'Audit (latest ';
