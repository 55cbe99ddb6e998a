import { sql, type SQL } from 'drizzle-orm';
import type { ListingStatus } from '../db/schema/index.ts';

/*
 * Which ads the public sees (issue 19; migration 0820 explains the states). One definition,
 * used by every public path: search (bounded-search.ts), featured ads (a trigger keeps only
 * active ones in featured_listings), category counts, sellers' counts and pages, the sitemap,
 * saved ads and the ad page.
 */

const ACTIVE = `status = 'active'`;

/**
 * An ad in public lists: active. Literal SQL, never a bound parameter: the partial indexes of
 * migration 0820 (WHERE status = 'active') serve a plan only when the query says the same
 * words, and a prepared statement's generic plan cannot see a parameter's value.
 */
export const LISTED = sql.raw(ACTIVE);

/** LISTED, of the listing a statement calls `alias` (among other tables with a status). */
export const listedAs = (alias: string): SQL => sql.raw(`${alias}.${ACTIVE}`);

/** Ads whose page anyone may open: active ones, and sold ones (with a Sold notice and similar ads). */
export const PAGE_STATUSES: readonly ListingStatus[] = ['active', 'sold'];

export const isOnPublicPage = (status: ListingStatus) => PAGE_STATUSES.includes(status);
