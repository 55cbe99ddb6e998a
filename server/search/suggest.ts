import { CATEGORIES } from '#kernel/categories.ts';
import { ALL_SUBCATEGORIES } from '#kernel/subcategories.ts';
import type { Db } from '../db/client.ts';
import { badRequest } from '../http/errors.ts';
import { databaseSuggestions } from './database/database-suggest.ts';
import type { SearchIndex } from './memory/search-index.ts';
import { SUGGEST_LIMIT, SUGGEST_MIN_CHARS, suggestable } from './suggest-words.ts';
import { englishText } from '../i18n.ts';

/*
 * Suggestions in the header search (issue 42, point 2; docs/decisions/search-suggestions.md): as
 * a buyer types, up to SUGGEST_LIMIT ways on: the categories and subcategories whose names have
 * a word starting with what was typed, then the commonest words of active ads that start with the
 * last word typed (the words before it kept), from the memory index when it can answer, else from
 * the database's table of words.
 */

export type Suggestion =
  | { kind: 'category'; text: string; category: string; subcategory: null; url: string }
  | { kind: 'subcategory'; text: string; category: string; subcategory: string; url: string }
  | { kind: 'word'; text: string; url: string };

export const SUGGEST_TOO_SHORT = englishText((t) => t.errors.suggestTooShort({ n: SUGGEST_MIN_CHARS }));
/** What is typed past this is not looked at (a search word is at most 60 characters: words.ts). */
const MAX_TYPED = 100;
/** Splits words as search does (words.ts, migration 0700's search_words). */
const WORD_BREAK = /[\s!-/:-@[-`{-~]+/;

type Place = { text: string; category: string; subcategory: string | null; words: string[] };

const wordsOf = (name: string) => name.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Categories, then subcategories, in the order the site lists them; Others names nothing. */
const PLACES: Place[] = [
  ...CATEGORIES.filter((c) => c !== 'Others').map((c) => ({ text: c, category: c, subcategory: null, words: wordsOf(c) })),
  ...ALL_SUBCATEGORIES.map(({ category, sub }) => ({ text: sub.name, category, subcategory: sub.name, words: wordsOf(sub.name) })),
];

function placeUrl(p: Place): string {
  const params = new URLSearchParams({ category: p.category });
  if (p.subcategory) params.set('subcategory', p.subcategory);
  return `/listings?${params.toString().replace(/\+/g, '%20')}`;
}

/** A search's address as the header form sends it (app/components/Header.tsx buildSearchUrl). */
const searchUrl = (search: string) => `/products?search=${encodeURIComponent(search)}`;

/**
 * Up to SUGGEST_LIMIT suggestions for what the buyer has typed (`q`, at least SUGGEST_MIN_CHARS
 * characters once trimmed, else a 400 saying so). Case is folded as search folds it.
 */
export async function suggest(db: Db, index: SearchIndex | undefined, q: string | undefined): Promise<Suggestion[]> {
  // NUL and lone surrogates are no text PostgreSQL takes, nor any word of an ad.
  const typed = (q ?? '')
    .slice(0, MAX_TYPED)
    .replace(/[\0\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .trim()
    .toLowerCase();
  if ([...typed].length < SUGGEST_MIN_CHARS) throw badRequest((t) => t.errors.suggestTooShort({ n: SUGGEST_MIN_CHARS }), [{ path: 'q', msg: SUGGEST_TOO_SHORT }]);
  const out: Suggestion[] = [];
  // A place is named by the start of one of its words, when one word (or the start of the name) was typed.
  const single = !/\s/.test(typed);
  for (const p of PLACES) {
    if (out.length === SUGGEST_LIMIT) break;
    const named = p.text.toLowerCase().startsWith(typed) || (single && p.words.some((w) => w.startsWith(typed)));
    if (!named) continue;
    out.push(p.subcategory ? { kind: 'subcategory', text: p.subcategory, category: p.category, subcategory: p.subcategory, url: placeUrl(p) } : { kind: 'category', text: p.text, category: p.category, subcategory: null, url: placeUrl(p) });
  }
  const runs = typed.split(WORD_BREAK);
  const prefix = runs.at(-1) ?? '';
  const want = SUGGEST_LIMIT - out.length;
  if (want === 0 || [...prefix].length < SUGGEST_MIN_CHARS) return out;
  // What was typed before the last word stays as typed: "toyota ax" gives "toyota axio".
  const before = typed.slice(0, typed.length - prefix.length);
  const words = (await index?.suggestions(prefix, want)) ?? (await databaseSuggestions(db, prefix, want));
  for (const { word } of words) {
    if (!suggestable(word)) continue;
    const text = before + word;
    // A word that is a category's own name ("cars") is already there as the category.
    if (out.some((s) => s.text.toLowerCase() === text)) continue;
    out.push({ kind: 'word', text, url: searchUrl(text) });
  }
  return out.slice(0, SUGGEST_LIMIT);
}
