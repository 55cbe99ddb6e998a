import { eq, sql, type SQL } from 'drizzle-orm';
import { CATEGORIES, type Category } from '#kernel/categories.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { listings, listingTombstones } from '../db/schema/index.ts';
import { cardFormat, listingFormat, type CardJson, type ListingFormat, type ListingJson } from './listing-json.ts';
import { isOnPublicPage, LISTED } from './visibility.ts';

/*
 * Listings read by id, owner or feature, and the category counts. A search's pages are
 * server/search/'s (search.ts).
 */

type ListingRow = typeof listings.$inferSelect;

/** Listings for `page`, a query of (id, n) rows (n gives the order), written in `format`. */
async function loadListings<T>(db: Db, page: SQL, now: Date, format: ListingFormat<T>): Promise<T[]> {
  const rows = await queryRows<{ items: string }>(db, sql`WITH page AS (${page}) SELECT ${format.arraySql(now)} AS items`);
  return format.parse(rows[0]!.items);
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

function ownerPage(ownerId: string, slice?: { offset: number; limit: number }): SQL {
  const cut = slice ? sql` ORDER BY created_at DESC, id DESC LIMIT ${slice.limit} OFFSET ${slice.offset}` : sql``;
  return sql`SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n FROM listings WHERE owner_id = ${ownerId}${cut}`;
}

/** Manage ads' page size: 12 cards are a few screens on a phone, not 29. */
export const OWN_ADS_PAGE_SIZE = 12;

export type OwnPage<T> = { items: T[]; total: number; page: number; pages: number; limit: number };

/**
 * One page of the owner's ads, newest first (listings_owner_id_idx), and how many there are. A
 * page past the last gives the last (after deleting the last page's only ad, say).
 */
async function ownerSlice<T>(db: Db, ownerId: string, page: number, limit: number, now: Date, format: ListingFormat<T>): Promise<OwnPage<T>> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(listings).where(eq(listings.ownerId, ownerId));
  const total = Number(row?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / limit));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const items = total === 0 ? [] : await loadListings(db, ownerPage(ownerId, { offset: (current - 1) * limit, limit }), now, format);
  return { items, total, page: current, pages, limit };
}

/** A page of the owner's ads as cards (Manage ads). */
export async function ownerCardsPage(db: Db, ownerId: string, page: number, limit = OWN_ADS_PAGE_SIZE, now = new Date()): Promise<OwnPage<CardJson>> {
  if (!isUuid(ownerId)) return { items: [], total: 0, page: 1, pages: 1, limit };
  return ownerSlice(db, ownerId, page, limit, now, cardFormat);
}

/** The same as listings (the API's my-ads list). */
export async function ownerListingsPage(db: Db, ownerId: string, page: number, limit: number, now = new Date()): Promise<OwnPage<ListingJson>> {
  if (!isUuid(ownerId)) return { items: [], total: 0, page: 1, pages: 1, limit };
  return ownerSlice(db, ownerId, page, limit, now, listingFormat);
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
