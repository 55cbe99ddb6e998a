import { CATEGORIES } from '#kernel/categories.ts';
import type { ListingFilters } from '../search/search-query.ts';
import { searchLocation, searchWords, term } from '../search/words.ts';

/*
 * The match index of saved searches (migration 0840's saved_search_keys): which saved searches
 * can a new ad possibly match, without testing every one of them?
 *
 * Every saved search is filed under ONE key that any ad it matches must have, and its category:
 * - a word of three letters or more matches as a substring (search-terms.ts), so a matching ad
 *   has a word containing it, and with it every three-letter piece of it ('g:' + three characters);
 *   a forgiving word (words.ts) only the pieces its forms share too, and one naming a category none;
 * - a shorter word matches whole words: that token ('w:tv');
 * - a location, the same way ('g:' piece, or 'w:l:' + a short location word);
 * - with none of these, only its category ('' as the word), or nothing at all ('', '').
 * Of these options the search takes the one fewest searches share (chooseKey).
 * A new ad then asks for the searches filed under any of its words' pieces, its tokens or '',
 * in its category or none: a handful of candidates, which are checked with the site search's
 * own conditions (alerts.ts). The key only narrows; the check decides.
 */

export type SearchKey = { word: string; category: string };

/**
 * The version of these filing rules, stored with each key (saved_search_keys.rules). Raise it
 * whenever keyOptions changes what a search may be filed under: keys of older rules are then
 * filed again (server/saved/refile-search-keys.ts). 2: forgiving words (issue 42).
 */
export const KEY_RULES = 2;

/** How common each letter is in English and Swahili ads (rough; digits and others are rarer). */
const COMMON = 'aeinotrslukmhdcgpbywfvjzxq';
const rarity = (ch: string) => {
  const i = COMMON.indexOf(ch);
  return i < 0 ? COMMON.length + 1 : i;
};

/** The three-character pieces of a word, by code point (as PostgreSQL's LIKE sees characters). */
export function trigrams(word: string): string[] {
  const chars = Array.from(word);
  const out: string[] = [];
  for (let i = 0; i + 3 <= chars.length; i++) out.push(chars.slice(i, i + 3).join(''));
  return out;
}

/** How rare a piece looks by its letters: higher is rarer. */
const score = (piece: string) => Array.from(piece).reduce((sum, ch) => sum + rarity(ch), 0);

/** The category part of a key: the category lower-cased, Others for anything off the list. */
export function categoryKey(category: string | null | undefined): string {
  if (!category) return '';
  const lower = category.toLowerCase();
  return CATEGORIES.some((c) => c.toLowerCase() === lower) ? lower : 'others';
}

const longest = (runs: string[]) => runs.reduce((a, b) => (b.length > a.length ? b : a));

/**
 * Every key a saved search could be filed under: each is something every ad it matches has.
 * The pieces of its long words, its short words, its location's pieces (or short location
 * word); '' when there is none of these (then only its category narrows, or nothing).
 */
export function keyOptions(filters: ListingFilters): { words: string[]; category: string } {
  const category = categoryKey(filters.category);
  const words = new Set<string>();
  for (const w of searchWords(filters.search)) {
    if (w.whole) words.add(`w:${longest(w.runs)}`);
    // A word naming a category also matches that category's ads, whatever their words: it gives no key (issue 42).
    else if (w.named.length) continue;
    // A word with other forms ("puppy", "puppies"): only the pieces every form has.
    else if (w.forms.length) for (const piece of trigrams(w.text).filter((p) => w.forms.every((f) => f.includes(p)))) words.add(`g:${piece}`);
    else for (const run of w.runs) for (const piece of trigrams(run)) words.add(`g:${piece}`);
  }
  // The location filter is one phrase (search-terms.ts): whole words when all are short, else a substring.
  const place = term(searchLocation(filters.location));
  if (place?.whole) words.add(`w:l:${longest(place.runs)}`);
  else if (place) for (const run of place.runs) for (const piece of trigrams(run)) words.add(`g:${piece}`);
  return { words: words.size ? [...words] : [''], category };
}

/**
 * The key a search is filed under: of its options, the one fewest searches share already
 * (`load`, per word in its category), then the one with the rarest letters. Spreading searches
 * over their options keeps every key short, however popular a word is ("toyota axio" goes
 * under "axi" once "toyota" is crowded), so each new ad meets few candidates.
 */
export function chooseKey(options: { words: string[]; category: string }, load: (word: string) => number = () => 0): SearchKey {
  let best = options.words[0]!;
  let bestLoad = Infinity;
  let bestScore = -1;
  for (const word of options.words) {
    const l = load(word);
    const sc = score(word.slice(2));
    if (l < bestLoad || (l === bestLoad && sc > bestScore)) {
      best = word;
      bestLoad = l;
      bestScore = sc;
    }
  }
  return { word: best, category: options.category };
}

/** The key of a search with nothing filed yet (the rarest letters). */
export function searchKey(filters: ListingFilters): SearchKey {
  return chooseKey(keyOptions(filters));
}

/**
 * The words an ad answers to in the index: '' (searches with no word), each of its tokens
 * ('w:…', migration 0700's search_tokens without the category, price and title-only ones) and
 * every three-character piece of its words ('g:…'). Its category part is categoryKey(category).
 */
export function adWords(tokens: string[]): string[] {
  const out = new Set<string>(['']);
  for (const token of tokens) {
    if (/^[tcp]:/.test(token)) continue;
    out.add(`w:${token}`);
    if (token.startsWith('l:')) continue;
    for (const piece of trigrams(token)) out.add(`g:${piece}`);
  }
  return [...out];
}
