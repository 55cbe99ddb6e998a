import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.ts';
import { searchCards, searchListings } from '../../server/search/search.ts';
import { SearchCache } from '../../server/search/search-cache.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { insertRows } from './listings-support.ts';

let t: TestApp;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await t.createUser()).user.id;
  await insertRows(
    t,
    ownerId,
    Array.from({ length: 12 }, (_, i) => ({ title: `Bicycle ${i}`, description: 'Mountain bike', location: i % 2 ? 'Nakuru' : 'Thika' })),
  );
});
afterAll(async () => {
  await t?.close();
});

const changes = async () => (await queryRows<{ v: string }>(t.services.db, sql`SELECT last_value::text AS v FROM listing_changes`))[0]!.v;
const titles = (page: { items: Array<{ title: string }> }) => page.items.map((i) => i.title);

describe('listing_changes (what tells the search cache that results may differ)', () => {
  it('moves when a listing is added, deleted, or changed in anything search looks at', async () => {
    const before = await changes();
    const [row] = await insertRows(t, ownerId, [{ title: 'Counter probe' }]);
    const afterInsert = await changes();
    expect(afterInsert).not.toBe(before);
    await t.services.db.execute(sql`UPDATE listings SET price = 5000 WHERE id = ${row!.id}`);
    const afterPrice = await changes();
    expect(afterPrice).not.toBe(afterInsert);
    await t.services.db.execute(sql`UPDATE listings SET featured_until = now() + interval '7 days' WHERE id = ${row!.id}`);
    const afterFeature = await changes();
    expect(afterFeature).not.toBe(afterPrice);
    await t.services.db.execute(sql`DELETE FROM listings WHERE id = ${row!.id}`);
    expect(await changes()).not.toBe(afterFeature);
  });

  it('moves when an ad is edited (updated_at)', async () => {
    const [row] = await insertRows(t, ownerId, [{ title: 'Edit probe' }]);
    const before = await changes();
    await t.services.db.execute(sql`UPDATE listings SET updated_at = now() WHERE id = ${row!.id}`);
    expect(await changes()).not.toBe(before);
    await t.services.db.execute(sql`DELETE FROM listings WHERE id = ${row!.id}`);
  });

  it('stays put when only a view is counted', async () => {
    const [row] = await insertRows(t, ownerId, [{ title: 'View probe' }]);
    const before = await changes();
    const counted = await queryRows<{ views: number }>(t.services.db, sql`UPDATE listings SET views = views + 1 WHERE id = ${row!.id} RETURNING views`);
    expect(counted).toEqual([{ views: 1 }]);
    expect(await changes()).toBe(before);
    await t.services.db.execute(sql`DELETE FROM listings WHERE id = ${row!.id}`);
  });
});

