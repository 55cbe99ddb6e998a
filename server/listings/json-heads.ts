import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

/*
 * Ads without their stored JSON heads (migration 2300: those posted before it, rows written with
 * triggers disabled, a restore) get them here, a batch at a time, from a background job in every
 * process (server/main.ts; SKIP LOCKED keeps processes to batches of their own). Until then a
 * page writes their JSON as it reads them: the same text, at the cost it had before.
 */

/** Ads written by one statement: about a third of a second of the database's time at 1M ads. */
export const HEADS_BATCH = 1_000;
/** Statements a run: a run stays short, and a process stopping never waits long for one. */
export const HEADS_BATCHES_A_RUN = 10;
/** After the upgrade that added the heads, a million ads get theirs in about twelve minutes with two processes. */
export const HEADS_INTERVAL_MS = 15_000;

/** Writes the heads of up to `batches` × `batch` ads that have none; how many it wrote. */
export async function writeMissingHeads(db: Db, { batch = HEADS_BATCH, batches = HEADS_BATCHES_A_RUN } = {}): Promise<number> {
  let written = 0;
  for (let i = 0; i < batches; i++) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`WITH missing AS (SELECT id FROM listings WHERE json_head IS NULL LIMIT ${batch} FOR UPDATE SKIP LOCKED),
        written AS (UPDATE listings l SET json_head = listing_json_head(l), card_head = listing_card_head(l) FROM missing WHERE l.id = missing.id RETURNING 1)
        SELECT count(*)::int AS n FROM written`,
    );
    written += row!.n;
    if (row!.n < batch) break;
  }
  return written;
}
