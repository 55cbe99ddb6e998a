import { CORRECTION_COUNT_CAP, CORRECTION_MAX_EDITS, candidateTest, piecesFindEveryCandidate, type WordSource } from '../corrections.ts';
import { SUGGEST_CANDIDATES, suggestable, type SuggestedWord } from '../suggest-words.ts';
import type { SearchWord } from '../words.ts';
import { compileSearch } from './index-terms.ts';
import type { MemoryIndex } from './memory-index.ts';

/**
 * The memory index's answers to a correction's two look-ups (corrections.ts), the same as the
 * database's (database/database-words.ts): whether a live ad matches the word, by the index's
 * own compiled search; the index's words passing the same candidate filter, with their live ads
 * counted up to CORRECTION_COUNT_CAP.
 */
export function memoryWords(index: MemoryIndex, now: () => number): WordSource {
  return {
    async matches(word: SearchWord) {
      const compiled = compileSearch(index, { search: word.text });
      return compiled !== null && index.search(compiled.query, compiled.conditions, 1, now()).length > 0;
    },
    async candidates(word: string) {
      const out: { word: string; ads: number }[] = [];
      const isCandidate = candidateTest(word);
      const [min, max] = [word.length - CORRECTION_MAX_EDITS, word.length + CORRECTION_MAX_EDITS];
      // Reading every word of the length took 6–30 ms at 1,000,000 ads, the event loop held meanwhile.
      const words = piecesFindEveryCandidate(word) ? index.wordsSharingPieces(word, min, max) : index.wordsOfLength(min, max);
      for (const [id, text] of words) {
        if (isCandidate(text)) out.push({ word: text, ads: index.liveAds(id, CORRECTION_COUNT_CAP) });
      }
      return out;
    },
  };
}

/** Live ads a suggestion's candidate is counted up to: enough to order the commonest words, bounded per word. */
const SUGGEST_COUNT_CAP = 10_000;

/**
 * The index's words starting with `prefix` that live ads hold, commonest first (issue 42): the
 * SUGGEST_CANDIDATES longest lists of ads (live and dead) among the words of the prefix's
 * two-letter bucket, then each counted over its live ads; a word no live ad holds is left out.
 */
export function memorySuggestions(index: MemoryIndex, prefix: string, want: number): SuggestedWord[] {
  const top: { id: number; text: string; ads: number }[] = [];
  index.wordsStartingWith(prefix, (id, text, ads) => {
    if (top.length === SUGGEST_CANDIDATES && ads <= top[top.length - 1]!.ads) return;
    if (!suggestable(text)) return;
    // A short sorted list: candidates are few, and most words fail the test above.
    let at = top.length;
    while (at > 0 && top[at - 1]!.ads < ads) at--;
    top.splice(at, 0, { id, text, ads });
    if (top.length > SUGGEST_CANDIDATES) top.pop();
  });
  return top
    .map((c) => ({ word: c.text, ads: index.liveAds(c.id, SUGGEST_COUNT_CAP) }))
    .filter((c) => c.ads > 0)
    .sort((a, b) => b.ads - a.ads || (a.word < b.word ? -1 : 1))
    .slice(0, want);
}
