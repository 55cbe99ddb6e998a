import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../config.ts';

/** A stored file as a listing of the store shows it (the orphan sweep, the copy to a bucket). */
export type MediaObject = { name: string; size: number; modified: Date };

/** A stored file opened for sending: its bytes arrive as they are read, never whole in memory. */
export type MediaStream = { body: ReadableStream<Uint8Array>; size: number | undefined; etag: string | undefined };

/**
 * Where image files live: the local folder (the default) or an S3-compatible bucket
 * (server/media/s3-store.ts), so instances can share nothing but the database. Names are
 * always server-made ([a-z0-9-]+.webp), never the uploader's. A store that cannot be reached
 * throws MediaStoreUnavailable; a file that is not there is null (read, open) or false (has).
 */
export type MediaStore = {
  kind: 'local' | 's3';
  put(name: string, data: Buffer): Promise<void>;
  remove(names: string[]): Promise<void>;
  read(name: string): Promise<Buffer | null>;
  /** Whether a file is stored, without fetching it. */
  has(name: string): Promise<boolean>;
  open(name: string): Promise<MediaStream | null>;
  /** Every stored file (a page at a time: a bucket may hold millions). */
  list(): AsyncIterable<MediaObject>;
};

/** The storage did not answer (unreachable, too slow, refusing our keys): the post is refused with 503 and Retry-After (server/http/storage-errors.ts). */
export class MediaStoreUnavailable extends Error {
  constructor(operation: string, cause: unknown) {
    super(`media store unavailable during ${operation}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MediaStoreUnavailable';
  }
}

const SAFE_NAME = /^[a-z0-9][a-z0-9-]*\.(webp|avif|jpg)$/;
/** What put() writes first and renames: `<name>.<pid>.<uuid>.tmp`, left behind only by a crash (the sweep removes it). */
const TEMP_NAME = /^[a-z0-9][a-z0-9-]*\.(webp|avif|jpg)(\.[0-9a-f-]+)+\.tmp$/;

export function createLocalMediaStore(dir: string): MediaStore {
  const resolve = (name: string) => {
    if (!SAFE_NAME.test(name)) throw new Error(`unsafe media name: ${name}`);
    return path.join(dir, name);
  };
  return {
    kind: 'local',
    async put(name, data) {
      await fs.mkdir(dir, { recursive: true });
      const target = resolve(name);
      // Write then rename, so a reader never sees half a file; a write the disk refuses (full)
      // leaves no half file behind either.
      const tmp = `${target}.${process.pid}.${randomUUID()}.tmp`;
      try {
        await fs.writeFile(tmp, data);
        await fs.rename(tmp, target);
      } catch (error) {
        await fs.rm(tmp, { force: true }).catch(() => {});
        throw error;
      }
    },
    async remove(names) {
      await Promise.all(names.map((n) => fs.rm(TEMP_NAME.test(n) ? path.join(dir, n) : resolve(n), { force: true })));
    },
    async read(name) {
      try {
        return await fs.readFile(resolve(name));
      } catch {
        return null;
      }
    },
    async has(name) {
      return (await fs.stat(resolve(name)).catch(() => null))?.isFile() ?? false;
    },
    async open(name) {
      const stat = await fs.stat(resolve(name)).catch(() => null);
      if (!stat?.isFile()) return null;
      return { body: Readable.toWeb(createReadStream(resolve(name))) as ReadableStream<Uint8Array>, size: stat.size, etag: undefined };
    },
    async *list() {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const stat = await fs.stat(path.join(dir, name)).catch(() => null);
        if (stat?.isFile()) yield { name, size: stat.size, modified: stat.mtime };
      }
    },
  };
}

/** The store the configuration names; the AWS SDK is loaded only when a bucket is used. */
export async function createMediaStore(config: Pick<Config, 'media' | 'mediaDir'>): Promise<MediaStore> {
  const store = config.media.store;
  if (store.kind === 'local') return createLocalMediaStore(config.mediaDir);
  const { createS3MediaStore } = await import('./s3-store.ts');
  return createS3MediaStore(store);
}

export function isSafeMediaName(name: string): boolean {
  return SAFE_NAME.test(name);
}

export function isTempMediaName(name: string): boolean {
  return TEMP_NAME.test(name);
}

const TYPES = { webp: 'image/webp', avif: 'image/avif', jpg: 'image/jpeg' } as const;

/** The Content-Type of a stored file, from its server-made name. */
export function mediaType(name: string): string {
  return TYPES[name.slice(name.lastIndexOf('.') + 1) as keyof typeof TYPES] ?? 'application/octet-stream';
}
