import type { AttributeFilters } from '#kernel/subcategories.ts';
import { jsonText, type JsonText } from '#kernel/json-text.ts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { cardFormat, listingFormat, type CardJson, type ListingFormat, type ListingJson } from '../listings/listing-json.ts';
import type { SearchLimits } from './database/bounded-search.ts';
import { createDatabaseEngine, listingChanges } from './database/database-engine.ts';
import { checkedHits } from './checked-hits.ts';
import { readPage } from './page-read.ts';
import type { SearchCache } from './search-cache.ts';
import type { EngineAnswer, EngineQuery, Found, SearchEngine } from './search-engine.ts';
import { pageShape, type ListingFilters, type ListingPage, type PageShape } from './search-query.ts';
import { correctSearch } from './corrections.ts';
import { databaseWords } from './database/database-words.ts';
import { isForgiving, searchLocation, searchWords, wordsKey } from './words.ts';

/*
 * The one entry point of a search (issue 41): it picks the engine (search-engine.ts), reads the
 * page's listings, and keeps recent database answers in the search cache.
 */

export type SearchOptions = {
  now?: Date;
  /** Reuse recent pages of results (services.searchCache); absent means always search. */
  cache?: SearchCache;
  /** The search index in memory (services.searchIndex): it answers what it can, the database the rest. */
  index?: SearchEngine;
  /** How far each step of the database's search may go (database/bounded-search.ts); tests make them small, and the database then answers alone. */
  limits?: SearchLimits;
  /** Correct misspelt words when nothing matches (the results page, which says so); elsewhere the words are searched as given. */
  correct?: boolean;
};

/**
 * One page of listings matching the filters (as the API shows them), and how many match
 * (counted no further than COUNT_PAGES_AHEAD pages past this one, and only as far as it comes
 * cheap: see database/bounded-search.ts); with a cache, a recent answer to the same search is
 * reused while the listing_changes counter says nothing has changed (see search-cache.ts).
 */
export function searchListings(db: Db, filters: ListingFilters = {}, options: SearchOptions = {}): Promise<ListingPage<ListingJson>> {
  return search(db, filters, listingFormat, options);
}

/** The same search, as the cards of a browse page. */
export function searchCards(db: Db, filters: ListingFilters = {}, options: SearchOptions = {}): Promise<ListingPage<CardJson>> {
  return search(db, filters, cardFormat, options);
}


/**
 * A search with forgiving words (issue 42, docs/decisions/forgiving-search-words.md): when
 * nothing matches and a word of five letters or more matches no ad, the words are corrected
 * (corrections.ts) and the corrected search answered, saying so (`correction`).
 */
async function search<T>(db: Db, filters: ListingFilters, format: ListingFormat<T>, options: SearchOptions): Promise<ListingPage<T>> {
  const page = await exactFirst(db, filters, format, options);
  if (page.total > 0 || !filters.search || options.limits || !options.correct) return page;
  const source = (await options.index?.words?.()) ?? databaseWords(db);
  const correction = await correctSearch(source, filters.search);
  if (!correction) return page;
  // Asked for the words as typed: the correction is only offered ("Did you mean").
  if (filters.noCorrection) return withCorrection(page, { didYouMean: correction.search });
  return withCorrection(await exactFirst(db, { ...filters, search: correction.search }, format, options), { correction });
}

/** The page, saying which words it searched for instead of those typed, or which it might have. */
function withCorrection<T>(page: ListingPage<T>, said: Pick<ListingPage<T>, 'correction' | 'didYouMean'>): ListingPage<T> {
  const { itemsJson, total, totalIsCapped, hasNext, page: number, limit } = page;
  return {
    itemsJson,
    get items() {
      return page.items;
    },
    total,
    totalIsCapped,
    hasNext,
    page: number,
    limit,
    ...said,
  };
}

/**
 * Matches of the words as typed come first (issue 42): when a word also matches forgivingly
 * (its forms, the categories it names), the literal search's hits in display order, then the
 * rest of the forgiving search's in display order. Whichever engine answers each of the two,
 * the order is the same.
 */
async function exactFirst<T>(db: Db, filters: ListingFilters, format: ListingFormat<T>, options: SearchOptions): Promise<ListingPage<T>> {
  if (filters.literal || !(await widens(db, filters, options))) return plainSearch(db, filters, format, options);
  const now = options.now ?? new Date();
  const shape = pageShape(filters);
  const literal = await answer(db, { filters: { ...filters, literal: true }, shape, now, format }, options);
  const first = literal.found.hits;
  if (first.length === 0) return plainSearch(db, filters, format, options);
  // The words as typed fill the window: every forgiving match would come after it, so the
  // page, the total (the cap) and the flags are the literal search's.
  if (first.length >= shape.window) return pageOf(db, { filters, shape, now, format }, format, literal);
  // Enough forgiving hits that, the literal ones taken out, the window is still full.
  const wider = await answer(db, { filters, shape: { ...shape, window: shape.window + first.length }, now, format }, options);
  const seen = new Set(first.map((h) => h.id));
  const hits = [...first, ...wider.found.hits.filter((h) => !seen.has(h.id))];
  const found: Found = { hits, capped: literal.found.capped || wider.found.capped, fromFirst: false, steps: [...literal.found.steps, ...wider.found.steps] };
  return pageOf(db, { filters, shape, now, format }, format, { found });
}

/**
 * Whether the forgiving search may find more than the literal one: a word names a category, or
 * one of its forms is a word some ad has had (most forms, "toyotaed", are no one's). The memory
 * index knows its words without a statement; else the vocabulary of migration 0700 (which keeps
 * words of ads since gone: then both searches find the same, in the same order).
 */
