import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Db } from '../db/client.ts';
import { listingImages, listings } from '../db/schema/index.ts';
import { storeCoverFiles, storeImage, type StoredImage } from '../media/images.ts';
import { photoHashBands } from '../media/photo-hash.ts';
import type { User } from '../auth/sessions.ts';
import type { MediaStore } from '../media/storage.ts';
import { insertUser } from '../users/users.ts';
import { demoListings, demoUsers, type DemoListing } from './demo-data.ts';
import { renderIllustration } from './illustration.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Fills an empty database with the demo accounts and listings; does nothing otherwise. */
export async function seedIfEmpty(
  deps: { db: Db; media: MediaStore; logger: Logger; config: { listings: { ttlDays: number } } },
  photos: DemoPhotos = drawDemoPhotos(deps.media),
): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(deps.db, sql`select count(*)::int as n from users`);
  if (Number(rows[0]?.n) > 0) return false;
  await seedDemoData({ ...deps, ttlDays: deps.config.listings.ttlDays }, photos);
  return true;
}

/** The stored photos of demo listing number i; drawing and encoding them is most of the seeding time. */
export type DemoPhotos = (i: number, item: DemoListing) => Promise<StoredImage[]>;

/** Draws each photo (deterministic per category, listing and position) and stores it like an upload. */
export function drawDemoPhotos(media: MediaStore): DemoPhotos {
  return async (i, item) => {
    const images: StoredImage[] = [];
    for (let n = 0; n < item.imageCount; n++) images.push(await storeImage(media, await renderIllustration(item.category, i, n)));
    // As when a seller posts: the cover gets its card and preview files (createListing).
    if (images[0]) images[0].files.push(...(await storeCoverFiles(media, images[0].storageKey)));
    return images;
  };
}

/**
 * Draws every photo first, then writes the users, listings and photos in one transaction. A first
 * start stopped partway, or a failed insert, so leaves an empty database that the next start
 * seeds whole: seedIfEmpty looks only for users, and would otherwise keep a demo with some of its
 * ads for good. The photos of listings drawn before a failure are removed; those of the listing
 * whose drawing failed, and a killed process's, are left to the media sweep (no listing
 * references them).
 */
export async function seedDemoData(
  { db, media, logger, ttlDays = 30 }: { db: Db; media: MediaStore; logger: Logger; ttlDays?: number },
  photos: DemoPhotos = drawDemoPhotos(media),
): Promise<void> {
  const started = Date.now();
  const drawn: StoredImage[][] = [];
  try {
    await drawAll(photos, drawn);
    const now = Date.now();
    await db.transaction(async (tx) => {
      const owners: User[] = [];
      for (const u of demoUsers) {
        owners.push(
          await insertUser(tx, {
            firstName: u.firstName,
            lastName: u.lastName,
            email: u.email,
            password: u.password,
            phoneNumber: u.phoneNumber,
            location: u.location,
            // Demo sellers have been members for a while (their oldest ads are months old).
            createdAt: new Date(now - 400 * DAY),
          }),
        );
      }
      for (const [i, item] of demoListings.entries()) await insertDemoListing(tx, item, owners[item.owner]!.id, drawn[i]!, i, now, ttlDays);
    });
  } catch (err) {
    await media.remove(drawn.flat().flatMap((img) => img.files));
    throw err;
  }
  const images = drawn.reduce((n, list) => n + list.length, 0);
  logger.info({ users: demoUsers.length, listings: demoListings.length, images, ms: Date.now() - started }, 'demo data seeded');
}

/**
 * A few listings at a time: image encoding dominates, and libvips uses more than one core. After a
 * failure no worker starts another listing, and all of them finish before the error is thrown, so
 * `drawn` holds every photo stored.
 */
async function drawAll(photos: DemoPhotos, drawn: StoredImage[][]): Promise<void> {
  const queue = [...demoListings.entries()];
  let failed = false;
  const worker = async () => {
    for (let next = queue.shift(); next && !failed; next = queue.shift()) {
      const [i, item] = next;
      try {
        drawn[i] = await photos(i, item);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const outcomes = await Promise.allSettled([worker(), worker(), worker()]);
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) throw failure.reason;
}

async function insertDemoListing(db: Db, item: DemoListing, ownerId: string, images: StoredImage[], i: number, now: number, ttlDays: number) {
  const created = new Date(now - item.daysAgo * DAY - i * 60_000);
  const [row] = await db
    .insert(listings)
    .values({
      ownerId,
      title: item.title,
      description: item.description,
      category: item.category,
      subcategory: item.subcategory,
      attributes: item.attributes ?? {},
      price: item.price,
      currency: item.currency,
      location: item.location,
      featuredUntil: item.featured ? new Date(now + 7 * DAY - item.daysAgo * 1000) : null,
      views: (i * 37) % 250,
      createdAt: created,
      updatedAt: created,
      // A full term from seeding, whatever the ad's age, so a fresh demo site has no expired ads.
      expiresAt: new Date(now + ttlDays * DAY),
    })
    .returning({ id: listings.id });
  await db.insert(listingImages).values(
    images.map((img, position) => ({
      listingId: row!.id,
      position,
      storageKey: img.storageKey,
      width: img.width,
      height: img.height,
      photoHash: img.photoHash,
      hashBands: photoHashBands(img.photoHash),
    })),
  );
}
