import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { CardJson } from '../listings/listing-json.ts';
import { cardsOfPage } from '../listings/queries.ts';
import { LISTED } from '../listings/visibility.ts';

/*
 * Public seller pages (issue 18). Only what a buyer may see: the name, the public handle, the
 * location the seller gave, when they joined and their ads. Never the e-mail, phone or address.
 */

export const SELLER_PAGE_SIZE = 24;

export type SellerProfile = {
  _id: string;
  username: string;
  firstName: string;
  lastName: string;
  location: string | null;
  memberSince: string;
  activeAds: number;
  /** The seller proved their current number by SMS (server/users/phone-verification.ts); the number itself stays private. */
  phoneVerified: boolean;
};

const HANDLE = /^[a-z0-9.]{1,64}$/;

/** A seller page's address can hold this handle (the sitemap's seller chunks are named by one). */
export const isSellerHandle = (username: string) => HANDLE.test(username);

/** The public profile of the seller with this handle, or null (unknown handles are a 404). */
export async function findSeller(db: Db, username: string): Promise<SellerProfile | null> {
  if (!isSellerHandle(username)) return null;
  const [row] = await db
    .select({
      _id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      location: users.location,
      createdAt: users.createdAt,
      activeAds: sql<number>`coalesce((SELECT c.listings FROM seller_listing_counts c WHERE c.owner_id = ${users.id}), 0)::int`,
      phoneVerified: sql<boolean>`(${users.phoneVerified} IS NOT NULL AND ${users.phoneVerified} = ${users.phoneNumber})`,
    })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  if (!row) return null;
  const { createdAt, ...rest } = row;
  return { ...rest, location: rest.location?.trim() || null, memberSince: createdAt.toISOString(), activeAds: Number(rest.activeAds) };
}

/** One page of a seller's active ads as cards, newest first (listings_owner_active_idx). */
export async function sellerCards(db: Db, sellerId: string, options: { page?: number; limit?: number } = {}, now = new Date()): Promise<CardJson[]> {
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const limit = Math.min(100, Math.max(1, Math.floor(options.limit ?? SELLER_PAGE_SIZE)));
  return cardsOfPage(
    db,
    sql`SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n FROM (
          SELECT id, created_at FROM listings WHERE owner_id = ${sellerId} AND ${LISTED} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}) s`,
    now,
  );
}

