import { createHash } from 'node:crypto';
import type { SavedFilters } from '#kernel/saved-search-rules.ts';
import { filtersKey } from './saved-searches.ts';

/*
 * A search saved before signing in (issue 18), as pending-save.ts does for ads: the Save this
 * search form of a visitor posts to /saved-searches, which remembers the search in this cookie
 * (a digest of its filters) and sends them to login with redirectTo=/saved-searches?<filters>;
 * that GET saves only when the cookie names the same filters. Only our own POST (same-origin
 * guarded) sets the cookie, so a link from another site cannot save a search for anyone.
 */

export const PENDING_SEARCH_COOKIE = 'soko_pending_search';
const MAX_AGE_S = 60 * 60;

export const pendingSearchDigest = (filters: SavedFilters) => createHash('sha256').update(filtersKey(filters)).digest('base64url').slice(0, 32);

export function pendingSearchCookie(filters: SavedFilters, secure: boolean): string {
  return `${PENDING_SEARCH_COOKIE}=${pendingSearchDigest(filters)}; Path=/saved-searches; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearPendingSearchCookie(secure: boolean): string {
  return `${PENDING_SEARCH_COOKIE}=; Path=/saved-searches; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Whether the cookie names these filters. */
export function isPendingSearch(request: Request, filters: SavedFilters): boolean {
  const want = pendingSearchDigest(filters);
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === PENDING_SEARCH_COOKIE && value === want) return true;
  }
  return false;
}
