import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { DRAFT_DAYS, DRAFT_MESSAGES, MAX_DRAFTS } from '#kernel/draft-rules.ts';
import { LIMITS, MAX_IMAGES, MESSAGES } from '#kernel/listing-rules.ts';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { listingDraftPhotos, listingDrafts } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { imageFileName, imageFiles, imageTooLarge, MAX_IMAGE_BYTES, storageKeyOf, storeUpload, UPLOAD_WIDTH } from '../media/images.ts';
import type { MediaStore } from '../media/storage.ts';
import type { UploadedFile } from '../media/upload.ts';
import { parseListingForm } from './input.ts';
import type { ListingJson } from './listing-json.ts';
import { adFingerprint, checkPostingAllowed, storedUnlessOurFault } from './posting-rules.ts';
import { checkImageCount, saveNewListing, type ListingUpload, type WriteDeps } from './write.ts';

/*
 * Drafts of new ads (issue 48, point 3; docs/decisions/drafts-and-photo-shrinking.md). With
 * JavaScript the post form starts one as soon as a photo is picked, uploads each photo to it
 * on its own (stored by the post's own pipeline), saves the typed text as it goes, and
 * publishes it through the same rules as a post. A draft is its owner's alone: anyone else is
 * told it does not exist.
 */

/** bytes: the size of the photo as it arrived (the browser shrinks it first). */
export type DraftPhoto = { key: string; url: string; thumb: string; width: number; height: number; bytes: number };
export type Draft = { id: string; fields: Record<string, string | Record<string, string>>; photos: DraftPhoto[]; updatedAt: string };

const TEXT_FIELDS = ['title', 'description', 'category', 'subcategory', 'price', 'currency', 'location'] as const;
/** Generous beside the form's own limits (the draft keeps what was typed; publishing checks it). */
const MAX_DRAFT_TEXT = LIMITS.description + 100;
const MAX_ATTRIBUTES = 60;

const clip = (value: string) => value.replaceAll(String.fromCharCode(0), '').slice(0, MAX_DRAFT_TEXT);

/**
 * The form's text to keep, as typed: the known fields only, text only, each clipped, and the
 * chosen subcategory's attributes (key to text). Nothing here is checked against the rules:
 * publishing is.
 */
