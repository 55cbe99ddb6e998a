/**
 * The moderators' pages' texts: the moderation page (app/routes/admin/admin.tsx): the queue of ads and reviews, and the moderation log. English: the specification's words. A count's noun is a
 * small function (`(p: { n: number }) => …`); a text around a value is cut into its parts. One
 * module per page, so each page's function messages stay in its own script.
 */

export const about = ' · about ';
export const accountBanned = (p: { n: number }) => `Account banned: signed out everywhere, ${p.n} ad${p.n === 1 ? '' : 's'} hidden.`;
export const adApproved = 'Ad approved: it is public again.';
export const adHidden = 'Ad hidden. Its seller sees your reason in Manage ads.';
export const adsToReview = 'Ads to review';
export const approve = 'Approve';
export const banReason = 'Reason for banning the seller';
export const banSeller = 'Ban seller';
export const banned = ' · banned';
/** "By Amina (amina@…) of seller <Juma>". */
export const byBefore = 'By ';
export const description = 'Reported and held ads, and the moderation log.';
export const held = ' · held';
export const hide = 'Hide';
export const hideReason = 'Reason for hiding (the seller sees it)';
export const logApprove = 'Approved ad';
export const logApproveReview = 'Approved review';
export const logAutoHold = 'Held ad (automatic)';
export const logBan = 'Banned account';
export const logHide = 'Hid ad';
export const logHideReview = 'Hid review';
export const logRestoreReview = 'Restored review';
export const logResubmit = 'Resubmitted ad';
export const moderationLog = 'Moderation log';
export const noActions = 'No actions yet.';
export const noReviews = 'No held or reported reviews.';
export const noteBefore = 'Note: ';
export const nothingToReview = 'Nothing to review.';
export const ofSeller = ') of seller ';
export const published = ' · published';
/** "Queue (3)": before the count. */
export const queueBefore = 'Queue (';
export const reject = 'Reject';
/** The reporter is the review's seller or its author. */
export const reportedBy = (p: { by: string }) => `Reported by the ${p.by}: `;
export const reportedConversations = 'Reported conversations';
export const reports = (p: { n: number }) => `${p.n} report${p.n === 1 ? '' : 's'}`;
export const restore = 'Restore';
export const reviewHidden = 'Review hidden: off the seller’s page and rating.';
/** The review's name in the buttons' labels: "Approve review by Amina of Juma". */
export const reviewLabel = (p: { author: string; seller: string }) => `review by ${p.author} of ${p.seller}`;
export const reviewPublished = 'Review published: it counts in the seller’s rating.';
export const reviewRestored = 'Review restored: it counts in the seller’s rating again.';
export const reviewsToCheck = 'Reviews to check';
/** "Reviews to check (2)": before the count. */
export const reviewsToCheckBefore = 'Reviews to check (';
/** "Active · seller Amina Otieno (@amina, …)". */
export const sellerBefore = ' · seller ';
/** "4 of 5 · Deal done · about <ad>". */
export const starsOf = ' of 5 · ';
export const title = 'Moderation';
export const unknownAction = 'Unknown action.';
export const colWhat = 'What';
export const colWhen = 'When';
export const colWho = 'Who';
export const colWhy = 'Why';
