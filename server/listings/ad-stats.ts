import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';

/**
 * How an ad does, as its seller reads it in Manage ads (issue 44): per ad per day counters in
 * listing_stats_daily (migration 1800), bumped where each event is written, in its transaction.
 * docs/decisions/ad-stats-counters.md
 */

export const STAT_KINDS = ['views', 'phoneReveals', 'whatsappTaps', 'messages', 'saves'] as const;
export type StatKind = (typeof STAT_KINDS)[number];

const COLUMN: Record<StatKind, string> = { views: 'views', phoneReveals: 'phone_reveals', whatsappTaps: 'whatsapp_taps', messages: 'messages', saves: 'saves' };

/** Each kind's figure for the last STATS_RECENT_DAYS days (today included) and in all. */
export type AdStats = Record<StatKind, { recent: number; total: number }>;

/** "Last 7 days": today and the six before, in the database's days (as views have always been counted). */
export const STATS_RECENT_DAYS = 7;

/** Any handle a statement runs on: the database or a transaction. */
type Runner = Pick<Db, 'execute' | 'transaction'>;

/**
 * Adds `by` (negative to take back) to one counter of the ad's day, never below zero. Inside a
 * savepoint of the caller's transaction: the event and its count commit together, yet a counter
 * that fails only costs a count (logged), never the buyer's view, reveal, tap, message or save.
 * `day` is a date 'YYYY-MM-DD'; today by default.
 */
export async function bumpAdStat(tx: Runner, logger: Pick<Logger, 'error'>, listingId: string, kind: StatKind, by = 1, day?: string): Promise<void> {
  try {
    await tx.transaction(async (sp) => {
      await sp.execute(adStatUpsert(listingId, kind, by, day));
    });
  } catch (error) {
    logger.error({ err: error, listingId, kind }, 'ad stats counter not updated');
  }
}

/**
 * The statement that adds `by` to one counter of the ad's day, never below zero; also usable
 * as a part of a larger statement (sending a message writes it in its own).
 */
export function adStatUpsert(listingId: string, kind: StatKind, by = 1, day?: string) {
  const column = sql.raw(COLUMN[kind]);
  const on = day ? sql`${day}::date` : sql`current_date`;
  // A deleted ad has nothing left to count (a save of it being removed, say).
  return sql`insert into listing_stats_daily (listing_id, day, ${column})
      select id, ${on}, greatest(${by}, 0) from listings where id = ${listingId}
      on conflict (listing_id, day) do update set ${column} = greatest(listing_stats_daily.${column} + ${by}, 0)`;
}

const zero = (): AdStats => Object.fromEntries(STAT_KINDS.map((k) => [k, { recent: 0, total: 0 }])) as AdStats;

/** The figures of a page of ads, one grouped query over the counters' primary key; ads with no events get zeros. */
export async function statsOfAds(db: Db, listingIds: readonly string[]): Promise<Record<string, AdStats>> {
  const ids = listingIds.filter(isUuid);
  const out: Record<string, AdStats> = Object.fromEntries(ids.map((id) => [id, zero()]));
  if (ids.length === 0) return out;
  const recent = sql`day > current_date - ${STATS_RECENT_DAYS}::int`;
  const sums = STAT_KINDS.map((k) => {
    const c = sql.raw(COLUMN[k]);
    return sql`coalesce(sum(${c}) filter (where ${recent}), 0)::int as ${sql.raw(`r_${COLUMN[k]}`)}, coalesce(sum(${c}), 0)::int as ${sql.raw(`t_${COLUMN[k]}`)}`;
  });
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`select listing_id, ${sql.join(sums, sql`, `)} from listing_stats_daily
        where listing_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) group by listing_id`,
  );
  for (const row of rows) {
    const stats = out[String(row.listing_id)];
    if (!stats) continue;
    for (const k of STAT_KINDS) stats[k] = { recent: Number(row[`r_${COLUMN[k]}`]), total: Number(row[`t_${COLUMN[k]}`]) };
  }
  return out;
}
