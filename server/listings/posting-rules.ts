import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Services } from '../context.ts';
import { listings, users } from '../db/schema/index.ts';
import { conflict } from '../http/errors.ts';
import { appErrorForStorageFault } from '../http/storage-errors.ts';
import type { UploadedFile } from '../media/upload.ts';
import type { ListingFields } from './input.ts';
import { english } from '../i18n.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const DUPLICATE_AD = english.errors.duplicateAd;

/**
 * What makes two ads "the same ad": the title (however it is cased or spaced), the price and
 * currency, and the exact photos. A seller may sell two identical phones, but not flood
 * search with one ad posted over and over.
 */
export function adFingerprint(fields: Pick<ListingFields, 'title' | 'price' | 'currency'>, photos: Pick<UploadedFile, 'size' | 'sha256'>[]): string {
  const title = fields.title.toLowerCase().replace(/\s+/g, ' ').trim();
  const photoDigests = photos.map((p) => p.sha256 ?? `${p.size}`).sort();
  return createHash('sha256').update(JSON.stringify([title, fields.price, fields.currency, photoDigests])).digest('hex');
}

/** Counts a post against the day's allowance once nothing but the ad's own transaction can fail (throws the 429 past the limit). */
export type PostAllowance = { count(): Promise<void> };

/**
 * Refuses, before any photo is processed: more ads in a day than the account may post (fewer for
 * an account less than a day old, the usual shape of a scam run), and an ad this account has
 * already posted. Counts nothing: the caller counts the post (`count`) once its photos are
 * stored, so a post our storage refused (503) leaves the allowance as it was. Posts racing past
 * the check are still held to the limit by the count itself.
 */
export async function checkPostingAllowed(deps: Pick<Services, 'db' | 'rateLimits'>, ownerId: string, fingerprint: string): Promise<PostAllowance> {
  const [owner] = await deps.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, ownerId)).limit(1);
  const [duplicate] = await deps.db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.ownerId, ownerId), eq(listings.fingerprint, fingerprint)))
    .limit(1);
  if (duplicate) throw conflict((t) => t.errors.duplicateAd);
  const isNew = !owner || Date.now() - owner.createdAt.getTime() < DAY_MS;
  const limit = isNew ? 'postsPerNewAccount' : 'postsPerAccount';
  await deps.rateLimits.refuseIfBlocked(limit, ownerId);
  return { count: () => deps.rateLimits.hit(limit, ownerId) };
}

/**
 * Stores what an attempt brought (its photos). When that fails the attempt is counted all the
 * same (`count`: an unreadable photo is the sender's to retry, and still cost us the work),
 * unless our own storage failed it (a bucket not answering, a full disk): then the person is
 * charged nothing. A success is for the caller to count, once nothing else of its own can fail.
 */
export async function storedUnlessOurFault<T>(store: () => Promise<T>, count: () => Promise<unknown>): Promise<T> {
  try {
    return await store();
  } catch (error) {
    if (!appErrorForStorageFault(error)) await count().catch(() => {});
    throw error;
  }
}
