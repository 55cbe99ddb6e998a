import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Db } from '../db/client.ts';
import { isSafeMediaName, isTempMediaName, type MediaStore } from './storage.ts';

/** Younger files may belong to an upload still in progress (photos are stored before the ad's transaction). */
export const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** `<storage key>-<width>.webp`, `-c<width>.<format>` (cards) and `-og.jpg` (link preview), as server/media/images.ts names the files of one photo. */
const VARIANT = /^(.+)-(?:\d+|c\d+|og)\.[a-z]+$/;

type Deps = {
  db: Db;
  media: MediaStore;
  /** Where uploads wait while their request runs; whatever is older than an hour there was left by a crash. */
  tempDir?: string;
  logger: Logger;
};

/** Storage keys asked about a query at a time. */
const KEYS_PER_QUERY = 1000;

/**
 * Removes what a crash or a failed write can leave behind: half-written `.tmp` files and image
 * files whose storage key no listing references in the media store (the folder, or every page
 * of the bucket's listing), and abandoned uploads in the temporary folder. Only what is older
 * than an hour, so nothing an upload in progress (here or in another instance sharing the
 * store) is about to commit. The store is walked a page at a time and its orphans removed
 * as each batch of keys is checked, so a bucket of millions never sits in memory whole.
 */
export async function sweepMedia(deps: Deps, now = Date.now(), minAgeMs = SWEEP_MIN_AGE_MS): Promise<string[]> {
  const orphans: string[] = [];
  let byKey = new Map<string, string[]>();
  const settle = async () => {
    const found = await orphansOf(deps.db, byKey);
    byKey = new Map();
    if (found.length) await deps.media.remove(found);
    orphans.push(...found);
  };
  for await (const object of deps.media.list()) {
    if (now - object.modified.getTime() < minAgeMs) continue;
    if (isTempMediaName(object.name)) {
      await deps.media.remove([object.name]);
      orphans.push(object.name);
    } else if (isSafeMediaName(object.name)) {
      const key = object.name.match(VARIANT)?.[1];
      if (key) byKey.set(key, [...(byKey.get(key) ?? []), object.name]);
      if (byKey.size >= KEYS_PER_QUERY) await settle();
    }
  }
  await settle();
  const leftovers = deps.tempDir ? await sweepTemp(deps.tempDir, now, minAgeMs) : [];
  if (orphans.length || leftovers.length) deps.logger.info({ removed: orphans.length + leftovers.length }, 'media sweep: removed orphan files');
  return [...orphans, ...leftovers];
}

/** The files of those keys that no listing references, nor a draft (its photos are in use until it is published or swept). */
async function orphansOf(db: Db, byKey: Map<string, string[]>): Promise<string[]> {
  const keys = [...byKey.keys()];
  if (keys.length === 0) return [];
  const inKeys = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  const used = await queryRows<{ storage_key: string }>(
    db,
    sql`select storage_key from listing_images where storage_key in (${inKeys})
        union select storage_key from listing_draft_photos where storage_key in (${inKeys})`,
  );
  const referenced = new Set(used.map((r) => r.storage_key));
  return keys.filter((k) => !referenced.has(k)).flatMap((k) => byKey.get(k)!);
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
