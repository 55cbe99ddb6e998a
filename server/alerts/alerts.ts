import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import { searchHref, searchLabel, type SavedFilters } from '#kernel/saved-search-rules.ts';
import { queryRows, sqlArray, type Db } from '../db/client.ts';
import { filterConditions } from '../search/database/search-terms.ts';
import { LISTED } from '../listings/visibility.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { listingFilters } from '../saved/saved-searches.ts';
import { alertEmail, type AlertAd } from './emails.ts';
import { adWords, categoryKey, keyOptions } from './match-keys.ts';
import { signUnsubscribe, unsubscribeKey, unsubscribeUrl } from './unsubscribe.ts';
import { asLocale, pagePath } from '../i18n.ts';

/*
 * Saved-search alerts (issue 18; docs/alerts.md), in two steps the alert job (job.ts) runs:
 *
 * 1. match: new ads wait in alert_queue (a trigger on listings, migration 0840). A batch of
 *    them is taken; each ad looks up the saved searches filed under its words' pieces in its
 *    category or none (match-keys.ts), and those candidates are checked against the ad with
 *    the site search's own conditions (filterConditions in search-terms.ts): what the results
 *    page would show is what an alert announces. Matches go to saved_search_hits, once per
 *    search and ad; the queue rows go in the same transaction.
 * 2. send: a search with unsent matches gets its e-mail, at once (instant) or when its daily
 *    digest is due. The matches are marked sent and the e-mail is queued in the mail outbox in
 *    one transaction, so each ad is announced once per search, and an e-mail is never lost.
 *    They are checked again with the search's conditions when sent: an ad that has gone, or no
 *    longer shows in the search, is not announced.
 */

/** Daily digests go out once a day from this hour (UTC): 07:00 in Nairobi. */
export const DIGEST_HOUR_UTC = 4;
/** Ads listed in one e-mail; the rest are "and N more" with a link to the results. */
export const ADS_PER_EMAIL = 10;
/** Searches checked in one statement, and searches e-mailed per transaction. */
const CHECK_CHUNK = 200;
const SEND_BATCH = 50;
/** Sent matches are kept this long (an ad is matched once, when it is new, so older ones cannot come back). */
const KEEP_SENT = '90 days';

/** What a listing must be to be announced: public (held, hidden, sold and expired ads are not), and a match. */
const conditionsOf = (filters: SavedFilters): SQL => sql.join([LISTED, ...filterConditions(listingFilters(filters)).check], sql` AND `);

export type MatchResult = { ads: number; candidates: number; hits: number };

/**
 * Takes up to `batch` ads from the queue and records which saved searches (with alerts on) they
 * match. Several instances may run it at once: each takes other rows (SKIP LOCKED).
 */
export async function matchQueuedAds(db: Db, batch = 200, timings?: MatchTimings): Promise<MatchResult> {
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Db;
    const claimed = await queryRows<{ listing_id: string }>(
      tx,
      sql`DELETE FROM alert_queue WHERE listing_id IN (
            SELECT listing_id FROM alert_queue ORDER BY queued_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)
          RETURNING listing_id`,
    );
    if (claimed.length === 0) return { ads: 0, candidates: 0, hits: 0 };
    const ads = await queryRows<NewAd>(
      tx,
      sql`SELECT id, category, search_tokens AS tokens, price::float8 AS price, currency FROM listings WHERE id = ANY(${sqlArray(claimed.map((c) => c.listing_id), 'uuid')})`,
    );
    return { ads: claimed.length, ...(await matchAds(tx, ads, timings)) };
  });
}

/** Where matching spends its time (the benchmark prints it). */
export type MatchTimings = { lookupMs: number; checkMs: number };

/** A new ad as matching reads it: its tokens (migration 0700), category and price. */
export type NewAd = { id: string; category: string; tokens: string[]; price?: number | null; currency?: string };

type Filed = { word: string; category: string; search_id: string; filters: SavedFilters };

/**
 * What every match of a search must have, tested on the ad in hand before the database check:
 * each of the search's keys among the ad's words (each one alone is necessary, match-keys.ts),
 * and a price filter's KES price in range. It never drops a match; it drops most candidates
 * that share only one piece of a word.
 */
