/**
 * The seller's own ads (app/routes/listings/manage-ads.tsx). English: the specification's
 * words. Imported as `#messages/manage.ts`, named imports only; a text around a value is split
 * at it ("Your Ads (" + 3 + ")").
 */
export const manageTitle = 'Manage my Ads | Soko';
/** "Error deleting ad: …". */
export const deleteFailedPrefix = 'Error deleting ad: ';
/** "Active until 6 Jan 2026", "Expired on 6 Jan 2026": after the state's label. */
export const until = 'until ';
export const on = 'on ';
/** "Reason: …" (the moderator's words). */
export const reasonPrefix = 'Reason: ';
export const editThenResubmit = 'Edit the ad, then resubmit it for review.';
export const heldExplained = 'Buyers cannot see it until a moderator has reviewed it.';
export const statViews = 'Views';
export const statPhone = 'Phone';
export const statMessages = 'Messages';
export const statSaves = 'Saves';
export const lastSevenDays = 'Last 7 days / total';
export const pagesOfYourAds = 'Pages of your ads';
export const previous = 'Previous';
export const next = 'Next';
/** "Page 2 of 5". */
export const pageBefore = 'Page ';
export const pageOf = ' of ';
/** "Your Ads (3)": before the count. */
export const yourAdsBefore = 'Your Ads (';
export const postAd = 'Post an ad';
export const noAds = 'No ads found';
export const noAdsYet = 'You have not posted any ads yet.';
export const createNewAd = 'Create New Ad';
/** "Showing 21–40 of 57". */
export const showingBefore = 'Showing ';
export const showingOf = ' of ';
export const yourAds = 'Your ads';
export const renew = 'Renew';
export const markAsSold = 'Mark as sold';
export const stillAvailable = 'Still available';
export const resubmit = 'Resubmit for review';
export const view = 'View';
export const edit = 'Edit';
export const del = 'Delete';
/** A button's label for a screen reader: "Renew: Toyota Axio" is the label, ": ", the ad's title. "View Toyota Axio". */
export const viewBefore = 'View ';
export const editBefore = 'Edit ';
export const deleteBefore = 'Delete ';
export const areYouSure = 'Are you absolutely sure?';
/** "This action cannot be undone. This will permanently delete your ad “Toyota Axio” and its photos.": around the title. */
export const deleteWarningBefore = 'This action cannot be undone. This will permanently delete your ad “';
export const deleteWarningAfter = '” and its photos.';
export const cancel = 'Cancel';
export const deleting = 'Deleting...';
export const continueLabel = 'Continue';
export const markSoldQuestion = 'Mark this ad as sold?';
/** "“Toyota Axio” leaves search …within 7 days to put it back as it was.": around the title and the days. */
export const soldWarningBefore = '“';
export const soldWarningMiddle = '” leaves search and buyers stop calling; its page stays with a Sold notice. Sold by mistake? Choose “Still available” within ';
export const soldWarningAfter = ' days to put it back as it was.';
