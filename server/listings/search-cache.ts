/**
 * Recent search results, by filter set: which listings matched and in what order (their ids),
 * never the listings themselves. A hit still loads each listing on the page from the
 * database, so titles, prices, photos and views are always current; only the list of
 * matches is reused.
 *
 * A cached list is used only while it is still true:
 * - the database counts every change that can alter matches or order (the listing_changes
 *   sequence, migration 0203) and every page load reads that count in the same statement as
 *   the listings; a different count throws the entry away and the search runs again;
 * - an entry ends when the first featured ad in it stops being featured (that reorders the
 *   results without any write), and after `ttlMs` in any case.
 *
 * Why: at a million listings a search for a common word costs a few milliseconds of
 * database time, and visitors repeat the same searches and page through them (DESIGN.md
 * section 7 budgets 16 concurrent searches).
 */
export type CachedSearch = {
  /** Matching ids in display order: the first `window` of them, or all if fewer. */
  ids: string[];
  /** How many matches the search saw (at most two windows: featured and the rest). */
  matched: number;
  /** How far the search looked; `matched < window` means `ids` holds every match. */
  window: number;
  /** listing_changes when the search ran. */
  generation: string;
  /** Epoch ms after which the entry is not used. */
  expiresAt: number;
};

export type SearchCacheOptions = { maxEntries?: number; ttlMs?: number };

/** The cache for a configured lifetime in seconds; 0 means none. */
export function createSearchCache(seconds: number): SearchCache | undefined {
  return seconds > 0 ? new SearchCache({ ttlMs: seconds * 1000 }) : undefined;
}

export class SearchCache {
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly entries = new Map<string, CachedSearch>();

  constructor(options: SearchCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 500;
  }

  get(key: string, now: number): CachedSearch | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= now) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry;
  }

  set(key: string, entry: CachedSearch): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
