import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CATEGORIES, type Category } from '../../app/lib/categories.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import { listingImages, listings, users } from '../db/schema/index.ts';
import { IMAGE_WIDTHS, imageFileName } from '../media/images.ts';
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

export type ListingSort = 'newest' | 'price_asc' | 'price_desc';

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

export type Photo = {
  url: string;
  width: number;
  height: number;
  /** URL per stored width, for srcset. */
  variants: Record<number, string>;
};

export type SellerJson = {
  _id: string;
  firstName: string;
  lastName: string;
  username: string;
  createdAt: string;
  listingsCount: number;
  rating: number | null;
};

/** A listing as the API and the pages show it (DESIGN.md section 4). */
export type ListingJson = {
  _id: string;
  title: string;
  description: string;
  category: string;
  subcategory: string | null;
  price: number | null;
  currency: string;
  location: string;
  /** Full-size image URLs; the first is the cover. */
  images: string[];
  photos: Photo[];
  featured: boolean;
  featuredUntil: string | null;
  owner: string;
  user: SellerJson;
  postedDate: string;
  createdAt: string;
  updatedAt: string;
  views: number;
};

export type ListingPage = { items: ListingJson[]; total: number; totalIsCapped: boolean; page: number; limit: number };

type ListingRow = typeof listings.$inferSelect;

/**
 * What the listing statements below return per row. Times come as epoch milliseconds and the
 * price as float8 so both drivers (pg and PGlite) hand back plain numbers.
 */
type ListingRecord = {
  id: string;
  title: string;
  description: string;
  category: string;
  subcategory: string | null;
  price: number | null;
  currency: string;
  location: string;
  featured_until: number | null;
  owner_id: string;
  views: number;
  created_at: number;
  updated_at: number;
  seller_first_name: string;
  seller_last_name: string;
  seller_username: string;
  seller_since: number;
  seller_listings: number;
  /** [storage key, width, height] per photo, in order. */
  photos: Array<[string, number, number]> | string | null;
};

type ImageRow = Pick<typeof listingImages.$inferSelect, 'storageKey' | 'width' | 'height'>;

export function mediaUrl(name: string): string {
  return `/media/${name}`;
}

export function toPhoto(image: ImageRow): Photo {
  const variants: Record<number, string> = {};
  for (const w of IMAGE_WIDTHS) variants[w] = mediaUrl(imageFileName(image.storageKey, w));
  return { url: variants[IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!]!, width: image.width, height: image.height, variants };
}

export function isFeatured(row: Pick<ListingRow, 'featuredUntil'>, now = new Date()): boolean {
  return !!row.featuredUntil && row.featuredUntil > now;
}

/**
 * Everything a listing card or detail page shows, for the rows of a `page` (id, n) relation:
 * the listing, its photos, its seller and the seller's ad count, in one statement. One round
 * trip instead of four matters more than anything else on the search path (issue 4): each
 * query costs a network exchange and a plan on both sides.
 */
const LISTING_COLUMNS = sql.raw(`
  l.id, l.title, l.description, l.category, l.subcategory, l.price::float8 AS price, l.currency, l.location,
  floor(extract(epoch from l.featured_until) * 1000)::float8 AS featured_until,
  l.owner_id, l.views,
  floor(extract(epoch from l.created_at) * 1000)::float8 AS created_at,
  floor(extract(epoch from l.updated_at) * 1000)::float8 AS updated_at,
  u.first_name AS seller_first_name, u.last_name AS seller_last_name, u.username AS seller_username,
  floor(extract(epoch from u.created_at) * 1000)::float8 AS seller_since,
  (SELECT count(*) FROM listings o WHERE o.owner_id = l.owner_id)::int AS seller_listings,
  (SELECT json_agg(json_build_array(i.storage_key, i.width, i.height) ORDER BY i.position)
     FROM listing_images i WHERE i.listing_id = l.id) AS photos`);
const PAGE_JOIN = sql.raw('page p JOIN listings l ON l.id = p.id JOIN users u ON u.id = l.owner_id');

