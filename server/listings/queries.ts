import { createHash } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { CATEGORIES, type Category } from '#kernel/categories.ts';
import { jsonText, type JsonText } from '#kernel/json-text.ts';
import type { AttributeFilters } from '#kernel/subcategories.ts';
import type { Db } from '../db/client.ts';
import { queryPrepared, queryRows, sqlArray } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { listings, listingTombstones } from '../db/schema/index.ts';
import { cardFormat, listingFormat, type CardJson, type ListingFormat, type ListingJson } from './listing-json.ts';
import { findHits, firstStatement, LISTING_GENERATION, pageStatement, parseReads, searchPlan, withSettings, type Found, type SearchContext, type SearchLimits } from './bounded-search.ts';
import type { SearchCache } from './search-cache.ts';
import type { SearchIndex } from '../search-index/search-index.ts';
import { isOnPublicPage, LISTED } from './visibility.ts';
import { filterConditions, searchLocation, wordsKey } from './search-terms.ts';

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
/** Counting never goes past this, whatever the page. */
export const COUNT_CAP = 10_000;
/**
 * Counting stops this many pages past the current one: enough for the pagination a visitor
 * sees, and cheap at a million listings (an early-stopping scan instead of a count of every
 * match). Deeper pages move the window along; `totalIsCapped` says the total is "at least".
 */
export const COUNT_PAGES_AHEAD = 4;

export const SORTS = ['newest', 'price_asc', 'price_desc', 'best'] as const;
export type ListingSort = (typeof SORTS)[number];

export type ListingFilters = {
  category?: Category | null;
  search?: string;
  location?: string;
  /** A county's code ('047'): its ads, every town of it included (migration 0880). */
  county?: string | null;
  /** A town's id ('westlands'). */
  town?: string | null;
  minPrice?: number;
  maxPrice?: number;
  /** A subcategory's name (kernel/subcategories.ts). */
  subcategory?: string | null;
  /** Its fields: one value each, or a range (migration 0900). */
  attributes?: AttributeFilters;
  sort?: ListingSort;
  page?: number;
  limit?: number;
};

export type ListingPage<T = ListingJson> = {
  /** The page's listings as JSON text, written by PostgreSQL (see listing-json.ts): the API sends it as it is, and pages hand it to the browser so. */
  itemsJson: JsonText<T[]>;
  /** The same, parsed on first use. */
  readonly items: T[];
  total: number;
  totalIsCapped: boolean;
  /** Another page follows, as the search found it (so nothing needs to parse the JSON to tell). */
  hasNext: boolean;
  page: number;
  limit: number;
};

type ListingRow = typeof listings.$inferSelect;

/** Listings for `page`, a query of (id, n) rows (n gives the order), written in `format`. */
async function loadListings<T>(db: Db, page: SQL, now: Date, format: ListingFormat<T>): Promise<T[]> {
  const rows = await queryRows<{ items: string }>(db, sql`WITH page AS (${page}) SELECT ${format.arraySql(now)} AS items`);
  return format.parse(rows[0]!.items);
}

export type SearchOptions = {
  now?: Date;
  /** Reuse recent pages of results (services.searchCache); absent means always search. */
  cache?: SearchCache;
  /** The search index in memory (services.searchIndex): it answers what it can, the database the rest. */
  index?: SearchIndex;
  /** How far each step of the search may go (bounded-search.ts); tests make them small. */
  limits?: SearchLimits;
};

type PageShape = { page: number; limit: number; offset: number; cap: number; window: number };

function pageShape(filters: ListingFilters): PageShape {
  const page = Math.max(1, Math.floor(filters.page ?? 1));
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(filters.limit ?? DEFAULT_PAGE_SIZE)));
  const offset = (page - 1) * limit;
  // The total is counted up to `cap`; one match more says "and more" (totalIsCapped).
  const cap = Math.min(COUNT_CAP, offset + limit * (COUNT_PAGES_AHEAD + 1));
  return { page, limit, offset, cap, window: Math.max(cap, offset + limit) + 1 };
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
  return JSON.stringify([format.name, filters.category ?? '', words, location, filters.county ?? '', filters.town ?? '', filters.minPrice ?? null, filters.maxPrice ?? null, filters.subcategory ?? '', attributesKey(filters.attributes), sort, shape.page, shape.limit]);
}

/** Attribute filters as a stable key: key order does not matter. */
function attributesKey(attributes: AttributeFilters | undefined): string {
  if (!attributes) return '';
  return JSON.stringify(Object.keys(attributes).sort().map((k) => [k, attributes[k]]));
}

/**
 * One page of listings matching the filters (as the API shows them), and how many match
 * (counted no further than COUNT_PAGES_AHEAD pages past this one, and only as far as it comes
 * cheap: see bounded-search.ts); with a cache, a recent answer to the same search is reused
 * while the listing_changes counter says nothing has changed (see search-cache.ts).
 */
export function searchListings(db: Db, filters: ListingFilters = {}, options: SearchOptions = {}): Promise<ListingPage<ListingJson>> {
  return search(db, filters, listingFormat, options);
}

