import type { ListingPage } from './search-query.ts';

/**
 * Recent pages of search results, by filter set, page and format (the API's listings or a
 * page's cards), each exactly as the search answered it (the JSON, the count).
 *
 * A cached page is used only while it is still true:
 * - the database counts every change to listings except view counts (the listing_changes
 *   sequence, migration 0203); every hit reads that count, and a different count throws the
 *   entry away and the search runs again;
 * - an entry ends when the first featured ad in its results stops being featured (that
 *   reorders them without any write), and after `ttlMs` in any case.
 * What may lag by up to `ttlMs`: view counts and sellers' names in results (cards show neither).
 *
 * Why: at a million listings a search costs a few milliseconds of database time for the
 * matches and again for writing 24 listings as JSON, and visitors repeat the same searches
 * (the home page's categories, popular words). DESIGN.md section 7 budgets 16 concurrent
 * searches on two cores.
 */
export type CachedPage = {
  page: ListingPage<unknown>;
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
  private readonly entries = new Map<string, CachedPage>();

  constructor(options: SearchCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 1000;
  }

  get(key: string, now: number): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= now) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry;
  }

  set(key: string, entry: CachedPage): void {
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
