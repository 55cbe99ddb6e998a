import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loader as categoryLoader } from '../../app/routes/listings/category.tsx';
import { loader as detailLoader } from '../../app/routes/listings/listing-detail.tsx';
import { loader as listingsLoader } from '../../app/routes/listings/listings.tsx';
import { cleanQuery, resultsHeading } from '../../app/components/listings/browse.ts';
import { filterChips } from '../../app/components/listings/FilterChips.tsx';
import type { RequestContext } from '../../server/context.ts';
import { similarAds } from '../../server/listings/similar-ads.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { insertRows } from './listings-support.ts';
import { routeArgs } from './route-args.ts';

/*
 * The results page (issue 42, points 3, 4 and 7): clean addresses (no empty parameters), the
 * heading that says what is shown, chips that remove one filter each, the county/town rule on
 * the API and the pages, and similar ads on a live ad's page.
 */

let t: TestApp;
const ids: Record<string, string> = {};

function context(): RequestContext {
  return {
    ...t.services,
    requestId: 'abcdef12-3456-7890-abcd-ef1234567890',
    clientIp: '127.0.0.1',
    deviceId: 'device-of-the-test-0001',
    deviceKnown: true,
    nonce: '',
    locale: 'en',
    auth: null,
    setSessionCookie: () => {},
    clearSessionCookie: () => {},
  };
}

const get = (path: string) => new Request(`http://localhost:3000${path}`, { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 10; K) Chrome/126.0 Mobile Safari/537.36' } });

/** A loader's answer: the redirect it threw (its status and Location), or its data. */
async function answer(run: () => Promise<unknown>): Promise<{ redirect: string | null; status: number; body: Record<string, unknown> }> {
  try {
    const result = (await run()) as { data: Record<string, unknown>; init: ResponseInit | null };
    return { redirect: null, status: result.init?.status ?? 200, body: result.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get('Location'), status: thrown.status, body: {} };
    throw thrown;
  }
}
const listings = (path: string) => answer(() => listingsLoader(routeArgs({ request: get(path), params: {}, context: context() })) as Promise<unknown>);
const category = (slug: string, query = '') => answer(() => categoryLoader(routeArgs({ request: get(`/category/${slug}${query}`), params: { slug }, context: context() })) as Promise<unknown>);
const titles = (body: Record<string, unknown>) => (JSON.parse(body.cards as string) as { title: string }[]).map((c) => c.title);

beforeAll(async () => {
  t = await createTestApp();
  const { user } = await t.createUser();
  const at = (minutes: number) => new Date(Date.UTC(2026, 5, 1) + minutes * 60_000);
  const rows = [
    { title: 'Axio Westlands old', subcategory: 'Cars', location: 'Westlands, Nairobi City', createdAt: at(1) },
    { title: 'Axio Kilimani', subcategory: 'Cars', location: 'Kilimani, Nairobi City', createdAt: at(2) },
    { title: 'Axio Westlands new', subcategory: 'Cars', location: 'Westlands, Nairobi City', createdAt: at(3) },
    { title: 'Premio Nyali', subcategory: 'Cars', location: 'Nyali, Mombasa', createdAt: at(4) },
    { title: 'Boda Westlands', subcategory: 'Motorbikes', location: 'Westlands, Nairobi City', createdAt: at(5) },
    { title: 'Lorry Nakuru', subcategory: 'Trucks and buses', location: 'Nakuru', createdAt: at(6) },
    { title: 'Sofa Westlands', category: 'Furniture', location: 'Westlands, Nairobi City', createdAt: at(7) },
    { title: 'Axio Westlands sold', subcategory: 'Cars', location: 'Westlands, Nairobi City', status: 'sold' as const, createdAt: at(8) },
  ].map((r) => ({ category: 'Cars & Vehicles', price: 1_000_000, ...r }));
  const inserted = await insertRows(t, user.id, rows);
  rows.forEach((r, i) => (ids[r.title] = inserted[i]!.id));
});
afterAll(async () => {
  await t?.close();
});

describe('clean addresses', () => {
  it('redirects an address with empty parameters to the same address without them', async () => {
    expect(await listings('/listings?search=axio&category=&county=&town=&minPrice=&maxPrice=&sort=newest')).toMatchObject({ status: 301, redirect: '/listings?search=axio&sort=newest' });
    expect(await listings('/products?search=%20&county=047')).toMatchObject({ status: 301, redirect: '/products?county=047' });
    expect(await listings('/listings?minPrice=')).toMatchObject({ status: 301, redirect: '/listings' });
    expect(await category('cars-vehicles', '?search=&town=westlands&maxPrice=')).toMatchObject({ status: 301, redirect: '/category/cars-vehicles?town=westlands' });
  });

  it('leaves a clean address, and a search sent blank (the spec’s message), as they are', async () => {
    expect(await listings('/listings?search=axio&county=047')).toMatchObject({ status: 200, redirect: null });
    const blank = await listings('/listings?search=');
    expect(blank).toMatchObject({ status: 200, redirect: null });
    expect(blank.body.blankSearch).toBe(true);
    expect(cleanQuery(new URLSearchParams('search=&location='))).toBeNull();
  });
});

describe('the county and town', () => {
  it('a county finds its towns’ ads; a town of another county is set aside with a message on the pages', async () => {
    const both = await listings('/listings?category=cars-vehicles&county=001&town=westlands');
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ county: '001', town: null, placeNote: 'Westlands is in Nairobi City, not in Mombasa: pick a town of Mombasa, or no county.' });
    expect(titles(both.body)).toEqual(['Premio Nyali']);
    const agree = await category('cars-vehicles', '?county=047&town=westlands');
    expect(agree.body).toMatchObject({ county: '047', town: 'westlands', placeNote: null });
    expect(titles(agree.body)).toEqual(['Boda Westlands', 'Axio Westlands new', 'Axio Westlands old']);
  });

  it('the API refuses them together with a 400 that says why', async () => {
    const res = await t.request('/api/listings?county=mombasa&town=westlands');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Westlands is in Nairobi City, not in Mombasa: pick a town of Mombasa, or no county.');
    expect((await t.request('/api/listings?county=nairobi&town=westlands')).status).toBe(200);
  });
});

