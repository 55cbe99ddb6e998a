import { FOREIGN_PRICED, kesSql } from '../price-key.ts';
import { sql, type SQL } from 'drizzle-orm';
import { CATEGORIES, type Category } from '#kernel/categories.ts';
import { LIMITS } from '#kernel/listing-rules.ts';
import { fieldWords, findSubcategory } from '#kernel/subcategories.ts';
import type { ListingFilters } from '../search-query.ts';
import { isForgiving, longest, searchLocation, searchWords, term, type SearchWord } from '../words.ts';

/**
 * What a search asks for, as SQL conditions on `listings` (and on featured_listings, which
 * has the same search columns).
 *
 * Words: the query is split at spaces, lower-cased, at most 8 words of at most 60 characters.
 * - A word with three or more letters or digits in a row matches as a substring of the title,
 *   description or location ("toyo" finds Toyota, "ps4" finds PS4 Slim); % and _ are taken
 *   literally.
 * - A shorter word ("tv", "hp", "4k", "i5", the "13" of "iphone 13") matches whole words: as
 *   a substring two letters would match nearly every ad.
 * - A word of punctuation only ("-", "&") says nothing and is left out.
 * The location filter works the same way on the location alone, as one substring.
 * A county or town filter is the ad's county_code or town_id (migration 0880).
 *
 * Each condition comes in two forms that select the same ads:
 * - `check`: cheap to test on an ad in hand (a walk tests thousands);
 * - `find`: what the GIN index on search_tokens answers (migration 0700): a word of three
 *   letters or more becomes "one of the vocabulary's words containing it", a category or a
 *   price range becomes its token. A `find` may select more than `check` (an index can
 *   only narrow the search); searches that use it also test `check`.
 */

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const contains = (s: string) => `%${escapeLike(s)}%`;
const tokens = (items: string[]) => sql`ARRAY[${sql.join(
  [...new Set(items)].map((i) => sql`${i}`),
  sql`, `,
)}]::text[]`;
/** The vocabulary's words containing `run` (migration 0700): the whole words an ad must have one of. */
const containing = (run: string, prefix: '' | 'l:') =>
  prefix ? sql`word LIKE ${`l:%${escapeLike(run)}%`}` : sql`word LIKE ${contains(run)} AND word NOT LIKE 'l:%'`;
const wordsContaining = (run: string, prefix: '' | 'l:') => sql`(SELECT coalesce(array_agg(word), '{}') FROM search_vocabulary WHERE ${containing(run, prefix)})`;

/**
 * Others also matches anything outside the fixed list (spec section 9). Written out as text,
 * exactly as migration 0701's partial index on Others says it, so that the planner uses it.
 */