/** The same search, as the cards of a browse page. */
export function searchCards(db: Db, filters: ListingFilters = {}, options: SearchOptions = {}): Promise<ListingPage<CardJson>> {
  return search(db, filters, cardFormat, options);
}

async function search<T>(db: Db, filters: ListingFilters, format: ListingFormat<T>, options: SearchOptions): Promise<ListingPage<T>> {
  const now = options.now ?? new Date();
  const shape = pageShape(filters);
  const answer = options.index && !options.limits ? await options.index.find(filters, shape.window, now) : null;
  if (answer) {
    // Every match up to the window, exactly: the count is exact up to the cap, and no cache is needed.
    const hits = answer.check ? (await checked(db, filters, answer.hits)).slice(0, shape.window) : answer.hits;
    const ids = hits.slice(shape.offset, shape.offset + shape.limit).map((h) => h.id);
    const items = ids.length ? (await prepared<{ items: string }>(db, pageStatement(ids, now, format)))[0]!.items : '[]';
    return toPage(jsonText(items), { hits, capped: false, fromFirst: false, steps: ['memory index'] }, shape, format);
  }
  const { cache } = options;
  const key = cache ? searchKey(filters, shape, format) : '';
  const cached = cache?.get(key, now.getTime());
  // The key names the format, so the cached page is of this one.
  if (cached && (await listingChanges(db)) === cached.generation) return cached.page as ListingPage<T>;

  const result = await runSearch(db, (statement, settings) => withSettings(db, settings, (d) => queryRows(d, statement)), filters, now, shape, format, options.limits, (statement) => prepared(db, statement));
  const page = toPage(jsonText<T[]>(result.items), result.found, shape, format);
  // A featured ad that stops being featured moves (under newest) or loses its badge: the entry ends then.
  const featuredEnds = Math.min(...result.found.hits.map((h) => (h.featuredUntil !== null && h.featuredUntil > now.getTime() ? h.featuredUntil : Infinity)));
  cache?.set(key, { page, generation: result.generation, expiresAt: Math.min(now.getTime() + cache.ttlMs, featuredEnds) });
  return page;
}

/** The hits that meet every condition of the search, tested by the database (in their order). */
async function checked<H extends { id: string }>(db: Db, filters: ListingFilters, hits: H[]): Promise<H[]> {
  if (hits.length === 0) return hits;
  const { check } = filterConditions(filters);
  const [row] = await queryRows<{ ids: string }>(
    db,
    sql`SELECT coalesce(json_agg(id), '[]')::text AS ids FROM listings
      WHERE id = ANY(${sqlArray(hits.map((h) => h.id), 'uuid')}) AND ${LISTED}${check.length ? sql` AND ${sql.join(check, sql` AND `)}` : sql``}`,
  );
  const ok = new Set(JSON.parse(row!.ids) as string[]);
  return hits.filter((h) => ok.has(h.id));
}

type Run = <R>(statement: SQL, settings?: string[]) => Promise<R[]>;

/**
 * A statement run as a named prepared statement, named by its text: a search's first statement
 * and its page are planned once per connection and shape (about a millisecond each time
 * otherwise), whatever the words and values.
 */
const dialect = new PgDialect();
function prepared<R>(db: Db, statement: SQL): Promise<R[]> {
  const name = `search_${createHash('sha1').update(dialect.sqlToQuery(statement).sql).digest('hex').slice(0, 24)}`;
  return queryPrepared<R>(db, name, statement);
}

async function runSearch(
  db: Db,
  run: Run,
  filters: ListingFilters,
  now: Date,
  shape: PageShape,
  format: ListingFormat<unknown>,
  limits?: SearchLimits,
  runPrepared: Run = run,
) {
  const plan = searchPlan(filters, now, shape.window, shape.offset + shape.limit + 1, limits);
  const where = filterConditions(filters);
  const [first] = await runPrepared<{ reads: string; generation: string; rows: number; items: string }>(firstStatement(plan, where, shape.offset, shape.limit, now, format));
  if (!first) throw new Error('The search statement returned no row.');
  const ctx: SearchContext = { db, where, run, now, rows: Number(first.rows) };
  const found = await findHits(ctx, plan, parseReads(first.reads));
  let items = first.items;
  if (!found.fromFirst) {
    const ids = found.hits.slice(shape.offset, shape.offset + shape.limit).map((h) => h.id);
    items = ids.length ? (await runPrepared<{ items: string }>(pageStatement(ids, now, format)))[0]!.items : '[]';
  }
  return { items, found, generation: first.generation };
}

/** The listing_changes counter; a prepared statement, since every cache hit reads it. */
async function listingChanges(db: Db): Promise<string> {
  const [row] = await queryPrepared<{ generation: string }>(db, 'listing_changes', sql`SELECT ${LISTING_GENERATION} AS generation FROM listing_changes`);
  return row!.generation;
}

/**
 * The plans of a search's statements, as EXPLAIN ANALYZE prints them, and the steps it took
 * (the benchmark shows them for its slowest searches).
 */
