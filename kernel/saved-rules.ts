/** Saved ads (issue 18): rules the pages and the server share. */

/** Saved ads per page of the Saved ads page and of GET /api/saved. */
export const SAVED_PAGE_SIZE = 24;

/** How many ads one account can keep saved: more than anyone compares, a ceiling for scripts. */
export const MAX_SAVED_ADS = 500;

/** What the Save buttons say once done (toast or page notice). */
export const SAVED_MESSAGES = {
  saved: 'Ad saved. Find it in Saved ads.',
  removed: 'Removed from Saved ads.',
} as const;
