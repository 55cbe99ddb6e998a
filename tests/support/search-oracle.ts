import { sql } from 'drizzle-orm';
import { CATEGORIES } from '#kernel/categories.ts';
import { kesValue, type KesRates } from '#kernel/money.ts';
import { fieldWords, findSubcategory, type AttributeFilters } from '#kernel/subcategories.ts';
import { namedPlaces, wordForms, type NamedPlace } from '#kernel/word-forms.ts';
import { queryRows, sqlArray, type Db } from '../../server/db/client.ts';
import type { ListingFilters } from '../../server/search/search-query.ts';

/*
 * The third party of the search contract (issue 41, point 7): what a search must answer, worked
 * out in plain JavaScript from the ads' rows, written from the rules as the docs and the SQL
 * state them (migrations 0001, 0700, 0820, 0880, 0900, 0990; database/search-terms.ts's and
 * bounded-search.ts's comments) and not from either engine's code: nothing under
 * server/search/ is imported but the filters' type. Only the kernel's word rules (a word's forms,
 * the categories it names), its money rule (a price's value in Ksh) and its subcategory data are
 * shared, since they are the specification of those things. Every rule is tested on every
 * active ad (a word's test once, kept until a write changes the ad), so a shortcut an engine
 * takes (a vocabulary, a bitmap, a bounded walk, a merge of currencies) cannot hide a wrong
 * answer.
 *
 * Assumption: text in the ads is lower-cased by JavaScript's toLowerCase as PostgreSQL's lower()
 * would; the two agree on ASCII and on the seeded words (already lower-case beyond ASCII).
 */

/** An ad as read back from `listings`: times in microseconds since the epoch, as the database keeps them. */
export type OracleRow = {
  id: string;
  title: string;
  description: string;
  location: string;
  category: string;
  subcategory: string | null;
  attributes: Record<string, unknown>;
  price: number | null;
  currency: string;
  status: string;
  featuredUntil: number | null;
  created: number;
  town: string | null;
  county: string | null;
};

/**
 * An ad with what its matching needs worked out once. Every field is named here (no spread of
 * the row): objects built by a spread had a hidden class each, and reading them was a hundred
 * times slower.
 */
type Ad = {
  row: OracleRow;
  id: string;
  status: string;
  subcategory: string | null;
  attributes: Record<string, unknown>;
  featuredUntil: number | null;
  created: number;
  town: string | null;
  county: string | null;
  /** migration 0001's search_text: lower(title || ' ' || description || ' ' || location). */
  text: string;
  lowerTitle: string;
  lowerLocation: string;
  lowerCategory: string;
  /** migration 0700's search_tokens, without the price bands no search word can name (a word never holds ':'). */
  tokens: Set<string>;
  /** migration 0990's search_title_words. */
  titleWords: Set<string>;
  /** The price's value in Ksh, whole shillings; null for no price. */
  kes: number | null;
};

const COLUMNS = sql.raw(`id::text AS id, title, description, location, category, subcategory, attributes, price::text AS price, currency, status,
  floor(extract(epoch from featured_until) * 1000000)::float8 AS featured_until, floor(extract(epoch from created_at) * 1000000)::float8 AS created,
  town_id, county_code`);

type RawRow = Omit<OracleRow, 'price' | 'featuredUntil' | 'town' | 'county'> & { price: string | null; featured_until: number | null; town_id: string | null; county_code: string | null };

const fromRaw = (r: RawRow): OracleRow => ({
  id: r.id,
  title: r.title,
  description: r.description,
  location: r.location,
  category: r.category,
  subcategory: r.subcategory,
  attributes: r.attributes ?? {},
  price: r.price === null ? null : Number(r.price),
  currency: r.currency,
  status: r.status,
  featuredUntil: r.featured_until === null ? null : Number(r.featured_until),
  created: Number(r.created),
  town: r.town_id,
  county: r.county_code,
});

/** Every ad of the table (of every status: which ones a search sees is a rule of the oracle's), or those of `ids`. */
export async function readRows(db: Db, ids?: string[]): Promise<OracleRow[]> {
  const rows = ids
    ? await queryRows<RawRow>(db, sql`SELECT ${COLUMNS} FROM listings WHERE id = ANY(${sqlArray(ids, 'uuid')})`)
    : await queryRows<RawRow>(db, sql`SELECT ${COLUMNS} FROM listings`);
  return rows.map(fromRaw);
}