function toListingJson(r: ListingRecord, now: Date): ListingJson {
  const raw = typeof r.photos === 'string' ? (JSON.parse(r.photos) as Array<[string, number, number]>) : (r.photos ?? []);
  const photos = raw.map(([storageKey, width, height]) => toPhoto({ storageKey, width, height }));
  const created = new Date(r.created_at).toISOString();
  return {
    _id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    subcategory: r.subcategory,
    price: r.price,
    currency: r.currency,
    location: r.location,
    images: photos.map((p) => p.url),
    photos,
    featured: r.featured_until !== null && r.featured_until > now.getTime(),
    featuredUntil: r.featured_until === null ? null : new Date(r.featured_until).toISOString(),
    owner: r.owner_id,
    user: {
      _id: r.owner_id,
      firstName: r.seller_first_name,
      lastName: r.seller_last_name,
      username: r.seller_username,
      createdAt: new Date(r.seller_since).toISOString(),
      listingsCount: r.seller_listings,
      rating: null,
    },
    postedDate: created,
    createdAt: created,
    updatedAt: new Date(r.updated_at).toISOString(),
    views: r.views,
  };
}

/** Listings for `page`, a query of (id, n) rows; n gives the order. */
async function loadListings(db: Db, page: SQL, now: Date): Promise<ListingJson[]> {
  const rows = await queryRows<ListingRecord>(db, sql`WITH page AS (${page}) SELECT ${LISTING_COLUMNS} FROM ${PAGE_JOIN} ORDER BY p.n`);
  return rows.map((r) => toListingJson(r, now));
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
  const location = filters.location?.trim().toLowerCase();
  if (location) conditions.push(sql`lower(${listings.location}) like ${`%${escapeLike(location.slice(0, 100))}%`}`);
  if (filters.minPrice !== undefined) conditions.push(sql`${listings.price} >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) conditions.push(sql`${listings.price} <= ${filters.maxPrice}`);
  return conditions;
}

export type SearchOptions = {
  now?: Date;
  /** Reuse recent lists of matches (services.searchCache); absent means always search. */
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

function toPage(items: ListingJson[], matched: number, shape: PageShape): ListingPage {
  return { items, total: Math.min(matched, shape.cap), totalIsCapped: matched > shape.cap, page: shape.page, limit: shape.limit };
}

/** Filters that select the same matches in the same order give the same key. */
function searchKey(filters: ListingFilters): string {
  const words = [...new Set(searchWords(filters.search))].sort();
  const location = filters.location?.trim().toLowerCase().slice(0, 100) ?? '';
  return JSON.stringify([filters.category ?? '', words, location, filters.minPrice ?? null, filters.maxPrice ?? null, filters.sort ?? 'newest']);
}

type SearchRecord = ListingRecord & { matched: number; hit_ids: string[] | string; featured_ends: number | null; generation: string };

/**
 * One page of listings matching the filters, and how many match (counted no further than
 * COUNT_PAGES_AHEAD pages past this one).
 *
 * With a cache, a recent list of matches for the same filters is reused when it reaches far
 * enough: the page's listings are then loaded by id, and the same statement confirms that no
 * listing has changed since (see search-cache.ts). Otherwise one statement does everything.
 */
export async function searchListings(db: Db, filters: ListingFilters = {}, options: SearchOptions = {}): Promise<ListingPage> {
  const now = options.now ?? new Date();
  const shape = pageShape(filters);
  const { cache } = options;
  const key = cache ? searchKey(filters) : '';
  const cached = cache?.get(key, now.getTime());
  if (cache && cached && (cached.matched < cached.window || cached.window >= shape.window)) {
    const ids = cached.ids.slice(shape.offset, shape.offset + shape.limit);
    if (ids.length > 0) {
      const { items, generation } = await loadListingsById(db, ids, now);
      if (generation === cached.generation && items.length === ids.length) return toPage(items, cached.matched, shape);
    }
    cache.delete(key);
  }

  const rows = await queryRows<SearchRecord | (Omit<SearchRecord, 'id'> & { id: null })>(db, searchStatement(filters, now, shape));
  const first = rows[0]!;
  const items = rows.filter((r): r is SearchRecord => r.id !== null).map((r) => toListingJson(r, now));
  if (cache) {
    const ids = typeof first.hit_ids === 'string' ? (JSON.parse(first.hit_ids) as string[]) : first.hit_ids;
    cache.set(key, {
      ids,
      matched: first.matched,
      window: shape.window,
      generation: first.generation,
      expiresAt: Math.min(now.getTime() + cache.ttlMs, first.featured_ends ?? Infinity),
    });
  }
  return toPage(items, first.matched, shape);
}

/**
 * The statement behind a search (exported so the benchmark can show its plan).
 *
 * `hits` walks an index in display order and stops after `window` matches: under `newest`,
 * active featured ads (few, read through their own index) and then the rest by date, each
 * limited to the window. The page is a slice of the hits and the count is their number, so
 * neither ever reads more matches than the window (DESIGN.md section 4). The first row also
 * carries the ids of the hits (for the cache), when the first featured hit stops being
 * featured, and the listing_changes count; a one-row left side keeps them when the page is empty.
 */
export function searchStatement(filters: ListingFilters, now: Date, shape = pageShape(filters)): SQL {
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
    // Negotiable ads (no price) go last both ways; one index per direction serves each order.
    order = sql.raw(`price ${filters.sort === 'price_asc' ? 'ASC' : 'DESC'} NULLS LAST, created_at DESC, id DESC`);
    hits = sql`SELECT id, price, created_at, NULL::timestamptz AS featured_until FROM listings WHERE ${where} ORDER BY ${order} LIMIT ${window}`;
  }
  return sql`WITH hits AS MATERIALIZED (${hits}),
      ranked AS MATERIALIZED (SELECT id, featured_until, row_number() OVER (ORDER BY ${order}) AS n FROM hits),
      page AS (SELECT id, n FROM ranked WHERE n > ${offset} AND n <= ${offset + limit})
    SELECT m.matched, m.hit_ids, m.featured_ends, m.generation, ${LISTING_COLUMNS}
    FROM (SELECT count(*)::int AS matched,
                 coalesce(json_agg(id ORDER BY n) FILTER (WHERE n <= ${window}), '[]') AS hit_ids,
                 floor(extract(epoch from min(featured_until)) * 1000)::float8 AS featured_ends,
                 (SELECT last_value::text FROM listing_changes) AS generation
          FROM ranked) m
    LEFT JOIN (${PAGE_JOIN}) ON true
    ORDER BY p.n`;
}

/** The listings with these ids, in this order, and the listing_changes count read with them. */
async function loadListingsById(db: Db, ids: string[], now: Date): Promise<{ items: ListingJson[]; generation: string }> {
  // One array literal, not one parameter per id; the ids come from our own database.
  const rows = await queryRows<(ListingRecord & { generation: string }) | { generation: string; id: null }>(
    db,
    sql`WITH page AS (SELECT id, n FROM unnest(${`{${ids.join(',')}}`}::uuid[]) WITH ORDINALITY AS t(id, n))
        SELECT g.generation, ${LISTING_COLUMNS}
        FROM (SELECT last_value::text AS generation FROM listing_changes) g LEFT JOIN (${PAGE_JOIN}) ON true
        ORDER BY p.n`,
  );
  const items = rows.filter((r): r is ListingRecord & { generation: string } => r.id !== null).map((r) => toListingJson(r, now));
  return { items, generation: rows[0]!.generation };
}

/** Active featured ads for the home page, newest first. */
export async function featuredListings(db: Db, limit = 8, now = new Date()): Promise<ListingJson[]> {
  return loadListings(
    db,
    sql`SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n FROM listings
        WHERE featured_until > ${now.toISOString()}::timestamptz ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    now,
  );
}

