import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CATEGORIES, type Category } from '../../app/lib/categories.ts';
import type { Db } from '../db/client.ts';
import { queryPrepared, queryRows } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { listings, listingTombstones } from '../db/schema/index.ts';
import { cardFormat, listingFormat, type CardJson, type ListingFormat, type ListingJson } from './listing-json.ts';
import type { SearchCache } from './search-cache.ts';

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

export const SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export type ListingSort = (typeof SORTS)[number];

export type ListingFilters = {
  category?: Category | null;
  search?: string;
  location?: string;
  minPrice?: number;
  maxPrice?: number;
  sort?: ListingSort;
  page?: number;
  limit?: number;
};

export type ListingPage<T = ListingJson> = {
  /** The page's listings as JSON text, written by PostgreSQL (see listing-json.ts): the API sends it as it is. */
  itemsJson: string;
  /** The same, parsed on first use. */
  readonly items: T[];
  total: number;
  totalIsCapped: boolean;
  page: number;
  limit: number;
};

type ListingRow = typeof listings.$inferSelect;

/** Listings for `page`, a query of (id, n) rows (n gives the order), written in `format`. */
async function loadListings<T>(db: Db, page: SQL, now: Date, format: ListingFormat<T>): Promise<T[]> {
  const rows = await queryRows<{ items: string }>(db, sql`WITH page AS (${page}) SELECT ${format.arraySql(now)} AS items`);
  return format.parse(rows[0]!.items);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Search words: every one must occur (substring, case-insensitive) in title, description or location. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => w.slice(0, 60));
}

/** The location filter as matched: a case-insensitive substring of at most 100 characters. */
function searchLocation(location: string | undefined): string {
  return location?.trim().toLowerCase().slice(0, 100) ?? '';
}

const LISTED_CATEGORIES_LOWER = CATEGORIES.filter((c) => c !== 'Others').map((c) => c.toLowerCase());

