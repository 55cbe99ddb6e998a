import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingImages, listings, users } from '../../server/db/schema/index.ts';
import { RATE_LIMITS } from '../../server/rate-limits/rate-limits.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';
import { insertRows } from './listings-support.ts';

let t: TestApp;
let ownerId: string;
const ids: Record<string, string> = {};

type Ad = { _id: string; title: string; price: number | null; category: string; featured: boolean; location: string };
const titles = (ads: Ad[]) => ads.map((a) => a.title);

beforeAll(async () => {
  t = await createTestApp();
  const { user } = await t.createUser({ phoneNumber: '+254722000111' });
  ownerId = user.id;
  const week = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  const past = new Date(Date.now() - 24 * 3600 * 1000);
  // 30 plain rows (Item 0..29, For Sale, Nairobi) plus a few distinctive ones, all with known dates.
  const plain = Array.from({ length: 30 }, (_, i) => ({ title: `Item ${i}`, price: 1000 + i }));
  const special = [
    { title: 'Toyota Axio', description: 'Silver sedan, automatic', category: 'Cars & Vehicles', location: 'Mombasa Road', price: 1_250_000 },
    { title: 'Mazda Demio', description: 'Red hatchback', category: 'cars & vehicles', location: 'Kisumu', price: 650_000 },
    { title: 'Wooden toy train', description: 'For kids', category: 'Toys', location: 'Eldoret', price: null },
    { title: 'Old featured sofa', description: 'Featured last week', category: 'Furniture', location: 'Nakuru', price: 30_000, featuredUntil: past },
    { title: 'Featured Samsung TV', description: '55 inch smart TV', category: 'Electronics', location: 'Nairobi CBD', price: 80_000, featuredUntil: week },
    { title: '100% cotton shirts', description: 'Bulk_lot of shirts', category: 'For Sale', location: 'Thika', price: 500 },
  ];
  const rows = await insertRows(t, ownerId, [...plain, ...special]);
  [...plain, ...special].forEach((r, i) => (ids[r.title] = rows[i]!.id));
});
afterAll(async () => {
  await t?.close();
});

async function list(query = '') {
  const res = await t.request(`/api/listings${query}`);
  return { res, body: (await res.json()) as Ad[] };
}

