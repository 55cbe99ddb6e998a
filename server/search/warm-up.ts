import { CATEGORIES } from '#kernel/categories.ts';
import { COUNTIES, TOWNS } from '#kernel/kenya-locations.ts';
import { SORTS } from '#kernel/listing-sorts.ts';
import type { Db } from '../db/client.ts';
import { parseListingQuery } from '../listings/listing-query.ts';
import { prng } from '../seed/prng.ts';
import type { SearchIndex } from './memory/search-index.ts';
import type { SearchEngine } from './search-engine.ts';
import { searchCards, searchListings } from './search.ts';
import type { SuggestedWord } from './suggest-words.ts';

/*
 * A process's first searches after its index has loaded run while V8 is still compiling the
 * search path: on two cores shared by two server processes, the compiler's threads take the
 * other process's core, and the first thousands of searches are slower (docs/decisions/
 * search-warm-up.md has the figures). So the process answers searches of its own, made from its
 * index's commonest words, before readiness says ready: through the same entry point, parser and
 * engines as a buyer's, as the API and as the results page ask them.
 */

/** Searches in flight at once: the page reads queue for the pool's connections as under load. */
const IN_FLIGHT = 8;
/** A warm-up never keeps readiness waiting longer than this, whatever SEARCH_WARM_UP_SEARCHES says. */
export const WARM_UP_MOST_MS = 20_000;

const CHARACTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Words the warm-up's searches are made of, at most. */
const WORDS_AT_MOST = 500;

/**
 * The index's commonest words, commonest first: a few for each two-character start (the least
 * `suggestions`, SearchIndex.suggestions, answers), the most held.
 */
export async function commonWords(suggestions: (prefix: string, want: number) => Promise<SuggestedWord[] | null>): Promise<string[]> {
  const words: SuggestedWord[] = [];
  for (const first of CHARACTERS) {
    for (const second of CHARACTERS) words.push(...((await suggestions(first + second, 3)) ?? []));
    // A caught-up index answers at once: without a turn of the event loop here, the 1,296 look-ups held it 100 ms and more at 1M ads.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return words
    .sort((a, b) => b.ads - a.ads)
    .slice(0, WORDS_AT_MOST)
    .map((w) => w.word);
}

/**
 * `count` query strings as buyers send them, made from `words` (commonest first, picked mostly
 * from the front): one to three words, a place on about half, a category on a third, a later
 * page, a sort, a price range, a misspelt word (the corrections' path), a word with punctuation
 * inside (the candidates the database tests), and browsing with no words.
 */
export function warmUpQueries(words: readonly string[], count: number, seed = 1): string[] {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  // Squaring leans towards the front: the commonest words are the most searched.
  const word = () => words[Math.floor(random() ** 2 * words.length)]!;
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const q = new URLSearchParams();
    const kind = random();
    if (words.length > 0 && kind < 0.9) {
      const parts = Array.from({ length: 1 + Math.floor(random() * random() * 3) }, word);
      if (kind < 0.05) parts[0] = misspelt(parts[0]!, random);
      else if (kind < 0.08) parts[0] = `${parts[0]}-${word()}`;
      q.set('search', parts.join(' '));
    }
    if (random() < 0.35 || !q.has('search')) q.set('category', pick(CATEGORIES));
    const place = random();
    if (place < 0.25) q.set('county', pick(COUNTIES).code);
    else if (place < 0.45) q.set('town', pick(TOWNS).id);
    if (random() < 0.15) q.set('page', String(2 + Math.floor(random() * 4)));
    if (random() < 0.3) q.set('sort', pick(SORTS));
    if (random() < 0.12) {
      const from = 1_000 * Math.floor(random() * 100);
      q.set('minPrice', String(from));
      q.set('maxPrice', String(from * 2 + 10_000));
    }
    queries.push(q.toString());
  }
  return queries;
}

/** Two neighbouring letters swapped, as a hurried thumb does ("samsnug"). */
function misspelt(word: string, random: () => number): string {
  if (word.length < 5) return word;
  const at = 1 + Math.floor(random() * (word.length - 2));
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

export type WarmUp = { searches: number; ms: number };

/** A new process's warm-up (SearchIndexOptions.warmUp): `searches` of its index's commonest words; `ms` counts finding the words too. */
export async function warmUpIndex(db: Db, index: SearchIndex, searches: number, stop?: AbortSignal): Promise<WarmUp> {
  const started = performance.now();
  const words = await commonWords((prefix, want) => index.suggestions(prefix, want));
  const done = await warmUpSearch(db, index, words, searches, { mostMs: WARM_UP_MOST_MS - (performance.now() - started), stop });
  return { searches: done.searches, ms: Math.round(performance.now() - started) };
}

/**
 * Runs up to `searches` of warmUpQueries through the search entry point (alternately as the API
 * and as the results page, corrections on), IN_FLIGHT at a time, for at most `mostMs` or until
 * `stop` (the server is stopping). A search that fails is not retried: a warm-up only makes the
 * compiler's work come early.
 */
export async function warmUpSearch(
  db: Db,
  index: SearchEngine,
  words: readonly string[],
  searches: number,
  { mostMs = WARM_UP_MOST_MS, stop }: { mostMs?: number; stop?: AbortSignal } = {},
): Promise<WarmUp> {
  const started = performance.now();
  const queries = warmUpQueries(words, searches);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < queries.length && performance.now() - started < mostMs && !stop?.aborted) {
      const n = next++;
      const options = { index, correct: n % 2 === 1 };
      try {
        const filters = parseListingQuery(new URLSearchParams(queries[n]), n % 2 === 0 ? 'api' : 'page');
        await (n % 2 === 0 ? searchListings(db, filters, options) : searchCards(db, filters, options));
      } catch {
        // Counted as done: the compiler saw the path all the same.
      }
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { searches: done, ms: Math.round(performance.now() - started) };
}
