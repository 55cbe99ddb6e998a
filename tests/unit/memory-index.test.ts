import { describe, expect, it } from 'vitest';
import { MemoryIndex, type IndexedAd, type IndexQuery } from '../../server/search-index/memory-index.ts';

/*
 * The memory index on its own, for what the comparison with the database
 * (tests/integration/search-index.test.ts) reaches only by chance: ads added out of date order.
 */

const ad = (id: string, created: number, tokens: string[] = ['sofa'], price: number | null = 1000): IndexedAd => ({
  id,
  created,
  featuredUntil: null,
  price,
  currency: 'KES',
  location: 'nairobi',
  tokens,
  titleWords: tokens,
});
const query = (order: IndexQuery['order']): IndexQuery => ({ titleOf: [0], test: null, order, priceRange: null });

describe('the memory index', () => {
  it('finds the newest ads first even when they were added out of date order (a late commit, an edited old ad)', () => {
    const index = new MemoryIndex();
    // Added in this order; the newest (5) first of all, the oldest (1) second.
    for (const [id, created] of [['e', 5], ['a', 1], ['d', 4], ['b', 2], ['c', 3]] as const) index.put(id, ad(id, created));
    const sofa = [index.tokenId('sofa')];
    for (const conditions of [[], [sofa]]) {
      expect(index.search(query('newest'), conditions, 2, 0).map((h) => h.id)).toEqual(['e', 'd']);
      expect(index.search(query('newest'), conditions, 5, 0).map((h) => h.id)).toEqual(['e', 'd', 'c', 'b', 'a']);
    }
    expect(index.search(query('best'), [sofa], 2, 0).map((h) => h.id)).toEqual(['e', 'd']);
  });

  it('an edited ad keeps its date and leaves its old words behind', () => {
    const index = new MemoryIndex();
    index.put('a', ad('a', 1));
    index.put('b', ad('b', 2));
    index.put('a', ad('a', 1, ['chair']));
    expect(index.search(query('newest'), [[index.tokenId('sofa')]], 10, 0).map((h) => h.id)).toEqual(['b']);
    expect(index.search(query('newest'), [], 10, 0).map((h) => h.id)).toEqual(['b', 'a']);
    index.put('b', null);
    expect(index.search(query('newest'), [], 10, 0).map((h) => h.id)).toEqual(['a']);
    expect(index.deadShare()).toBeCloseTo(2 / 3);
  });

  it('orders by price across the merged order and the ads added since', () => {
    const index = new MemoryIndex();
    index.put('a', ad('a', 1, ['sofa'], 300));
    index.put('b', ad('b', 2, ['sofa'], 100));
    index.mergePrices(true);
    index.put('c', ad('c', 3, ['sofa'], 200));
    index.put('d', ad('d', 4, ['sofa'], null));
    expect(index.search(query('price_asc'), [], 10, 0).map((h) => h.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(index.search(query('price_desc'), [[index.tokenId('sofa')]], 10, 0).map((h) => h.id)).toEqual(['a', 'c', 'b', 'd']);
  });
});
