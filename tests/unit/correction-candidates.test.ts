import { describe, expect, it } from 'vitest';
import { CORRECTION_COUNT_CAP, isCandidate, piecesFindEveryCandidate } from '../../server/search/corrections.ts';
import { MemoryIndex, type IndexedAd } from '../../server/search/memory/memory-index.ts';
import { memoryWords } from '../../server/search/memory/memory-words.ts';

/*
 * The memory index finds a correction's candidates through its trigrams' lists and two-letter
 * buckets (memory-words.ts), not by reading every word: the same candidates as reading every
 * word, for words near many others, far from all, and of one letter repeated.
 */

/** A small seeded generator (mulberry32): the same words every run; the seed is printed on failure. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 4242;
const LETTERS = 'aeioustnrlkmbyw';

function vocabulary(random: () => number): string[] {
  const words = new Set(['samsung', 'toyota', 'laptop', 'aaaaa', 'aaaa', 'aaa', 'abxde', 'abcde', 'ababab', 'nairobi', 'k-gas', 'tv', 'x1']);
  while (words.size < 4000) {
    const length = 3 + Math.floor(random() * 8);
    let w = '';
    // Few letters, so that many words are a letter or two apart.
    for (let i = 0; i < length; i++) w += LETTERS[Math.floor(random() * LETTERS.length)];
    words.add(w);
  }
  return [...words];
}

/** A word with one or two letters changed, swapped, dropped or added. */
function typo(random: () => number, word: string): string {
  let w = word;
  for (let edits = 1 + Math.floor(random() * 2); edits > 0; edits--) {
    const at = Math.floor(random() * w.length);
    const letter = LETTERS[Math.floor(random() * LETTERS.length)]!;
    const kind = Math.floor(random() * 4);
    if (kind === 0) w = w.slice(0, at) + letter + w.slice(at + 1);
    else if (kind === 1 && at + 1 < w.length) w = w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
    else if (kind === 2 && w.length > 1) w = w.slice(0, at) + w.slice(at + 1);
    else w = w.slice(0, at) + letter + w.slice(at);
  }
  return w;
}

describe('a correction\'s candidates from the memory index', () => {
  it('are those of reading every word', async () => {
    const random = rng(SEED);
    const words = vocabulary(random);
    const index = new MemoryIndex();
    // Each word in an ad of its own, some in a location too, and one ad removed: its word stays a candidate with no live ad.
    words.forEach((w, i) => {
      const ad: IndexedAd = { id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, created: i, featuredUntil: null, price: 1000, currency: 'KES', location: 'nairobi', joinedTokens: '', tokens: [w, ...(i % 7 === 0 ? [`l:${w}`] : [])], titleWords: [w] };
      index.put(ad.id, ad);
    });
    index.put('00000000-0000-4000-8000-000000000001', null);
    const source = memoryWords(index, () => 0);
    const everyWord = (word: string) =>
      [...index.wordsOfLength(word.length - 2, word.length + 2)]
        .filter(([, text]) => isCandidate(word, text))
        .map(([id, text]) => ({ word: text, ads: index.liveAds(id, CORRECTION_COUNT_CAP) }));
    const asked = ['samsnug', 'toyta', 'laptpo', 'aaaaa', 'aaaaaa', 'aaaab', 'abyde', 'bbcde', 'zzzzzz', 'ababa', 'nairbi'];
    for (let i = 0; i < 600; i++) asked.push(typo(random, words[Math.floor(random() * words.length)]!));
    let compared = 0;
    for (const word of asked.filter((w) => w.length >= 5 && /^[a-z]+$/.test(w))) {
      const sorted = (list: { word: string; ads: number }[]) => list.sort((a, b) => (a.word < b.word ? -1 : 1));
      expect(sorted(await source.candidates(word)), `seed ${SEED}, word ${word}`).toEqual(sorted(everyWord(word)));
      compared++;
    }
    // The test reaches what it is for: many words, most with candidates, some with a repeated letter.
    expect(compared).toBeGreaterThan(300);
    expect(asked.filter((w) => w.length >= 5 && !piecesFindEveryCandidate(w)).length).toBeGreaterThan(0);
  });
});
