import { and, asc, eq, sql } from 'drizzle-orm';
import { MAX_IMAGES, MESSAGES } from '#kernel/listing-rules.ts';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { listingImages, listings } from '../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { photoHashBands } from '../media/photo-hash.ts';
import { IMAGE_WIDTHS, MAX_IMAGE_BYTES, imageFiles, imageTooLarge, storeUpload, type StoredImage } from '../media/images.ts';
import { queueDerivedFiles } from '../media/derived-files.ts';
import type { MediaStore } from '../media/storage.ts';
import type { ImageQueue } from '../media/image-queue.ts';
import type { ReceivedForm, UploadedFile } from '../media/upload.ts';
import { ATTR_PARAM, attributesOf, findSubcategory, parseAttributeValue, subcategorySlug, type AttributeValues } from '#kernel/subcategories.ts';
import { parseListingForm, parseListingText, type ListingFields } from './input.ts';
import { adFingerprint, checkPostingAllowed, storedUnlessOurFault } from './posting-rules.ts';
import type { ListingJson } from './listing-json.ts';
import { findListingRow, getListing } from './queries.ts';
import { assessListingRisk, holdRiskyListing } from '../moderation/risk.ts';
import { english } from '../i18n.ts';

const DAY_MS = 86_400_000;
/** The end of an ad's term starting at `now` (LISTING_TTL_DAYS; server/listings/lifecycle.ts). */
export const termEnd = (config: Pick<Services['config'], 'listings'>, now: Date) => new Date(now.getTime() + config.listings.ttlDays * DAY_MS);

export type WriteDeps = Pick<Services, 'db' | 'media' | 'images' | 'rateLimits' | 'config'>;

/**
 * The post/edit form as it arrives: text fields, new photos (files on disk), the URLs of photos
 * to keep and, optionally, the order of them all (imageOrder, see arrangePhotos).
 */
export type ListingUpload = {
  fields: Record<string, unknown>;
  files: UploadedFile[];
  existingImages: string[];
  imageOrder?: string[];
};


/** 403 messages per action; the edit one is the spec's. */
export const NOT_OWNER = {
  edit: MESSAGES.notAuthorizedListing,
  delete: english.errors.notOwnerDelete,
  feature: english.errors.notOwnerFeature,
  renew: english.errors.notOwnerRenew,
  sold: english.errors.notOwnerChange,
  unsold: english.errors.notOwnerChange,
  resubmit: english.errors.notOwnerChange,
} as const;

/** Reads the post/edit form out of a received multipart post. `owner` is never read: the signed-in user owns the ad. */
export function uploadFromForm(form: ReceivedForm): ListingUpload {
  const fields: Record<string, unknown> = {};
  for (const key of ['title', 'description', 'category', 'subcategory', 'price', 'currency', 'location']) {
    const value = form.get(key);
    if (value !== undefined) fields[key] = value;
  }
  fields.attributes = attributesFromForm(form);
  return { fields, files: form.files(), existingImages: form.getAll('existingImages'), imageOrder: form.getAll('imageOrder') };
}

/**
 * The attribute fields of a multipart post: `attr.<key>` (API clients), and the page form's
 * `attr.<subcategory slug>.<key>` of the chosen subcategory only (without JavaScript the form
 * carries every subcategory's fieldset; the others are ignored).
 */
function attributesFromForm(form: ReceivedForm): Record<string, string> {
  const chosen = findSubcategory(form.get('subcategory'));
  const scope = chosen ? `${ATTR_PARAM}${subcategorySlug(chosen.sub.name)}.` : null;
  const out: Record<string, string> = {};
  for (const name of form.names()) {
    if (!name.startsWith(ATTR_PARAM)) continue;
    const value = form.get(name) ?? '';
    if (scope && name.startsWith(scope)) out[name.slice(scope.length)] = value;
    else if (!name.slice(ATTR_PARAM.length).includes('.')) {
      // An API client's field; an empty one says nothing.
      if (value.trim() !== '') out[name.slice(ATTR_PARAM.length)] = value;
    }
  }
  return out;
}