export async function getListing(db: Db, id: string, now = new Date()): Promise<ListingJson | null> {
  if (!isUuid(id)) return null;
  const [json] = await loadListings(db, sql`SELECT id, 1 AS n FROM listings WHERE id = ${id}`, now);
  return json ?? null;
}

/** The row itself, for ownership checks and edits. */
export async function findListingRow(db: Db, id: string): Promise<ListingRow | null> {
  if (!isUuid(id)) return null;
  const rows = await db.select().from(listings).where(eq(listings.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Every ad of one user, newest first (Manage ads). */
export async function listingsByOwner(db: Db, ownerId: string, now = new Date()): Promise<ListingJson[]> {
  if (!isUuid(ownerId)) return [];
  return loadListings(
    db,
    sql`SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n FROM listings WHERE owner_id = ${ownerId}`,
    now,
  );
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

/** Counts a view by a person who is not the owner (callers leave out bots). */
export async function recordView(db: Db, listingId: string, viewerId: string | null): Promise<void> {
  if (!isUuid(listingId)) return;
  const notOwner = viewerId ? sql` and ${listings.ownerId} <> ${viewerId}` : sql``;
  await db.execute(sql`update ${listings} set views = views + 1 where ${listings.id} = ${listingId}${notOwner}`);
}

/** The seller's phone number for one listing, revealed only on request (never in page HTML). */
export async function sellerPhone(db: Db, listingId: string): Promise<{ found: boolean; phoneNumber: string | null }> {
  if (!isUuid(listingId)) return { found: false, phoneNumber: null };
  const rows = await db
    .select({ phone: users.phoneNumber })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .where(eq(listings.id, listingId))
    .limit(1);
  return rows[0] ? { found: true, phoneNumber: rows[0].phone } : { found: false, phoneNumber: null };
}

export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