describe('GET /api/listings', () => {
  it('answers an array, featured first then newest, 24 per page with Link and X-Total-Count', async () => {
    const { res, body } = await list();
    expect(res.status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(24);
    expect(body[0]!.title).toBe('Featured Samsung TV');
    expect(body[0]!.featured).toBe(true);
    // The expired feature is an ordinary ad, ordered by date.
    expect(titles(body).slice(1, 6)).toEqual(['100% cotton shirts', 'Old featured sofa', 'Wooden toy train', 'Mazda Demio', 'Toyota Axio']);
    expect(res.headers.get('x-total-count')).toBe('36');
    expect(res.headers.get('link')).toBe(`<${TEST_ORIGIN}/api/listings?page=2&limit=24>; rel="next"`);
  });

  it('pages with page and limit, keeping the filters in the links', async () => {
    const first = await list('?limit=5&category=For%20Sale');
    expect(first.body).toHaveLength(5);
    // 31 match; counting stops four pages past this one.
    expect(first.res.headers.get('x-total-count')).toBe('25');
    expect(first.res.headers.get('x-total-count-capped')).toBe('true');
    const second = await list('?limit=5&category=For%20Sale&page=2');
    expect(second.body).toHaveLength(5);
    expect(second.res.headers.get('x-total-count')).toBe('30');
    expect(second.res.headers.get('link')).toBe(
      `<${TEST_ORIGIN}/api/listings?limit=5&category=For+Sale&page=3>; rel="next", <${TEST_ORIGIN}/api/listings?limit=5&category=For+Sale&page=1>; rel="prev"`,
    );
    const last = await list('?limit=5&category=For%20Sale&page=7');
    expect(last.body).toHaveLength(1);
    expect(last.res.headers.get('x-total-count')).toBe('31');
    expect(last.res.headers.get('link')).toBe(`<${TEST_ORIGIN}/api/listings?limit=5&category=For+Sale&page=6>; rel="prev"`);
    const seen = new Set([...first.body, ...second.body].map((a) => a._id));
    expect(seen.size).toBe(10);
  });

  it('counts only four pages past the current one, saying so in X-Total-Count-Capped', async () => {
    const first = await list('?limit=2');
    expect(first.res.headers.get('x-total-count')).toBe('10');
    expect(first.res.headers.get('x-total-count-capped')).toBe('true');
    expect(first.res.headers.get('link')).toBe(`<${TEST_ORIGIN}/api/listings?limit=2&page=2>; rel="next"`);
    // Deeper pages move the window along.
    const deeper = await list('?limit=2&page=10');
    expect(deeper.res.headers.get('x-total-count')).toBe('28');
    expect(deeper.res.headers.get('x-total-count-capped')).toBe('true');
    const nearEnd = await list('?limit=2&page=15');
    expect(nearEnd.res.headers.get('x-total-count')).toBe('36');
    expect(nearEnd.res.headers.get('x-total-count-capped')).toBeNull();
    // A page past the end still says how many there are.
    const past = await list('?limit=5&page=9');
    expect(past.body).toHaveLength(0);
    expect(past.res.headers.get('x-total-count')).toBe('36');
    const last = await list('?limit=5&page=8');
    expect(last.body).toHaveLength(1);
    expect(last.res.headers.get('x-total-count')).toBe('36');
  });

  it('allows limit 100 and nothing above', async () => {
    expect((await list('?limit=100')).body).toHaveLength(36);
    const { res, body } = await list('?limit=101');
    expect(res.status).toBe(400);
    expect((body as unknown as { message: string }).message).toBe('limit must be a whole number from 1 to 100.');
  });

  it.each([
    ['?page=0', 'page must be a whole number from 1 to 100000.'],
    ['?page=abc', 'page must be a whole number from 1 to 100000.'],
    ['?limit=0', 'limit must be a whole number from 1 to 100.'],
    ['?minPrice=-1', 'minPrice must be a whole number of 0 or more.'],
    ['?maxPrice=1.5', 'maxPrice must be a whole number of 0 or more.'],
    ['?minPrice=10&maxPrice=5', 'minPrice cannot be more than maxPrice.'],
    ['?sort=cheapest', 'sort must be one of newest, price_asc, price_desc, best.'],
    [`?search=${'a'.repeat(201)}`, 'search must be at most 200 characters.'],
    ['?page=501', 'page and limit go past the 12,000th result; narrow the search instead.'],
    ['?page=121&limit=100', 'page and limit go past the 12,000th result; narrow the search instead.'],
  ])('answers 400 for %s', async (query, message) => {
    const { res, body } = await list(query);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ message, errors: [{ msg: message }] });
  });

  it('treats empty parameters as absent', async () => {
    const { res, body } = await list('?page=&limit=&minPrice=&maxPrice=&sort=&category=&search=&location=');
    expect(res.status).toBe(200);
    expect(body).toHaveLength(24);
  });

  it('filters by category name or slug, case-insensitively', async () => {
    for (const q of ['Cars%20%26%20Vehicles', 'cars-vehicles', 'CARS%20%26%20VEHICLES']) {
      expect(titles((await list(`?category=${q}`)).body).sort()).toEqual(['Mazda Demio', 'Toyota Axio']);
    }
  });

  it('treats an unknown category as Others, which also matches categories outside the list', async () => {
    expect(titles((await list('?category=Others')).body)).toEqual(['Wooden toy train']);
    expect(titles((await list('?category=spaceships')).body)).toEqual(['Wooden toy train']);
  });

  it('searches every word as a substring of title, description or location', async () => {
    expect(titles((await list('?search=toyota')).body)).toEqual(['Toyota Axio']);
    expect(titles((await list('?search=SEDAN%20silver')).body)).toEqual(['Toyota Axio']);
    expect(titles((await list('?search=silver%20red')).body)).toEqual([]);
    expect(titles((await list('?search=kisumu')).body)).toEqual(['Mazda Demio']);
    expect(titles((await list('?search=hatch')).body)).toEqual(['Mazda Demio']);
    // Short words (under three letters) still work, without the trigram index.
    expect(titles((await list('?search=tv')).body)).toEqual(['Featured Samsung TV']);
  });

  it('takes % and _ in a search literally', async () => {
    expect(titles((await list('?search=100%25')).body)).toEqual(['100% cotton shirts']);
    expect(titles((await list('?search=bulk_lot')).body)).toEqual(['100% cotton shirts']);
    // Taken as wildcards, "bulk_l_t" would match "Bulk_lot" and "100%%" would match "100% cotton".
    expect(titles((await list('?search=bulk_l_t')).body)).toEqual([]);
    expect(titles((await list('?search=100%25%25')).body)).toEqual([]);
  });

  it('filters by location and by category plus word', async () => {
    expect(titles((await list('?location=nairobi%20cbd')).body)).toEqual(['Featured Samsung TV']);
    expect(titles((await list('?location=mombasa')).body)).toEqual(['Toyota Axio']);
    expect(titles((await list('?category=Electronics&search=samsung')).body)).toEqual(['Featured Samsung TV']);
    expect(titles((await list('?category=Furniture&search=samsung')).body)).toEqual([]);
  });

  it('filters by price range and sorts by price', async () => {
    expect(titles((await list('?minPrice=600000&maxPrice=1300000&sort=price_asc')).body)).toEqual(['Mazda Demio', 'Toyota Axio']);
    const desc = (await list('?sort=price_desc&limit=3')).body;
    expect(titles(desc)).toEqual(['Toyota Axio', 'Mazda Demio', 'Featured Samsung TV']);
    const asc = (await list('?sort=price_asc&limit=100')).body;
    expect(asc[0]!.title).toBe('100% cotton shirts');
    // No price (negotiable) sorts last.
    expect(asc.at(-1)!.title).toBe('Wooden toy train');
  });
});

