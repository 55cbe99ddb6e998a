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
export async function seedIfEmpty(deps: { db: Db; media: MediaStore; logger: Logger; config: { listings: { ttlDays: number } } }): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(deps.db, sql`select count(*)::int as n from users`);
  if (Number(rows[0]?.n) > 0) return false;
  await seedDemoData({ ...deps, ttlDays: deps.config.listings.ttlDays });
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

export async function seedDemoData(
  { db, media, logger, ttlDays = 30 }: { db: Db; media: MediaStore; logger: Logger; ttlDays?: number },
  photos: DemoPhotos = drawDemoPhotos(media),
): Promise<void> {
  const started = Date.now();
  const owners: User[] = [];
  for (const u of demoUsers) {
    owners.push(
      await insertUser(db, {
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        password: u.password,
        phoneNumber: u.phoneNumber,
        location: u.location,
        // Demo sellers have been members for a while (their oldest ads are months old).
        createdAt: new Date(Date.now() - 400 * DAY),
      }),
    );
  }
  const now = Date.now();
  let imageCount = 0;
  // A few listings at a time: image encoding dominates, and libvips uses more than one core.
  const queue = [...demoListings.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [i, item] = next;
      const images = await photos(i, item);
      imageCount += images.length;
      await insertDemoListing(db, item, owners[item.owner]!.id, images, i, now, ttlDays);
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  logger.info({ users: owners.length, listings: demoListings.length, images: imageCount, ms: Date.now() - started }, 'demo data seeded');
}

async function insertDemoListing(db: Db, item: DemoListing, ownerId: string, images: StoredImage[], i: number, now: number, ttlDays: number) {
  const created = new Date(now - item.daysAgo * DAY - i * 60_000);
  await db.transaction(async (tx) => {
    const [row] = await tx
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
    await tx.insert(listingImages).values(
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
  });
}
