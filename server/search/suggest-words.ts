/*
 * What a word must be to be suggested (issue 42, docs/decisions/search-suggestions.md), the same
 * for both engines: a word of an active ad's title, description or location as search holds it
 * (migration 0700's search_words: lower-cased, split at spaces and ASCII punctuation), that does
 * not look like a piece of someone's contact details. Search folds case and nothing else, so
 * neither does this: a suggestion with its accents taken off would find nothing.
 */

/** Suggestions at most, in all. */
export const SUGGEST_LIMIT = 8;
/** The fewest characters a suggestion is asked for with (fewer would list half the vocabulary). */
export const SUGGEST_MIN_CHARS = 2;
/** Words each engine weighs before the live check: more than the limit, so that words no live ad holds any more can fall out. */
export const SUGGEST_CANDIDATES = 24;

/** Parts of e-mail addresses: "amina@gmail.com" is the words amina, gmail and com. */
const MAIL_WORDS = new Set(['gmail', 'yahoo', 'hotmail', 'outlook', 'ymail', 'icloud', 'com', 'www', 'http', 'https']);

/**
 * Whether a word may be suggested: 2 to 40 characters, with a letter (a run of digits is a piece
 * of a phone number, a price or an id more often than a word anyone searches), no run of five
 * digits or more (a phone number written in one piece: "0712345678", "tel0712345678"), and not a
 * part of an e-mail address or a web address.
 */
export function suggestable(word: string): boolean {
  return word.length >= 2 && word.length <= 40 && /\p{L}/u.test(word) && !/[0-9]{5}/.test(word) && !MAIL_WORDS.has(word) && !word.includes(':') && !word.includes('\0');
}

/** The same test in SQL (on `w`), for the database's table of words (migration 1850). */
export const SUGGESTABLE_SQL = `length(w) BETWEEN 2 AND 40 AND w ~ '[[:alpha:]]' AND w !~ '[0-9]{5}' AND w !~ '[:]'
  AND w NOT IN (${[...MAIL_WORDS].map((m) => `'${m}'`).join(', ')})`;

/** A word suggested, with its active ads (counted up to a cap, or as of the last refresh of the database's table). */
export type SuggestedWord = { word: string; ads: number };