const OTHERS = sql.raw(
  `lower(category) NOT IN (${CATEGORIES.filter((c) => c !== 'Others')
    .map((c) => `'${c.toLowerCase().replace(/'/g, "''")}'`)
    .join(', ')})`,
);

export function categoryCondition(category: Category): SQL {
  return category === 'Others' ? OTHERS : sql`lower(category) = ${category.toLowerCase()}`;
}

/** The KES price band of a price, as migration 0700's search_price_band. */
export function priceBand(price: number): number {
  return Math.floor(Math.log(price + 1) * 4);
}
/** The highest band, and one more: JavaScript's logarithm need not round exactly as PostgreSQL's. */
export const MAX_PRICE_BAND = priceBand(LIMITS.price) + 1;

/**
 * A KES price's fine band, as migration 0980's index has it with each word: a quarter of a
 * price band (about 6% wide), so that the ads of one word in one fine band are few enough to
 * sort even where most ads are priced.
 */
export function fineBand(price: number): number {
  return Math.floor(Math.log(price + 1) * 16);
}
/** The highest fine band, and one more. */
export const MAX_FINE_BAND = fineBand(LIMITS.price) + 1;

/** Ads whose KES price is in fine bands `from`..`to`: the band tokens that hold them (an index can answer), and exactly. */
export function fineBandFind(from: number, to: number): SQL[] {
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  return [sql`search_tokens && ${bandTokens(Math.floor(lo / 4) - 1, Math.floor(hi / 4) + 1)}`, sql`floor(ln(price + 1) * 16)::integer BETWEEN ${lo} AND ${hi}`];
}

/** The tokens of price bands `from`..`to` (either way round). */
export function bandTokens(from: number, to: number): SQL {
  const lo = Math.max(0, Math.min(from, to));
  const hi = Math.min(MAX_PRICE_BAND, Math.max(from, to));
  return tokens(Array.from({ length: hi - lo + 1 }, (_, i) => `p:${lo + i}`));
}

export type Conditions = {
  check: SQL[];
  find: SQL[];
  /**
   * The search's token conditions, each "the ad has one of these tokens": what a price order
   * asks fine band by fine band (migration 0980's index of each token with its band). A part
   * of a word names the tokens through the vocabulary, as `find` does.
   */
  bandable: BandTerm[];
  /** The fine price bands a match can be in: all of them, or those of the price filter (one more each side). */
  bands: [number, number];
};

/** `also`: whole tokens that match besides the words containing the part (a forgiving word's forms and named categories). */
export type BandTerm = { tokens: string[] } | { part: string; prefix: '' | 'l:'; also?: string[] };

/**
 * A forgiving word's alternatives (issue 42, kernel/word-forms.ts): its forms as whole words, and
 * the ads of the categories and subcategories it names. `tokens`: what the GIN index answers for
 * them (a subcategory's ads are among its category's token).
 */
function alternatives(word: SearchWord): { check: SQL[]; tokens: string[] } {
  const check: SQL[] = [];
  if (word.forms.length) check.push(sql`search_tokens && ${tokens(word.forms)}`);
  for (const p of word.named) check.push(p.subcategory ? sql`subcategory = ${p.subcategory}` : categoryCondition(p.category));
  return { check, tokens: [...word.forms, ...word.named.map((p) => `c:${p.category.toLowerCase()}`)] };
}

/** The vocabulary's words containing a part of a word (as `find` asks), at most `limit` of them. */
export function vocabularyWords(term: Extract<BandTerm, { part: string }>, limit: number): SQL {
  return sql`(SELECT coalesce(array_agg(word), '{}') FROM (SELECT word FROM search_vocabulary WHERE ${containing(term.part, term.prefix)} LIMIT ${limit}) v)`;
}

/** Ads with one of `items` in one of fine bands `bands` (migration 0980's expression, exactly as its index says it). */
export function bandedCondition(bands: number[], items: string[]): SQL {
  return sql`search_band_tokens(search_tokens, price, currency) && ${tokens(bands.flatMap((b) => items.map((i) => `f:${b}:${i}`)))}`;
}

/**
 * What every match must meet, in both forms. Not which ads are public: these conditions also
 * run on featured_listings, which holds active ads only, and bounded-search.ts adds
 * visibility.ts's LISTED to every statement on listings.
 */
export function filterConditions(filters: ListingFilters): Conditions {
  const check: SQL[] = [];
  const find: SQL[] = [];
  // Each token condition again, for price orders' bands (migration 0980).
  const bandable: BandTerm[] = [];
  if (filters.category) {
    check.push(categoryCondition(filters.category));
    if (filters.category !== 'Others') {
      const category = `c:${filters.category.toLowerCase()}`;
      find.push(sql`search_tokens @> ${tokens([category])}`);
      bandable.push({ tokens: [category] });
    }
  }
  const whole: string[] = [];
  for (const word of searchWords(filters.search, filters.literal)) {
    if (word.whole) whole.push(...word.runs);
    else if (isForgiving(word)) {
      const alt = alternatives(word);
      check.push(sql`(${sql.join([sql`search_text LIKE ${contains(word.text)}`, ...alt.check], sql` OR `)})`);
      find.push(sql`search_tokens && (${wordsContaining(word.text, '')} || ${tokens(alt.tokens)})`);
      bandable.push({ part: word.text, prefix: '', also: alt.tokens });
    } else {
      const run = longest(word.runs);
      check.push(sql`search_text LIKE ${contains(word.text)}`);
      find.push(sql`search_tokens && ${wordsContaining(run, '')}`);
      bandable.push({ part: run, prefix: '' });
    }
  }
  const place = term(searchLocation(filters.location));
  if (place?.whole) whole.push(...place.runs.map((r) => `l:${r}`));
  else if (place) {
    const run = longest(place.runs);
    check.push(sql`lower(location) LIKE ${contains(place.text)}`);
    find.push(sql`search_tokens && ${wordsContaining(run, 'l:')}`);
    bandable.push({ part: run, prefix: 'l:' });
  }
  // A county or a town (migration 0880): the same condition both ways; the ads' county and town
  // indexes serve it (a county has every ad of its towns).
  for (const place of [filters.county ? sql`county_code = ${filters.county}` : null, filters.town ? sql`town_id = ${filters.town}` : null]) {
    if (place) {
      check.push(place);
      find.push(place);
    }
  }
  // A subcategory and its fields (migration 0900). The subcategory has its own date index; the
  // fields' equal values are one containment test that the GIN index on attributes answers.
  // Ranges (year, mileage, bedrooms) are tested on the ads the other conditions find:
  // docs/attributes.md says why.
  if (filters.subcategory) {
    const sub = sql`subcategory = ${filters.subcategory}`;
    check.push(sub);
    find.push(sub);
  }
  const equal: Record<string, string> = {};
  const defs = findSubcategory(filters.subcategory)?.sub.attributes ?? [];
  for (const [key, value] of Object.entries(filters.attributes ?? {})) {
    if (typeof value === 'string' && defs.find((d) => d.key === key)?.filter === 'words') {
      // A text field (a car's model): every word given is one of the field's words. `find` asks
      // migration 0920's index of every text field's words ('model:axio'); `check` splits the one
      // field in hand the same way, far cheaper per ad than listing all its fields' words.
      const words = fieldWords(value);
      if (words.length) {
        check.push(sql`regexp_split_to_array(lower(attributes ->> ${key}), '[^a-z0-9]+') @> ${tokens(words)}`);
        find.push(sql`attribute_words(attributes) @> ${tokens(words.map((w) => `${key}:${w}`))}`);
      }
    } else if (typeof value === 'string') equal[key] = value;
    else {
      // Only numbers are stored for a range field (migration 0900's check); the CASE keeps any other value from failing the cast.
      const n = sql`(CASE WHEN jsonb_typeof(attributes -> ${key}) = 'number' THEN (attributes ->> ${key})::numeric END)`;
      if (value.min !== undefined) check.push(sql`${n} >= ${value.min}`);
      if (value.max !== undefined) check.push(sql`${n} <= ${value.max}`);
    }
  }
  if (Object.keys(equal).length) {
    const has = sql`attributes @> ${JSON.stringify(equal)}::jsonb`;
    check.push(has);
    find.push(has);
  }
  if (whole.length) {
    const has = sql`search_tokens @> ${tokens(whole)}`;
    check.push(has);
    find.push(has);
    for (const token of new Set(whole)) bandable.push({ tokens: [token] });
  }
  // Price filters are in Kenyan shillings, on a price's value in Ksh (price-key.ts: an ad in
  // USD is in the range its Ksh value is in; issue 42, point 6).
  const { minPrice, maxPrice } = filters;
  // One band more each side: JavaScript's logarithm need not round exactly as PostgreSQL's.
  const lo = Math.max(0, priceBand(minPrice ?? 0) - 1);
  const hi = Math.min(MAX_PRICE_BAND, priceBand(Math.min(maxPrice ?? LIMITS.price, LIMITS.price)) + 1);
  if (minPrice !== undefined || maxPrice !== undefined) {
    check.push(sql`price IS NOT NULL`);
    if (minPrice !== undefined) check.push(sql`${kesSql()} >= ${minPrice}`);
    if (maxPrice !== undefined) check.push(sql`${kesSql()} <= ${maxPrice}`);
    // A narrow range is a short list of bands (KES prices have them), or a price in another
    // currency (few; the price indexes list them); a wide one says too little to be worth it.
    if (hi - lo <= 24) find.push(sql`(search_tokens && ${bandTokens(lo, hi)} OR ${FOREIGN_PRICED})`);
  }
  const bands: [number, number] = [Math.max(0, fineBand(minPrice ?? 0) - 1), Math.min(MAX_FINE_BAND, fineBand(Math.min(maxPrice ?? LIMITS.price, LIMITS.price)) + 1)];
  return { check, find, bandable, bands };
}

/**
 * Every word of the search occurs in the title, as typed or as one of its forms (the first rank
 * of "Best match": an ad found only through a category its word names is never in it); null
 * without words.
 */
export function titleCondition(search: string | undefined, literal = false): SQL | null {
  const words = searchWords(search, literal);
  if (words.length === 0) return null;
  const conditions: SQL[] = [];
  const whole: string[] = [];
  for (const word of words) {
    if (word.whole) whole.push(...word.runs.map((r) => `t:${r}`));
    else if (word.forms.length) conditions.push(sql`(lower(title) LIKE ${contains(word.text)} OR search_title_words(title) && ${tokens(word.forms)})`);
    else conditions.push(sql`lower(title) LIKE ${contains(word.text)}`);
  }
  if (whole.length) conditions.push(sql`search_tokens @> ${tokens(whole)}`);
  return sql`(${sql.join(conditions, sql` AND `)})`;
}

/**
 * The same, as migration 0990's index of title words answers it: a word of three letters or
 * more is one of the vocabulary's words containing it, a shorter one a whole title word. It may
 * select more than titleCondition (a word with punctuation), never fewer; null without words.
 */
export function titleFind(search: string | undefined, literal = false): SQL[] | null {
  const words = searchWords(search, literal);
  if (words.length === 0) return null;
  const titleWords = sql.raw('search_title_words(title)');
  const find: SQL[] = [];
  const whole: string[] = [];
  for (const word of words) {
    if (word.whole) whole.push(...word.runs);
    else if (word.forms.length) find.push(sql`${titleWords} && (${wordsContaining(word.text, '')} || ${tokens(word.forms)})`);
    else find.push(sql`${titleWords} && ${wordsContaining(longest(word.runs), '')}`);
  }
  if (whole.length) find.push(sql`${titleWords} @> ${tokens(whole)}`);
  return find;
}
