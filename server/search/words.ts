/*
 * A search's words and location as both engines read them (issue 41: the one piece of term
 * parsing the database's SQL conditions, the memory index's compiled search, saved-search
 * alerts and cache keys share). The matching rules themselves are described in
 * database/search-terms.ts.
 */

/** Characters that split words: whitespace and ASCII punctuation, as in migration 0700's search_words. */
const WORD_BREAK = /[\s!-/:-@[-`{-~]+/;

export type SearchWord = { text: string; runs: string[]; whole: boolean };

/** A word (or the location phrase) as matched: its runs of letters and digits, and whether it matches whole words only. */
export function term(text: string): SearchWord | null {
  const runs = text.split(WORD_BREAK).filter(Boolean);
  if (runs.length === 0) return null;
  return { text, runs, whole: !runs.some((r) => r.length >= 3) };
}

export function searchWords(search: string | undefined): SearchWord[] {
  const words: SearchWord[] = [];
  for (const raw of (search ?? '').toLowerCase().split(/\s+/)) {
    const word = term(raw.slice(0, 60));
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