export function draftFields(input: unknown): Draft['fields'] {
  const out: Draft['fields'] = {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return out;
  const record = input as Record<string, unknown>;
  for (const key of TEXT_FIELDS) {
    const value = record[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = clip(String(value));
  }
  const attributes = record.attributes;
  if (typeof attributes === 'object' && attributes !== null && !Array.isArray(attributes)) {
    const kept: Record<string, string> = {};
    for (const [key, value] of Object.entries(attributes).slice(0, MAX_ATTRIBUTES)) {
      if (/^[a-z][a-z0-9_]{0,40}$/i.test(key) && (typeof value === 'string' || typeof value === 'number')) kept[key] = clip(String(value)).slice(0, 200);
    }
    out.attributes = kept;
  }
  return out;
}

const photoOf = (row: { storageKey: string; width: number; height: number; size: number }): DraftPhoto => ({
  key: row.storageKey,
  url: `/media/${imageFileName(row.storageKey, UPLOAD_WIDTH)}`,
  thumb: `/media/${imageFileName(row.storageKey, 400)}`,
  width: row.width,
  height: row.height,
  bytes: row.size,
});

/** The draft row when `userId` owns it; 404 otherwise (another's draft is not confirmed to exist). */
export async function requireOwnDraft(db: Db, id: string, userId: string) {
  if (!isUuid(id)) throw notFound(DRAFT_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(listingDrafts)
    .where(and(eq(listingDrafts.id, id), eq(listingDrafts.ownerId, userId)))
    .limit(1);
  if (!row) throw notFound(DRAFT_MESSAGES.notFound);
  return row;
}

/** Locks the draft row (in a transaction) when `userId` owns it; 404 otherwise, as requireOwnDraft. */
async function lockOwnDraft(tx: Db, id: string, userId: string): Promise<void> {
  const [draft] = await tx
    .select({ id: listingDrafts.id })
    .from(listingDrafts)
    .where(and(eq(listingDrafts.id, id), eq(listingDrafts.ownerId, userId)))
    .for('update');
  if (!draft) throw notFound(DRAFT_MESSAGES.notFound);
}

async function photosOf(db: Db, draftId: string) {
  return db.select().from(listingDraftPhotos).where(eq(listingDraftPhotos.draftId, draftId)).orderBy(asc(listingDraftPhotos.createdAt), asc(listingDraftPhotos.storageKey));
}

export async function getDraft(db: Db, id: string, userId: string): Promise<Draft> {
  const row = await requireOwnDraft(db, id, userId);
  const photos = await photosOf(db, row.id);
  return { id: row.id, fields: draftFields(row.fields), photos: photos.map(photoOf), updatedAt: row.updatedAt.toISOString() };
}

/** The account's most recently touched draft, for the post page to offer, or null. */
export async function latestDraft(db: Db, userId: string): Promise<{ id: string; title: string; photos: number; updatedAt: string } | null> {
  const [row] = await db
    .select({
      id: listingDrafts.id,
      fields: listingDrafts.fields,
      updatedAt: listingDrafts.updatedAt,
      photos: sql<number>`(select count(*)::int from listing_draft_photos p where p.draft_id = ${listingDrafts.id})`,
    })
    .from(listingDrafts)
    .where(eq(listingDrafts.ownerId, userId))
    .orderBy(desc(listingDrafts.updatedAt))
    .limit(1);
  if (!row) return null;
  const title = draftFields(row.fields).title;
  return { id: row.id, title: typeof title === 'string' ? title : '', photos: Number(row.photos), updatedAt: row.updatedAt.toISOString() };
}

/**
 * Starts a draft with the form's text so far. An account keeps MAX_DRAFTS: the least recently
 * touched ones beyond that are dropped with their photos, so abandoned tries never pile up.
 */
export async function createDraft(deps: { db: Db; media: MediaStore }, ownerId: string, input: unknown): Promise<Draft> {
  const fields = draftFields(input);
  const { draft, droppedKeys } = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(listingDrafts).values({ ownerId, fields }).returning();
    const older = await tx
      .select({ id: listingDrafts.id })
      .from(listingDrafts)
      .where(eq(listingDrafts.ownerId, ownerId))
      .orderBy(desc(listingDrafts.updatedAt), desc(listingDrafts.createdAt))
      .offset(MAX_DRAFTS);
    const dropped = older.map((o) => o.id).filter((id) => id !== row!.id);
    let keys: string[] = [];
    if (dropped.length) {
      const photos = await tx
        .select({ storageKey: listingDraftPhotos.storageKey })
        .from(listingDraftPhotos)
        .where(sql`${listingDraftPhotos.draftId} in (${sql.join(dropped.map((d) => sql`${d}::uuid`), sql`, `)})`);
      keys = photos.map((p) => p.storageKey);
      await tx.delete(listingDrafts).where(sql`${listingDrafts.id} in (${sql.join(dropped.map((d) => sql`${d}::uuid`), sql`, `)})`);
    }
    return { draft: row!, droppedKeys: keys };
  });
  // Once the rows are gone; a failure here leaves orphans the media sweep removes.
  await deps.media.remove(droppedKeys.flatMap(imageFiles)).catch(() => {});
  return { id: draft.id, fields: draftFields(draft.fields), photos: [], updatedAt: draft.updatedAt.toISOString() };
}

/** Keeps the form's text as typed so far (the photos are untouched). */
export async function saveDraftFields(db: Db, id: string, userId: string, input: unknown): Promise<Draft> {
  await requireOwnDraft(db, id, userId);
  await db
    .update(listingDrafts)
    .set({ fields: draftFields(input), updatedAt: sql`now()` })
    .where(and(eq(listingDrafts.id, id), eq(listingDrafts.ownerId, userId)));
  return getDraft(db, id, userId);
}

/**
 * One photo, uploaded as soon as it was picked: checked and stored by the post's own pipeline
 * (storeUpload, in the image queue's turn), at most MAX_IMAGES a draft, and counted against
 * the account's photo allowance (uploading and removing in a loop would be free work otherwise).
 */
export async function addDraftPhoto(deps: Pick<WriteDeps, 'db' | 'media' | 'images' | 'rateLimits'>, id: string, userId: string, file: UploadedFile | undefined): Promise<DraftPhoto> {
  await requireOwnDraft(deps.db, id, userId);
  if (!file) throw badRequest(MESSAGES.imageRequiredHint, [{ msg: MESSAGES.imageRequiredHint, path: 'images' }]);
  if (file.size > MAX_IMAGE_BYTES) throw imageTooLarge();
  const [{ n } = { n: 0 }] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(listingDraftPhotos).where(eq(listingDraftPhotos.draftId, id));
  if (Number(n) >= MAX_IMAGES) throw badRequest(MESSAGES.tooManyImages);
  deps.images.queue.assertRoom();
  await deps.rateLimits.refuseIfBlocked('draftPhotosPerAccount', userId);
  const count = () => deps.rateLimits.hit('draftPhotosPerAccount', userId);
  // A photo our storage refused (503) costs the seller nothing of the allowance.
  const stored = await storedUnlessOurFault(() => deps.images.queue.run(() => storeUpload(deps.media, file.path)), count);
  try {
    await count();
    await deps.db.transaction(async (tx) => {
      // The draft locked: two photos arriving at once cannot both be the eleventh.
      await lockOwnDraft(tx as unknown as Db, id, userId);
      const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(listingDraftPhotos).where(eq(listingDraftPhotos.draftId, id));
      if (Number(count) >= MAX_IMAGES) throw badRequest(MESSAGES.tooManyImages);
      await tx.insert(listingDraftPhotos).values({
        draftId: id,
        storageKey: stored.storageKey,
        width: stored.width,
        height: stored.height,
        photoHash: stored.photoHash,
        sha256: file.sha256 ?? '',
        size: file.size,
      });
      await tx.update(listingDrafts).set({ updatedAt: sql`now()` }).where(eq(listingDrafts.id, id));
    });
  } catch (error) {
    await deps.media.remove(stored.files);
    throw error;
  }
  return photoOf({ ...stored, size: file.size });
}

/** Removes one of the draft's photos and its files. */
export async function removeDraftPhoto(deps: { db: Db; media: MediaStore }, id: string, userId: string, key: string): Promise<void> {
  await requireOwnDraft(deps.db, id, userId);
  const deleted = await deps.db
    .delete(listingDraftPhotos)
    .where(and(eq(listingDraftPhotos.draftId, id), eq(listingDraftPhotos.storageKey, key)))
    .returning({ storageKey: listingDraftPhotos.storageKey });
  if (deleted.length === 0) throw notFound((t) => t.errors.photoNotFound);
  await deps.db.update(listingDrafts).set({ updatedAt: sql`now()` }).where(eq(listingDrafts.id, id));
  await deps.media.remove(imageFiles(key));
}

export async function deleteDraft(deps: { db: Db; media: MediaStore }, id: string, userId: string): Promise<void> {
  await requireOwnDraft(deps.db, id, userId);
  const photos = await photosOf(deps.db, id);
  await deps.db.delete(listingDrafts).where(and(eq(listingDrafts.id, id), eq(listingDrafts.ownerId, userId)));
  await deps.media.remove(photos.flatMap((p) => imageFiles(p.storageKey)));
}

/**
 * The ad's photos from the draft's: exactly those `photoOrder` names, in its order (a key that
 * is not the draft's is ignored); without an order, all of them in upload order. A photo the
 * seller removed can still be in the draft when the form is sent (its upload landed after the
 * removal, or the removal is still on its way), and must not become the ad's.
 */
function chosenPhotos<T extends { storageKey: string }>(rows: T[], photoOrder: string[] | undefined): T[] {
  if (!photoOrder?.length) return rows;
  const byKey = new Map(rows.map((r) => [r.storageKey, r]));
  return [...new Set(photoOrder)].flatMap((key) => byKey.get(key) ?? []);
}

/**
 * Publishes a draft with the form as finally sent (`fields`, as a post's; `photoOrder`: the
 * photos' storage keys, cover first: chosenPhotos). The same rules as posting: the form's checks
 * and messages, the photo count, the duplicate-ad and daily allowances, the risk check. The
 * draft goes in the ad's own transaction, its chosen photos becoming the ad's (no file is
 * copied or encoded again); the files of the others are removed once it is committed.
 */
export async function publishDraft(deps: WriteDeps, id: string, userId: string, upload: { fields: Record<string, unknown>; photoOrder?: string[] }): Promise<ListingJson> {
  await requireOwnDraft(deps.db, id, userId);
  const photos = chosenPhotos(await photosOf(deps.db, id), upload.photoOrder);
  const fields = parseListingForm(upload.fields, photos.length);
  checkImageCount(photos.length);
  const fingerprint = adFingerprint(fields, photos.map((p) => ({ size: p.size, sha256: p.sha256 || undefined })));
  await (await checkPostingAllowed(deps, userId, fingerprint)).count();
  let leftOut: string[] = [];
  const listing = await saveNewListing(deps, userId, fields, fingerprint, photos, async (tx) => {
    // The draft locked first: a photo arriving now waits, then finds no draft (and removes its
    // files). Published twice at once (a retried request): only one takes the draft.
    await lockOwnDraft(tx, id, userId);
    const held = new Set((await tx.delete(listingDraftPhotos).where(eq(listingDraftPhotos.draftId, id)).returning({ key: listingDraftPhotos.storageKey })).map((r) => r.key));
    // Removed (files and all) since they were read: the ad would show a photo that is gone.
    if (photos.some((p) => !held.has(p.storageKey))) throw conflict((t) => t.errors.photoNotFound);
    await tx.delete(listingDrafts).where(eq(listingDrafts.id, id));
    const chosen = new Set(photos.map((p) => p.storageKey));
    leftOut = [...held].filter((key) => !chosen.has(key));
  });
  // Once committed; a failure here leaves orphans the media sweep removes.
  if (leftOut.length) await deps.media.remove(leftOut.flatMap(imageFiles)).catch(() => {});
  return listing;
}

/** Removes drafts untouched for DRAFT_DAYS, and their photos' files. Returns how many drafts went. */
export async function sweepDrafts(deps: { db: Db; media: MediaStore; logger: Logger }, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DRAFT_DAYS * 86_400_000);
  const { drafts, keys } = await deps.db.transaction(async (tx) => {
    const photos = await tx
      .select({ storageKey: listingDraftPhotos.storageKey })
      .from(listingDraftPhotos)
      .innerJoin(listingDrafts, eq(listingDrafts.id, listingDraftPhotos.draftId))
      .where(lt(listingDrafts.updatedAt, cutoff));
    const gone = await tx.delete(listingDrafts).where(lt(listingDrafts.updatedAt, cutoff)).returning({ id: listingDrafts.id });
    return { drafts: gone.length, keys: photos.map((p) => p.storageKey) };
  });
  await deps.media.remove(keys.flatMap(imageFiles));
  if (drafts) deps.logger.info({ drafts, photos: keys.length }, 'draft sweep: removed abandoned drafts');
  return drafts;
}

/**
 * The plain post form (no JavaScript) on a resumed draft: the draft's photos whose Keep box is
 * unticked go, the photos sent with the form join it, and the draft is published as above.
 */
export async function publishDraftFromForm(deps: WriteDeps, id: string, userId: string, upload: ListingUpload): Promise<ListingJson> {
  const draft = await getDraft(deps.db, id, userId);
  const kept = upload.existingImages.map(storageKeyOf).filter((key): key is string => !!key && draft.photos.some((p) => p.key === key));
  for (const photo of draft.photos) if (!kept.includes(photo.key)) await removeDraftPhoto(deps, id, userId, photo.key);
  const added: string[] = [];
  for (const file of upload.files) added.push((await addDraftPhoto(deps, id, userId, file)).key);
  return publishDraft(deps, id, userId, { fields: upload.fields, photoOrder: [...kept, ...added] });
}
