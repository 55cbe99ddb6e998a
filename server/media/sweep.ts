import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Db } from '../db/client.ts';
import { isSafeMediaName } from './storage.ts';

/** Younger files may belong to an upload still in progress (photos are stored before the ad's transaction). */
export const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** `<storage key>-<width>.webp`, `-c<width>.<format>` (cards) and `-og.jpg` (link preview), as server/media/images.ts names the files of one photo. */
const VARIANT = /^(.+)-(?:\d+|c\d+|og)\.[a-z]+$/;

type Deps = {
  db: Db;
  mediaDir: string;
  /** Where uploads wait while their request runs; whatever is older than an hour there was left by a crash. */
  tempDir?: string;
  logger: Logger;
};

/**
 * Removes what a crash or a failed write can leave behind: half-written `.tmp` files and image
 * files whose storage key no listing references in the media folder, and abandoned uploads in
 * the temporary folder. Only what is older than an hour, so nothing an upload in progress (here
 * or in another instance sharing the folder) is about to commit.
 */
export async function sweepMedia(deps: Deps, now = Date.now(), minAgeMs = SWEEP_MIN_AGE_MS): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(deps.mediaDir);
  } catch {
    return [];
  }
  const tmp: string[] = [];
  const byKey = new Map<string, string[]>();
  for (const name of names) {
    const stat = await fs.stat(path.join(deps.mediaDir, name)).catch(() => null);
    if (!stat?.isFile() || now - stat.mtimeMs < minAgeMs) continue;
    if (name.endsWith('.tmp')) tmp.push(name);
    else if (isSafeMediaName(name)) {
      const key = name.match(VARIANT)?.[1];
      if (key) byKey.set(key, [...(byKey.get(key) ?? []), name]);
    }
  }
  const orphans = [...tmp];
  const keys = [...byKey.keys()];
  for (let i = 0; i < keys.length; i += 1000) {
    const batch = keys.slice(i, i + 1000);
    const inBatch = sql.join(
      batch.map((k) => sql`${k}`),
      sql`, `,
    );
    // A draft's photos (migration 1200) are in use too, until the draft is published or swept.
    const used = await queryRows<{ storage_key: string }>(
      deps.db,
      sql`select storage_key from listing_images where storage_key in (${inBatch})
          union select storage_key from listing_draft_photos where storage_key in (${inBatch})`,
    );
    const referenced = new Set(used.map((r) => r.storage_key));
    for (const key of batch) if (!referenced.has(key)) orphans.push(...byKey.get(key)!);
  }
  await Promise.all(orphans.map((name) => fs.rm(path.join(deps.mediaDir, name), { force: true })));
  const leftovers = deps.tempDir ? await sweepTemp(deps.tempDir, now, minAgeMs) : [];
  if (orphans.length || leftovers.length) deps.logger.info({ removed: orphans.length + leftovers.length }, 'media sweep: removed orphan files');
  return [...orphans, ...leftovers];
}

/** Entries of the upload folder (files, or a request's folder of them) not touched for the minimum age. */
async function sweepTemp(dir: string, now: number, minAgeMs: number): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const target = path.join(dir, name);
    const stat = await fs.stat(target).catch(() => null);
    if (!stat || now - stat.mtimeMs < minAgeMs) continue;
    await fs.rm(target, { recursive: true, force: true });
    removed.push(path.join(path.basename(dir), name));
  }
  return removed;
}