describe('prices in several currencies', () => {
  it('sort by the value in Ksh across currencies (config rates), negotiable last; price filters are in Ksh', async () => {
    const extra = await insertRows(t, ownerId, [
      { title: 'Dollar laptop', location: 'Gadgetville', price: 500, currency: 'USD' },
      { title: 'Pound watch', location: 'Gadgetville', price: 100, currency: 'GBP' },
      { title: 'Dollar phone', location: 'Gadgetville', price: 120, currency: 'USD' },
      { title: 'Shilling radio', location: 'Gadgetville', price: 700 },
      { title: 'Shilling chair', location: 'Gadgetville', price: 300 },
      { title: 'Gadget to swap', location: 'Gadgetville', price: null },
    ]);
    try {
      // At the default rates: USD 120 is Ksh 15,480, GBP 100 Ksh 17,200, USD 500 Ksh 64,500.
      const asc = titles((await list('?location=gadgetville&sort=price_asc')).body);
      expect(asc).toEqual(['Shilling chair', 'Shilling radio', 'Dollar phone', 'Pound watch', 'Dollar laptop', 'Gadget to swap']);
      const desc = titles((await list('?location=gadgetville&sort=price_desc')).body);
      expect(desc).toEqual(['Dollar laptop', 'Pound watch', 'Dollar phone', 'Shilling radio', 'Shilling chair', 'Gadget to swap']);
      // 120 to 600 KES: the USD 500 and USD 120 ads are not in that range, whatever their number.
      expect(titles((await list('?location=gadgetville&minPrice=120&maxPrice=600')).body)).toEqual(['Shilling chair']);
      expect(titles((await list('?location=gadgetville&maxPrice=1000&sort=price_asc')).body)).toEqual(['Shilling chair', 'Shilling radio']);
    } finally {
      await t.services.db.delete(listings).where(inArray(listings.id, extra.map((r) => r.id)));
    }
  });
});

