import type { Db } from '../db/client.ts';
import { verifyHits } from './database/database-engine.ts';
import { inGroup, type Hit } from './search-engine.ts';
import type { ListingFilters } from './search-query.ts';

/*
 * The matches among an engine's candidates (EngineAnswer.unchecked: the memory index's words
 * with punctuation inside, "k-gas", "trade-in"), tested by the database a statement of at most
 * CHECK_CHUNK at a time, in display order, only until the page's window is known. A common word's
 * part ("gas", "trade") has tens of thousands of candidates, and testing them all in one
 * statement took the database hundreds of milliseconds; the window is usually known after the
 * first statement.
 */

/** Candidates the database tests in one statement. */
export const CHECK_CHUNK = 2_000;

export type Candidates = {
  /** Every ad that may match, in display order (Best match with `titles`: date order, group 0 where the title may have every word, else 1). */
  hits: Hit[];
  /** More candidates follow those held: an answer that needs past them is not known here. */
  cut: boolean;
  /** Best match: the database says which of group 0 have every word in the title; those come first. */
  titles: boolean;
};

/** The first `window` matches in display order, or null when the candidates held cannot tell them (the database then answers the search). */
export async function checkedHits(db: Db, filters: ListingFilters, candidates: Candidates, window: number, chunk = CHECK_CHUNK): Promise<Hit[] | null> {
  const { hits, cut, titles } = candidates;
  if (!titles) {
    const found = await matchesAmong(db, filters, hits, window, chunk);
    return found.length < window && cut ? null : found.slice(0, window);
  }
  // Best match: the titled matches (all among group 0), newest first, then the rest newest
  // first. The titled ones are known once group 0 is tested; the rest, once enough of group 1 is.
  const place = new Map(hits.map((h, i) => [h.id, i]));
  const titled: Hit[] = [];
  const untitled: Hit[] = [];
  const maybe = hits.filter((h) => h.group === 0);
  for (let at = 0; at < maybe.length; at += chunk) {
    for (const hit of await verifyHits(db, filters, maybe.slice(at, at + chunk), true)) (hit.group === 0 ? titled : untitled).push(hit);
    if (titled.length >= window) return titled.slice(0, window);
  }
  // Group 0 may go on past the candidates held: a titled match could be among them.
  if (cut) return null;
  const need = window - titled.length;
  const rest = await matchesAmong(db, filters, hits.filter((h) => h.group !== 0), need, chunk);
  // Each list is newest first, and `rest` holds `need` (or every match of group 1): the first `need` of both are among them.
  const others = [...untitled, ...rest].sort((a, b) => place.get(a.id)! - place.get(b.id)!);
  return [...titled, ...others.slice(0, need).map((h) => inGroup(h, 1))];
}

/** The matches among `hits`, in their order, tested a chunk at a time until there are `want`. */
async function matchesAmong(db: Db, filters: ListingFilters, hits: Hit[], want: number, chunk: number): Promise<Hit[]> {
  const found: Hit[] = [];
  for (let at = 0; at < hits.length && found.length < want; at += chunk) found.push(...(await verifyHits(db, filters, hits.slice(at, at + chunk))));
  return found;
}