/** The listing row when userId owns it; 404 when it does not exist, 403 (changing nothing) otherwise. */
export async function requireOwnListing(db: Db, id: string, userId: string, action: keyof typeof NOT_OWNER) {
  const row = await findListingRow(db, id);
  if (!row) throw notFound((t) => t.errors.listingNotFound);
  if (row.ownerId !== userId) throw forbidden(NOT_OWNER[action]);
  return row;
}

export async function createListing(deps: WriteDeps, ownerId: string, upload: ListingUpload): Promise<ListingJson> {
  const fields = parseListingForm(upload.fields, upload.files.length);
  checkImageCount(upload.files.length);
  const fingerprint = adFingerprint(fields, upload.files);
  // A full image queue refuses before the day's allowance is counted.
  deps.images.queue.assertRoom();
  const allowance = await checkPostingAllowed(deps, ownerId, fingerprint);
  const stored = await storedUnlessOurFault(() => storeAll(deps.media, deps.images.queue, upload.files), allowance.count);
  try {
    await allowance.count();
    return await saveNewListing(deps, ownerId, fields, fingerprint, stored);
  } catch (error) {
    await removeFiles(deps.media, stored.flatMap((s) => s.files));
    throw error;
  }
}

/**
 * The end of every new ad, posted at once or published from a draft (server/listings/drafts.ts):
 * the risk check on its text and photos, then the ad, its photos and their queued files in one
 * transaction (with `alsoInTransaction`, the draft's removal). The caller has checked the form
 * and the posting rules, and removes stored files when this throws.
 */
export async function saveNewListing(
  deps: WriteDeps,
  ownerId: string,
  fields: ListingFields,
  fingerprint: string,
  photos: ImageData[],
  alsoInTransaction?: (tx: Db) => Promise<void>,
): Promise<ListingJson> {
  // Signs of fraud hold the ad for review instead of publishing it (issue 19, point 3).
  const findings = await assessListingRisk(deps.db, deps.config.risk, { ownerId, ...fields, photoHashes: photos.flatMap((p) => (p.photoHash ? [p.photoHash] : [])) });
  const id = await deps.db.transaction(async (tx) => {
    await alsoInTransaction?.(tx as unknown as Db);
    const [row] = await tx
      .insert(listings)
      .values({ ownerId, ...fields, fingerprint, expiresAt: termEnd(deps.config, new Date()) })
      .returning({ id: listings.id });
    await tx.insert(listingImages).values(photos.map((img, position) => imageRow(row!.id, position, img)));
    await queueDerivedFiles(tx as unknown as Db, photos.map((img) => img.storageKey));
    await holdRiskyListing(tx as unknown as Db, { id: row!.id, ownerId, title: fields.title }, findings);
    return row!.id;
  });
  deps.images.derived.kick();
  return (await getListing(deps.db, id))!;
}

/**
 * The post/edit form on an existing ad: kept photos (matched against this ad's own images,
 * anything else ignored) and new ones, in the seller's order (imageOrder; without it, kept
 * then new). Files of dropped photos are removed only once the change is committed; new files
 * are removed if it is not.
 */