/** Whitespace and ASCII punctuation: migration 0700's '[[:space:]!-/:-@[-`{-~]+'. */
const BREAK = /[\s!-/:-@[-`{-~]+/;
/** Runs of digits and runs of other characters that are not breaks: migration 0700's second pattern. */
const PARTS = /[0-9]+|[^0-9\s!-/:-@[-`{-~]+/g;

/** migration 0700's search_words: the words split at breaks, and their runs of digits and of other characters. */
function searchWordsOf(content: string): string[] {
  const lower = content.toLowerCase();
  return [...lower.split(BREAK).filter(Boolean), ...(lower.match(PARTS) ?? [])];
}

function prepare(row: OracleRow, rates: KesRates): Ad {
  const titleWords = searchWordsOf(row.title);
  const locationWords = searchWordsOf(row.location);
  const tokens = new Set([
    ...titleWords,
    ...searchWordsOf(row.description),
    ...locationWords,
    // PostgreSQL's length() counts characters; the seeded words are all in the Basic Multilingual Plane.
    ...titleWords.filter((w) => [...w].length <= 2).map((w) => `t:${w}`),
    ...locationWords.map((w) => `l:${w}`),
    `c:${row.category.toLowerCase()}`,
  ]);
  return {
    row,
    id: row.id,
    status: row.status,
    subcategory: row.subcategory,
    attributes: row.attributes,
    featuredUntil: row.featuredUntil,
    created: row.created,
    town: row.town,
    county: row.county,
    text: `${row.title} ${row.description} ${row.location}`.toLowerCase(),
    lowerTitle: row.title.toLowerCase(),
    lowerLocation: row.location.toLowerCase(),
    lowerCategory: row.category.toLowerCase(),
    tokens,
    titleWords: new Set(titleWords),
    kes: kesValue(row.price, row.currency, rates),
  };
}

/**
 * A search word as database/search-terms.ts's comment states the rules: the query split at
 * spaces and lower-cased, at most 8 words of at most 60 characters; a word with no run of three
 * letters or digits matches whole words (each of its runs); a longer one is a substring of the
 * title, description or location. A word that is one run of letters a-z, not searched
 * literally, also matches its forms and the categories it names (issue 42).
 */
type Word = { text: string; runs: string[]; whole: boolean; forms: string[]; named: NamedPlace[] };

function phrase(text: string): Word | null {
  const runs = text.split(BREAK).filter(Boolean);
  return runs.length ? { text, runs, whole: runs.every((r) => r.length < 3), forms: [], named: [] } : null;
}

function parseWords(search: string | undefined): Word[] {
  const words: Word[] = [];
  for (const raw of (search ?? '').toLowerCase().split(/\s+/)) {
    const word = phrase(raw.slice(0, 60));
    if (!word) continue;
    if (!word.whole && word.runs.length === 1 && word.runs[0] === word.text) {
      word.forms = wordForms(word.text);
      word.named = namedPlaces(word.text);
    }
    words.push(word);
    if (words.length === 8) break;
  }
  return words;
}

/** Categories outside the fixed list are Others (spec section 9). */
const LISTED_CATEGORIES = new Set(CATEGORIES.filter((c) => c !== 'Others').map((c) => c.toLowerCase()));
const inCategory = (ad: Ad, category: string) => (category === 'Others' ? !LISTED_CATEGORIES.has(ad.lowerCategory) : ad.lowerCategory === category.toLowerCase());

const namesAd = (ad: Ad, place: NamedPlace) => (place.subcategory ? ad.subcategory === place.subcategory : inCategory(ad, place.category));

/** The word as typed: each run a whole word, or the word a substring of the title, description or location. */
function wordAsTyped(ad: Ad, word: Word): boolean {
  return word.whole ? word.runs.every((r) => ad.tokens.has(r)) : ad.text.includes(word.text);
}

/** The word's alternatives when it is forgiving: one of its forms as a whole word, or a category or subcategory it names. */
function wordForgiven(ad: Ad, word: Word): boolean {
  for (const form of word.forms) if (ad.tokens.has(form)) return true;
  for (const place of word.named) if (namesAd(ad, place)) return true;
  return false;
}

/** Best match's first rank: the word is in the title, as typed or as one of its forms (never through a category it names). */
function wordInTitle(ad: Ad, word: Word): boolean {
  if (word.whole) return word.runs.every((r) => ad.tokens.has(`t:${r}`));
  return ad.lowerTitle.includes(word.text) || word.forms.some((f) => ad.titleWords.has(f));
}

function attributesMatch(ad: Ad, subcategory: string | null | undefined, attributes: AttributeFilters): boolean {
  const defs = findSubcategory(subcategory)?.sub.attributes ?? [];
  for (const [key, value] of Object.entries(attributes)) {
    const have = ad.attributes[key];
    if (typeof value === 'string' && defs.find((d) => d.key === key)?.filter === 'words') {
      // Every word given is one of the field's words (migration 0920).
      const wanted = fieldWords(value);
      if (wanted.length === 0) continue;
      if (have === undefined || have === null) return false;
      const words = new Set(String(have).toLowerCase().split(/[^a-z0-9]+/));
      if (!wanted.every((w) => words.has(w))) return false;
    } else if (typeof value === 'string') {
      // JSON containment: the same string, letter case and all.
      if (have !== value) return false;
    } else {
      // A range holds numbers only.
      if (typeof have !== 'number') return false;
      if (value.min !== undefined && !(have >= value.min)) return false;
      if (value.max !== undefined && !(have <= value.max)) return false;
    }
  }
  return true;
}

/** The page's place and the count's reach (search-query.ts's documented constants: 10,000 at most, four pages ahead). */
function shapeOf(filters: ListingFilters) {
  const page = Math.max(1, Math.floor(filters.page ?? 1));
  const limit = Math.min(100, Math.max(1, Math.floor(filters.limit ?? 24)));
  const offset = (page - 1) * limit;
  return { offset, limit, cap: Math.min(10_000, offset + limit * 5) };
}

export type OracleAnswer = {
  /** The page's ids in display order. */
  ids: string[];
  /** Every match: what an exact count says. */
  matched: number;
  /** The total a page shows: the matches, counted up to the cap. */
  total: number;
  /** More matches than the cap. */
  capped: boolean;
  hasNext: boolean;
};

const newestFirst = (a: Ad, b: Ad) => (a.created !== b.created ? b.created - a.created : a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
/** By value in Ksh whatever the currency, no price last, ties newest first. */
const byPrice = (sign: 1 | -1) => (a: Ad, b: Ad) => {
  if ((a.kes === null) !== (b.kes === null)) return a.kes === null ? 1 : -1;
  if (a.kes !== null && b.kes !== null && a.kes !== b.kes) return sign * (a.kes - b.kes);
  return newestFirst(a, b);
};

/** A list kept in an order as ads come and go (a write moves one ad: no sort of them all). */
class Ordered {
  readonly ads: Ad[] = [];
  constructor(readonly compare: (a: Ad, b: Ad) => number) {}

  remove(ad: Ad): void {
    const i = this.ads.indexOf(ad);
    if (i >= 0) this.ads.splice(i, 1);
  }

  add(ad: Ad): void {
    let lo = 0;
    let hi = this.ads.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.compare(this.ads[mid]!, ad) < 0) lo = mid + 1;
      else hi = mid;
    }
    this.ads.splice(lo, 0, ad);
  }
}

export class SearchOracle {
  private ads = new Map<string, Ad>();
  /** The active ads (migration 0820: sold, expired, hidden and held ones are in no public list) in each order a search lists them. */
  private newest = new Ordered(newestFirst);
  private priceAsc = new Ordered(byPrice(1));
  private priceDesc = new Ordered(byPrice(-1));
  /**
   * The active ads each word searched so far matches, as typed and forgivingly: each test done
   * once per ad and word rather than once per search (Zipf words repeat), and again for an ad a
   * write changed.
   */
  private matching = new Map<string, { test: (ad: Ad) => boolean; ads: Set<Ad> }>();

  constructor(private readonly rates: KesRates) {}

  get size(): number {
    return this.ads.size;
  }

  /** The rows as they are now; an id of `gone` no longer exists. */
  put(rows: OracleRow[], gone: string[] = []): void {
    const lists = [this.newest, this.priceAsc, this.priceDesc];
    const bulk = this.ads.size === 0;
    for (const id of [...gone, ...rows.map((r) => r.id)]) {
      const old = this.ads.get(id);
      if (!old) continue;
      this.ads.delete(id);
      if (old.status === 'active') for (const list of lists) list.remove(old);
      for (const { ads } of this.matching.values()) ads.delete(old);
    }
    for (const row of rows) {
      const ad = prepare(row, this.rates);
      this.ads.set(row.id, ad);
      if (ad.status !== 'active') continue;
      for (const { test, ads } of this.matching.values()) if (test(ad)) ads.add(ad);
      if (bulk) for (const list of lists) list.ads.push(ad);
      else for (const list of lists) list.add(ad);
    }
    if (bulk) for (const list of lists) list.ads.sort(list.compare);
  }

  /** The rows it holds, as read back (for a comparison with a fresh read). */
  rows(): OracleRow[] {
    return [...this.ads.values()].map((ad) => ad.row);
  }

  /**
   * The page a search must answer at `now`: the matches of the words as typed first, then the
   * other matches of the forgiving words (issue 42), each part in the search's display order.
   */
  /** The active ads `test` holds for: `key` names the test. */
  private adsWhere(key: string, test: (ad: Ad) => boolean): Set<Ad> {
    let entry = this.matching.get(key);
    if (!entry) {
      entry = { test, ads: new Set(this.newest.ads.filter(test)) };
      this.matching.set(key, entry);
    }
    return entry.ads;
  }

  answer(filters: ListingFilters, now: Date): OracleAnswer {
    const nowMicros = now.getTime() * 1000;
    const words = parseWords(filters.search);
    const place = phrase((filters.location ?? '').trim().toLowerCase().slice(0, 100));
    const { category, county, town, subcategory, attributes, minPrice, maxPrice } = filters;
    const priced = minPrice !== undefined || maxPrice !== undefined;
    const sort = filters.sort ?? 'newest';
    const order = sort === 'price_asc' ? this.priceAsc : sort === 'price_desc' ? this.priceDesc : this.newest;
    // Each list in display order's underlying order; a word matched as typed is matched forgivingly too.
    const asTyped = words.map((w) => this.adsWhere(`typed ${w.text}`, (ad) => wordAsTyped(ad, w)));
    // Parsed the same, a word has the same forms and named places wherever it is searched.
    const forgiven = words.map((w) => this.adsWhere(`forgiven ${w.text}`, (ad) => wordForgiven(ad, w)));
    const literal: Ad[] = [];
    const wider: Ad[] = [];
    for (const ad of order.ads) {
      if (category && !inCategory(ad, category)) continue;
      if (county && ad.county !== county) continue;
      if (town && ad.town !== town) continue;
      if (subcategory && ad.subcategory !== subcategory) continue;
      if (priced && (ad.kes === null || ad.kes < (minPrice ?? -Infinity) || ad.kes > (maxPrice ?? Infinity))) continue;
      if (attributes && !attributesMatch(ad, subcategory, attributes)) continue;
      if (place && !(place.whole ? place.runs.every((r) => ad.tokens.has(`l:${r}`)) : ad.lowerLocation.includes(place.text))) continue;
      let typed = true;
      let matches = true;
      for (let w = 0; w < words.length; w++) {
        if (asTyped[w]!.has(ad)) continue;
        typed = false;
        if (!forgiven[w]!.has(ad)) {
          matches = false;
          break;
        }
      }
      if (matches) (typed ? literal : wider).push(ad);
    }
    const all = [...this.grouped(literal, sort, words, true, nowMicros), ...this.grouped(wider, sort, words, false, nowMicros)];
    const { offset, limit, cap } = shapeOf(filters);
    return {
      ids: all.slice(offset, offset + limit).map((a) => a.id),
      matched: all.length,
      total: Math.min(all.length, cap),
      capped: all.length > cap,
      hasNext: all.length > offset + limit,
    };
  }

  /**
   * Matches in display order, from matches in the order's underlying one. Price orders have no
   * groups. Best match (with words): ads with every word in the title (as typed, or with its
   * forms too when the words are forgiving), then the others; featuring does not count. Newest
   * (and Best match without words): ads featured at this moment first, then the rest.
   */
  private grouped(ads: Ad[], sort: string, words: Word[], literal: boolean, nowMicros: number): Ad[] {
    if (sort === 'price_asc' || sort === 'price_desc') return ads;
    const titled = literal ? words.map((w) => ({ ...w, forms: [] })) : words;
    const ahead =
      sort === 'best' && words.length > 0
        ? (ad: Ad) => titled.every((w) => wordInTitle(ad, w))
        : (ad: Ad) => ad.featuredUntil !== null && ad.featuredUntil > nowMicros;
    const first: Ad[] = [];
    const rest: Ad[] = [];
    for (const ad of ads) (ahead(ad) ? first : rest).push(ad);
    return [...first, ...rest];
  }
}