describe('GET /api/listings/featured and /api/categories/counts', () => {
  it('lists only active featured ads', async () => {
    const res = await t.request('/api/listings/featured');
    expect(res.status).toBe(200);
    expect(titles(await res.json())).toEqual(['Featured Samsung TV']);
    expect((await t.request('/api/listings/featured?limit=0')).status).toBe(400);
  });

  it('counts all nine categories in order, Others including unknown ones', async () => {
    const res = await t.request('/api/categories/counts');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { name: 'Cars & Vehicles', count: 2 },
      { name: 'For Sale', count: 31 },
      { name: 'Services', count: 0 },
      { name: 'Property', count: 0 },
      { name: 'Pets', count: 0 },
      { name: 'Jobs', count: 0 },
      { name: 'Furniture', count: 1 },
      { name: 'Electronics', count: 1 },
      { name: 'Others', count: 1 },
    ]);
  });
});

describe('GET /api/listings/:id', () => {
  it('answers one listing with its seller', async () => {
    const res = await t.request(`/api/listings/${ids['Toyota Axio']}`);
    expect(res.status).toBe(200);
    const ad = await res.json();
    expect(ad).toMatchObject({ _id: ids['Toyota Axio'], title: 'Toyota Axio', price: 1_250_000, currency: 'KES', owner: ownerId, images: [] });
    expect(ad.user).toMatchObject({ _id: ownerId, firstName: 'Test', listingsCount: 36 });
    expect(ad.user.phoneNumber).toBeUndefined();
  });

  it('writes every field of the listing JSON exactly, the same in search results, cached or not', async () => {
    const id = ids['Featured Samsung TV']!;
    await t.services.db.insert(listingImages).values([
      { listingId: id, position: 1, storageKey: 'bbbb', width: 800, height: 600 },
      { listingId: id, position: 0, storageKey: 'aaaa', width: 1280, height: 960 },
    ]);
    const [row] = await t.services.db.select().from(listings).where(eq(listings.id, id));
    const [seller] = await t.services.db.select().from(users).where(eq(users.id, ownerId));
    const photo = (key: string, width: number, height: number) => ({
      url: `/media/${key}-1280.webp`,
      width,
      height,
      variants: { 400: `/media/${key}-400.webp`, 800: `/media/${key}-800.webp`, 1280: `/media/${key}-1280.webp` },
    });
    const expected = {
      _id: id,
      title: 'Featured Samsung TV',
      description: '55 inch smart TV',
      category: 'Electronics',
      subcategory: null,
      attributes: {},
      price: 80_000,
      currency: 'KES',
      location: 'Nairobi CBD',
      townId: 'nairobi-cbd',
      countyCode: '047',
      place: 'Nairobi CBD, Nairobi City',
      images: ['/media/aaaa-1280.webp', '/media/bbbb-1280.webp'],
      photos: [photo('aaaa', 1280, 960), photo('bbbb', 800, 600)],
      featured: true,
      featuredUntil: row!.featuredUntil!.toISOString(),
      owner: ownerId,
      user: {
        _id: ownerId,
        firstName: 'Test',
        lastName: 'User',
        username: seller!.username,
        createdAt: seller!.createdAt.toISOString(),
        listingsCount: 36,
        rating: null,
        reviewCount: 0,
      },
      postedDate: row!.createdAt.toISOString(),
      createdAt: row!.createdAt.toISOString(),
      updatedAt: row!.updatedAt.toISOString(),
      views: 0,
      status: 'active',
    };
    expect(await (await t.request(`/api/listings/${id}`)).json()).toStrictEqual(expected);
    for (let i = 0; i < 2; i++) {
      const found = (await list('?search=smart%20tv')).body;
      expect(found).toStrictEqual([expected]);
    }
    await t.services.db.delete(listingImages).where(eq(listingImages.listingId, id));
  });

  it('refuses a photo whose storage key would need escaping in the JSON pages write as text (migration 2200)', async () => {
    const id = ids['Toyota Axio']!;
    for (const storageKey of ['a"b', 'a\\b', 'a b', '']) {
      await expect(t.services.db.insert(listingImages).values({ listingId: id, position: 9, storageKey, width: 800, height: 600 })).rejects.toThrow();
    }
    expect(await t.services.db.select().from(listingImages).where(eq(listingImages.listingId, id))).toEqual([]);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])('answers 404 for %s', async (id) => {
    const res = await t.request(`/api/listings/${id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Listing not found.' });
  });
});

describe('GET /api/listings/:id/phone', () => {
  it('reveals the seller’s number, uncached, and 404s for an unknown listing', async () => {
    const res = await t.request(`/api/listings/${ids['Mazda Demio']}/phone`, { headers: { 'X-Forwarded-For': '10.0.0.1' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ phoneNumber: '+254722000111' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const missing = await t.request('/api/listings/00000000-0000-4000-8000-000000000000/phone');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Listing not found.' });
  });

  it('limits new numbers per browser, not per IP address; a number already shown to the browser is free', async () => {
    const other = await createTestApp();
    try {
      const { user } = await other.createUser();
      const rows = await insertRows(other, user.id, Array.from({ length: 42 }, (_, i) => ({ title: `Phone test ${i}` })));
      const device = (id: string) => ({ headers: { Cookie: other.deviceCookie(id) } });
      const phone = 'AAAAAAAAAAAAAAAAAAAAAA';
      const { limit } = RATE_LIMITS.phoneRevealPerDevice;
      for (let i = 0; i < limit; i++) expect((await other.request(`/api/listings/${rows[i]!.id}/phone`, device(phone))).status).toBe(200);
      // Seen before: free, however often.
      for (let i = 0; i < 5; i++) expect((await other.request(`/api/listings/${rows[0]!.id}/phone`, device(phone))).status).toBe(200);
      const limited = await other.request(`/api/listings/${rows[limit]!.id}/phone`, device(phone));
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
      expect((await limited.json()).message).toMatch(/^You have viewed many phone numbers\. Please try again in \d+ minutes\.$/);
      // Another buyer behind the same carrier address is not locked out.
      expect((await other.request(`/api/listings/${rows[limit]!.id}/phone`, device('BBBBBBBBBBBBBBBBBBBBBB'))).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('gives a browser without one a device cookie, so its next reveals are its own', async () => {
    const res = await t.request(`/api/listings/${ids['Mazda Demio']}/phone`, { headers: { 'X-Forwarded-For': '10.0.0.9' } });
    expect(res.status).toBe(200);
    // The id and its signature: a made-up id is no device of ours (tests/integration/device-cookie.test.ts).
    expect(res.headers.get('set-cookie')).toMatch(/^soko_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
  });
});

describe('OpenAPI document', () => {
  it('describes every listings route, with multipart bodies', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/listings',
        '/listings/featured',
        '/listings/user/{userId}',
        '/listings/{id}',
        '/listings/{id}/phone',
        '/categories/counts',
      ]),
    );
    expect(Object.keys(doc.paths['/listings'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/listings/{id}'])).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(doc.paths['/listings'].post.requestBody.content['multipart/form-data'].schema.properties.images.items.format).toBe('binary');
    expect(Object.keys(doc.paths['/listings/{id}'].put.requestBody.content)).toEqual(['multipart/form-data', 'application/json']);
  });
});