export async function updateListing(deps: WriteDeps, id: string, userId: string, upload: ListingUpload): Promise<ListingJson> {
  const own = await requireOwnListing(deps.db, id, userId, 'edit');
  const current = await deps.db
    .select({ storageKey: listingImages.storageKey, width: listingImages.width, height: listingImages.height, photoHash: listingImages.photoHash })
    .from(listingImages)
    .where(eq(listingImages.listingId, id))
    .orderBy(asc(listingImages.position));
  const kept = keptImages(current, upload.existingImages);
  const fields = parseListingForm(upload.fields, kept.length + upload.files.length, own.subcategory);
  checkImageCount(kept.length + upload.files.length);
  const stored = await storeAll(deps.media, deps.images.queue, upload.files);
  const keptKeys = new Set(kept.map((k) => k.storageKey));
  const dropped = current.filter((c) => !keptKeys.has(c.storageKey));
  const arranged = arrangePhotos(kept, stored, upload.imageOrder);
  try {
    const findings = await assessListingRisk(deps.db, deps.config.risk, { ownerId: userId, listingId: id, ...fields, photoHashes: arranged.flatMap((p) => (p.photoHash ? [p.photoHash] : [])) });
    await deps.db.transaction(async (tx) => {
      const updated = await tx
        .update(listings)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(and(eq(listings.id, id), eq(listings.ownerId, userId)))
        .returning({ id: listings.id });
      // Deleted between the ownership check and now.
      if (updated.length === 0) throw notFound((t) => t.errors.listingNotFound);
      await tx.delete(listingImages).where(eq(listingImages.listingId, id));
      await tx.insert(listingImages).values(arranged.map((img, position) => imageRow(id, position, img)));
      // The new photos, and the cover (the seller's order decides it: a kept photo may become it and need its card files).
      const cover = arranged[0]?.storageKey;
      await queueDerivedFiles(tx as unknown as Db, [...new Set([...stored.map((img) => img.storageKey), ...(cover ? [cover] : [])])]);
      await holdRiskyListing(tx as unknown as Db, { id, ownerId: userId, title: fields.title }, findings);
    });
  } catch (error) {
    await removeFiles(deps.media, stored.flatMap((s) => s.files));
    throw error;
  }
  await removeFiles(deps.media, dropped.flatMap((d) => imageFiles(d.storageKey)));
  deps.images.derived.kick();
  return (await getListing(deps.db, id))!;
}

/** The text-only edit form (JSON): title, description, price, category, subcategory, location; photos untouched. */
export async function updateListingText(deps: Pick<Services, 'db' | 'config'>, id: string, userId: string, input: unknown): Promise<ListingJson> {
  const { db } = deps;
  const row = await requireOwnListing(db, id, userId, 'edit');
  const { currency, attributes, ...rest } = parseListingText(input, row.subcategory);
  // The text-only form shows no attribute fields: without any sent, the ad keeps those its (new) subcategory still has.
  const fields = { ...rest, attributes: attributes ?? keptAttributes(row.attributes, rest.subcategory) };
  const photos = await db.select({ photoHash: listingImages.photoHash }).from(listingImages).where(eq(listingImages.listingId, id));
  const findings = await assessListingRisk(db, deps.config.risk, {
    ownerId: userId,
    listingId: id,
    ...fields,
    currency: currency ?? row.currency,
    photoHashes: photos.flatMap((p) => (p.photoHash ? [p.photoHash] : [])),
  });
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(listings)
      .set({ ...fields, ...(currency ? { currency } : {}), updatedAt: sql`now()` })
      .where(and(eq(listings.id, id), eq(listings.ownerId, userId)))
      .returning({ id: listings.id });
    if (updated.length === 0) throw notFound((t) => t.errors.listingNotFound);
    await holdRiskyListing(tx as unknown as Db, { id, ownerId: userId, title: fields.title }, findings);
  });
  return (await getListing(db, id))!;
}

/** Of an ad's attributes, those still valid for `subcategory` (all of them when it is unchanged). */
function keptAttributes(current: AttributeValues | null, subcategory: string | null): AttributeValues {
  if (!current) return {};
  const kept: AttributeValues = {};
  for (const def of attributesOf(subcategory)) {
    const value = current[def.key];
    if (value === undefined) continue;
    const parsed = parseAttributeValue(def, value);
    if (!('error' in parsed) && parsed.value !== null) kept[def.key] = parsed.value;
  }
  return kept;
}

