import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.ts';
import { listings } from '../../server/db/schema/index.ts';
import { searchCards } from '../../server/search/search.ts';
import { approveListing, moderationQueue } from '../../server/moderation/moderation.ts';
import { hashDistance, isDistinctive, photoHash } from '../../server/media/photo-hash.ts';
import { assessListingRisk, type AdForRisk, type RiskThresholds } from '../../server/moderation/risk.ts';
import { scamPhrases } from '../../server/moderation/scam-phrases.ts';
import { demoListings } from '../../server/seed/demo-data.ts';
import { renderIllustration } from '../../server/seed/illustration.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { file, insertRows, postAd, VALID_AD } from './listings-support.ts';

/**
 * Issue 19, point 3: the signs of fraud that hold an ad for review, each on its own, and none
 * of them on the demo ads.
 */
let t: TestApp;
let limits: RiskThresholds;

beforeAll(async () => {
  t = await createTestApp();
  limits = t.config.risk;
});

afterAll(async () => {
  await t?.close();
});

const ad = (ownerId: string, over: Partial<AdForRisk> = {}): AdForRisk => ({
  ownerId,
  title: 'Samsung Galaxy A15, 128 GB',
  description: 'Clean phone with its box and charger. Viewing in town.',
  category: 'Electronics',
  price: 15000,
  currency: 'KES',
  photoHashes: [],
  ...over,
});
const signals = async (a: AdForRisk) => (await assessListingRisk(t.services.db, limits, a)).map((f) => f.signal);

describe('scam phrases', () => {
  it.each([
    ['Pay a deposit of 5,000 before viewing the house.', 'deposit or payment before viewing'],
    ['Send the money first, prior to inspection.', 'deposit or payment before viewing'],
    ['The owner is currently abroad, the keys will be couriered.', 'owner abroad'],
    ["I'm working overseas so I cannot meet.", 'owner abroad'],
    ['Shipping only, countrywide.', 'shipping only'],
    ['Once paid, the phone is shipped to you.', 'shipping only'],
    ['Payment by Western Union.', 'payment by wire transfer'],
    ['Buyer pays by wire transfer.', 'payment by wire transfer'],
    ['A small upfront fee secures it.', 'advance fee'],
  ])('finds %j', (text, name) => {
    expect(scamPhrases(text)).toEqual([name]);
  });

  it.each([
    'Viewing before payment, always.',
    'No deposit needed. Pay on delivery after you inspect it.',
    'Owner lives in Kileleshwa.',
    'Free delivery within Nairobi; payment via bank transfer or M-Pesa.',
    'Just back from abroad, selling my car.',
  ])('leaves %j alone', (text) => {
    expect(scamPhrases(text)).toEqual([]);
  });
});

describe('a price far below the going price', () => {
  it('holds a price under the share of the median of comparable recent ads, and only then', async () => {
    const { user: seller } = await t.createUser();
    const { user: other } = await t.createUser();
    // 30 recent ads for dogs around 60,000.
    await insertRows(t, other.id, Array.from({ length: 30 }, (_, i) => ({ category: 'Pets', subcategory: 'Dogs', price: 50_000 + i * 700, currency: 'KES', createdAt: new Date() })));
    const dog = (price: number, currency = 'KES') => ad(seller.id, { category: 'Pets', subcategory: 'Dogs', price, currency });
    expect(await signals(dog(8_000))).toEqual(['low_price']);
    expect(await signals(dog(40_000))).toEqual([]);
    // Negotiable or priced in another currency: nothing to compare.
    expect(await signals({ ...dog(0), price: null })).toEqual([]);
    expect(await signals(dog(80, 'USD'))).toEqual([]);
    // The seller's own ads are not the going price.
    expect(await signals({ ...dog(8_000), ownerId: other.id })).toEqual([]);
  });

  it('needs enough comparable ads before it means anything', async () => {
    const { user: seller } = await t.createUser();
    await insertRows(t, seller.id, Array.from({ length: limits.minComparable - 1 }, () => ({ category: 'Jobs', price: 90_000, createdAt: new Date() })));
    const { user: poster } = await t.createUser();
    expect(await signals(ad(poster.id, { category: 'Jobs', price: 10 }))).toEqual([]);
  });
});

describe('a photo another account already uses', () => {
  it('is found through its perceptual hash, resized and re-encoded; a different photo and the same account are not', async () => {
    // A drawing of a sofa at half size: a picture with shapes, as a photo has.
    const photo = (seed: number) => renderIllustration('Furniture', seed, 0, 0.5);
    const original = await photo(41);
    const { user: owner, token } = await t.createUser();
    expect((await postAd(t, token, { ...VALID_AD, title: 'Sofa set, five seater' }, [file(original)])).status).toBe(201);
    // The same picture as a thief would save it: smaller, recompressed, another format.
    const copy = await sharp(original).resize({ width: 500 }).webp({ quality: 60 }).toBuffer();
    const copyHash = await photoHash(copy);
    expect(isDistinctive(copyHash)).toBe(true);
    const { user: thief } = await t.createUser();
    const findings = await assessListingRisk(t.services.db, limits, ad(thief.id, { photoHashes: [await photoHash(await photo(7)), copyHash] }));
    expect(findings.map((f) => f.signal)).toEqual(['reused_photo']);
    expect(findings[0]!.detail).toMatch(/^photo 2 /);
    expect(await signals(ad(owner.id, { photoHashes: [copyHash] }))).toEqual([]);
    expect(await signals(ad(thief.id, { photoHashes: [await photoHash(await photo(42))] }))).toEqual([]);
  });

  it('ignores flat pictures, which all hash alike', async () => {
    const flat = await photoHash(await sharp({ create: { width: 200, height: 150, channels: 3, background: '#3366cc' } }).jpeg().toBuffer());
    expect(isDistinctive(flat)).toBe(false);
    const { user } = await t.createUser();
    expect(await signals(ad(user.id, { photoHashes: [flat] }))).toEqual([]);
  });
});

