import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import { searchHref, searchLabel, type SavedFilters } from '../../app/lib/saved-search-rules.ts';
import { queryRows, type Db } from '../db/client.ts';
import { filterConditions } from '../listings/search-terms.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { listingFilters } from '../saved/saved-searches.ts';
import { alertEmail, type AlertAd } from './emails.ts';
import { adWords, categoryKey } from './match-keys.ts';
import { signUnsubscribe, unsubscribeKey, unsubscribeUrl } from './unsubscribe.ts';

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

const conditionsOf = (filters: SavedFilters): SQL => {
  const check = filterConditions(listingFilters(filters)).check;
  return check.length ? sql.join(check, sql` AND `) : sql`true`;
};

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

export type MatchResult = { ads: number; candidates: number; hits: number };

/**
 * Takes up to `batch` ads from the queue and records which saved searches (with alerts on) they
 * match. Several instances may run it at once: each takes other rows (SKIP LOCKED).
 */
export async function matchQueuedAds(db: Db, batch = 200): Promise<MatchResult> {
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Db;
    const claimed = await queryRows<{ listing_id: string }>(
      tx,
      sql`DELETE FROM alert_queue WHERE listing_id IN (
            SELECT listing_id FROM alert_queue ORDER BY queued_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)
          RETURNING listing_id`,
    );
    if (claimed.length === 0) return { ads: 0, candidates: 0, hits: 0 };
    const ads = await queryRows<{ id: string; category: string; tokens: string[] }>(
      tx,
      sql`SELECT id, category, search_tokens AS tokens FROM listings WHERE id = ANY(${uuidArray(claimed.map((c) => c.listing_id))})`,
    );
    return { ads: claimed.length, ...(await matchAds(tx, ads)) };
  });
}

/** Which alerting saved searches these ads match: the index lookup, then the site search's check; records the hits. */
export async function matchAds(db: Db, ads: Array<{ id: string; category: string; tokens: string[] }>): Promise<{ candidates: number; hits: number }> {
  if (ads.length === 0) return { candidates: 0, hits: 0 };
  const keys = ads.flatMap((ad, n) => {
    const category = categoryKey(ad.category);
    return adWords(ad.tokens ?? []).map((word) => ({ n, word, category }));
  });
  const candidates = await queryRows<{ n: number; search_id: string; filters: SavedFilters }>(
    db,
    sql`SELECT DISTINCT a.n, s.id AS search_id, s.filters
        FROM json_to_recordset(${JSON.stringify(keys)}::json) AS a(n int, word text, category text)
        JOIN saved_search_keys k ON k.word = a.word AND k.category IN ('', a.category)
        JOIN saved_searches s ON s.id = k.search_id AND s.frequency <> 'off'`,
  );
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
        sql`SELECT ${searchId}::uuid AS search_id, id AS listing_id FROM listings WHERE id = ANY(${uuidArray(ids)}) AND (${conditionsOf(filters)})`,
    );
    const inserted = await queryRows<{ search_id: string }>(
      db,
      sql`INSERT INTO saved_search_hits (search_id, listing_id) ${sql.join(parts, sql` UNION ALL `)} ON CONFLICT DO NOTHING RETURNING search_id`,
    );
    hits += inserted.length;
  }
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

type Due = { id: string; filters: SavedFilters; frequency: 'instant' | 'daily'; email: string; first_name: string };

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
        sql`SELECT s.id, s.filters, s.frequency, u.email, u.first_name
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
        FROM listings WHERE id = ANY(${uuidArray(taken.map((t) => t.listing_id))}) AND (${conditionsOf(search.filters)})
        ORDER BY created_at DESC, id DESC LIMIT ${ADS_PER_EMAIL}`,
  );
  if (ads.length === 0) return false;
  const token = signUnsubscribe(key, search.id);
  await enqueueMail(
    tx,
    alertEmail({
      to: { email: search.email, firstName: search.first_name },
      kind: search.frequency,
      label: searchLabel(search.filters),
      resultsUrl: `${appUrl}${searchHref(search.filters)}`,
      manageUrl: `${appUrl}/my-alerts`,
      unsubscribeUrl: unsubscribeUrl(appUrl, token),
      appUrl,
      ads: ads.map(({ total: _total, ...ad }) => ({ ...ad, price: ad.price === null ? null : Number(ad.price) })),
      total: Number(ads[0]!.total),
    }),
  );
  return true;
}
