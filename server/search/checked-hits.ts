import type { Db } from '../db/client.ts';
import { verifyHits } from './database/database-engine.ts';
import { inGroup, type Hit } from './search-engine.ts';
import type { ListingFilters } from './search-query.ts';

/*
 * The matches among an engine's candidates (EngineAnswer.unchecked: the memory index's words
 * with punctuation inside, "k-gas", "trade-in"), tested by the database in display order, only
 * until the page's window is known. A common word's part ("gas", "trade") has tens of thousands
 * of candidates, and testing them all in one statement took the database hundreds of
 * milliseconds. The first statement tests twice the window (at least FIRST_CHECK), each next one
 * twice as many as the last, up to CHECK_CHUNK: half or more of the candidates usually match,
 * and every candidate tested is a row read at random (at 1M ads, 2,000 cost 14-17 ms with the
 * rows cached and 80-210 ms without, 256 about 2 ms: docs/decisions/candidate-checks-by-id.md).
 */

/** Candidates the database tests in one statement, at most. */
export const CHECK_CHUNK = 2_000;
/** Candidates the first statement tests, at least. */
export const FIRST_CHECK = 256;

/** The number of candidates to test next: twice the last, or for the first, twice what is wanted. */
function nextSize(last: number, want: number, chunk: number, first: number): number {
  return Math.min(chunk, last === 0 ? Math.max(first, want * 2) : last * 2);
}

export type Candidates = {
  /** Every ad that may match, in display order (Best match with `titles`: date order, group 0 where the title may have every word, else 1). */
  hits: Hit[];
  /** More candidates follow those held: an answer that needs past them is not known here. */
  cut: boolean;
  /** Best match: the database says which of group 0 have every word in the title; those come first. */
  titles: boolean;
};

/** The first `window` matches in display order, or null when the candidates held cannot tell them (the database then answers the search). */
export async function checkedHits(db: Db, filters: ListingFilters, candidates: Candidates, window: number, chunk = CHECK_CHUNK, first = FIRST_CHECK): Promise<Hit[] | null> {
  const { hits, cut, titles } = candidates;
  if (!titles) {
    const found = await matchesAmong(db, filters, hits, window, chunk, first);
    return found.length < window && cut ? null : found.slice(0, window);
  }
  // Best match: the titled matches (all among group 0), newest first, then the rest newest
  // first. The titled ones are known once group 0 is tested; the rest, once enough of group 1 is.
  const place = new Map(hits.map((h, i) => [h.id, i]));
  const titled: Hit[] = [];
  const untitled: Hit[] = [];
  const maybe = hits.filter((h) => h.group === 0);
  for (let at = 0, size = 0; at < maybe.length; at += size) {
    size = nextSize(size, window, chunk, first);
    for (const hit of await verifyHits(db, filters, maybe.slice(at, at + size), true)) (hit.group === 0 ? titled : untitled).push(hit);
    if (titled.length >= window) return titled.slice(0, window);
  }
  // Group 0 may go on past the candidates held: a titled match could be among them.
  if (cut) return null;
  const need = window - titled.length;
  const rest = await matchesAmong(db, filters, hits.filter((h) => h.group !== 0), need, chunk, first);
  // Each list is newest first, and `rest` holds `need` (or every match of group 1): the first `need` of both are among them.
  const others = [...untitled, ...rest].sort((a, b) => place.get(a.id)! - place.get(b.id)!);
  return [...titled, ...others.slice(0, need).map((h) => inGroup(h, 1))];
}

/** The matches among `hits`, in their order, tested a statement at a time until there are `want`. */
async function matchesAmong(db: Db, filters: ListingFilters, hits: Hit[], want: number, chunk: number, first: number): Promise<Hit[]> {
  const found: Hit[] = [];
  for (let at = 0, size = 0; at < hits.length && found.length < want; at += size) {
    size = nextSize(size, want, chunk, first);
    found.push(...(await verifyHits(db, filters, hits.slice(at, at + size))));
  }
  return found;
}