/** Deletes an ad and, once that is committed, its photo files. */
export async function deleteListing(deps: WriteDeps, id: string, userId: string): Promise<void> {
  await requireOwnListing(deps.db, id, userId, 'delete');
  const keys = await deps.db.transaction(async (tx) => {
    const images = await tx.select({ storageKey: listingImages.storageKey }).from(listingImages).where(eq(listingImages.listingId, id));
    const deleted = await tx
      .delete(listings)
      .where(and(eq(listings.id, id), eq(listings.ownerId, userId)))
      .returning({ id: listings.id });
    if (deleted.length === 0) throw notFound((t) => t.errors.listingNotFound);
    return images.map((i) => i.storageKey);
  });
  await removeFiles(deps.media, keys.flatMap(imageFiles));
}

/**
 * Removes files no ad references (any more). A storage that fails meanwhile does not change
 * the outcome the caller reports (the ad is deleted, or the original error stands): the hourly
 * media sweep removes what is left, since nothing references it.
 */
const removeFiles = (media: MediaStore, names: string[]) => media.remove(names).catch(() => {});

export function checkImageCount(n: number): void {
  if (n > MAX_IMAGES) throw badRequest(MESSAGES.tooManyImages);
}

type ImageData = { storageKey: string; width: number; height: number; photoHash?: string | null };

function imageRow(listingId: string, position: number, img: ImageData) {
  const photoHash = img.photoHash ?? null;
  return { listingId, position, storageKey: img.storageKey, width: img.width, height: img.height, photoHash, hashBands: photoHashBands(photoHash) };
}

const MEDIA_URL = new RegExp(`/media/([a-z0-9-]+)-(?:${IMAGE_WIDTHS.join('|')})\\.webp$`);

/** The storage key a photo URL names (any variant, absolute or not), or null. */
function mediaKey(url: string): string | null {
  try {
    return new URL(url, 'http://x').pathname.match(MEDIA_URL)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** The ad's own images named by existingImages (any variant URL, absolute or not), in that order, once each. */
export function keptImages<T extends { storageKey: string }>(current: T[], existingImages: string[]): T[] {
  const byKey = new Map(current.map((c) => [c.storageKey, c]));
  const kept: T[] = [];
  for (const url of existingImages) {
    const key = mediaKey(url);
    const image = key ? byKey.get(key) : undefined;
    if (image && !kept.includes(image)) kept.push(image);
  }
  return kept;
}

/**
 * The photos of an edited ad in the seller's order, so a new photo can be the cover. imageOrder
 * names each photo as a kept photo's URL or `new:<n>` (the n-th uploaded file, from 0); what it
 * does not name (or names twice, or does not exist) follows in the usual order: kept, then new.
 */
export function arrangePhotos<T extends { storageKey: string }>(kept: T[], added: T[], imageOrder: string[] = []): T[] {
  const ordered: T[] = [];
  for (const entry of imageOrder) {
    const n = /^new:(\d{1,2})$/.exec(entry)?.[1];
    const photo = n === undefined ? kept.find((k) => k.storageKey === mediaKey(entry)) : added[Number(n)];
    if (photo && !ordered.includes(photo)) ordered.push(photo);
  }
  return [...ordered, ...kept.filter((k) => !ordered.includes(k)), ...added.filter((a) => !ordered.includes(a))];
}

/**
 * Checks every size first (nothing stored for a 413), then, in the post's turn in the image
 * queue (a 503 when the line is full, before anything is stored), stores one by one; any
 * failure removes what was stored.
 */
async function storeAll(media: MediaStore, queue: ImageQueue, files: UploadedFile[]): Promise<StoredImage[]> {
  if (files.some((f) => f.size > MAX_IMAGE_BYTES)) throw imageTooLarge();
  if (files.length === 0) return [];
  return queue.run(async () => {
    const stored: StoredImage[] = [];
    try {
      for (const file of files) stored.push(await storeUpload(media, file.path));
    } catch (error) {
      await removeFiles(media, stored.flatMap((s) => s.files));
      throw error;
    }
    return stored;
  });
}
