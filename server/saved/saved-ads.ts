import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { MAX_SAVED_ADS, SAVED_PAGE_SIZE } from '#kernel/saved-rules.ts';
import type { Services } from '../context.ts';
import { sqlArray, type Db } from '../db/client.ts';
import { bumpAdStat } from '../listings/ad-stats.ts';
import { isUuid } from '../db/ids.ts';
import { listings, savedAds } from '../db/schema/index.ts';
import { conflict, notFound } from '../http/errors.ts';
import type { CardJson } from '../listings/listing-json.ts';
import { cardsOfPage } from '../listings/queries.ts';
import { LISTED } from '../listings/visibility.ts';

/*
 * Saved ads (issue 18): a user's own list of ads to come back to. Every function takes the
 * user's id from the session, never from the client, so nobody reads or changes another
 * person's list.
 */


/** One saved ad: its card, or null when the ad is gone or no longer active ("No longer available"). */
export type SavedAd = { listingId: string; title: string; savedAt: string; listing: CardJson | null };

export type SavedPage = { items: SavedAd[]; total: number; page: number; limit: number };

/**
 * Saves an ad to the user's list; saving it again keeps the first date. Only an active ad
 * can be saved (a deleted, sold, expired or hidden one is a 404), and a list holds at most MAX_SAVED_ADS.
 */
export async function saveAd(services: Pick<Services, 'db' | 'rateLimits' | 'logger'>, userId: string, listingId: string): Promise<void> {
  const { db } = services;
  if (!isUuid(listingId)) throw notFound((t) => t.errors.listingNotFound);
  await services.rateLimits.hit('savesPerUser', userId);
  const [listing] = await db.select({ title: listings.title }).from(listings).where(and(eq(listings.id, listingId), LISTED)).limit(1);
  if (!listing) throw notFound((t) => t.errors.listingNotFound);
  const [already] = await db.select({ one: sql`1` }).from(savedAds).where(and(eq(savedAds.userId, userId), eq(savedAds.listingId, listingId))).limit(1);
  if (already) return;
  if ((await countSavedAds(db, userId)) >= MAX_SAVED_ADS) throw conflict((t) => t.errors.saveLimit({ max: MAX_SAVED_ADS }));
  await db.transaction(async (tx) => {
    const added = await tx.insert(savedAds).values({ userId, listingId, title: listing.title }).onConflictDoNothing().returning({ listingId: savedAds.listingId });
    if (added.length > 0) await bumpAdStat(tx, services.logger, listingId, 'saves');
  });
}

/** Removes an ad from the user's list (also one that has gone); removing one not saved is no error. */
export async function unsaveAd(services: Pick<Services, 'db' | 'rateLimits' | 'logger'>, userId: string, listingId: string): Promise<void> {
  if (!isUuid(listingId)) throw notFound((t) => t.errors.listingNotFound);
  await services.rateLimits.hit('savesPerUser', userId);
  await services.db.transaction(async (tx) => {
    // The save comes off the day it was made: the seller's figure is of saves that stand, so saving and removing again adds nothing.
    const removed = await tx
      .delete(savedAds)
      .where(and(eq(savedAds.userId, userId), eq(savedAds.listingId, listingId)))
      .returning({ day: sql<string>`(${savedAds.savedAt})::date::text` });
    if (removed[0]) await bumpAdStat(tx, services.logger, listingId, 'saves', -1, removed[0].day);
  });
}

export async function countSavedAds(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(savedAds).where(eq(savedAds.userId, userId));
  return Number(row?.n ?? 0);
}

/** Which of these ads the user has saved (to show the Save buttons of a page of cards pressed). */
export async function savedAmong(db: Db, userId: string, listingIds: string[]): Promise<string[]> {
  const ids = listingIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: savedAds.listingId })
    .from(savedAds)
    .where(and(eq(savedAds.userId, userId), inArray(savedAds.listingId, ids)));
  return rows.map((r) => r.id);
}

export async function isSaved(db: Db, userId: string, listingId: string): Promise<boolean> {
  return (await savedAmong(db, userId, [listingId])).length > 0;
}

/** One page of the user's saved ads, newest first, with the card of each ad still there. */
export async function listSavedAds(db: Db, userId: string, options: { page?: number; limit?: number } = {}, now = new Date()): Promise<SavedPage> {
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const limit = Math.min(100, Math.max(1, Math.floor(options.limit ?? SAVED_PAGE_SIZE)));
  const rows = await db
    .select({ listingId: savedAds.listingId, title: savedAds.title, savedAt: savedAds.savedAt })
    .from(savedAds)
    .where(eq(savedAds.userId, userId))
    .orderBy(desc(savedAds.savedAt), desc(savedAds.listingId))
    .limit(limit)
    .offset((page - 1) * limit);
  const total = await countSavedAds(db, userId);
  const ids = rows.map((r) => r.listingId);
  const cards = ids.length
    ? await cardsOfPage(
        db,
        // Only active ads have a card: a sold, expired or hidden one is "No longer available", as a deleted one.
        sql`SELECT t.id, t.ordinality AS n FROM unnest(${sqlArray(ids, 'uuid')}) WITH ORDINALITY AS t(id, ordinality)
            WHERE EXISTS (SELECT 1 FROM listings WHERE listings.id = t.id AND ${LISTED})`,
        now,
      )
    : [];
  const byId = new Map(cards.map((c) => [c._id, c]));
  return {
    items: rows.map((r) => ({ listingId: r.listingId, title: r.title, savedAt: r.savedAt.toISOString(), listing: byId.get(r.listingId) ?? null })),
    total,
    page,
    limit,
  };
}

/** For a page of cards: the ones the visitor has saved ([] for visitors, and if the lookup fails). */
export async function savedIdsFor(context: { db: Db; auth: { user: { id: string } } | null }, cards: { _id: string }[] | null): Promise<string[]> {
  if (!context.auth || !cards?.length) return [];
  return savedAmong(context.db, context.auth.user.id, cards.map((c) => c._id)).catch(() => []);
}

/** The same for a page of search results, whose cards are parsed only when someone is signed in to have saved any. */
export function savedIdsOnPage(context: { db: Db; auth: { user: { id: string } } | null }, page: { readonly items: { _id: string }[] }): Promise<string[]> {
  return savedIdsFor(context, context.auth ? page.items : null);
}
