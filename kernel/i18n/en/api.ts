/** The API's own answers that are not errors (success messages), in the language Accept-Language asks for (server/i18n.ts). */

export const loggedIn = 'Login successful.';
export const loggedOut = 'Logged out successfully.';
export const accountDeleted = 'Account deleted successfully.';
export const resetLinkValid = 'The reset link is valid.';
export const adDeleted = 'Ad deleted successfully!';
export const adApproved = 'Ad approved.';
export const adHidden = 'Ad hidden.';
export const accountBanned = 'Account banned.';
export const reviewPublished = 'Review published.';
export const reviewHidden = 'Review hidden.';
export const reviewRestored = 'Review restored.';
export const draftDiscarded = 'Draft discarded.';
export const photoRemoved = 'Photo removed.';
export const savedSearchDeleted = 'Saved search deleted.';