function mayMatch(filters: SavedFilters, ad: NewAd, words: Set<string>, cache: Map<string, string[]>, searchId: string): boolean {
  let needed = cache.get(searchId);
  if (!needed) cache.set(searchId, (needed = keyOptions(listingFilters(filters)).words));
  for (const word of needed) if (!words.has(word)) return false;
  const { minPrice, maxPrice } = filters;
  if ((typeof minPrice === 'number' || typeof maxPrice === 'number') && ad.currency !== undefined) {
    if (ad.currency !== 'KES' || ad.price === null || ad.price === undefined) return false;
    if (typeof minPrice === 'number' && ad.price < minPrice) return false;
    if (typeof maxPrice === 'number' && ad.price > maxPrice) return false;
  }
  return true;
}

/**
 * Which alerting saved searches these ads match, recorded as hits: the searches filed under the
 * ads' words (one index read for the whole batch), those the ad in hand rules out dropped, and
 * the rest checked with the site search's own conditions in the database.
 */
export async function matchAds(db: Db, ads: NewAd[], timings?: MatchTimings): Promise<{ candidates: number; hits: number }> {
  if (ads.length === 0) return { candidates: 0, hits: 0 };
  const started = performance.now();
  const read = ads.map((ad) => ({ ad, words: new Set(adWords(ad.tokens ?? [])), category: categoryKey(ad.category) }));
  const allWords = [...new Set(read.flatMap((r) => [...r.words]))];
  const filed = await queryRows<Filed>(
    db,
    sql`SELECT k.word, k.category, s.id AS search_id, s.filters
        FROM saved_search_keys k JOIN saved_searches s ON s.id = k.search_id AND s.frequency <> 'off'
        WHERE k.word = ANY(ARRAY(SELECT json_array_elements_text(${JSON.stringify(allWords)}::json)))`,
  );
  const byWord = new Map<string, Filed[]>();
  for (const f of filed) byWord.set(f.word, [...(byWord.get(f.word) ?? []), f]);
  const needed = new Map<string, string[]>();
  const candidates: Array<{ n: number; search_id: string; filters: SavedFilters }> = [];
  read.forEach(({ ad, words, category }, n) => {
    for (const word of words) {
      for (const f of byWord.get(word) ?? []) {
        if (f.category !== '' && f.category !== category) continue;
        if (mayMatch(f.filters, ad, words, needed, f.search_id)) candidates.push({ n, search_id: f.search_id, filters: f.filters });
      }
    }
  });
  const looked = performance.now();
  if (timings) timings.lookupMs += looked - started;
  if (candidates.length === 0) return { candidates: 0, hits: 0 };
  // Per search, the ads to check it against.
  const bySearch = new Map<string, { filters: SavedFilters; ads: string[] }>();
  for (const c of candidates) {
    const entry = bySearch.get(c.search_id) ?? { filters: c.filters, ads: [] };
    entry.ads.push(ads[c.n]!.id);
    bySearch.set(c.search_id, entry);
  }
  let hits = 0;
  const searches = [...bySearch.entries()];
  for (let i = 0; i < searches.length; i += CHECK_CHUNK) {
    const parts = searches.slice(i, i + CHECK_CHUNK).map(
      ([searchId, { filters, ads: ids }]) =>
        sql`SELECT ${searchId}::uuid AS search_id, id AS listing_id FROM listings WHERE id = ANY(${sqlArray(ids, 'uuid')}) AND (${conditionsOf(filters)})`,
    );
    const inserted = await queryRows<{ search_id: string }>(
      db,
      sql`INSERT INTO saved_search_hits (search_id, listing_id) ${sql.join(parts, sql` UNION ALL `)} ON CONFLICT DO NOTHING RETURNING search_id`,
    );
    hits += inserted.length;
  }
  if (timings) timings.checkMs += performance.now() - looked;
  return { candidates: candidates.length, hits };
}

/** The most recent digest time at or before `now` (DIGEST_HOUR_UTC every day). */
export function digestBoundary(now: Date): Date {
  const b = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  if (b.getTime() > now.getTime()) b.setUTCDate(b.getUTCDate() - 1);
  return b;
}

