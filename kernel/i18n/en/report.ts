/**
 * Reporting an ad (kernel/report-rules.ts, issue 19): the reasons' labels and the messages.
 * English: the specification's words. Imported as `#messages/report.ts`, named imports only.
 */
export const reasonScam = 'Scam or fraud';
export const reasonWrongCategory = 'Wrong category';
export const reasonUnavailable = 'Sold or unavailable';
export const reasonDuplicate = 'Duplicate ad';
export const reasonOffensive = 'Offensive or illegal';
export const reasonOther = 'Other';

export const reportThanks = 'Thank you for your report. Our team will review this ad.';
export const reportReason = 'Please choose why you are reporting this ad.';
/** "Please keep the details under 1000 characters.": around the limit. */
export const detailsTooLongBefore = 'Please keep the details under ';
export const detailsTooLongAfter = ' characters.';
export const reportOwnAd = 'You cannot report your own ad. You can edit or delete it in Manage ads.';
