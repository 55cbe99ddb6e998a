import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ALERT_FREQUENCIES,
  DEFAULT_FREQUENCY,
  MAX_SAVED_SEARCHES,
  NEW_COUNT_CAP,
  SAVED_SEARCH_MESSAGES,
  searchHref,
  searchLabel,
  type AlertFrequency,
  type SavedFilters,
} from '#kernel/saved-search-rules.ts';
import { chooseKey, KEY_RULES, keyOptions, type SearchKey } from '../alerts/match-keys.ts';
import type { Services } from '../context.ts';
import { queryRows, type Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { savedSearches, savedSearchHits, savedSearchKeys } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { parseListingQuery, type QueryInput } from '../listings/listing-query.ts';
import { ATTR_PARAM, type AttributeFilters } from '#kernel/subcategories.ts';
import type { ListingFilters } from '../search/search-query.ts';
import { filterConditions } from '../search/database/search-terms.ts';
import { searchLocation, wordsKey } from '../search/words.ts';
import { LISTED } from '../listings/visibility.ts';

/*
 * Saved searches (issue 18): a user's searches to come back to, each with an e-mail alert
 * (off, instant or a daily digest; server/alerts/). The filters are read by the one parser of
 * a listing query (parseListingQuery), so a saved search is exactly what the results page
 * showed, and a filter the parser learns later is saved too. Every function takes the user's
 * id from the session, never from the client.
 */

export type SavedSearch = {
  id: string;
  filters: SavedFilters;
  label: string;
  /** The results page: /listings?… */
  href: string;
  frequency: AlertFrequency;
  createdAt: string;
  lastVisitedAt: string;
  /** Ads posted since the last visit that match, counted up to NEW_COUNT_CAP + 1. */
  newCount: number;
};

/** The filters of a search as the results page reads its address (page and page size left out, empty ones dropped). */
export function savedFiltersOf(input: QueryInput, mode: 'api' | 'page' = 'page'): SavedFilters {
  const { page: _page, limit: _limit, ...filters } = parseListingQuery(input, mode);
  const out: SavedFilters = {};
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) continue;
    if (k === 'sort' && v === 'newest') continue;
    if (k === 'attributes') {
      // Flat, as the query names them (attr.make, attr.year.min): a saved search is a flat record.
      for (const [key, value] of Object.entries(v as AttributeFilters)) {
        if (typeof value === 'string') out[`${ATTR_PARAM}${key}`] = value;
        else {
          if (value.min !== undefined) out[`${ATTR_PARAM}${key}.min`] = value.min;
          if (value.max !== undefined) out[`${ATTR_PARAM}${key}.max`] = value.max;
        }
      }
      continue;
    }
    out[k] = typeof v === 'string' ? v.trim() : (v as number);
  }
  return out;
}

/** The filters as the search functions take them (attribute filters gathered back from their flat names). */
export function listingFilters(f: SavedFilters): ListingFilters {
  const out: Record<string, unknown> = {};
  const attributes: AttributeFilters = {};
  for (const [k, v] of Object.entries(f)) {
    if (!k.startsWith(ATTR_PARAM)) {
      out[k] = v;
      continue;
    }
    const [key = '', end] = k.slice(ATTR_PARAM.length).split('.', 2);
    if (end === 'min' || end === 'max') {
      const range = (attributes[key] as { min?: number; max?: number } | undefined) ?? {};
      range[end] = Number(v);
      attributes[key] = range;
    } else if (typeof v === 'string') attributes[key] = v;
  }
  if (Object.keys(attributes).length) out.attributes = attributes;
  return out as ListingFilters;
}

