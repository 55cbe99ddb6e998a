import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import type { CounterStore, Window } from './store.ts';

type Row = { count: number; reset_ms: string | number };
const toWindow = (row: Row): Window => ({ count: Number(row.count), resetAt: Number(row.reset_ms) });

/**
 * Counters in the database (table rate_limits, migration 0400), so every instance of the app
 * counts against the same limit. One upsert per hit: the row is locked while it is updated,
 * so parallel hits on one key each get their own count.
 */
export function createDatabaseStore(db: Db, options: { sweepEvery?: number } = {}): CounterStore {
  const sweepEvery = options.sweepEvery ?? 1000;
  let hits = 0;
  return {
    async increment(key, windowMs, now) {
      if (++hits % sweepEvery === 0) {
        // Closed windows are only clutter; a few at a time keeps the table small.
        await db.execute(sql`delete from rate_limits where reset_at < to_timestamp(${now / 1000})`);
      }
      // Committed without waiting for the disk (synchronous_commit off for this statement's own
      // transaction only): a bump lost in a crash lets one more attempt through, harmless for a
      // limit, while the wait was one disk flush (about 4 ms here) on every counted action, a
      // message's send included. Always its own statement on the pool, never inside another
      // transaction, whose commit it would make asynchronous too.
      const [row] = await queryRows<Row>(
        db,
        sql`with async as (select set_config('synchronous_commit', 'off', true))
            insert into rate_limits as r (key, count, reset_at)
            select ${key}, 1, to_timestamp(${(now + windowMs) / 1000}) from async
            on conflict (key) do update set
              count = case when r.reset_at <= to_timestamp(${now / 1000}) then 1 else r.count + 1 end,
              reset_at = case when r.reset_at <= to_timestamp(${now / 1000}) then excluded.reset_at else r.reset_at end
            returning count, (extract(epoch from reset_at) * 1000)::bigint as reset_ms`,
      );
      return toWindow(row!);
    },
    async peek(key, now) {
      const [row] = await queryRows<Row>(
        db,
        sql`select count, (extract(epoch from reset_at) * 1000)::bigint as reset_ms from rate_limits
            where key = ${key} and reset_at > to_timestamp(${now / 1000})`,
      );
      return row ? toWindow(row) : null;
    },
    async delete(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}
