import { describe, expect, it } from 'vitest';
import { Vocabulary } from '../../server/search/memory/vocabulary.ts';

/*
 * The index's token numbers (a hash table of its own, not a Map): checked against a Map through
 * growth, look-ups by a stretch of a longer text, and words whose hashes collide.
 */
class Full extends Error {}

describe('the vocabulary', () => {
  it('numbers each token once, in the order first seen, and finds it by its text or by a stretch of a longer one', () => {
    const vocabulary = new Vocabulary(Full);
    const numbers = new Map<string, number>();
    let seed = 11;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const letters = 'abcdefghijklmnopqrstuvwxyz0123456789:éß📱';
    const word = () => Array.from({ length: 1 + Math.floor(random() * 9) }, () => letters[Math.floor(random() * letters.length)]).join('');
    for (let step = 0; step < 30_000; step++) {
      // Tokens joined as an ad's are, looked up in place.
      const tokens = Array.from({ length: 1 + Math.floor(random() * 6) }, word);
      const joined = tokens.join('|');
      let from = 0;
      for (const token of tokens) {
        const expected = numbers.get(token) ?? numbers.size;
        if (!numbers.has(token)) numbers.set(token, expected);
        expect(step % 2 ? vocabulary.idIn(joined, from, from + token.length) : vocabulary.id(token)).toBe(expected);
        from += token.length + 1;
      }
    }
    expect(vocabulary.size).toBe(numbers.size);
    for (const [token, id] of numbers) {
      expect(vocabulary.find(token)).toBe(id);
      expect(vocabulary.texts[id]).toBe(token);
    }
    expect(vocabulary.find('not-a-token')).toBe(-1);
    expect(vocabulary.find('')).toBe(-1);
    expect(vocabulary.size).toBe(numbers.size);
  });

  it('tells apart words whose hashes are the same', () => {
    const vocabulary = new Vocabulary(Full);
    // Pairs whose FNV-1a hashes (vocabulary.ts) are equal in all 32 bits, found by a search over six-letter words.
    for (const [a, b] of [['yaczfa', 'glbppa'], ['yzfzfa', 'geeppa'], ['yomzfa', 'gvlppa']] as const) {
      expect(fnv(a)).toBe(fnv(b));
      const first = vocabulary.id(a);
      const second = vocabulary.id(b);
      expect(second).not.toBe(first);
      expect([vocabulary.find(a), vocabulary.find(b), vocabulary.idIn(`x|${b}|y`, 2, 2 + b.length)]).toEqual([first, second, second]);
    }
  });

  it('refuses a token past its limit with its error, and still finds those it holds', () => {
    const vocabulary = new Vocabulary(Full, 3);
    for (const token of ['a', 'b', 'c']) vocabulary.id(token);
    expect(() => vocabulary.id('d')).toThrow(Full);
    expect(() => vocabulary.id('d')).toThrow('3 distinct words, the most it numbers');
    expect(vocabulary.id('b')).toBe(1);
    expect(vocabulary.find('d')).toBe(-1);
  });
});

/** FNV-1a, 32 bits, as vocabulary.ts hashes. */
function fnv(text: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}

