/*
 * A search's words and location as both engines read them (issue 41: the one piece of term
 * parsing the database's SQL conditions, the memory index's compiled search, saved-search
 * alerts and cache keys share). The matching rules themselves are described in
 * database/search-terms.ts.
 */

import { namedPlaces, wordForms, type NamedPlace } from '#kernel/word-forms.ts';

/** Characters that split words: whitespace and ASCII punctuation, as in migration 0700's search_words. */
const WORD_BREAK = /[\s!-/:-@[-`{-~]+/;

/**
 * `forms`: other whole words of the same stem that also match (kernel/word-forms.ts), and
 * `named`: the categories and subcategories the word names, whose ads also match; both empty
 * for a word searched literally, a short word or one with punctuation inside.
 */
export type SearchWord = { text: string; runs: string[]; whole: boolean; forms: string[]; named: NamedPlace[] };

/** A word (or the location phrase) as matched: its runs of letters and digits, and whether it matches whole words only. */
export function term(text: string): SearchWord | null {
  const runs = text.split(WORD_BREAK).filter(Boolean);
  if (runs.length === 0) return null;
  return { text, runs, whole: !runs.some((r) => r.length >= 3), forms: [], named: [] };
}

/** A search word with its forgiving alternatives (issue 42). */
function forgivingTerm(text: string): SearchWord | null {
  const word = term(text);
  if (!word || word.whole || word.runs.length !== 1 || word.runs[0] !== text) return word;
  return { ...word, forms: wordForms(text), named: namedPlaces(text) };
}

/** Whether the word matches more than as typed. */
export const isForgiving = (w: SearchWord) => w.forms.length > 0 || w.named.length > 0;

/** The search's words; `literal`: as typed only, without their forms and the categories they name (search.ts ranks those matches first). */
export function searchWords(search: string | undefined, literal = false): SearchWord[] {
  const words: SearchWord[] = [];
  for (const raw of (search ?? '').toLowerCase().split(/\s+/)) {
    const word = (literal ? term : forgivingTerm)(raw.slice(0, 60));
    if (word) words.push(word);
    if (words.length === 8) break;
  }
  return words;
}

/** The words as a stable key: order, case and repeats do not change what matches. */
export function wordsKey(search: string | undefined): string[] {
  return [...new Set(searchWords(search).map((w) => w.text))].sort();
}

/** The location filter as matched: at most 100 characters, lower-cased. */
export function searchLocation(location: string | undefined): string {
  return location?.trim().toLowerCase().slice(0, 100) ?? '';
}

/** The longest of a word's runs: every match has a word containing it. */
export const longest = (runs: string[]) => runs.reduce((a, b) => (b.length > a.length ? b : a));
