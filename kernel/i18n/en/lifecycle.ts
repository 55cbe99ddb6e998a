/**
 * The life of an ad (kernel/lifecycle-rules.ts, issue 19): state labels, expiry and sold
 * messages. English: the specification's words. Imported as `#messages/lifecycle.ts`, named
 * imports only; a text around a number is split at it (`soldBefore` + 7 + `soldAfter`).
 */
export const statusActive = 'Active';
export const statusSold = 'Sold';
export const statusExpired = 'Expired';
export const statusHidden = 'Hidden by a moderator';
export const statusHeld = 'Under review';

export const renewed = 'Your ad has been renewed.';
/** "Your ad is marked as sold. Sold by mistake? Choose “Still available” within 7 days.": around the days. */
export const soldBefore = 'Your ad is marked as sold. Sold by mistake? Choose “Still available” within ';
export const soldAfter = ' days.';
export const stillAvailable = 'Your ad is on offer again, as it was before.';
export const undoSoldClosedBefore = 'An ad can be put back on offer only within ';
export const undoSoldClosedAfter = ' days of marking it sold.';
export const resubmitted = 'Thank you. Your ad is back with our moderators, who will review it soon.';
export const notRenewable = 'Only an active or expired ad can be renewed.';
export const onlyActiveSold = 'Only an active ad can be marked as sold.';
export const onlySoldUndo = 'Only an ad marked as sold can be put back on offer.';
export const onlyHiddenResubmit = 'Only an ad hidden by a moderator can be resubmitted.';
export const reasonRequired = 'Please give a reason: the seller will see it.';
export const reasonTooLongBefore = 'Please keep the reason under ';
export const reasonTooLongAfter = ' characters.';
export const banned = 'This account has been suspended. Contact support if you think this is a mistake.';
/** "This ad runs until 6 Jan 2026. You can renew it in its last 3 days.": around the date and the days. */
export const runsUntilBefore = 'This ad runs until ';
export const runsUntilMiddle = '. You can renew it in its last ';
export const runsUntilAfter = ' days.';