export async function explainSearch(db: Db, filters: ListingFilters, options: { now?: Date; limits?: SearchLimits } = {}): Promise<string> {
  const now = options.now ?? new Date();
  const out: string[] = [];
  const run: Run = (statement, settings) =>
    withSettings(db, settings, async (d) => {
      const plan = await queryRows<Record<string, string>>(d, sql`EXPLAIN (ANALYZE, COSTS OFF, SUMMARY) ${statement}`);
      out.push(`${settings ? `(${settings.join(', ')})\n` : ''}${plan.map((r) => Object.values(r)[0]).join('\n')}`);
      return queryRows(d, statement);
    });
  const { found } = await runSearch(db, run, filters, now, pageShape(filters), listingFormat, options.limits);
  return `steps: ${found.steps.join('; ')}\n${out.join('\n--\n')}`;
}

/** Active featured ads, newest first. */
export function featuredListings(db: Db, limit = 8, now = new Date()): Promise<ListingJson[]> {
  return loadListings(db, featuredPage(limit, now), now, listingFormat);
}

/** The same, as cards (the home page). */
export function featuredCards(db: Db, limit = 8, now = new Date()): Promise<CardJson[]> {
  return loadListings(db, featuredPage(limit, now), now, cardFormat);
}

function featuredPage(limit: number, now: Date): SQL {
  // featured_listings holds every active feature (migration 0701): a few rows, not a scan of the ads ever featured.
  return sql`SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n FROM featured_listings
             WHERE featured_until > ${now.toISOString()}::timestamptz ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
}

/** The listing whatever its state (its owner's views and the write functions); see getListingFor for the public. */
export async function getListing(db: Db, id: string, now = new Date()): Promise<ListingJson | null> {
  if (!isUuid(id)) return null;
  const [json] = await loadListings(db, sql`SELECT id, 1 AS n FROM listings WHERE id = ${id}`, now, listingFormat);
  return json ?? null;
}

/**
 * A listing as `viewer` (null: a visitor) may see it: an active or sold ad to anyone, any ad
 * to its owner and to admins. `unavailable` is an ad that exists but is not public (expired, hidden, held):
 * its page answers like a deleted one (410 with similar ads); `null` is no ad at all.
 */
export async function getListingFor(
  db: Db,
  id: string,
  viewer: { id: string; role: string } | null,
  now = new Date(),
): Promise<{ listing: ListingJson } | { unavailable: { category: string } } | null> {
  const listing = await getListing(db, id, now);
  if (!listing) return null;
  // Moderators see every ad too: the admin queue links to held ones.
  if (isOnPublicPage(listing.status) || listing.owner === viewer?.id || viewer?.role === 'admin') return { listing };
  return { unavailable: { category: listing.category } };
}

/** The category a deleted ad had, or null when no ad with this id was ever deleted (migration 0600). */
export async function deletedListingCategory(db: Db, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const rows = await db.select({ category: listingTombstones.category }).from(listingTombstones).where(eq(listingTombstones.id, id)).limit(1);
  return rows[0]?.category ?? null;
}

/** The row itself, for ownership checks and edits. */
export async function findListingRow(db: Db, id: string): Promise<ListingRow | null> {
  if (!isUuid(id)) return null;
  const rows = await db.select().from(listings).where(eq(listings.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Every ad of one user, newest first. */
export async function listingsByOwner(db: Db, ownerId: string, now = new Date()): Promise<ListingJson[]> {
  if (!isUuid(ownerId)) return [];
  return loadListings(db, ownerPage(ownerId), now, listingFormat);
}

/** The same, as cards (Manage ads). */
export async function cardsByOwner(db: Db, ownerId: string, now = new Date()): Promise<CardJson[]> {
  if (!isUuid(ownerId)) return [];
  return loadListings(db, ownerPage(ownerId), now, cardFormat);
}

/**
 * The cards of `page`, a query of (id, n) rows in page order (n), for lists kept elsewhere:
 * saved ads, a seller's page. Ids with no listing are left out.
 */
export function cardsOfPage(db: Db, page: SQL, now = new Date()): Promise<CardJson[]> {
  return loadListings(db, page, now, cardFormat);
}

function ownerPage(ownerId: string): SQL {
  return sql`SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n FROM listings WHERE owner_id = ${ownerId}`;
}

export type CategoryCount = { name: Category; count: number };

/** Active ads per category, for all nine; Others includes anything outside the fixed list. */
export async function categoryCounts(db: Db): Promise<CategoryCount[]> {
  const rows = await db
    .select({ name: sql<string>`lower(${listings.category})`, n: sql<number>`count(*)::int` })
    .from(listings)
    .where(LISTED)
    .groupBy(sql`lower(${listings.category})`);
  const counts = new Map<Category, number>(CATEGORIES.map((c) => [c, 0]));
  for (const r of rows) {
    const known = CATEGORIES.find((c) => c.toLowerCase() === r.name) ?? 'Others';
    counts.set(known, (counts.get(known) ?? 0) + Number(r.n));
  }
  return CATEGORIES.map((name) => ({ name, count: counts.get(name) ?? 0 }));
}
