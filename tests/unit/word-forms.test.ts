import { describe, expect, it } from 'vitest';
import { namedPlaces, stem, wordForms } from '#kernel/word-forms.ts';
import { editDistance, nearest, trigramSimilarity } from '../../server/search/corrections.ts';

describe('the light stemmer (kernel/word-forms.ts)', () => {
  it('gives a plural and its singular one stem, in English and Swahili', () => {
    const pairs = [
      ['phones', 'phone'],
      ['puppies', 'puppy'],
      ['batteries', 'battery'],
      ['dresses', 'dress'],
      ['watches', 'watch'],
      ['shoes', 'shoe'],
      ['laptops', 'laptop'],
      ['cleaning', 'clean'],
      ['shipping', 'ship'],
      ['viatu', 'kiatu'],
      ['vitanda', 'kitanda'],
      ['vyumba', 'chumba'],
      ['magari', 'gari'],
      ['watoto', 'mtoto'],
    ];
    for (const [a, b] of pairs) expect({ a, stem: stem(a!) }).toEqual({ a, stem: stem(b!) });
  });

  it('leaves apart words that only look alike', () => {
    for (const [a, b] of [['gas', 'ga'], ['bus', 'bu'], ['dress', 'dres'], ['phone', 'gramophone'], ['maziwa', 'ziwa'], ['wash', 'msh']]) expect({ a, b, same: stem(a!) === stem(b!) }).toEqual({ a, b, same: false });
  });

  it('lists the other forms of a word, each with the same stem, and none for short or odd words', () => {
    expect(wordForms('puppy')).toContain('puppies');
    expect(wordForms('puppies')).toContain('puppy');
    expect(wordForms('phones')).toContain('phone');
    expect(wordForms('kiatu')).toContain('viatu');
    expect(wordForms('gari')).toContain('magari');
    for (const w of ['puppy', 'phones', 'kiatu', 'watches', 'chumba']) for (const f of wordForms(w)) expect({ w, f, stem: stem(f) }).toEqual({ w, f, stem: stem(w) });
    expect(wordForms('tv')).toEqual([]);
    expect(wordForms('k-gas')).toEqual([]);
    expect(wordForms('café')).toEqual([]);
  });

  it('knows the categories and subcategories a word names', () => {
    expect(namedPlaces('phone')).toEqual([{ category: 'Electronics', subcategory: 'Phones' }]);
    expect(namedPlaces('laptop')).toEqual([{ category: 'Electronics', subcategory: 'Laptops and computers' }]);
    expect(namedPlaces('cars')).toEqual([{ category: 'Cars & Vehicles', subcategory: null }]);
    expect(namedPlaces('puppies')).toEqual([]);
    // Words of names that name nothing alone.
    expect(namedPlaces('sale')).toEqual([]);
    expect(namedPlaces('and')).toEqual([]);
  });
});

describe('spelling corrections (server/search/corrections.ts)', () => {
  it('counts a swap of neighbours as one edit and stops past the bound', () => {
    expect(editDistance('samsnug', 'samsung')).toBe(1);
    expect(editDistance('toyta', 'toyota')).toBe(1);
    expect(editDistance('toyta', 'toyota', 2)).toBe(1);
    expect(editDistance('kitchen', 'chicken')).toBe(3);
    expect(editDistance('abc', 'abcdef')).toBe(3);
  });

  it("computes pg_trgm's similarity", () => {
    expect(trigramSimilarity('toyta', 'toyota')).toBeCloseTo(4 / 9);
    expect(trigramSimilarity('samsnug', 'samsung')).toBeCloseTo(4 / 12);
    expect(trigramSimilarity('word', 'word')).toBe(1);
  });

  it('picks the fewest edits, then the most ads, then the first alphabetically, and only words in live ads', () => {
    expect(nearest('samsnug', [{ word: 'samsung', ads: 40 }, { word: 'samsonite', ads: 400 }])).toBe('samsung');
    expect(nearest('toyta', [{ word: 'toyota', ads: 0 }])).toBeNull();
    expect(nearest('toyta', [{ word: 'toyota', ads: 3 }, { word: 'toytas', ads: 9 }])).toBe('toytas');
    expect(nearest('toyta', [{ word: 'toytb', ads: 3 }, { word: 'toytc', ads: 3 }])).toBe('toytb');
    expect(nearest('qqxxzzv', [{ word: 'samsung', ads: 40 }])).toBeNull();
  });
});
