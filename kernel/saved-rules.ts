/** Saved ads (issue 18): rules the pages and the server share. */
import { adRemoved, adSaved } from '#messages/saved.ts';

/** Saved ads per page of the Saved ads page and of GET /api/saved. */
export const SAVED_PAGE_SIZE = 24;

/** How many ads one account can keep saved: more than anyone compares, a ceiling for scripts. */
export const MAX_SAVED_ADS = 500;

/** What the Save buttons say once done (toast or page notice). */
export const SAVED_MESSAGES = {
  saved: adSaved,
  removed: adRemoved,
} as const;