describe('a new account posting many ads', () => {
  it('holds the ad after the allowed number in an account less than a day old', async () => {
    const { user: fresh } = await t.createUser({ createdAt: new Date(Date.now() - 3 * 60 * 60 * 1000) });
    await insertRows(t, fresh.id, Array.from({ length: limits.newAccountAds - 1 }, () => ({ createdAt: new Date() })));
    expect(await signals(ad(fresh.id))).toEqual([]);
    await insertRows(t, fresh.id, [{ createdAt: new Date() }]);
    expect(await signals(ad(fresh.id))).toEqual(['new_account_burst']);
    const { user: old } = await t.createUser();
    await insertRows(t, old.id, Array.from({ length: limits.newAccountAds + 2 }, () => ({ createdAt: new Date() })));
    expect(await signals(ad(old.id))).toEqual([]);
  });
});

describe('the demo ads', () => {
  it('carry no scam phrase and no price far below the going price of the others', async () => {
    const { user: poster } = await t.createUser();
    const { user: others } = await t.createUser();
    const copies = await insertRows(t, others.id, demoListings.map((d) => ({ title: d.title, description: d.description, category: `demo ${d.category}`, subcategory: d.subcategory, price: d.price, currency: d.currency, createdAt: new Date() })));
    // Each demo ad as if posted again, against all the others (not its own copy). Few ads per
    // subcategory, so the going price is taken from as few as 3: stricter than the default.
    for (const [i, d] of demoListings.entries()) {
      const found = await assessListingRisk(t.services.db, { ...limits, minComparable: 3 }, ad(poster.id, { ...d, category: `demo ${d.category}`, listingId: copies[i]!.id }));
      expect(found, d.title).toEqual([]);
    }
  });

  it('have no photo that looks like another seller’s', async () => {
    // The drawings at a quarter of their size: the same likeness (the hash reads a 9x9 copy), far faster.
    const photos = await Promise.all(
      demoListings.flatMap((d, i) => Array.from({ length: d.imageCount }, async (_, n) => ({ owner: d.owner, hash: await photoHash(await renderIllustration(d.category, i, n, 0.25)) }))),
    );
    let closest = 128;
    for (let a = 0; a < photos.length; a++)
      for (let b = a + 1; b < photos.length; b++) if (photos[a]!.owner !== photos[b]!.owner) closest = Math.min(closest, hashDistance(photos[a]!.hash, photos[b]!.hash));
    // A margin over the threshold: the full-size drawings hash a few bits differently.
    expect(closest).toBeGreaterThan(limits.photoDistance + 3);
  });
});

describe('posting and editing', () => {
  const statusOf = async (id: string) => (await t.services.db.select({ status: listings.status, reason: listings.moderationReason }).from(listings).where(eq(listings.id, id)))[0]!;

  it('hold a risky new ad for review instead of publishing it, until a moderator approves it', async () => {
    const { user: seller, token } = await t.createUser();
    const res = await postAd(t, token, { ...VALID_AD, title: 'Toyota Vitz 2012, owner abroad', description: 'The owner is abroad. Pay a deposit before viewing and the car is shipped to you.' });
    expect(res.status).toBe(201);
    const ad = await res.json();
    expect(ad.status).toBe('held');
    const { reason } = await statusOf(ad._id);
    expect(reason).toMatch(/^Held for review: /);
    for (const sign of ['owner abroad', 'deposit or payment before viewing', 'shipping only']) expect(reason).toContain(sign);
    // Not public: not in search, its page is gone for buyers.
    expect((await searchCards(t.services.db, { search: 'Vitz' })).items.map((c) => c._id)).not.toContain(ad._id);
    expect((await t.request(`/api/listings/${ad._id}`)).status).not.toBe(200);
    // In the moderators' queue, and the log says why.
    expect((await moderationQueue(t.services)).map((q) => q.id)).toContain(ad._id);
    const [entry] = await queryRows<{ action: string; actor_name: string; reason: string }>(t.services.db, sql`select action, actor_name, reason from moderation_log where listing_id = ${ad._id}`);
    expect(entry).toMatchObject({ action: 'auto_hold', actor_name: 'Automatic' });
    const { user: admin } = await t.createUser();
    await approveListing(t.services, admin, ad._id);
    expect((await statusOf(ad._id)).status).toBe('active');
    expect((await searchCards(t.services.db, { search: 'Vitz' })).items.map((c) => c._id)).toContain(ad._id);
    // A clean ad is public at once.
    const clean = await (await postAd(t, token)).json();
    expect(clean.status).toBe('active');
    expect(seller.id).toBe(clean.owner);
  });

  it('hold a public ad edited to carry a scam phrase (text-only edit)', async () => {
    const { token } = await t.createUser();
    const ad = await (await postAd(t, token)).json();
    const res = await t.request(`/api/listings/${ad._id}`, {
      method: 'PUT',
      token,
      json: { title: ad.title, description: 'Payment by Western Union only.', price: '15000', category: ad.category, location: 'Nairobi' },
    });
    expect(res.status).toBe(200);
    expect((await statusOf(ad._id)).status).toBe('held');
  });
});
