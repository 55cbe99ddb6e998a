import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import { listings, moderationLog } from '../db/schema/index.ts';
import { hashBands, isDistinctive } from '../media/photo-hash.ts';
import { scamPhrases } from './scam-phrases.ts';

/** When an ad is held for review (configurable: RISK_* in server/config.ts). */
export type RiskThresholds = {
  /** Held when the price is below this share of the going price (the median of comparable ads) and below half their lower quartile. */
  priceRatio: number;
  /** Comparable ads needed before a median means anything. */
  minComparable: number;
  /** Held when a photo is within this many bits (of 128) of another account's photo. */
  photoDistance: number;
  /** Held when an account less than a day old posts more than this many ads in its first day. */
  newAccountAds: number;
};

export type RiskSignal = 'low_price' | 'scam_phrase' | 'reused_photo' | 'new_account_burst';
export type RiskFinding = { signal: RiskSignal; detail: string };

export type AdForRisk = {
  ownerId: string;
  /** The ad itself when it is being edited: it is not compared with itself. */
  listingId?: string;
  title: string;
  description: string;
  category: string;
  subcategory?: string | null;
  price: number | null;
  currency: string;
  photoHashes: string[];
};

/** How many recent ads of the category give the going price: recent prices, and a bounded read of the category's date index. */
const COMPARABLE_ADS = 200;

/**
 * The signs of fraud an ad carries (issue 19, point 3): a price far below what comparable ads
 * ask, a scam phrase, a photo another account already uses, a new account posting many ads.
 * Empty when there are none. Each check is one indexed query with a bounded read.
 */
export async function assessListingRisk(db: Db, limits: RiskThresholds, ad: AdForRisk): Promise<RiskFinding[]> {
  const findings: RiskFinding[] = [];
  for (const phrase of scamPhrases(`${ad.title}\n${ad.description}`)) findings.push({ signal: 'scam_phrase', detail: phrase });
  const low = await lowPrice(db, limits, ad);
  if (low) findings.push(low);
  const reused = await reusedPhoto(db, limits, ad);
  if (reused) findings.push(reused);
  const burst = await newAccountBurst(db, limits, ad);
  if (burst) findings.push(burst);
  return findings;
}

async function lowPrice(db: Db, limits: RiskThresholds, ad: AdForRisk): Promise<RiskFinding | null> {
  if (ad.currency !== 'KES' || ad.price === null || ad.price <= 0) return null;
  // Within the subcategory when the ad has one: a category mixes motorbikes with lorries.
  const subcategory = ad.subcategory ?? null;
  {
    const [row] = await queryRows<{ n: number; median: number | null; low: number | null }>(
      db,
      sql`SELECT count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY price)::float8 AS median,
            percentile_cont(0.25) WITHIN GROUP (ORDER BY price)::float8 AS low FROM (
            SELECT price FROM listings
            WHERE lower(category) = lower(${ad.category}) AND status = 'active' AND currency = 'KES' AND price > 0 AND owner_id <> ${ad.ownerId}
              ${ad.listingId ? sql`AND id <> ${ad.listingId}` : sql``}
              ${subcategory ? sql`AND subcategory = ${subcategory}` : sql``}
            ORDER BY created_at DESC LIMIT ${COMPARABLE_ADS}) recent`,
    );
    if (!row || row.n < limits.minComparable || row.median === null || row.low === null) return null;
    // Far below the median and below most of the cheap end too: things sold by the unit (a bale,
    // a kilo) sit in the same subcategory as whole loads without looking like a bait price.
    if (ad.price < row.median * limits.priceRatio && ad.price < row.low / 2) {
      return { signal: 'low_price', detail: `KES ${ad.price} against a going price of KES ${Math.round(row.median)} (${row.n} recent ads in ${subcategory ?? ad.category})` };
    }
    return null;
  }
}

/**
 * One statement for all the ad's photos: candidates through the band index, then the distance
 * in the database (bit_count of the XOR), so only true matches count against the LIMIT however
 * many photos share a band.
 */
async function reusedPhoto(db: Db, limits: RiskThresholds, ad: AdForRisk): Promise<RiskFinding | null> {
  const photos = ad.photoHashes.map((hash, n) => ({ hash, n })).filter((p) => isDistinctive(p.hash));
  if (photos.length === 0) return null;
  const list = (values: SQL[]) => sql.join(values, sql`, `);
  const [match] = await queryRows<{ n: number; listing_id: string }>(
    db,
    sql`SELECT mine.n, i.listing_id FROM listing_images i
          JOIN listings l ON l.id = i.listing_id
          JOIN (VALUES ${list(photos.map((p) => sql`(${p.n}::int, ${p.hash}::text)`))}) AS mine (n, hash)
            ON bit_count(('x' || i.photo_hash)::bit(128) # ('x' || mine.hash)::bit(128)) <= ${limits.photoDistance}
        WHERE i.hash_bands && ARRAY[${list(photos.flatMap((p) => hashBands(p.hash)).map((b) => sql`${b}`))}]::integer[]
          AND l.owner_id <> ${ad.ownerId}
        ORDER BY mine.n
        LIMIT 1`,
  );
  return match ? { signal: 'reused_photo', detail: `photo ${Number(match.n) + 1} is already in another account's ad ${match.listing_id}` } : null;
}

async function newAccountBurst(db: Db, limits: RiskThresholds, ad: AdForRisk): Promise<RiskFinding | null> {
  const [row] = await queryRows<{ is_new: boolean; recent: number }>(
    db,
    sql`SELECT created_at > now() - interval '1 day' AS is_new,
          (SELECT count(*)::int FROM listings WHERE owner_id = u.id AND created_at > now() - interval '1 day'
            ${ad.listingId ? sql`AND id <> ${ad.listingId}` : sql``}) AS recent
        FROM users u WHERE id = ${ad.ownerId}`,
  );
  if (!row?.is_new || row.recent < limits.newAccountAds) return null;
  return { signal: 'new_account_burst', detail: `an account less than a day old posting its ad number ${row.recent + 1}` };
}

/** What the seller and the moderators read about a held ad: the signs, in plain words. */
export function heldReason(findings: RiskFinding[]): string {
  return `Held for review: ${findings.map((f) => (f.signal === 'scam_phrase' ? `the text says "${f.detail}"` : f.detail)).join('; ')}`.slice(0, 500);
}

/**
 * Holds an ad that carries signs of fraud (inside the transaction that writes it): `held`, with
 * the signs as its reason, and a line in the moderation log by "Automatic". Only an ad that is
 * public or about to be: a hidden ad waits for its seller, a held one is held already.
 */
export async function holdRiskyListing(tx: Db, ad: { id: string; ownerId: string; title: string }, findings: RiskFinding[], now = new Date()): Promise<boolean> {
  if (findings.length === 0) return false;
  const reason = heldReason(findings);
  const held = await tx
    .update(listings)
    .set({ status: 'held', moderationReason: reason, statusChangedAt: now })
    .where(and(eq(listings.id, ad.id), eq(listings.status, 'active')))
    .returning({ id: listings.id });
  if (held.length === 0) return false;
  await tx.insert(moderationLog).values({ actorId: null, actorName: 'Automatic', action: 'auto_hold', listingId: ad.id, userId: ad.ownerId, subject: ad.title, reason, createdAt: now });
  return true;
}
