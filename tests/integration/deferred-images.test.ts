import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFileName, ogImageFileName } from '#kernel/card-images.ts';
import { queryRows } from '../../server/db/client.ts';
import { listings, pendingImageFiles } from '../../server/db/schema/index.ts';
import { createListing } from '../../server/listings/write.ts';
import { createDerivedFilesJob } from '../../server/media/derived-files.ts';
import { IMAGE_QUEUE_BUSY_MESSAGE } from '../../server/media/image-queue.ts';
import { imageFileName, imageFiles } from '../../server/media/images.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { adForm, file, image, mediaFiles, tempFiles, uploadedFiles, VALID_AD } from './listings-support.ts';

/** Ad posts never reset while they are saved (issue 49, point 3): bounded image work, the rest made after the ad is saved. */

let t: TestApp;
let owner: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp({ IMAGE_QUEUE_LIMIT: '1' });
  const a = await t.createUser();
  owner = { id: a.user.id, token: a.token };
});
afterAll(async () => {
  await t?.close();
});

const onDisk = (name: string) => fs.existsSync(path.join(t.config.mediaDir, name));

/** Takes every slot of the image queue and one place in its line until `release` is called: other posts' photos are being encoded. */
function busyQueue() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { slots, limit } = t.services.images.queue.stats();
  const held = Array.from({ length: slots + limit }, () => t.services.images.queue.run(() => gate));
  return { release: async () => (release(), await Promise.all(held)) };
}

/** A derived-files job that was stopped (as at shutdown, or a process that died after saving the ad): posts leave their work queued. */
function stoppedJob() {
  const job = createDerivedFilesJob({ db: t.services.db, media: t.services.media, logger: t.services.logger });
  void job.stop();
  return job;
}

