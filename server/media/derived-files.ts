import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Db } from '../db/client.ts';
import { storeDerivedFiles } from './images.ts';
import type { MediaStore } from './storage.ts';

/** How often the job looks for work left by a restart or by another instance (posts wake it at once). */
export const DERIVED_FILES_INTERVAL_MS = 60_000;
/** A claimed photo not finished within this is taken up again (its process died). */
const LEASE = '5 minutes';
/** Tries before a photo is given up on (logged); the wait between them doubles from a minute. */
const MAX_ATTEMPTS = 8;

/**
 * Queues photos for their derived files (smaller sizes; card files and link preview for a
 * cover), in the transaction that saves their ad: then the work is as durable as the ad
 * (migration 1030). Queuing a photo again (it became the cover) moves queued_at, so a pass
 * already at work on the older request leaves the row for the next one.
 */
export async function queueDerivedFiles(db: Db, storageKeys: string[]): Promise<void> {
  if (storageKeys.length === 0) return;
  await db.execute(sql`
    INSERT INTO pending_image_files (storage_key)
    SELECT unnest(${`{${storageKeys.join(',')}}`}::text[])
    ON CONFLICT (storage_key) DO UPDATE SET queued_at = clock_timestamp(), run_after = now(), attempts = 0, last_error = NULL`);
}

export type DerivedFilesJob = {
  /** Starts a pass now unless one is running (which then goes round once more) or the job was stopped: called after an ad is saved. */
  kick(): void;
  /** One pass over everything due; answers how many photos it finished. Concurrent calls share the pass. */
  runOnce(): Promise<number>;
  /** Resolves when no pass is running or due again (tests and benchmarks wait for the files). */
  idle(): Promise<void>;
  /** No pass starts after this (the database is about to close); waits for the pass in progress. server/main.ts runs runOnce every DERIVED_FILES_INTERVAL_MS. */
  stop(): Promise<void>;
};

type Claimed = { storage_key: string; queued_at: string; attempts: number; used: boolean; cover: boolean };

/**
 * The background step that makes the files a post left for later, one photo at a time (one
 * lane beside the posts' image queue, so a stream of posts never starves it, nor it them).
 * Photos are claimed with a lease (SKIP LOCKED), so instances share the table.
 */
export function createDerivedFilesJob(deps: { db: Db; media: MediaStore; logger: Logger }): DerivedFilesJob {
  let running: Promise<number> | undefined;
  let again = false;
  // After shutdown began no new pass starts (the database is about to close); the rows wait for the next start.
  let stopped = false;

  const claim = () =>
    queryRows<Claimed>(
      deps.db,
      sql`UPDATE pending_image_files p SET run_after = now() + ${sql.raw(`interval '${LEASE}'`)}, attempts = p.attempts + 1
          WHERE p.storage_key IN (
            SELECT storage_key FROM pending_image_files WHERE run_after <= now() ORDER BY run_after, queued_at LIMIT 4 FOR UPDATE SKIP LOCKED)
          RETURNING p.storage_key, p.queued_at::text AS queued_at, p.attempts,
            EXISTS (SELECT 1 FROM listing_images i WHERE i.storage_key = p.storage_key) AS used,
            EXISTS (SELECT 1 FROM listing_images i WHERE i.storage_key = p.storage_key AND i.position = 0) AS cover`,
    );

  const done = (row: Claimed) =>
    deps.db.execute(sql`DELETE FROM pending_image_files WHERE storage_key = ${row.storage_key} AND queued_at::text = ${row.queued_at}`);

  async function failed(row: Claimed, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    if (row.attempts >= MAX_ATTEMPTS) {
      deps.logger.error({ err: error, storageKey: row.storage_key }, 'derived image files: given up after repeated failures; pages show another size');
      await done(row);
      return;
    }
    deps.logger.warn({ err: error, storageKey: row.storage_key, attempts: row.attempts }, 'derived image files failed; will try again');
    await deps.db.execute(sql`UPDATE pending_image_files SET last_error = ${message.slice(0, 500)},
      run_after = now() + make_interval(mins => ${2 ** (row.attempts - 1)}) WHERE storage_key = ${row.storage_key} AND queued_at::text = ${row.queued_at}`);
  }

  // Claimed and not yet finished: given back at shutdown, so that the next start (or another
  // instance) takes them at once rather than when their lease runs out, five minutes later.
  const held = new Map<string, Claimed>();
  const release = (rows: Claimed[]) =>
    deps.db.execute(sql`UPDATE pending_image_files SET run_after = now(), attempts = greatest(attempts - 1, 0)
      WHERE storage_key IN (${sql.join(rows.map((r) => sql`${r.storage_key}`), sql`, `)})`);

  async function pass(): Promise<number> {
    let finished = 0;
    for (;;) {
      again = false;
      if (stopped) return finished;
      const rows = await claim();
      for (const row of rows) held.set(row.storage_key, row);
      for (const row of rows) {
        if (stopped) return finished;
        try {
          // A photo no ad uses (deleted, or its post failed after queuing) needs nothing: the media sweep removes it.
          if (row.used) await storeDerivedFiles(deps.media, row.storage_key, { cover: row.cover });
          await done(row);
          finished++;
        } catch (error) {
          await failed(row, error).catch(() => {});
        } finally {
          held.delete(row.storage_key);
        }
      }
      if (rows.length === 0 && !again) return finished;
    }
  }

  function runOnce(): Promise<number> {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  const logFailure = (error: unknown) => deps.logger.warn({ err: error }, 'derived image files: pass failed; trying again later');

  return {
    kick() {
      if (stopped) return;
      again = true;
      void runOnce().catch(logFailure);
    },
    runOnce,
    async idle() {
      while (running) await running.catch(() => {});
    },
    async stop() {
      stopped = true;
      // Also the photo being made now: if this process is cut before it is done, it is not left
      // waiting; if it is done, `done` removes it whoever took it up meanwhile.
      if (held.size > 0) await release([...held.values()]).catch((err: unknown) => deps.logger.warn({ err }, 'derived image files: could not give back claimed photos; they wait for their lease'));
      await running?.catch(() => {});
    },
  };
}
