import type { Db } from '../server/db/client';
import { unreadCount } from '../server/messages/conversations';
import { countSavedAds } from '../server/saved/saved-ads';
import { countSavedSearches } from '../server/saved/saved-searches';

/** The header's "Saved ads (n)" for a signed-in user; null when the count fails (the page must not). */
export function savedCountFor(db: Db, userId: string): Promise<number | null> {
  return countSavedAds(db, userId).catch(() => null);
}

/** The header's "Saved searches (n)"; null when the count fails. */
export function savedSearchCountFor(db: Db, userId: string): Promise<number | null> {
  return countSavedSearches(db, userId).catch(() => null);
}

/**
 * The header's unread messages; null when the count fails. On a thread's page that thread is left
 * out: its own loader marks it read while this one counts.
 */
export function unreadMessagesFor(db: Db, userId: string, url: URL): Promise<number | null> {
  const open = /^\/messages\/([0-9a-f-]{36})$/i.exec(url.pathname)?.[1];
  return unreadCount(db, userId, open).catch(() => null);
}