async function widens(db: Db, filters: ListingFilters, options: SearchOptions): Promise<boolean> {
  const words = searchWords(filters.search).filter(isForgiving);
  if (words.length === 0) return false;
  if (words.some((w) => w.named.length > 0)) return true;
  const forms = [...new Set(words.flatMap((w) => w.forms))];
  const index = options.limits ? undefined : options.index;
  const known = index?.knows?.(forms);
  if (known !== undefined && known !== null) return known;
  const [row] = await queryRows<{ known: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM search_vocabulary WHERE word = ANY(ARRAY(SELECT json_array_elements_text(${JSON.stringify(forms)}::json)))) AS known`);
  return row!.known;
}

/** One engine's exact answer: the memory index's when it can, else the database's. */
async function answer(db: Db, query: EngineQuery, options: SearchOptions): Promise<EngineAnswer> {
  const index = options.limits ? undefined : options.index;
  const found = index?.canAnswer(query) ? await exactAnswer(db, query, await index.find(query)) : null;
  return found ?? (await createDatabaseEngine(db, options.limits).find(query))!;
}

async function plainSearch<T>(db: Db, filters: ListingFilters, format: ListingFormat<T>, options: SearchOptions): Promise<ListingPage<T>> {
  const now = options.now ?? new Date();
  const shape = pageShape(filters);
  const query: EngineQuery = { filters, shape, now, format };
  const index = options.limits ? undefined : options.index;
  const answer = index?.canAnswer(query) ? await exactAnswer(db, query, await index.find(query)) : null;
  if (answer) return pageOf(db, query, format, answer);

  const { cache } = options;
  const key = cache ? searchKey(filters, shape, format) : '';
  const cached = cache?.get(key, now.getTime());
  // The key names the format, so the cached page is of this one.
  if (cached && (await listingChanges(db)) === cached.generation) return cached.page as ListingPage<T>;

  const result = await createDatabaseEngine(db, options.limits).find(query);
  const page = await pageOf(db, query, format, result!);
  // A featured ad that stops being featured moves (under newest) or loses its badge: the entry ends then.
  const featuredEnds = Math.min(...result!.found.hits.map((h) => (h.featuredUntil !== null && h.featuredUntil > now.getTime() ? h.featuredUntil : Infinity)));
  cache?.set(key, { page, generation: result!.generation!, expiresAt: Math.min(now.getTime() + cache.ttlMs, featuredEnds) });
  return page;
}

/** An engine's answer made exact: one the database must test (EngineAnswer.unchecked), tested and cut to the window; null when the engine gave none or its candidates could not tell. */
export async function exactAnswer(db: Db, { filters, shape }: EngineQuery, answer: EngineAnswer | null): Promise<EngineAnswer | null> {
  if (!answer?.unchecked) return answer;
  const check = (a: EngineAnswer) => checkedHits(db, filters, { hits: a.found.hits, cut: a.candidatesCut === true, titles: a.titlesUnchecked === true }, shape.window);
  let hits = await check(answer);
  const more = hits ? null : answer.moreCandidates?.();
  if (more) hits = await check(more);
  return hits && { found: { ...answer.found, hits }, unchecked: false };
}

/** The page of an exact answer: the listings the engine wrote, or those of its hits read by id. */
async function pageOf<T>(db: Db, { shape, now }: EngineQuery, format: ListingFormat<T>, answer: EngineAnswer): Promise<ListingPage<T>> {
  const items = answer.items ?? (await readPage(db, answer.found.hits.slice(shape.offset, shape.offset + shape.limit).map((h) => h.id), now, format));
  return toPage(jsonText<T[]>(items), answer.found, shape, format);
}

function toPage<T>(itemsJson: JsonText<T[]>, found: Found, shape: PageShape, format: ListingFormat<T>): ListingPage<T> {
  let items: T[] | undefined;
  const matched = found.hits.length;
  return {
    itemsJson,
    get items() {
      return (items ??= format.parse(itemsJson));
    },
    total: Math.min(matched, shape.cap),
    totalIsCapped: matched > shape.cap || found.capped,
    // The hits reach one past the page's end whenever there is more (Found).
    hasNext: matched > shape.offset + shape.limit,
    page: shape.page,
    limit: shape.limit,
  };
}

/** Filters that select the same page give the same key (word order and letter case do not matter); each format has its own. */
function searchKey(filters: ListingFilters, shape: PageShape, format: ListingFormat<unknown>): string {
  const words = wordsKey(filters.search);
  const location = searchLocation(filters.location);
  const sort = filters.sort ?? 'newest';
  return JSON.stringify([format.name, filters.literal === true, filters.category ?? '', words, location, filters.county ?? '', filters.town ?? '', filters.minPrice ?? null, filters.maxPrice ?? null, filters.subcategory ?? '', attributesKey(filters.attributes), sort, shape.page, shape.limit]);
}

/** Attribute filters as a stable key: key order does not matter. */
function attributesKey(attributes: AttributeFilters | undefined): string {
  if (!attributes) return '';
  return JSON.stringify(Object.keys(attributes).sort().map((k) => [k, attributes[k]]));
}

/** A search as an engine is asked it (the benchmark and tests ask an engine directly). */
export function engineQuery(filters: ListingFilters, now = new Date(), format: ListingFormat<unknown> = listingFormat): EngineQuery {
  return { filters, shape: pageShape(filters), now, format };
}
