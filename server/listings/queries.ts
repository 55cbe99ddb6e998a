import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { CATEGORIES, type Category } from '../../app/lib/categories.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import { listingImages, listings, users } from '../db/schema/index.ts';
import { IMAGE_WIDTHS, imageFileName } from '../media/images.ts';

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
/** Counting never goes past this, whatever the page. */
export const COUNT_CAP = 10_000;
/**
 * Counting stops this many pages past the current one: enough for the pagination a visitor
 * sees, and cheap at a million listings (an early-stopping scan instead of a count of every
 * match). Deeper pages move the window along; `totalIsCapped` says the total is "at least".
 */
export const COUNT_PAGES_AHEAD = 10;

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
/** A listing row without search_text (a lower-cased copy of title, description and location that pages never show). */
type ShownRow = Omit<ListingRow, 'searchText'>;
const { searchText: _searchText, ...shownColumns } = getTableColumns(listings);
type ImageRow = Pick<typeof listingImages.$inferSelect, 'listingId' | 'storageKey' | 'width' | 'height' | 'position'>;
type SellerRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'username' | 'createdAt'>;

export function mediaUrl(name: string): string {
  return `/media/${name}`;
}

export function toPhoto(image: Pick<ImageRow, 'storageKey' | 'width' | 'height'>): Photo {
  const variants: Record<number, string> = {};
  for (const w of IMAGE_WIDTHS) variants[w] = mediaUrl(imageFileName(image.storageKey, w));
  return { url: variants[IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!]!, width: image.width, height: image.height, variants };
}

export function isFeatured(row: Pick<ListingRow, 'featuredUntil'>, now = new Date()): boolean {
  return !!row.featuredUntil && row.featuredUntil > now;
}

function toListingJson(row: ShownRow, images: ImageRow[], seller: SellerRow, listingsCount: number, now: Date): ListingJson {
  const photos = images.map(toPhoto);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    subcategory: row.subcategory,
    price: row.price,
    currency: row.currency,
    location: row.location,
    images: photos.map((p) => p.url),
    photos,
    featured: isFeatured(row, now),
    featuredUntil: row.featuredUntil?.toISOString() ?? null,
    owner: row.ownerId,
    user: {
      _id: seller.id,
      firstName: seller.firstName,
      lastName: seller.lastName,
      username: seller.username,
      createdAt: seller.createdAt.toISOString(),
      listingsCount,
      rating: null,
    },
    postedDate: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    views: row.views,
  };
}

/** Loads images, sellers and seller ad counts for a page of rows in three small queries. */
async function hydrate(db: Db, rows: ShownRow[], now = new Date()): Promise<ListingJson[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const ownerIds = [...new Set(rows.map((r) => r.ownerId))];
  const [images, sellers, counts] = await Promise.all([
    db
      .select({
        listingId: listingImages.listingId,
        storageKey: listingImages.storageKey,
        width: listingImages.width,
        height: listingImages.height,
        position: listingImages.position,
      })
      .from(listingImages)
      .where(inArray(listingImages.listingId, ids))
      .orderBy(asc(listingImages.listingId), asc(listingImages.position)),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username, createdAt: users.createdAt })
      .from(users)
      .where(inArray(users.id, ownerIds)),
    db
      .select({ ownerId: listings.ownerId, n: sql<number>`count(*)::int` })
      .from(listings)
      .where(inArray(listings.ownerId, ownerIds))
      .groupBy(listings.ownerId),
  ]);
  const imagesBy = new Map<string, ImageRow[]>();
  for (const img of images) imagesBy.set(img.listingId, [...(imagesBy.get(img.listingId) ?? []), img]);
  const sellerBy = new Map(sellers.map((s) => [s.id, s]));
  const countBy = new Map(counts.map((c) => [c.ownerId, Number(c.n)]));
  return rows.map((r) => toListingJson(r, imagesBy.get(r.id) ?? [], sellerBy.get(r.ownerId)!, countBy.get(r.ownerId) ?? 0, now));
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

async function cappedCount(db: Db, where: SQL | undefined, cap = COUNT_CAP): Promise<number> {
  const inner = db.select({ one: sql`1` }).from(listings).where(where).limit(cap + 1);
  const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${inner}) as matches`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * One page of listings matching the filters. Under `newest`, active featured ads come first:
 * two index-friendly queries (featured, then the rest by date) instead of one sort of every match.
 */
export async function searchListings(db: Db, filters: ListingFilters = {}, now = new Date()): Promise<ListingPage> {
  const page = Math.max(1, Math.floor(filters.page ?? 1));
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(filters.limit ?? DEFAULT_PAGE_SIZE)));
  const offset = (page - 1) * limit;
  const base = filterConditions(filters);
  const where = base.length ? and(...base) : undefined;
  const sort = filters.sort ?? 'newest';

  let rows: ShownRow[];
  if (sort === 'newest') {
    const featuredWhere = and(...base, gt(listings.featuredUntil, now));
    const restWhere = and(...base, or(isNull(listings.featuredUntil), lte(listings.featuredUntil, now)));
    // Only whether the featured ads reach past this page matters, not how many there are.
    const featuredCount = await cappedCount(db, featuredWhere, offset + limit);
    rows = [];
    if (offset < featuredCount) {
      rows = await db
        .select(shownColumns)
        .from(listings)
        .where(featuredWhere)
        .orderBy(desc(listings.createdAt), desc(listings.id))
        .limit(limit)
        .offset(offset);
    }
    if (rows.length < limit) {
      rows = rows.concat(
        await db
          .select(shownColumns)
          .from(listings)
          .where(restWhere)
          .orderBy(desc(listings.createdAt), desc(listings.id))
          .limit(limit - rows.length)
          .offset(Math.max(0, offset - featuredCount)),
      );
    }
  } else {
    const order =
      sort === 'price_asc'
        ? [sql`${listings.price} asc nulls last`, desc(listings.createdAt), desc(listings.id)]
        : [sql`${listings.price} desc nulls last`, desc(listings.createdAt), desc(listings.id)];
    rows = await db
      .select(shownColumns)
      .from(listings)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  }
  // A page that is not full is the end of the matches, so the total is known without counting:
  // rare words and narrow filters then cost no count query at all.
  const cap = Math.min(COUNT_CAP, offset + limit * (COUNT_PAGES_AHEAD + 1));
  const total = rows.length < limit && (rows.length > 0 || offset === 0) ? offset + rows.length : await cappedCount(db, where, cap);
  return {
    items: await hydrate(db, rows, now),
    total: Math.min(total, cap),
    totalIsCapped: total > cap,
    page,
    limit,
  };
}

/** Active featured ads for the home page, newest first. */
export async function featuredListings(db: Db, limit = 8, now = new Date()): Promise<ListingJson[]> {
  const rows = await db
    .select(shownColumns)
    .from(listings)
    .where(gt(listings.featuredUntil, now))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(limit);
  return hydrate(db, rows, now);
}

export async function getListing(db: Db, id: string, now = new Date()): Promise<ListingJson | null> {
  if (!isUuid(id)) return null;
  const rows = await db.select(shownColumns).from(listings).where(eq(listings.id, id)).limit(1);
  const [json] = await hydrate(db, rows, now);
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
  const rows = await db.select(shownColumns).from(listings).where(eq(listings.ownerId, ownerId)).orderBy(desc(listings.createdAt), desc(listings.id));
  return hydrate(db, rows, now);
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