describe('posting an ad', () => {
  it('stores one size of each photo while the seller waits and queues the rest in the same transaction; a fresh process makes them', async () => {
    const deps = { ...t.services, images: { queue: t.services.images.queue, derived: stoppedJob() } };
    const upload = { fields: { ...VALID_AD, title: 'Deferred files' }, files: uploadedFiles([await image('jpeg', 1600, 1200, 1), await image('png', 900, 700, 2)]), existingImages: [] };
    const ad = await createListing(deps, owner.id, upload);
    const [cover, second] = ad.photos.map((p) => p.url.match(/\/media\/([a-z0-9-]+)-1280\.webp$/)![1]!) as [string, string];
    // While the seller waited: the widest size only.
    for (const key of [cover, second]) expect(imageFiles(key).filter(onDisk)).toEqual([imageFileName(key, 1280)]);
    const queued = await t.services.db.select({ key: pendingImageFiles.storageKey }).from(pendingImageFiles);
    expect(queued.map((r) => r.key).sort()).toEqual([cover, second].sort());

    // A process started later (the rows are in the database) makes everything the pages use.
    const finished = await createDerivedFilesJob({ db: t.services.db, media: t.services.media, logger: t.services.logger }).runOnce();
    expect(finished).toBe(2);
    expect(imageFiles(cover).filter((f) => !onDisk(f))).toEqual([]);
    expect(imageFiles(second).filter((f) => !onDisk(f))).toEqual([cardFileName(second, 320, 'avif'), cardFileName(second, 320, 'webp'), cardFileName(second, 480, 'avif'), cardFileName(second, 480, 'webp'), ogImageFileName(second)]);
    expect(await t.services.db.select().from(pendingImageFiles)).toEqual([]);
    const small = await sharp(path.join(t.config.mediaDir, imageFileName(cover, 400))).metadata();
    expect([small.format, small.width, small.height]).toEqual(['webp', 400, 300]);
    const og = await sharp(path.join(t.config.mediaDir, ogImageFileName(cover))).metadata();
    expect([og.format, og.width, og.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('a shutdown gives back the photos its job claimed: the next start makes them at once, not after their lease', async () => {
    const deps = { ...t.services, images: { queue: t.services.images.queue, derived: stoppedJob() } };
    const upload = { fields: { ...VALID_AD, title: 'Shutdown while making files' }, files: uploadedFiles([await image('jpeg', 1200, 900, 3), await image('jpeg', 1000, 800, 4)]), existingImages: [] };
    const ad = await createListing(deps, owner.id, upload);
    const keys = ad.photos.map((p) => p.url.match(/\/media\/([a-z0-9-]+)-1280\.webp$/)![1]!);
    // The storage stalls on the first file the job writes: the process is stopped in the middle of a photo.
    let open!: () => void;
    const stalled = new Promise<void>((resolve) => (open = resolve));
    let writing!: () => void;
    const started = new Promise<void>((resolve) => (writing = resolve));
    const media = t.services.media;
    const slowMedia = { ...media, put: async (name: string, data: Buffer) => (writing(), await stalled, media.put(name, data)) };
    const job = createDerivedFilesJob({ db: t.services.db, media: slowMedia, logger: t.services.logger });
    const pass = job.runOnce();
    await started;
    const leased = await queryRows<{ n: number }>(t.services.db, sql`SELECT count(*)::int AS n FROM pending_image_files WHERE storage_key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)}) AND run_after > now()`);
    expect(leased[0]!.n).toBe(2);
    const stopping = job.stop();
    // Given back before the photo in hand is done: both takeable at once by another process.
    await expect.poll(async () => (await queryRows<{ n: number }>(t.services.db, sql`SELECT count(*)::int AS n FROM pending_image_files WHERE storage_key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)}) AND run_after <= now()`))[0]!.n).toBe(2);
    open();
    await stopping;
    expect(await pass).toBe(1);
    // The next start makes the other one at once.
    expect(await createDerivedFilesJob({ db: t.services.db, media, logger: t.services.logger }).runOnce()).toBe(1);
    // Every size of both; the card and link-preview files of the cover only.
    const [cover, second] = keys as [string, string];
    expect(imageFiles(cover).filter((f) => !onDisk(f))).toEqual([]);
    expect(imageFiles(second).filter((f) => !onDisk(f))).toEqual([cardFileName(second, 320, 'avif'), cardFileName(second, 320, 'webp'), cardFileName(second, 480, 'avif'), cardFileName(second, 480, 'webp'), ogImageFileName(second)]);
  });

  it('pages never break while a size is missing: made at once with a free slot, else the nearest stored size', async () => {
    const deps = { ...t.services, images: { queue: t.services.images.queue, derived: stoppedJob() } };
    const upload = { fields: { ...VALID_AD, title: 'Missing sizes' }, files: uploadedFiles([await image('jpeg', 1600, 1200, 3)]), existingImages: [] };
    const ad = await createListing(deps, owner.id, upload);
    const key = ad.photos[0]!.url.match(/\/media\/([a-z0-9-]+)-1280\.webp$/)![1]!;
    await t.services.db.delete(pendingImageFiles);

    const busy = busyQueue();
    const standIn = await t.send(`/media/${cardFileName(key, 320, 'avif')}`);
    expect(standIn.status).toBe(200);
    expect(standIn.headers.get('content-type')).toBe('image/webp');
    expect(standIn.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await sharp(Buffer.from(await standIn.arrayBuffer())).metadata()).width).toBe(1280);
    const size = await t.send(`/media/${imageFileName(key, 400)}`);
    expect(size.status).toBe(200);
    expect(size.headers.get('cache-control')).toBe('public, max-age=60');
    expect(onDisk(imageFileName(key, 400))).toBe(false);
    // Queued, so it is made for good later.
    expect((await t.services.db.select().from(pendingImageFiles)).map((r) => r.storageKey)).toEqual([key]);
    await busy.release();

    const made = await t.send(`/media/${imageFileName(key, 400)}`);
    expect(made.status).toBe(200);
    expect(made.headers.get('cache-control')).toContain('immutable');
    expect((await sharp(Buffer.from(await made.arrayBuffer())).metadata()).width).toBe(400);
    expect(onDisk(imageFileName(key, 400))).toBe(true);
    expect((await t.send('/media/7d3c1b9e-0000-4000-8000-000000000000-400.webp')).status).toBe(404);
  });

  it('is refused with 503, Retry-After and a clear message when the image queue is full: nothing saved, no files, allowance kept', async () => {
    const before = mediaFiles(t);
    const busy = busyQueue();
    try {
      const res = await t.send('/api/listings', { method: 'POST', token: owner.token, body: adForm({ ...VALID_AD, title: 'Queue full' }, [file(await image('jpeg', 800, 600))]) });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: IMAGE_QUEUE_BUSY_MESSAGE });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(5);
    } finally {
      await busy.release();
    }
    expect(mediaFiles(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
    expect(await t.services.db.select().from(listings).where(eq(listings.title, 'Queue full'))).toEqual([]);
    // Once there is room the same post goes through (the refused one was not counted as posted).
    const again = await t.request('/api/listings', { method: 'POST', token: owner.token, body: adForm({ ...VALID_AD, title: 'Queue full' }, [file(await image('jpeg', 800, 600))]) });
    expect(again.status).toBe(201);
  });
});
