import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

/*
 * Ads without their stored JSON heads (migration 2300: those posted before it, rows written with
 * triggers disabled, a restore), and active ads without their search index line (migration
 * 2400), get them here, a batch at a time, from a background job in every process
 * (server/main.ts; SKIP LOCKED keeps processes to batches of their own). Until then a page writes
 * their JSON, and a load their line, as it reads them: the same text, at the cost it had before.
 */

/** Ads written by one statement: about a third of a second of the database's time at 1M ads. */
export const HEADS_BATCH = 1_000;
/** Statements a run: a run stays short, and a process stopping never waits long for one. */
export const HEADS_BATCHES_A_RUN = 10;
/** After the upgrade that added the heads, a million ads get theirs in about twelve minutes with two processes. */
export const HEADS_INTERVAL_MS = 15_000;

/** Writes the heads of up to `batches` × `batch` ads that have none; how many it wrote. */
export function writeMissingHeads(db: Db, { batch = HEADS_BATCH, batches = HEADS_BATCHES_A_RUN } = {}): Promise<number> {
  return inBatches(db, batches, batch, (n) =>
    sql`WITH missing AS (SELECT id FROM listings WHERE json_head IS NULL LIMIT ${n} FOR UPDATE SKIP LOCKED),
      written AS (UPDATE listings l SET json_head = listing_json_head(l), card_head = listing_card_head(l) FROM missing WHERE l.id = missing.id RETURNING 1)
      SELECT count(*)::int AS n FROM written`,
  );
}

/**
 * Writes the search index's lines (migration 2400) of up to `batches` × `batch` active ads that
 * have none (from before that migration, or restored); how many it wrote. Until then a load
 * computes theirs as it reads them.
 */
export function writeMissingIndexLines(db: Db, { batch = HEADS_BATCH, batches = HEADS_BATCHES_A_RUN } = {}): Promise<number> {
  return inBatches(db, batches, batch, (n) =>
    sql`WITH missing AS (SELECT id FROM listings WHERE index_line IS NULL AND status = 'active' LIMIT ${n} FOR UPDATE SKIP LOCKED),
      written AS (UPDATE listings l SET index_line = listing_index_line(l, l.search_tokens) FROM missing WHERE l.id = missing.id RETURNING 1)
      SELECT count(*)::int AS n FROM written`,
  );
}

async function inBatches(db: Db, batches: number, batch: number, statement: (batch: number) => SQL): Promise<number> {
  let written = 0;
  for (let i = 0; i < batches; i++) {
    const [row] = await queryRows<{ n: number }>(db, statement(batch));
    written += row!.n;
    if (row!.n < batch) break;
  }
  return written;
}
