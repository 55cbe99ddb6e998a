import { CATEGORIES } from '../../app/lib/categories.ts';
import type { ListingFilters } from '../listings/queries.ts';
import { searchLocation, searchWords } from '../listings/search-terms.ts';

/*
 * The match index of saved searches (migration 0840's saved_search_keys): which saved searches
 * can a new ad possibly match, without testing every one of them?
 *
 * Every saved search is filed under ONE key that any ad it matches must have, and its category:
 * - a word of three letters or more matches as a substring (search-terms.ts), so a matching ad
 *   has a word containing it, and with it every three-letter piece of it: the search is filed
 *   under one piece ('g:' + three characters), the one with the rarest letters;
 * - a shorter word matches whole words: filed under that token ('w:tv');
 * - otherwise a location, the same way ('g:' piece, or 'w:l:' + a short location word);
 * - otherwise only its category ('' as the word), or nothing at all ('', '').
 * A new ad then asks for the searches filed under any of its words' pieces, its tokens or '',
 * in its category or none: a handful of candidates, which are checked with the site search's
 * own conditions (alerts.ts). The key only narrows; the check decides.
 */

export type SearchKey = { word: string; category: string };

/** How common each letter is in English and Swahili ads (rough; digits and others are rare). */
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

/** The piece of these runs with the rarest letters: fewest ads have it, so fewest searches share it. */
function rarestPiece(runs: string[]): string | null {
  let best: string | null = null;
  let score = -1;
  for (const run of runs) {
    for (const piece of trigrams(run)) {
      const s = Array.from(piece).reduce((sum, ch) => sum + rarity(ch), 0);
      if (s > score) {
        best = piece;
        score = s;
      }
    }
  }
  return best;
}

/** The category part of a key: the category lower-cased, Others for anything off the list. */
export function categoryKey(category: string | null | undefined): string {
  if (!category) return '';
  const lower = category.toLowerCase();
  return CATEGORIES.some((c) => c.toLowerCase() === lower) ? lower : 'others';
}

/** The one key a saved search is filed under. */
export function searchKey(filters: ListingFilters): SearchKey {
  const category = categoryKey(filters.category);
  const words = searchWords(filters.search);
  const long = words.filter((w) => !w.whole).flatMap((w) => w.runs.filter((r) => Array.from(r).length >= 3));
  const piece = rarestPiece(long);
  if (piece) return { word: `g:${piece}`, category };
  const short = words.filter((w) => w.whole).flatMap((w) => w.runs);
  if (short.length) return { word: `w:${short.reduce((a, b) => (b.length > a.length ? b : a))}`, category };
  const place = searchWords(searchLocation(filters.location).replace(/\s+/g, '-'))[0];
  if (place?.whole) return { word: `w:l:${place.runs.reduce((a, b) => (b.length > a.length ? b : a))}`, category };
  const locationPiece = place ? rarestPiece(place.runs) : null;
  if (locationPiece) return { word: `g:${locationPiece}`, category };
  // Nothing every match must contain but its category (or nothing at all): filed under ''.
  return { word: '', category };
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