function filterConditions(filters: ListingFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.category === 'Others') {
    // Others also matches anything outside the fixed list (spec section 9).
    conditions.push(sql`lower(${listings.category}) not in (${sql.join(LISTED_CATEGORIES_LOWER.map((c) => sql`${c}`), sql`, `)})`);
  } else if (filters.category) {
    conditions.push(sql`lower(${listings.category}) = ${filters.category.toLowerCase()}`);
  }
  for (const word of searchWords(filters.search)) {
    conditions.push(sql`${listings.searchText} like ${`%${escapeLike(word)}%`}`);
  }
  const location = searchLocation(filters.location);
  if (location) conditions.push(sql`lower(${listings.location}) like ${`%${escapeLike(location)}%`}`);
  // Price filters are in Kenyan shillings; ads priced in another currency are left out.
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined) conditions.push(sql`${listings.currency} = 'KES'`);
  if (filters.minPrice !== undefined) conditions.push(sql`${listings.price} >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) conditions.push(sql`${listings.price} <= ${filters.maxPrice}`);
  return conditions;
}

export type SearchOptions = {
  now?: Date;
  /** Reuse recent pages of results (services.searchCache); absent means always search. */
  cache?: SearchCache;
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

function toPage<T>(itemsJson: string, matched: number, shape: PageShape, format: ListingFormat<T>): ListingPage<T> {
  let items: T[] | undefined;
  return {
    itemsJson,
    get items() {
      return (items ??= format.parse(itemsJson));
    },
    total: Math.min(matched, shape.cap),
    totalIsCapped: matched > shape.cap,
    page: shape.page,
    limit: shape.limit,
  };
}

/** Filters that select the same page give the same key (word order and letter case do not matter); each format has its own. */
function searchKey(filters: ListingFilters, shape: PageShape, format: ListingFormat<unknown>): string {
  const words = [...new Set(searchWords(filters.search))].sort();
  const location = searchLocation(filters.location);
  const sort = filters.sort ?? 'newest';
  return JSON.stringify([format.name, filters.category ?? '', words, location, filters.minPrice ?? null, filters.maxPrice ?? null, sort, shape.page, shape.limit]);
}

type SearchRecord = { matched: number; featured_ends: number | null; generation: string; items: string };

/**
 * One page of listings matching the filters (as the API shows them), and how many match
 * (counted no further than COUNT_PAGES_AHEAD pages past this one), in one statement; with a
 * cache, a recent answer to the same search is reused while the listing_changes counter says
 * nothing has changed (see search-cache.ts).
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
  const { cache } = options;
  const key = cache ? searchKey(filters, shape, format) : '';
  const cached = cache?.get(key, now.getTime());
  // The key names the format, so the cached page is of this one.
  if (cached && (await listingChanges(db)) === cached.generation) return cached.page as ListingPage<T>;

  const [first] = await queryRows<SearchRecord>(db, searchStatement(filters, now, shape, format));
  if (!first) throw new Error('The search statement returned no row.');
  const page = toPage(first.items, first.matched, shape, format);
  cache?.set(key, {
    page,
    generation: first.generation,
    expiresAt: Math.min(now.getTime() + cache.ttlMs, first.featured_ends ?? Infinity),
  });
  return page;
}

/**
 * The listing_changes counter as text. A new sequence reads last_value 1 both before and after
 * its first nextval (only is_called changes), so an unused one counts as 0: otherwise the very
 * first ad of a database would not end the cached searches.
 */
const LISTING_GENERATION = sql.raw(`(CASE WHEN is_called THEN last_value ELSE 0 END)::text`);

/** The listing_changes counter; a prepared statement, since every cache hit reads it. */
async function listingChanges(db: Db): Promise<string> {
  const [row] = await queryPrepared<{ generation: string }>(db, 'listing_changes', sql`SELECT ${LISTING_GENERATION} AS generation FROM listing_changes`);
  return row!.generation;
}

/**
 * The statement behind a search (exported so the benchmark can show its plan).
 *
 * `hits` walks an index in display order and stops after `window` matches: under `newest`,
 * active featured ads (few, read through their own index) and then the rest by date, each
 * limited to the window. The page is a slice of the hits and the count is their number, so
 * neither ever reads more matches than the window (DESIGN.md section 4). The one row it
 * returns also says when the first featured hit stops being featured and what the
 * listing_changes counter was, for the cache.
 */
export function searchStatement(filters: ListingFilters, now: Date, shape = pageShape(filters), format: ListingFormat<unknown> = listingFormat): SQL {
  const conditions = filterConditions(filters);
  const where = conditions.length ? and(...conditions)! : sql`true`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const { window, offset, limit } = shape;

  let hits: SQL;
  let order: SQL;
  if ((filters.sort ?? 'newest') === 'newest') {
    hits = sql`(SELECT id, 0 AS grp, created_at, featured_until FROM listings
                WHERE ${where} AND featured_until IS NOT NULL AND featured_until > ${at}
                ORDER BY created_at DESC, id DESC LIMIT ${window})
               UNION ALL
               (SELECT id, 1 AS grp, created_at, NULL::timestamptz FROM listings
                WHERE ${where} AND (featured_until IS NULL OR featured_until <= ${at})
                ORDER BY created_at DESC, id DESC LIMIT ${window})`;
    order = sql.raw('grp, created_at DESC, id DESC');
  } else {
    // Prices compare within a currency: KES first, then each other currency, negotiable ads
    // (no price) last, both ways. Migration 0204 has one index per direction for exactly this.
    const direction = filters.sort === 'price_asc' ? 'ASC' : 'DESC';
    order = sql.raw(`(price IS NULL), (currency <> 'KES'), currency, price ${direction}, created_at DESC, id DESC`);
    hits = sql`SELECT id, price, currency, created_at, NULL::timestamptz AS featured_until FROM listings WHERE ${where} ORDER BY ${order} LIMIT ${window}`;
  }
  return sql`WITH hits AS MATERIALIZED (${hits}),
      ranked AS MATERIALIZED (SELECT id, featured_until, row_number() OVER (ORDER BY ${order}) AS n FROM hits),
      page AS (SELECT id, n FROM ranked WHERE n > ${offset} AND n <= ${offset + limit})
    SELECT count(*)::int AS matched,
           floor(extract(epoch from min(featured_until)) * 1000)::float8 AS featured_ends,
           (SELECT ${LISTING_GENERATION} FROM listing_changes) AS generation,
           ${format.arraySql(now)} AS items
    FROM ranked`;
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
  return sql`SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n FROM listings
             WHERE featured_until > ${now.toISOString()}::timestamptz ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
}

export async function getListing(db: Db, id: string, now = new Date()): Promise<ListingJson | null> {
  if (!isUuid(id)) return null;
  const [json] = await loadListings(db, sql`SELECT id, 1 AS n FROM listings WHERE id = ${id}`, now, listingFormat);
  return json ?? null;
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

function ownerPage(ownerId: string): SQL {
  return sql`SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n FROM listings WHERE owner_id = ${ownerId}`;
}

export type CategoryCount = { name: Category; count: number };

/** Ad counts for all nine categories; Others includes anything outside the fixed list. */
export async function categoryCounts(db: Db): Promise<CategoryCount[]> {
  const rows = await db
    .select({ name: sql<string>`lower(${listings.category})`, n: sql<number>`count(*)::int` })
    .from(listings)
    .groupBy(sql`lower(${listings.category})`);
  const counts = new Map<Category, number>(CATEGORIES.map((c) => [c, 0]));
  for (const r of rows) {
    const known = CATEGORIES.find((c) => c.toLowerCase() === r.name) ?? 'Others';
    counts.set(known, (counts.get(known) ?? 0) + Number(r.n));
  }
  return CATEGORIES.map((name) => ({ name, count: counts.get(name) ?? 0 }));
}
