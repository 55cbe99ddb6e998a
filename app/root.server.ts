import type { Db } from '../server/db/client';
import { countSavedAds } from '../server/saved/saved-ads';

/** The header's "Saved ads (n)" for a signed-in user; null when the count fails (the page must not). */
export function savedCountFor(db: Db, userId: string): Promise<number | null> {
  return countSavedAds(db, userId).catch(() => null);
}
