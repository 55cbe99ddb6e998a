import type { Db } from '../db/client.ts';
import type { ListingFilters } from './search-query.ts';
import { searchCards, type SearchOptions } from './search.ts';

/*
 * When a search finds nothing (issue 42, point 8): the nearest broader search that finds
 * something, with its count. First the place is dropped (location, county, town), then the
 * category too (with its subcategory and fields); the words stay.
 */

export type Broader = { drop: 'place' | 'category'; total: number; capped: boolean };

const hasPlace = (f: ListingFilters) => Boolean(f.location || f.county || f.town);
const hasCategory = (f: ListingFilters) => Boolean(f.category || f.subcategory);

/** The first broader search with results, or null (nothing to drop, or nothing found either way). */
export async function broaderSearch(db: Db, filters: ListingFilters, options: SearchOptions = {}): Promise<Broader | null> {
  const base: ListingFilters = { ...filters, page: 1 };
  const noPlace: ListingFilters = { ...base, location: undefined, county: null, town: null };
  const steps: [Broader['drop'], ListingFilters][] = [];
  if (hasPlace(filters)) steps.push(['place', noPlace]);
  if (hasCategory(filters)) steps.push(['category', { ...noPlace, category: null, subcategory: null, attributes: undefined }]);
  for (const [drop, wider] of steps) {
    const page = await searchCards(db, wider, options);
    if (page.total > 0) return { drop, total: page.total, capped: page.totalIsCapped };
  }
  return null;
}
