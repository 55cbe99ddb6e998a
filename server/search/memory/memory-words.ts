import { CORRECTION_COUNT_CAP, isCandidate, type WordSource } from '../corrections.ts';
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
      for (const [id, text] of index.wordsOfLength(word.length - 2, word.length + 2)) {
        if (isCandidate(word, text)) out.push({ word: text, ads: index.liveAds(id, CORRECTION_COUNT_CAP) });
      }
      return out;
    },
  };
}