describe('the heading and the chips', () => {
  it('says what is shown, and keeps the spec’s headings without a subcategory or place', () => {
    const terms = { category: 'Cars & Vehicles' as const, search: 'toyota', location: '' };
    expect(resultsHeading({ ...terms, subcategory: 'Cars', county: '047' }, 'x')).toBe('Toyota Cars in Nairobi City');
    expect(resultsHeading({ ...terms, search: '', town: 'westlands' }, 'x')).toBe('Cars & Vehicles in Westlands, Nairobi City');
    expect(resultsHeading({ ...terms, category: null, county: '001' }, 'x')).toBe('Search Results for "toyota" in Mombasa');
    expect(resultsHeading(terms, 'Search Results for "toyota"')).toBe('Search Results for "toyota"');
  });

  it('each chip links to the same results without its filter (and a subcategory’s fields go with it)', () => {
    const values = { category: 'Cars & Vehicles', search: 'axio', location: '', county: '047', town: null, minPrice: 500000, subcategory: 'Cars', attributes: { year: { min: 2012 } }, sort: 'price_asc' };
    expect(filterChips('/listings', values, false)).toEqual([
      { label: 'Cars & Vehicles', href: '/listings?search=axio&county=047&minPrice=500000&sort=price_asc#results' },
      { label: 'Cars', href: '/listings?search=axio&category=Cars+%26+Vehicles&county=047&minPrice=500000&sort=price_asc#results' },
      { label: 'Year from 2,012', href: '/listings?search=axio&category=Cars+%26+Vehicles&county=047&minPrice=500000&subcategory=Cars&sort=price_asc#results' },
      { label: 'Nairobi City', href: '/listings?search=axio&category=Cars+%26+Vehicles&minPrice=500000&subcategory=Cars&attr.year.min=2012&sort=price_asc#results' },
      { label: 'From Ksh 500,000', href: '/listings?search=axio&category=Cars+%26+Vehicles&county=047&subcategory=Cars&attr.year.min=2012&sort=price_asc#results' },
      { label: 'Price: low to high', href: '/listings?search=axio&category=Cars+%26+Vehicles&county=047&minPrice=500000&subcategory=Cars&attr.year.min=2012#results' },
    ]);
  });
});

describe('similar ads', () => {
  it('the same subcategory in the same county first, newest first, then wider; never the ad itself nor a sold one', async () => {
    const similar = (await similarAds(t.services.db, ids['Axio Westlands old']!)).map((c) => c.title);
    // Kilimani is in Nairobi City too; then Cars anywhere, then the category in the county, then anywhere.
    expect(similar).toEqual(['Axio Westlands new', 'Axio Kilimani', 'Premio Nyali', 'Boda Westlands', 'Lorry Nakuru']);
  });

  it('a live ad’s page has them', async () => {
    const id = ids['Lorry Nakuru']!;
    const result = (await detailLoader(routeArgs({ request: get(`/listing/${id}`), params: { id }, context: context() }))) as { similar: { title: string }[] };
    expect(result.similar.map((c) => c.title)).toEqual(['Boda Westlands', 'Premio Nyali', 'Axio Westlands new', 'Axio Kilimani', 'Axio Westlands old']);
  });
});