export type SendDeps = { db: Db; appUrl: string; logger?: Logger };
export type SendResult = { instant: number; daily: number };

type Due = { id: string; filters: SavedFilters; frequency: 'instant' | 'daily'; email: string; first_name: string; locale?: string | null };

/**
 * E-mails the searches that are due: instant ones with unsent matches, daily ones with unsent
 * matches whose last digest was before today's digest time. Each search's e-mail and the
 * marking of its matches as sent are one transaction.
 */
export async function sendDueAlerts(deps: SendDeps, now = new Date()): Promise<SendResult> {
  const result: SendResult = { instant: 0, daily: 0 };
  const at = sql`${now.toISOString()}::timestamptz`;
  const boundary = sql`${digestBoundary(now).toISOString()}::timestamptz`;
  // Before any transaction: the embedded database runs one at a time.
  const key = await unsubscribeKey(deps.db);
  for (;;) {
    const claimedCount = await deps.db.transaction(async (txHandle) => {
      const tx = txHandle as unknown as Db;
      const due = await queryRows<Due>(
        tx,
        sql`SELECT s.id, s.filters, s.frequency, u.email, u.first_name, u.locale
            FROM saved_searches s JOIN users u ON u.id = s.user_id
            WHERE s.id IN (SELECT search_id FROM saved_search_hits WHERE sent_at IS NULL)
              AND (s.frequency = 'instant' OR (s.frequency = 'daily' AND s.last_digest_at < ${boundary}))
            ORDER BY s.id LIMIT ${SEND_BATCH}
            FOR UPDATE OF s SKIP LOCKED`,
      );
      for (const search of due) {
        if (await sendOne(tx, deps.appUrl, key, search, at)) result[search.frequency]++;
      }
      return due.length;
    });
    if (claimedCount < SEND_BATCH) break;
  }
  await deps.db.execute(sql`DELETE FROM saved_search_hits WHERE sent_at < ${at} - ${KEEP_SENT}::interval`);
  return result;
}

/** One search's e-mail, in the caller's transaction; false when none of its matches is still to show. */
async function sendOne(tx: Db, appUrl: string, key: Buffer, search: Due, at: SQL): Promise<boolean> {
  // Taken first: a second sender blocks here, then finds nothing left to send.
  const taken = await queryRows<{ listing_id: string }>(
    tx,
    sql`UPDATE saved_search_hits SET sent_at = ${at} WHERE search_id = ${search.id} AND sent_at IS NULL RETURNING listing_id`,
  );
  if (search.frequency === 'daily') await tx.execute(sql`UPDATE saved_searches SET last_digest_at = ${at} WHERE id = ${search.id}`);
  if (taken.length === 0) return false;
  // Still there and still in the search (the same conditions as the results page), newest first.
  const ads = await queryRows<AlertAd & { total: number }>(
    tx,
    sql`SELECT id, title, price::float8 AS price, currency, location, count(*) OVER ()::int AS total
        FROM listings WHERE id = ANY(${sqlArray(taken.map((t) => t.listing_id), 'uuid')}) AND (${conditionsOf(search.filters)})
        ORDER BY created_at DESC, id DESC LIMIT ${ADS_PER_EMAIL}`,
  );
  if (ads.length === 0) return false;
  const token = signUnsubscribe(key, search.id);
  const locale = asLocale(search.locale);
  await enqueueMail(
    tx,
    alertEmail({
      to: { email: search.email, firstName: search.first_name, locale },
      kind: search.frequency,
      label: searchLabel(search.filters),
      resultsUrl: `${appUrl}${pagePath(locale, searchHref(search.filters))}`,
      manageUrl: `${appUrl}${pagePath(locale, '/my-alerts')}`,
      unsubscribeUrl: unsubscribeUrl(appUrl, token),
      appUrl,
      ads: ads.map(({ total: _total, ...ad }) => ({ ...ad, price: ad.price === null ? null : Number(ad.price) })),
      total: Number(ads[0]!.total),
    }),
  );
  return true;
}
