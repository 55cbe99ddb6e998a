import type { ListingFormat } from '../listings/listing-json.ts';
import type { WordSource } from './corrections.ts';
import type { ListingFilters, PageShape } from './search-query.ts';

/*
 * A way of finding a search's matches (issue 41). Two exist: the database (database/, the
 * reference, which answers every search) and the memory index (memory/, which answers most
 * of them faster, once loaded). The entry point (search.ts) asks the memory engine whether it
 * can answer and otherwise, or when it could not after all, the database. No engine's files
 * import the other's: what both need is here, in search-query.ts, words.ts and page-read.ts.
 * docs/decisions/search-engine-road-past-one-machine.md says how a third would fit.
 */

/** A match in display order: `group` is its place among the order's groups (featured ads first under newest). */
export type Hit = { id: string; featuredUntil: number | null; group: number };

/** The hit in another group. A hit's fields are named, not spread: the memory index's `id` is a getter (memory/memory-index.ts). */
export function inGroup(hit: Hit, group: number): Hit {
  return { id: hit.id, featuredUntil: hit.featuredUntil, group };
}

export type Found = {
  /** Matches in display order: at least up to the page's end and one more, when there are that many. */
  hits: Hit[];
  /** More matches may exist than `hits` holds. */
  capped: boolean;
  /** The first statement's walks were enough: its page is the page. */
  fromFirst: boolean;
  /** What was done, for the benchmark's slowest searches. */
  steps: string[];
};

export type EngineQuery = { filters: ListingFilters; shape: PageShape; now: Date; format: ListingFormat<unknown> };

export type EngineAnswer = {
  found: Found;
  /** The page's listings as JSON, when the engine wrote them with its answer; else the entry point reads them by id (page-read.ts). */
  items?: string;
  /**
   * The hits are the ads that may match, in display order (all of them, or the first when
   * `candidatesCut`), and may hold more than the matches: the database must test them (the
   * memory index's words with punctuation inside: memory/index-terms.ts, checked-hits.ts).
   */
  unchecked?: boolean;
  /**
   * Best match with such hits: they are in date order, group 0 where the title may have every
   * word, and the database also tests which of those have (they come first), since the index
   * cannot test a word with punctuation inside against the title's text.
   */
  titlesUnchecked?: boolean;
  /** Unchecked hits that are only the first of the candidates: an answer that needs past them is the database's. */
  candidatesCut?: boolean;
  /** With candidatesCut: the same search with more of its candidates (a fresh answer, as of now), or null when the engine cannot give them now. */
  moreCandidates?: () => EngineAnswer | null;
  /** The listing_changes counter the answer is true at (the database's): what the search cache keys on. */
  generation?: string;
};

export interface SearchEngine {
  readonly name: string;
  /** Whether this engine can answer the search now; the entry point sends anything else to the database. */
  canAnswer(query: EngineQuery): boolean;
  /** The matches up to `query.shape.window`, or null when the engine could not answer after all (the database then does). */
  find(query: EngineQuery): Promise<EngineAnswer | null>;
  /** Its answers to a spelling correction's look-ups (corrections.ts), caught up; null when it cannot answer now (the database then does). */
  words?(): Promise<WordSource | null>;
  /** Whether any of these whole words is one it holds (without catching up); null when it cannot say now. */
  knows?(words: string[]): boolean | null;
}
