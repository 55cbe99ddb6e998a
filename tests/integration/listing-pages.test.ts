import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loader as categoryLoader } from '../../app/routes/listings/category.tsx';
import { loader as detailLoader } from '../../app/routes/listings/listing-detail.tsx';
import { loader as listingsLoader } from '../../app/routes/listings/listings.tsx';
import { loader as homeLoader } from '../../app/routes/home.tsx';
import type { Auth, RequestContext } from '../../server/context.ts';
import type { Db } from '../../server/db/client.ts';
import { listingImages, listings } from '../../server/db/schema/index.ts';
import type { ListingJson } from '../../server/listings/listing-json.ts';
import { cardsByOwner, featuredCards, featuredListings, listingsByOwner } from '../../server/listings/queries.ts';
import { searchCards, searchListings } from '../../server/search/search.ts';
import type { User } from '../../server/auth/sessions.ts';
import { createTestApp } from '../support/app.ts';
import { routeArgs } from './route-args.ts';
import { parseJsonText } from '#kernel/json-text.ts';

/**
 * The page loaders of the read side, called as React Router calls them (request, params, the
 * server's request context) over a real database: statuses, what the pages receive, view counting.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let seller: User;
let buyer: User;
const ids: Record<string, string> = {};
const DAY = 86_400_000;
const BROWSER_UA = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

function context(auth: User | null = null, db: Db = t.services.db, deviceId = 'device-of-the-test-0001'): RequestContext {
  return {
    ...t.services,
    db,
    requestId: 'abcdef12-3456-7890-abcd-ef1234567890',
    clientIp: '127.0.0.1',
    deviceId,
    deviceKnown: true,
    nonce: '',
    locale: 'en',
    auth: auth ? ({ user: auth, session: {}, token: 'x', via: 'cookie' } as unknown as Auth) : null,
    setSessionCookie: () => {},
    clearSessionCookie: () => {},
  };
}

const get = (path: string, headers: Record<string, string> = { 'user-agent': BROWSER_UA }) => new Request(`http://localhost:3000${path}`, { headers });

type Wrapped<T> = { data: T; init: ResponseInit | null };
/** A loader result made with data() (returned or thrown): its body and status (200 when none was set). */
function unwrap<W extends Wrapped<unknown>>(result: W): { body: W['data']; status: number } {
  return { body: result.data, status: result.init?.status ?? 200 };
}

/** A database handle whose every query fails, as when the database is down. */
const brokenDb = new Proxy({} as Db, {
  get: () => () => {
    throw new Error('connection refused');
  },
});

// Each call is a new browser unless a test says which device it is.
const callDetail = (id: string, opts: { auth?: User | null; headers?: Record<string, string>; deviceId?: string } = {}) =>
  detailLoader(routeArgs({
    request: get(`/listing/${id}`, opts.headers),
    params: { id },
    context: context(opts.auth ?? null, undefined, opts.deviceId ?? `device-${crypto.randomUUID()}`),
  }));

async function views(id: string): Promise<number> {
  const [row] = await t.services.db.select({ views: listings.views }).from(listings).where(eq(listings.id, id));
  return row!.views;
}

beforeAll(async () => {
  t = await createTestApp();
  seller = (await t.createUser({ firstName: 'Wanjiku', lastName: 'Kamau', phoneNumber: '+254798765432' })).user;
  buyer = (await t.createUser()).user;
  const now = Date.now();
  const rows = [
    { key: 'sofa', title: 'Grey sofa set', category: 'Furniture', location: 'Nakuru', price: 35000, featured: true, images: 6 },
    { key: 'axio', title: 'Toyota Axio 2014', category: 'Cars & Vehicles', location: 'Kasarani, Nairobi', price: 1100000, featured: false, images: 1 },
    { key: 'boat', title: 'Fibreglass fishing boat', category: 'Boats', location: 'Lamu', price: null, featured: false, images: 0 },
  ];
  for (const [i, r] of rows.entries()) {
    const [row] = await t.services.db
      .insert(listings)
      .values({
        ownerId: seller.id,
        title: r.title,
        description: `${r.title}, well kept. Call or WhatsApp.`,
        category: r.category,
        price: r.price,
        location: r.location,
        featuredUntil: r.featured ? new Date(now + 7 * DAY) : null,
        views: 10,
        createdAt: new Date(now - i * DAY),
      })
      .returning({ id: listings.id });
    ids[r.key] = row!.id;
    if (r.images) {
      await t.services.db
        .insert(listingImages)
        .values(Array.from({ length: r.images }, (_, n) => ({ listingId: row!.id, position: n, storageKey: `${r.key}-${n}`, width: 1600, height: 1200 })));
    }
  }
});

afterAll(async () => {
  await t?.close();
});

