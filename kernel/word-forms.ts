import { CATEGORIES, type Category } from './categories.ts';
import { ALL_SUBCATEGORIES } from './subcategories.ts';

/*
 * Forgiving search words (issue 42; docs/decisions/forgiving-search-words.md): a light stemmer
 * for the plurals and simple inflections buyers type in English and Swahili, and the categories
 * and subcategories a word names. No dictionary and no dependency: a handful of suffix and
 * prefix rules, applied to whole lower-case words of the letters a to z only.
 *
 * stem() maps a word to its stem; wordForms() lists every word whose stem is the same (the
 * inverse of the rules, checked against stem() itself), so that a search can ask the index for
 * whole words instead of the ads' stored words being stemmed again.
 */

const LETTERS = /^[a-z]+$/;
const VOWEL = /[aeiou]/;
/** Swahili nouns of classes 5/6 that take ma- in the plural with no singular prefix (gari, magari). */
const MA_NOUNS = new Set(['gari', 'shamba', 'duka', 'tunda', 'yai', 'embe', 'gunia', 'tairi', 'lori', 'bati', 'debe', 'jani', 'dirisha', 'bega', 'pipa']);

/** The English suffix rules, longest first. */
function englishStem(w: string): string {
  if (w.length >= 5 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.length >= 5 && /(ch|sh|x|z)es$/.test(w)) return w.slice(0, -2);
  if (w.length >= 6 && w.endsWith('ing')) return undouble(w.slice(0, -3));
  if (w.length >= 5 && w.endsWith('ed') && !w.endsWith('eed')) return undouble(w.slice(0, -2));
  if (w.length >= 4 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** "shipp" -> "ship": a doubled last consonant (not l, s or z) that -ing or -ed doubled. */
function undouble(s: string): string {
  const last = s.at(-1)!;
  return s.length >= 3 && last === s.at(-2) && !VOWEL.test(last) && !'lsz'.includes(last) ? s.slice(0, -1) : s;
}

/** The Swahili plural noun prefixes, as the singular's: vi- -> ki-, vy- -> ch-, wa- -> m-, ma- (listed nouns) -> none. */
function swahiliSingular(w: string): string {
  if (w.length >= 4 && w.startsWith('vy') && VOWEL.test(w[2]!)) return `ch${w.slice(2)}`;
  if (w.length >= 4 && w.startsWith('vi')) return `ki${w.slice(2)}`;
  if (w.length >= 5 && w.startsWith('wa') && !VOWEL.test(w[2]!) && w[2] !== 'w') return `m${w.slice(2)}`;
  if (w.startsWith('ma') && MA_NOUNS.has(w.slice(2))) return w.slice(2);
  return w;
}

/** A word's stem: the same for its plural and simple inflections ("puppies" and "puppy", "viatu" and "kiatu"). Other words are their own stem. */
export function stem(word: string): string {
  if (!LETTERS.test(word) || word.length < 3) return word;
  // English first: "washing" is "wash", which no Swahili rule touches.
  return swahiliSingular(englishStem(word));
}

/** Words the rules could turn into `s`: a superset of stem's inverse, filtered by stem() in wordForms. */
function candidates(s: string): string[] {
  const out = [s, `${s}s`, `${s}es`, `${s}ing`, `${s}ed`];
  const last = s.at(-1);
  if (last && !VOWEL.test(last) && !'wxy'.includes(last)) out.push(`${s}${last}ing`, `${s}${last}ed`);
  if (s.endsWith('y')) out.push(`${s.slice(0, -1)}ies`);
  if (s.endsWith('ss')) out.push(`${s}es`);
  return out;
}

/** Every other word with the same stem (plurals, inflections), not the word itself; [] for words the rules do not touch. */
export function wordForms(word: string): string[] {
  if (!LETTERS.test(word) || word.length < 3) return [];
  const s = stem(word);
  const singulars = [s];
  if (s.startsWith('ki')) singulars.push(`vi${s.slice(2)}`);
  if (s.startsWith('ch') && VOWEL.test(s[2] ?? '')) singulars.push(`vy${s.slice(2)}`);
  if (s.startsWith('m') && !VOWEL.test(s[1] ?? 'a') && s[1] !== 'w') singulars.push(`wa${s.slice(1)}`);
  if (MA_NOUNS.has(s)) singulars.push(`ma${s}`);
  const forms = new Set<string>();
  for (const base of singulars) for (const c of candidates(base)) if (c !== word && stem(c) === s) forms.add(c);
  return [...forms].sort();
}

/** Words of category and subcategory names that name nothing on their own ("and", "for", "sale", "home"...). */
const NAMING_STOP = new Set(['and', 'for', 'sale', 'rent', 'short', 'stays', 'commercial', 'home', 'living', 'room', 'office', 'pet', 'supplies', 'farm', 'work', 'domestic', 'building', 'materials', 'storage', 'others']);

export type NamedPlace = { category: Category; subcategory: string | null };

/** Stem -> the categories and subcategories whose names have a word of that stem. */
const NAMED: Map<string, NamedPlace[]> = (() => {
  const map = new Map<string, NamedPlace[]>();
  const add = (name: string, place: NamedPlace) => {
    for (const w of name.toLowerCase().split(/[^a-z]+/)) {
      if (w.length < 3 || NAMING_STOP.has(w) || NAMING_STOP.has(stem(w))) continue;
      const s = stem(w);
      const list = map.get(s) ?? [];
      if (!list.some((p) => p.category === place.category && p.subcategory === place.subcategory)) list.push(place);
      map.set(s, list);
    }
  };
  for (const category of CATEGORIES) if (category !== 'Others') add(category, { category, subcategory: null });
  for (const { category, sub } of ALL_SUBCATEGORIES) add(sub.name, { category, subcategory: sub.name });
  // A category named covers its subcategories: keep only the category then.
  for (const [s, list] of map) {
    const whole = new Set(list.filter((p) => p.subcategory === null).map((p) => p.category));
    map.set(s, list.filter((p) => p.subcategory === null || !whole.has(p.category)));
  }
  return map;
})();

/** The categories and subcategories a search word names ("phone" names Phones, "laptop" Laptops and computers); [] for most words. */
export function namedPlaces(word: string): NamedPlace[] {
  if (!LETTERS.test(word) || word.length < 3) return [];
  return NAMED.get(stem(word)) ?? [];
}
