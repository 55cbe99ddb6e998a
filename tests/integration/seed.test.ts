import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.ts';
import { storeImage } from '../../server/media/images.ts';
import { demoListings, demoUsers } from '../../server/seed/demo-data.ts';
import { seedDemoData, seedIfEmpty, type DemoPhotos } from '../../server/seed/seed.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/*
 * The demo data a first `npm start` adds: all of it or none of it. A start stopped partway
 * once left 17 of the 66 demo ads for good, because seedIfEmpty only looks for users.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** A small real photo per demo photo, stored as an upload is (drawing the real ones takes a while). */
function smallPhotos(failAt = -1): DemoPhotos {
  return async (i, item) => {
    if (i === failAt) throw new Error(`photo ${i} could not be drawn`);
    const stored = [];
    for (let n = 0; n < item.imageCount; n++) {
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: (i * 37) % 255, g: n * 60, b: 120 } } })
        .jpeg()
        .toBuffer();
      stored.push(await storeImage(t.services.media, jpeg));
    }
    return stored;
  };
}

const count = async (table: string) =>
  Number((await queryRows<{ n: number }>(t.services.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);
const mediaFiles = () => (fs.existsSync(t.config.mediaDir) ? fs.readdirSync(t.config.mediaDir) : []);

describe('demo data', () => {
  it('after a seeding that failed partway, the next start seeds all of it', async () => {
    await expect(seedIfEmpty(t.services, smallPhotos(40))).rejects.toThrow('photo 40 could not be drawn');
    expect(await count('users')).toBe(0);
    expect(await count('listings')).toBe(0);
    // The photos stored before the failure are gone too.
    expect(mediaFiles()).toEqual([]);

    expect(await seedIfEmpty(t.services, smallPhotos())).toBe(true);
    expect(await count('users')).toBe(demoUsers.length);
    expect(await count('listings')).toBe(demoListings.length);
    expect(await count('listing_images')).toBe(demoListings.reduce((n, l) => n + l.imageCount, 0));
    // Seeded once: a later start adds nothing.
    expect(await seedIfEmpty(t.services, smallPhotos())).toBe(false);
    expect(await count('listings')).toBe(demoListings.length);
  }, 60_000);

  it('a failed insert writes no row and leaves no photo file', async () => {
    // The last demo seller's address is taken, so the insert fails after the others are in.
    await t.createUser({ email: demoUsers.at(-1)!.email });
    await expect(seedDemoData({ db: t.services.db, media: t.services.media, logger: t.services.logger }, smallPhotos())).rejects.toThrow();
    expect(await count('users')).toBe(1);
    expect(await count('listings')).toBe(0);
    expect(mediaFiles()).toEqual([]);
  }, 60_000);
});