describe('listing detail loader', () => {
  it('gives the page the ad, every photo and the seller, never the phone number', async () => {
    const result = await callDetail(ids.sofa!);
    expect(result.listing.title).toBe('Grey sofa set');
    expect(result.listing.featured).toBe(true);
    // The page shows five; the full-screen viewer shows them all (issue 16).
    expect(result.listing.photos).toHaveLength(6);
    for (const photo of result.listing.photos) expect(Object.keys(photo.variants)).toEqual(['400', '800', '1280']);
    expect(result.seller).toMatchObject({ name: 'Wanjiku Kamau', listingsCount: 3, rating: null, reviewCount: 0 });
    expect(result.origin).toBe('http://localhost:3000');
    expect(JSON.stringify(result)).not.toMatch(/798765432|798 765 432/);
  });

  it('counts a view from a person, and shows the counted number', async () => {
    const before = await views(ids.axio!);
    const result = await callDetail(ids.axio!);
    expect(await views(ids.axio!)).toBe(before + 1);
    expect(result.listing.views).toBe(before + 1);
    await callDetail(ids.axio!, { auth: buyer });
    expect(await views(ids.axio!)).toBe(before + 2);
  });

  it('counts a viewer once a day: reloading, or the same account on another device, adds nothing', async () => {
    const before = await views(ids.axio!);
    for (let i = 0; i < 3; i++) await callDetail(ids.axio!, { deviceId: 'reloading-phone' });
    expect(await views(ids.axio!)).toBe(before + 1);
    const { user: newBuyer } = await t.createUser();
    await callDetail(ids.axio!, { auth: newBuyer, deviceId: 'buyer-phone' });
    await callDetail(ids.axio!, { auth: newBuyer, deviceId: 'buyer-laptop' });
    expect(await views(ids.axio!)).toBe(before + 2);
    // The next day the same phone counts again.
    await t.services.db.execute(sql`update listing_views set day = day - 1 where viewer = 'd:reloading-phone'`);
    await callDetail(ids.axio!, { deviceId: 'reloading-phone' });
    expect(await views(ids.axio!)).toBe(before + 3);
  });

  it('does not count crawlers, link prefetches or the owner', async () => {
    const before = await views(ids.axio!);
    await callDetail(ids.axio!, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } });
    await callDetail(ids.axio!, { headers: { 'user-agent': 'facebookexternalhit/1.1' } });
    await callDetail(ids.axio!, { headers: { 'user-agent': BROWSER_UA, 'sec-purpose': 'prefetch' } });
    const own = await callDetail(ids.axio!, { auth: seller });
    expect(own.isOwner).toBe(true);
    expect(await views(ids.axio!)).toBe(before);
  });

  it('answers 404 "Listing not found." for unknown and malformed ids', async () => {
    for (const id of ['7d3c1b9e-0000-4000-8000-000000000000', 'not-an-id']) {
      const thrown = await callDetail(id).then(
        () => null,
        (e: unknown) => e,
      );
      expect(unwrap(thrown as Wrapped<string>)).toEqual({ body: 'Listing not found.', status: 404 });
    }
  });

  it('answers 500 with a reference, not internals, when the database fails', async () => {
    const thrown = await detailLoader(routeArgs({ request: get(`/listing/${ids.axio}`), params: { id: ids.axio! }, context: context(null, brokenDb) })).then(
      () => null,
      (e: unknown) => e,
    );
    const { body, status } = unwrap(thrown as Wrapped<string>);
    expect(status).toBe(500);
    expect(body).toBe('Something went wrong on our side (reference abcdef12). Please try again later.');
  });
});

describe('all listings loader', () => {
  /** The loader's answer, with its cards (handed over as JSON text) parsed as the page parses them. */
  const call = (path: string, db?: Db) =>
    listingsLoader(routeArgs({ request: get(path), params: {}, context: context(null, db) }))
      .then(unwrap)
      .then(({ body, status }) => ({ body: { ...body, items: parseJsonText(body.cards) }, status }));

  it('lists everything, featured first, as light cards', async () => {
    const { body, status } = await call('/listings');
    expect(status).toBe(200);
    expect(body.items.map((i) => i.title)).toEqual(['Grey sofa set', 'Toyota Axio 2014', 'Fibreglass fishing boat']);
    expect(body).toMatchObject({ total: 3, page: 1, pageCount: 1, category: null, search: '', location: '', error: null });
    expect(body.items[0]).not.toHaveProperty('description');
    expect(body.items[0]).not.toHaveProperty('user');
    expect(body.items[2]!.photo).toBeNull();
  });

  it('filters by category (case-insensitive; unknown and outside the list are Others), search and location', async () => {
    expect((await call('/products?category=cars%20%26%20vehicles')).body.items.map((i) => i.title)).toEqual(['Toyota Axio 2014']);
    expect((await call('/listings?category=boats')).body).toMatchObject({ category: 'Others', total: 1 });
    expect((await call('/products?search=toyota&location=kasarani')).body.total).toBe(1);
    expect((await call('/products?location=Lamu')).body.items.map((i) => i.title)).toEqual(['Fibreglass fishing boat']);
    expect((await call('/products?search=zebra')).body).toMatchObject({ total: 0, items: [] });
  });

  it('pages past the end are empty, not an error', async () => {
    const { body, status } = await call('/listings?page=9');
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 9, items: [], pageCount: 1 });
  });

  it('reports a failure with status 500 and a reason for the error text', async () => {
    const { body, status } = await call('/listings?search=sofa', brokenDb);
    expect(status).toBe(500);
    expect(body.error).toBe('something went wrong on our side (reference abcdef12)');
    expect(body.search).toBe('sofa');
  });
});

