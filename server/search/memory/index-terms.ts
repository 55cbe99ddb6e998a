import { CATEGORIES } from '#kernel/categories.ts';
import type { ListingFilters } from '../search-query.ts';
import { isForgiving, longest, searchLocation, searchWords, term, type SearchWord } from '../words.ts';
import type { IndexQuery, MemoryIndex } from './memory-index.ts';

/*
 * A search's filters as the memory index asks them: the same matches as database/search-terms.ts's
 * conditions, worked out on the ads' tokens (migration 0700) instead of in SQL.
 *
 * - A word of one or two characters (or of such parts: "4k", "i-5") is each of its parts as a
 *   whole word; a longer word is "one of the words containing it", as the vocabulary answers.
 *   That is exactly `search_text LIKE '%word%'` when the word is one run of letters and digits:
 *   such a run can only occur inside one word of the ad. A longer word with punctuation in it
 *   ("k-gas", "laptop,") is a substring test on the whole text, which the index does not hold:
 *   the index finds the ads whose words could hold it (partsAsWords), which every match has, and
 *   the database tests those (`exact` false; under Best match it also tests which have every word in the title).
 * - The location works the same way on location words; a location of several words ("Ruiru,
 *   Kiambu") is also tested as a substring of the ad's location, which the index holds.
 * - A subcategory and its fields go to the database too: their conditions are on columns the
 *   index does not hold.
 */

/**
 * `exact` false: the conditions may select more than the search (a word with punctuation inside); the database must test the matches.
 * `titlesByDatabase`: Best match with such a word; the hits come in date order and the database also says which have every word in the title.
 */
export type CompiledSearch = { query: IndexQuery; conditions: number[][]; exact: boolean; titlesByDatabase: boolean };

/*
 * Tokens of the index's own, beside an ad's search_tokens, so that a county, a town or Others is
 * a list to intersect like a word rather than a test of every ad. NUL never occurs in text from
 * PostgreSQL, so no word can look like one.
 */
const COUNTY = '\0county:';
const TOWN = '\0town:';
const OTHERS = '\0others';
/** A subcategory (by its name, lower-cased: names are unique, migration 0900): what a word naming it matches (issue 42). */
const SUBCATEGORY = '\0sub:';

/** The index's own tokens of an ad. */
export function ownTokens(ad: { county: string | null; town: string | null; category: string; subcategory?: string | null }): string[] {
  const tokens: string[] = [];
  if (ad.county) tokens.push(COUNTY + ad.county);
  if (ad.town) tokens.push(TOWN + ad.town);
  if (!LISTED.has(ad.category)) tokens.push(OTHERS);
  if (ad.subcategory) tokens.push(SUBCATEGORY + ad.subcategory.toLowerCase());
  return tokens;
}

/**
 * A word with punctuation inside ("k-gas", "x-trail,") as what the ad's words must be, one
 * condition a part: wherever the text holds the word, a part with punctuation after it ends a
 * word of the ad (the database splits words at punctuation), one with punctuation before it
 * starts one, and one with punctuation on both sides is a whole word. So "k--gas" needs a word
 * ending in "k" and one starting with "gas": at 1,000,000 ads 11,423 ads instead of the 31,229
 * with a word containing "gas" (docs/search-performance.md). The database tests the text.
 */
function partsAsWords(index: MemoryIndex, word: SearchWord): number[][] {
  const conditions: number[][] = [];
  let from = 0;
  for (const run of word.runs) {
    const at = word.text.indexOf(run, from);
    from = at + run.length;
    const before = at > 0;
    const after = from < word.text.length;
    if (before && after) {
      const id = index.tokenId(run);
      conditions.push(id < 0 ? [] : [id]);
    } else if (before || after) conditions.push(index.wordsAtEdge(run, after ? 'end' : 'start'));
    else conditions.push(index.tokensContaining(run, ''));
  }
  return conditions;
}

