/**
 * Seller reviews: the review form, the seller page's reviews (app/components/reviews/) and
 * kernel/review-rules.ts messages. English: the specification's words. Imported as
 * `#messages/reviews.ts`, named imports only (docs/decisions/swahili-i18n.md).
 */

// kernel/review-rules.ts
export const outcomeDealDone = 'Deal done';
export const outcomeNoDeal = 'No deal';
export const reportFake = 'Fake or not a real deal';
export const reportAbusive = 'Abusive or offensive';
export const reportPrivate = 'Shares private details';
export const reportOther = 'Other';
export const ownAd = 'You cannot review your own ad.';
export const noConversation = 'You can review a seller only about an ad you discussed with them in messages. Write to the seller from the ad first.';
export const noAnswer = 'You can review this seller once they have answered your messages about this ad.';
/** "Reviews can be changed for 7 days after ...": before and after the number of days. */
export const editClosedBefore = 'Reviews can be changed for ';
export const editClosedAfter = ' days after they are written; this one can no longer be changed.';
export const removed = 'A moderator removed your review of this ad; it cannot be changed.';
export const chooseStars = 'Please choose from 1 to 5 stars.';
export const chooseOutcome = 'Please say whether the deal was done.';
/** "Please keep your review under 500 characters." */
export const tooLongBefore = 'Please keep your review under ';
export const charactersAfter = ' characters.';
export const published = 'Thank you: your review is on the seller\u2019s page.';
export const held = 'Thank you: your review will show on the seller\u2019s page once our team has checked it.';
export const updated = 'Your review is updated.';
export const notFound = 'Review not found.';
export const replyEmpty = 'Please write your reply.';
export const replyTooLongBefore = 'Please keep your reply under ';
export const replyOnce = 'You have already replied to this review.';
export const replyNotYours = 'Only the seller can reply to a review.';
export const replied = 'Your reply is on your page.';
export const reportReason = 'Please choose why you are reporting this review.';
export const reportTooLongBefore = 'Please keep the details under ';
export const reportNotParty = 'Only the seller and the author of a review can report it.';
export const reported = 'Thank you. Our team will look at this review.';

// The review form
export const reviewTitle = 'Review the seller | Soko';
export const reviewHeading = 'Review the seller';
/** "[Seller], about [ad]": between the two links. */
export const aboutBetween = ', about';
export const seeReviews = 'See the seller\u2019s reviews';
export const heldNote = 'Your review waits for our team\u2019s check before it shows.';
export const dealQuestion = 'Did you make a deal?';
export const yourReview = 'Your review (optional)';
/** "Up to 500 characters. The seller's page shows ...": before and after the number. */
export const upToBefore = 'Up to ';
export const upToAfter = ' characters. The seller\u2019s page shows it with your first name and initial.';
/** "You can change your review until 6 Jan 2026.": before and after the date. */
export const changeUntilBefore = 'You can change your review until ';
export const changeUntilAfter = '.';
/** "You can change your review for 7 days after you publish it.": before and after the number. */
export const changeForBefore = 'You can change your review for ';
export const changeForAfter = ' days after you publish it.';
export const saveChanges = 'Save changes';
export const publishReview = 'Publish review';
export const stars = 'Stars';
/** A star of the stars input, for screen readers: "1 star", "3 stars" (before and after the number). */
export const oneStar = '1 star';
export const starsBefore = '';
export const starsAfter = ' stars';

// The seller page's reviews
/** "Reviews of Amina W.": before the name. */
export const reviewsOfBefore = 'Reviews of ';
/** "Amina W., about “Toyota Axio”, 6 Jan 2026": the parts around the ad's title. */
export const byAboutBefore = ', about \u201c';
export const byAboutAfter = '\u201d, ';
export const edited = ' (edited)';
export const replyFromBefore = 'Reply from ';
export const reviewsPages = 'Reviews pages';
export const newerReviews = 'Newer reviews';
/** "Page 2 of 5" */
export const pageBefore = 'Page ';
export const pageOf = ' of ';
export const olderReviews = 'Older reviews';
/** A review's stars for screen readers, "4 of 5 stars": before and after the number. */
export const ofFiveBefore = '';
export const ofFiveAfter = ' of 5 stars';
export const yourReply = 'Your public reply (one only)';
export const publishReply = 'Publish reply';
export const reportReview = 'Report this review';
export const why = 'Why?';
export const chooseReason = 'Choose a reason';
export const detailsOptional = 'Details (optional)';
export const sendReport = 'Send report';