describe('searchListings with a cache', () => {
  it('answers a repeated search from the cache while listing_changes stays put, and searches again once it moves', async () => {
    const cache = new SearchCache();
    const first = await searchListings(t.services.db, { search: 'bicycle', limit: 5 }, { cache });
    expect(cache.size).toBe(1);
    expect(first.total).toBe(12);
    // Sneak a matching row in and put the counter back: the cached page cannot know of it.
    const counter = await changes();
    const [sneaked] = await insertRows(t, ownerId, [{ title: 'Bicycle sneaked in', createdAt: new Date('2030-01-01') }]);
    await t.services.db.execute(sql`SELECT setval('listing_changes', ${counter}::bigint)`);
    const hit = await searchListings(t.services.db, { search: 'BICYCLE', limit: 5 }, { cache });
    expect(hit).toBe(first);
    // Once the counter moves, the search runs again and finds the new row first (newest).
    await t.services.db.execute(sql`SELECT nextval('listing_changes')`);
    const fresh = await searchListings(t.services.db, { search: 'bicycle', limit: 5 }, { cache });
    expect(fresh.items[0]!.title).toBe('Bicycle sneaked in');
    expect(fresh.total).toBe(13);
    await t.services.db.execute(sql`DELETE FROM listings WHERE id = ${sneaked!.id}`);
  });

  it('gives the same answers as without a cache, page after page', async () => {
    const cache = new SearchCache();
    for (const page of [1, 2, 3, 6, 2]) {
      const cached = await searchListings(t.services.db, { search: 'bike', limit: 2, page }, { cache });
      const uncached = await searchListings(t.services.db, { search: 'bike', limit: 2, page });
      expect(cached.itemsJson).toBe(uncached.itemsJson);
      expect([cached.total, cached.totalIsCapped]).toEqual([uncached.total, uncached.totalIsCapped]);
    }
    expect(cache.size).toBe(4);
  });

  it('keys on what selects the page: word order and case do not matter, filters, sort and page do', async () => {
    const cache = new SearchCache();
    await searchListings(t.services.db, { search: 'mountain bike' }, { cache });
    await searchListings(t.services.db, { search: 'Bike  MOUNTAIN' }, { cache });
    expect(cache.size).toBe(1);
    await searchListings(t.services.db, { search: 'mountain bike', location: 'nakuru' }, { cache });
    await searchListings(t.services.db, { search: 'mountain bike', sort: 'price_asc' }, { cache });
    await searchListings(t.services.db, { search: 'mountain bike', category: 'Pets' }, { cache });
    await searchListings(t.services.db, { search: 'mountain bike', page: 2 }, { cache });
    expect(cache.size).toBe(5);
  });

  it('keeps the API listings and the pages’ cards of one search apart, and reuses each', async () => {
    const cache = new SearchCache();
    const listings = await searchListings(t.services.db, { search: 'bicycle', limit: 3 }, { cache });
    const cards = await searchCards(t.services.db, { search: 'bicycle', limit: 3 }, { cache });
    expect(cache.size).toBe(2);
    expect(cards.items.map((c) => c._id)).toEqual(listings.items.map((l) => l._id));
    expect(cards.items[0]).not.toHaveProperty('description');
    expect(listings.items[0]).toHaveProperty('description');
    expect(await searchCards(t.services.db, { search: 'bicycle', limit: 3 }, { cache })).toBe(cards);
    expect(await searchListings(t.services.db, { search: 'bicycle', limit: 3 }, { cache })).toBe(listings);
  });

  it('stops using a page when a featured ad in the results stops being featured', async () => {
    const cache = new SearchCache({ ttlMs: 3_600_000 });
    const now = Date.now();
    await insertRows(t, ownerId, [
      { title: 'Unicycle featured briefly', featuredUntil: new Date(now + 60_000), createdAt: new Date('2020-01-01') },
      { title: 'Unicycle plain', createdAt: new Date('2021-01-01') },
    ]);
    const during = await searchListings(t.services.db, { search: 'unicycle' }, { cache, now: new Date(now) });
    expect(titles(during)).toEqual(['Unicycle featured briefly', 'Unicycle plain']);
    expect(during.items[0]!.featured).toBe(true);
    const after = await searchListings(t.services.db, { search: 'unicycle' }, { cache, now: new Date(now + 61_000) });
    expect(titles(after)).toEqual(['Unicycle plain', 'Unicycle featured briefly']);
    expect(after.items[1]!.featured).toBe(false);
    await t.services.db.execute(sql`DELETE FROM listings WHERE title LIKE 'Unicycle%'`);
  });

  it('ends entries after their lifetime and keeps only the most recently used ones', async () => {
    const cache = new SearchCache({ ttlMs: 1000, maxEntries: 2 });
    const page = await searchListings(t.services.db, { search: 'bike' });
    const entry = (expiresAt: number) => ({ page, generation: '1', expiresAt });
    cache.set('a', entry(2000));
    cache.set('b', entry(2000));
    expect(cache.get('a', 1000)).toBeDefined(); // a is now the most recent
    cache.set('c', entry(2000));
    expect(cache.get('b', 1000)).toBeUndefined();
    expect(cache.get('a', 1000)).toBeDefined();
    expect(cache.get('c', 2000)).toBeUndefined();
  });
});

describe('GET /api/listings with the app cache', () => {
  it('shows a new ad in the results at once, and drops a deleted one', async () => {
    const first = await t.request('/api/listings?search=tandem');
    expect(await first.json()).toEqual([]);
    const [row] = await insertRows(t, ownerId, [{ title: 'Tandem bicycle' }]);
    const second = (await (await t.request('/api/listings?search=tandem')).json()) as Array<{ title: string }>;
    expect(second.map((a) => a.title)).toEqual(['Tandem bicycle']);
    await t.services.db.execute(sql`DELETE FROM listings WHERE id = ${row!.id}`);
    const third = await t.request('/api/listings?search=tandem');
    expect(await third.json()).toEqual([]);
    expect(third.headers.get('x-total-count')).toBe('0');
  });
});