/** One string per search: word order, case and repeats do not make another search. */
export function filtersKey(f: SavedFilters): string {
  const entries = Object.entries(f)
    .map(([k, v]): [string, unknown] => {
      if (k === 'search') return [k, wordsKey(String(v)).join(' ')];
      if (k === 'location') return [k, searchLocation(String(v))];
      if (k === 'category') return [k, String(v).toLowerCase()];
      return [k, v];
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

export function parseFrequency(value: unknown): AlertFrequency {
  const v = typeof value === 'string' ? value.trim() : '';
  const found = ALERT_FREQUENCIES.find((f) => f === v);
  if (!found) throw badRequest(SAVED_SEARCH_MESSAGES.badFrequency);
  return found;
}

type Row = typeof savedSearches.$inferSelect;

function toSavedSearch(row: Row, newCount: number): SavedSearch {
  return {
    id: row.id,
    filters: row.filters,
    label: searchLabel(row.filters),
    href: searchHref(row.filters),
    frequency: row.frequency,
    createdAt: row.createdAt.toISOString(),
    lastVisitedAt: row.lastVisitedAt.toISOString(),
    newCount,
  };
}

export async function countSavedSearches(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return Number(row?.n ?? 0);
}

/** The key a search is filed under in the match index: the least crowded of its keys (server/alerts/match-keys.ts). */
export async function keyFor(db: Db, filters: SavedFilters): Promise<SearchKey> {
  const options = keyOptions(listingFilters(filters));
  const loads = await db
    .select({ word: savedSearchKeys.word, n: sql<number>`count(*)::int` })
    .from(savedSearchKeys)
    .where(and(inArray(savedSearchKeys.word, options.words), eq(savedSearchKeys.category, options.category)))
    .groupBy(savedSearchKeys.word);
  const load = new Map(loads.map((l) => [l.word, Number(l.n)]));
  return chooseKey(options, (word) => load.get(word) ?? 0);
}

/**
 * Saves a search (the filters from savedFiltersOf). The same search saved again is the one
 * already there (`created: false`); a list holds at most MAX_SAVED_SEARCHES.
 */
export async function saveSearch(
  services: Pick<Services, 'db' | 'rateLimits'>,
  userId: string,
  filters: SavedFilters,
  frequency: AlertFrequency = DEFAULT_FREQUENCY,
  now = new Date(),
): Promise<{ search: SavedSearch; created: boolean }> {
  const { db } = services;
  await services.rateLimits.hit('savedSearchesPerUser', userId);
  const key = filtersKey(filters);
  const [existing] = await db.select().from(savedSearches).where(and(eq(savedSearches.userId, userId), eq(savedSearches.filtersKey, key))).limit(1);
  if (existing) return { search: toSavedSearch(existing, 0), created: false };
  if ((await countSavedSearches(db, userId)) >= MAX_SAVED_SEARCHES) throw conflict(SAVED_SEARCH_MESSAGES.full);
  const indexKey = await keyFor(db, filters);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(savedSearches)
      .values({ userId, filters, filtersKey: key, frequency, createdAt: now, lastVisitedAt: now, lastDigestAt: now })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return null;
    await tx.insert(savedSearchKeys).values({ word: indexKey.word, category: indexKey.category, searchId: inserted.id, rules: KEY_RULES });
    return inserted;
  });
  if (!row) {
    // Saved at the same moment by another request: that one stands.
    const [again] = await db.select().from(savedSearches).where(and(eq(savedSearches.userId, userId), eq(savedSearches.filtersKey, key))).limit(1);
    if (!again) throw conflict(SAVED_SEARCH_MESSAGES.alreadySaved);
    return { search: toSavedSearch(again, 0), created: false };
  }
  return { search: toSavedSearch(row, 0), created: true };
}

async function ownRow(db: Db, userId: string, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  const [row] = await db.select().from(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).limit(1);
  if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  return row;
}

/**
 * Ads posted after `since` that match the search, counted up to `cap + 1`: the site search's
 * conditions, found through its indexes as its collect step does (bounded-search.ts).
 */
export async function countNewMatches(db: Db, filters: SavedFilters, since: Date, cap = NEW_COUNT_CAP): Promise<number> {
  const where = filterConditions(listingFilters(filters));
  // LISTED: public ads only, and literally so that the partial search indexes (migration 0820) serve it.
  const conditions = [LISTED, sql`created_at > ${since.toISOString()}::timestamptz`, ...where.find, ...where.check];
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM listings WHERE ${sql.join(conditions, sql` AND `)} LIMIT ${cap + 1}) m`);
  return Number(row?.n ?? 0);
}

/** The user's saved searches, newest first, each with the count of new ads since its last visit. */
export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearch[]> {
  const rows = await db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  const out: SavedSearch[] = [];
  for (const row of rows) out.push(toSavedSearch(row, await countNewMatches(db, row.filters, row.lastVisitedAt)));
  return out;
}

export async function getSavedSearch(db: Db, userId: string, id: string): Promise<SavedSearch> {
  const row = await ownRow(db, userId, id);
  return toSavedSearch(row, await countNewMatches(db, row.filters, row.lastVisitedAt));
}

/** Changes how a search alerts. Turning alerts off also drops the ads waiting for its next e-mail. */
export async function setAlertFrequency(services: Pick<Services, 'db' | 'rateLimits'>, userId: string, id: string, frequency: AlertFrequency): Promise<SavedSearch> {
  const { db } = services;
  const row = await ownRow(db, userId, id);
  await services.rateLimits.hit('savedSearchesPerUser', userId);
  await stopOrSetFrequency(db, row.id, frequency);
  return getSavedSearch(db, userId, id);
}

/** The frequency of a search by id alone (an unsubscribe link is its own authority). */
export async function stopOrSetFrequency(db: Db, searchId: string, frequency: AlertFrequency): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx.update(savedSearches).set({ frequency }).where(eq(savedSearches.id, searchId)).returning({ id: savedSearches.id });
    if (frequency === 'off') await tx.delete(savedSearchHits).where(and(eq(savedSearchHits.searchId, searchId), sql`${savedSearchHits.sentAt} IS NULL`));
    return updated.length > 0;
  });
}

export async function deleteSavedSearch(services: Pick<Services, 'db' | 'rateLimits'>, userId: string, id: string): Promise<void> {
  const row = await ownRow(services.db, userId, id);
  await services.rateLimits.hit('savedSearchesPerUser', userId);
  await services.db.delete(savedSearches).where(eq(savedSearches.id, row.id));
}

/** The user opens a search from Saved searches: its "new" count starts again from now. Returns its results page. */
export async function visitSavedSearch(db: Db, userId: string, id: string, now = new Date()): Promise<string> {
  const row = await ownRow(db, userId, id);
  await db.update(savedSearches).set({ lastVisitedAt: now }).where(eq(savedSearches.id, row.id));
  return searchHref(row.filters);
}

/** Whether the user has saved these filters already (the results page says so). */
export async function savedSearchIdFor(db: Db, userId: string, filters: SavedFilters): Promise<string | null> {
  const [row] = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.filtersKey, filtersKey(filters))))
    .limit(1);
  return row?.id ?? null;
}

/** A search by id alone, for its unsubscribe page (the link is its own authority): its label, or null. */
export async function savedSearchLabel(db: Db, id: string): Promise<{ label: string; frequency: AlertFrequency } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ filters: savedSearches.filters, frequency: savedSearches.frequency }).from(savedSearches).where(eq(savedSearches.id, id)).limit(1);
  return row ? { label: searchLabel(row.filters), frequency: row.frequency } : null;
}

/**
 * The filters a results page shows, as saved: the page's address read by the listing query
 * parser. A category page's category is its address's (`category`), and it has no location.
 */
export function pageFilters(params: URLSearchParams, category?: string): SavedFilters {
  const query = new URLSearchParams(params);
  query.delete('page');
  if (category !== undefined) {
    query.delete('location');
    query.set('category', category);
  }
  return savedFiltersOf(query, 'page');
}

/** For a results page: the id of the visitor's saved search of it (null for visitors, and if the lookup fails). */
export async function savedSearchStateFor(context: { db: Db; auth: { user: { id: string } } | null }, filters: SavedFilters): Promise<string | null> {
  if (!context.auth) return null;
  return savedSearchIdFor(context.db, context.auth.user.id, filters).catch(() => null);
}
