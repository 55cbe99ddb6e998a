import { describe, expect, it } from 'vitest';
import { parseListingQuery } from '../../server/listings/listing-query.ts';
import { warmUpQueries } from '../../server/search/warm-up.ts';

/* The searches a new process answers of its own before it says ready (server/search/warm-up.ts). */

const WORDS = ['toyota', 'samsung', 'iphone', 'nairobi', 'laptop', 'sofa', 'land', 'bed', 'x'];

describe('warmUpQueries', () => {
  const queries = warmUpQueries(WORDS, 2000);
  const params = queries.map((q) => new URLSearchParams(q));
  const share = (test: (p: URLSearchParams) => boolean) => params.filter(test).length / params.length;

  it('are as many as asked, the same for the same seed, and differ between seeds', () => {
    expect(queries).toHaveLength(2000);
    expect(warmUpQueries(WORDS, 2000)).toEqual(queries);
    expect(warmUpQueries(WORDS, 50, 2)).not.toEqual(queries.slice(0, 50));
  });

  it('are all searches the API accepts as they are, with no empty parameter', () => {
    for (const q of queries) {
      expect(() => parseListingQuery(new URLSearchParams(q), 'api'), q).not.toThrow();
      expect([...new URLSearchParams(q).values()].every((v) => v !== ''), q).toBe(true);
    }
  });

  it('take the paths buyers take: words, places, categories, later pages, sorts, prices, misspelt and punctuated words, browsing', () => {
    expect(share((p) => p.has('search'))).toBeGreaterThan(0.8);
    expect(share((p) => p.has('county') || p.has('town'))).toBeGreaterThan(0.35);
    expect(share((p) => p.has('category'))).toBeGreaterThan(0.3);
    expect(share((p) => p.has('page'))).toBeGreaterThan(0.1);
    expect(share((p) => p.has('sort'))).toBeGreaterThan(0.2);
    expect(share((p) => p.has('minPrice') && p.has('maxPrice'))).toBeGreaterThan(0.08);
    expect(share((p) => p.get('search')?.includes('-') ?? false)).toBeGreaterThan(0.01);
    expect(share((p) => !p.has('search'))).toBeGreaterThan(0.05);
    const typed = new Set(params.flatMap((p) => p.get('search')?.split(/[ -]/) ?? []));
    const misspelt = [...typed].filter((w) => !WORDS.includes(w));
    expect(misspelt.length).toBeGreaterThan(3);
    // A swap of two neighbouring letters of a word of five or more: the corrections' input.
    for (const w of misspelt) expect(WORDS.some((word) => word.length >= 5 && [...word].sort().join('') === [...w].sort().join(''))).toBe(true);
  });

  it('lean towards the commonest words', () => {
    const count = (word: string) => share((p) => (p.get('search') ?? '').split(/[ -]/).includes(word));
    expect(count('toyota')).toBeGreaterThan(count('bed') * 2);
  });

  it('with no words, browse categories only', () => {
    const browse = warmUpQueries([], 100).map((q) => new URLSearchParams(q));
    expect(browse.every((p) => !p.has('search') && p.has('category'))).toBe(true);
  });
});
