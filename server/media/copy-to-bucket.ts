import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { S3StoreConfig } from '../config.ts';
import { OBJECT_CACHE_CONTROL, createS3Client } from './s3-store.ts';
import { isSafeMediaName, mediaType } from './storage.ts';

export type CopyReport = { copied: number; skipped: number; failed: number; failures: Array<{ name: string; error: string }> };

type Options = {
  dir: string;
  config: S3StoreConfig;
  client?: S3Client;
  /** Files sent at once: enough to hide a round trip, few enough for a small machine. */
  concurrency?: number;
  /** Called after each file, for a progress line. */
  onFile?: (name: string, outcome: 'copied' | 'skipped' | 'failed') => void;
};

/**
 * Copies the photo files of a media folder (DATA_DIR/media) into the bucket, for moving an
 * instance to MEDIA_STORE=s3 (`npm run media:to-s3`). An object already there with the same
 * size and content (its ETag, the MD5 of a single-part upload) is skipped, so the copy can be
 * stopped and run again, and run again after the switch to pick up stragglers; nothing is
 * deleted on either side. Each file is streamed from disk, never read whole into memory.
 * Half-written `.tmp` files and anything that is not a photo file are left out.
 */
export async function copyFolderToBucket({ dir, config, client = createS3Client(config), concurrency = 8, onFile }: Options): Promise<CopyReport> {
  const present = await bucketObjects(client, config.bucket);
  const report: CopyReport = { copied: 0, skipped: 0, failed: 0, failures: [] };
  const names = (await fs.readdir(dir)).filter(isSafeMediaName).sort();
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const name = names[next++]!;
      let outcome: 'copied' | 'skipped' | 'failed';
      try {
        outcome = (await copyOne(client, config.bucket, path.join(dir, name), name, present.get(name))) ? 'copied' : 'skipped';
      } catch (error) {
        outcome = 'failed';
        report.failures.push({ name, error: error instanceof Error ? error.message : String(error) });
      }
      report[outcome]++;
      onFile?.(name, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return report;
}

/** Every key of the bucket with its size and ETag, a page (1,000) at a time. */
async function bucketObjects(client: S3Client, Bucket: string): Promise<Map<string, { size: number; etag: string }>> {
  const objects = new Map<string, { size: number; etag: string }>();
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
    for (const o of page.Contents ?? []) if (o.Key) objects.set(o.Key, { size: o.Size ?? -1, etag: (o.ETag ?? '').replace(/"/g, '') });
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return objects;
}

/** Sends one file unless the bucket has it already; true when it was sent. */
async function copyOne(client: S3Client, Bucket: string, file: string, name: string, there: { size: number; etag: string } | undefined): Promise<boolean> {
  const stat = await fs.stat(file);
  if (!stat.isFile()) throw new Error('not a regular file');
  // A multipart ETag ("...-3") is no MD5 of the content: the same size is taken as the same file then.
  if (there && there.size === stat.size && (there.etag.includes('-') || there.etag === (await md5(file)))) return false;
  await client.send(
    new PutObjectCommand({ Bucket, Key: name, Body: createReadStream(file), ContentLength: stat.size, ContentType: mediaType(name), CacheControl: OBJECT_CACHE_CONTROL }),
  );
  return true;
}

async function md5(file: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