/** A forgiving word's tokens (issue 42): the words containing it, its forms, and the categories and subcategories it names, as search-terms.ts's check. */
function forgivingTokens(index: MemoryIndex, word: SearchWord): number[] {
  const ids = new Set(index.tokensContaining(word.text, ''));
  const named = word.named.map((p) => (p.subcategory ? SUBCATEGORY + p.subcategory.toLowerCase() : `c:${p.category.toLowerCase()}`));
  for (const text of [...word.forms, ...named]) {
    const id = index.tokenId(text);
    if (id >= 0) ids.add(id);
  }
  return [...ids];
}

const LISTED = new Set(CATEGORIES.filter((c) => c !== 'Others').map((c) => c.toLowerCase()));

/** The search as the index asks it, or null when only the database can answer it. */
export function compileSearch(index: MemoryIndex, filters: ListingFilters): CompiledSearch | null {
  if (filters.subcategory || Object.keys(filters.attributes ?? {}).length) return null;
  const conditions: number[][] = [];
  const titleOf: number[] = [];
  const tests: ((index: MemoryIndex, slot: number) => boolean)[] = [];
  const whole = (text: string) => {
    const id = index.tokenId(text);
    return id < 0 ? [] : [id];
  };

  if (filters.category) {
    const name = filters.category.toLowerCase();
    // Others: any category outside the list (spec section 9).
    conditions.push(whole(LISTED.has(name) ? `c:${name}` : OTHERS));
  }

  const words = searchWords(filters.search, filters.literal);
  const sort = filters.sort ?? 'newest';
  let exact = true;
  for (const word of words) {
    if (word.whole) {
      for (const run of word.runs) {
        titleOf.push(conditions.length);
        conditions.push(whole(run));
      }
    } else {
      if (word.runs.length !== 1 || word.runs[0] !== word.text) {
        // The text holds the word where each of its parts sits at a word's edge (partsAsWords); a
        // title with the word has those words too: a title test the database finishes.
        for (const tokens of partsAsWords(index, word)) {
          titleOf.push(conditions.length);
          conditions.push(tokens);
        }
        exact = false;
        continue;
      }
      titleOf.push(conditions.length);
      conditions.push(isForgiving(word) ? forgivingTokens(index, word) : index.tokensContaining(word.text, ''));
    }
  }

  const place = term(searchLocation(filters.location));
  if (place?.whole) for (const run of place.runs) conditions.push(whole(`l:${run}`));
  else if (place) {
    conditions.push(index.tokensContaining(longest(place.runs), 'l:'));
    if (place.runs.length !== 1 || place.runs[0] !== place.text) {
      const text = place.text;
      tests.push((ix, slot) => ix.values.text(ix.location[slot]!)!.includes(text));
    }
  }

  if (filters.county) conditions.push(whole(COUNTY + filters.county));
  if (filters.town) conditions.push(whole(TOWN + filters.town));

  const { minPrice, maxPrice } = filters;
  let priceRange: IndexQuery['priceRange'] = null;
  if (minPrice !== undefined || maxPrice !== undefined) {
    const range = { min: minPrice ?? -Infinity, max: maxPrice ?? Infinity };
    // ix.price is each ad's value in Ksh (no price: NaN, in no range).
    tests.push((ix, slot) => {
      const price = ix.price[slot]!;
      return price >= range.min && price <= range.max;
    });
    priceRange = range;
  }

  // One bit per condition in a 32-bit mask (memory-index.ts): more (eight words of many short
  // parts) is rare enough to leave to the database.
  if (conditions.length > 32) return null;
  // Best match without words is newest first (database/bounded-search.ts's searchPlan).
  const order = sort === 'best' && words.length === 0 ? 'newest' : sort;
  const test = tests.length === 0 ? null : tests.length === 1 ? tests[0]! : (ix: MemoryIndex, slot: number) => tests.every((t) => t(ix, slot));
  // Best match with a word the index cannot test on the title: every candidate in date order,
  // flagged where the title may have every word, and the database tests those titles with the rest.
  if (order === 'best' && !exact) return { query: { titleOf, titlesMaybe: true, test, order, priceRange }, conditions, exact, titlesByDatabase: true };
  return { query: { titleOf, test, order, priceRange }, conditions, exact, titlesByDatabase: false };
}