describe('category page loader', () => {
  const call = (slug: string, query = '', db?: Db) =>
    categoryLoader(routeArgs({ request: get(`/category/${slug}${query}`), params: { slug }, context: context(null, db) })).then(unwrap);

  it('answers 404 for a slug that is not one of the nine', async () => {
    for (const slug of ['boats', 'cars-and-vehicles', 'furniture-']) {
      const { body, status } = await call(slug);
      expect(status).toBe(404);
      expect(body.notFound).toBe(true);
    }
  });

  it('lists the category with its description and count; Others includes outside categories', async () => {
    const furniture = await call('furniture');
    expect(furniture.status).toBe(200);
    expect(furniture.body).toMatchObject({ notFound: false, category: 'Furniture', total: 1, description: expect.stringContaining('Sofas') });
    expect((await call('others')).body).toMatchObject({ total: 1 });
    expect((await call('Cars-Vehicles', '?search=axio')).body).toMatchObject({ total: 1 });
  });

  it('applies the price filters and sort', async () => {
    expect((await call('cars-vehicles', '?maxPrice=1000000')).body).toMatchObject({ total: 0, maxPrice: 1000000 });
    expect((await call('cars-vehicles', '?minPrice=1000000&sort=price_desc')).body).toMatchObject({ total: 1, sort: 'price_desc' });
    expect((await call('cars-vehicles', '?minPrice=-5&sort=bogus')).body).toMatchObject({ minPrice: undefined, sort: 'newest' });
  });

  it('reports a failure with status 500', async () => {
    const { body, status } = await call('furniture', '', brokenDb);
    expect(status).toBe(500);
    expect(body.notFound === false && body.error).toBe('Something went wrong on our side. Please try again later.');
  });
});

describe('listing cards', () => {
  /** The card of an API listing: its card fields, and its cover photo's key and size. */
  const cardOf = (l: ListingJson) => ({
    _id: l._id,
    title: l.title,
    price: l.price,
    currency: l.currency,
    location: l.location,
    place: l.place,
    category: l.category,
    subcategory: l.subcategory,
    featured: l.featured,
    createdAt: l.createdAt,
    photo: l.photos[0]
      ? {
          // Names the 4:3 card files (issue 16).
          key: /\/media\/(.+)-1280\.webp$/.exec(l.photos[0].url)![1],
          width: l.photos[0].width,
          height: l.photos[0].height,
        }
      : null,
    // The seller line (issue 44): the seller's rating as the ad's own JSON has it.
    sellerRating: l.user.rating,
    sellerReviews: l.user.reviewCount,
  });

  it('are written by the database: exactly the card fields of each listing, nothing else', async () => {
    const db = t.services.db;
    const all = (await searchListings(db, {})).items;
    expect(all.some((l) => l.photos.length > 1) && all.some((l) => l.photos.length === 0)).toBe(true);
    expect((await searchCards(db, {})).items).toEqual(all.map(cardOf));
    expect(await featuredCards(db)).toEqual((await featuredListings(db)).map(cardOf));
    expect(await cardsByOwner(db, seller.id)).toEqual((await listingsByOwner(db, seller.id)).map(cardOf));
    const { body } = unwrap(await listingsLoader(routeArgs({ request: get('/listings'), params: {}, context: context() })));
    // Handed to the browser as the database wrote them: one string, not some 300 values to encode.
    expect(body.cards).toBe((await searchCards(db, {})).itemsJson);
    expect(parseJsonText(body.cards)).toEqual(all.map(cardOf));
  });
});

describe('home loader', () => {
  it('gives the featured ads and counts for all nine categories', async () => {
    const result = await homeLoader(routeArgs({ request: get('/'), params: {}, context: context() }));
    expect(result.featured!.map((l) => l.title)).toEqual(['Grey sofa set']);
    expect(result.counts).toEqual({
      'Cars & Vehicles': 1,
      'For Sale': 0,
      Services: 0,
      Property: 0,
      Pets: 0,
      Jobs: 0,
      Furniture: 1,
      Electronics: 0,
      Others: 1,
    });
  });

  it('still renders when the database fails: both parts report null', async () => {
    const result = await homeLoader(routeArgs({ request: get('/'), params: {}, context: context(null, brokenDb) }));
    // `saved`: which cards show Save pressed (issue 18); nothing without a database, signed in or not.
    expect(result).toEqual({ featured: null, counts: null, saved: [] });
    const signedIn = await homeLoader(routeArgs({ request: get('/'), params: {}, context: context(buyer, brokenDb) }));
    expect(signedIn).toEqual({ featured: null, counts: null, saved: [] });
  });
});
