import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as registerAction } from '../../app/routes/accounts/register.tsx';
import { action as editAction } from '../../app/routes/listings/edit-ad.tsx';
import { action as detailAction, loader as detailLoader } from '../../app/routes/listings/listing-detail.tsx';
import { loader as listingsLoader } from '../../app/routes/listings/listings.tsx';
import { action as postAdAction } from '../../app/routes/listings/post-ad.tsx';
import { cardFileName, CARD_FORMATS, CARD_IMAGE_WIDTHS } from '#kernel/card-images.ts';
import { parseJsonText } from '#kernel/json-text.ts';
import { PHONE_NEEDED_FOR_ADS } from '../../server/auth/accounts.ts';
import type { User } from '../../server/auth/sessions.ts';
import { createApp } from '../../server/app.ts';
import type { Auth, RequestContext } from '../../server/context.ts';
import { listingImages, listings } from '../../server/db/schema/index.ts';
import { searchCards } from '../../server/search/search.ts';
import { imageFiles, storeCoverFiles, storeImage } from '../../server/media/images.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';
import { adForm, file, image, postAd, VALID_AD } from './listings-support.ts';
import { routeArgs } from './route-args.ts';

/**
 * Issue 16, the server's side: contact without JavaScript (the ad page's action), the rule
 * that keeps a seller reachable, card images, precompressed assets and the page actions that
 * used to lose things (text edit, sign-up, the plain post-ad form).
 */
let t: TestApp;
let seller: User;
let sellerToken: string;
let adId: string;

function context(auth: User | null, deviceId = `device-${crypto.randomUUID()}`, cookies: string[] = []): RequestContext {
  return {
    ...t.services,
    requestId: 'abcdef12-3456-7890-abcd-ef1234567890',
    clientIp: '10.1.2.3',
    deviceId,
    deviceKnown: true,
    nonce: '',
    locale: 'en',
    auth: auth ? ({ user: auth, session: {}, token: 'x', via: 'cookie' } as unknown as Auth) : null,
    setSessionCookie: (token) => void cookies.push(token),
    clearSessionCookie: () => {},
  };
}

const post = (pathname: string, body: FormData) => new Request(`${TEST_ORIGIN}${pathname}`, { method: 'POST', body });
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
type Wrapped = { data: unknown; init: ResponseInit | null };
const unwrap = (result: unknown) => {
  const w = result as Wrapped;
  return w && typeof w === 'object' && 'data' in w && 'init' in w ? { body: w.data as Record<string, unknown>, status: w.init?.status ?? 200 } : { body: result as Record<string, unknown>, status: 200 };
};

beforeAll(async () => {
  t = await createTestApp();
  const made = await t.createUser({ firstName: 'Otieno', phoneNumber: '+254733112233' });
  seller = made.user;
  sellerToken = made.token;
  const res = await postAd(t, sellerToken);
  adId = (await res.json())._id;
});

afterAll(async () => {
  await t?.close();
});

describe('Show phone without JavaScript: the ad page’s action', () => {
  it('reveals the number on request; the page itself never carries it', async () => {
    const deviceId = `device-${crypto.randomUUID()}`;
    const page = await detailLoader(routeArgs({ request: new Request(`${TEST_ORIGIN}/listing/${adId}`), params: { id: adId }, context: context(null, deviceId) }));
    expect(JSON.stringify(page)).not.toMatch(/733112233|733 112 233/);
    for (const intent of ['phone', 'call', 'whatsapp']) {
      const result = unwrap(await detailAction(routeArgs({ request: post(`/listing/${adId}`, form({ intent })), params: { id: adId }, context: context(null, deviceId) })));
      expect(result.body).toEqual({ phone: '+254733112233', intent });
    }
  });

  it('counts against the same per-device limit as the API, with its message and status', async () => {
    // A device id as the soko_device cookie carries it (22 base64url characters).
    const deviceId = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');
    for (let i = 0; i < 40; i++) await t.services.rateLimits.hit('phoneRevealPerDevice', deviceId);
    const result = unwrap(await detailAction(routeArgs({ request: post(`/listing/${adId}`, form({ intent: 'phone' })), params: { id: adId }, context: context(null, deviceId) })));
    expect(result.status).toBe(429);
    expect(result.body.error).toMatch(/phone numbers/i);
    // The API, for the same browser, says the same.
    const api = await t.request(`/api/listings/${adId}/phone`, { headers: { Cookie: t.deviceCookie(deviceId) } });
    expect(api.status).toBe(429);
  });

  it('hands an old Save form on to /saved/:id (Save is real since issue 18), and answers an unknown ad with 404', async () => {
    const saved = (await detailAction(routeArgs({ request: post(`/listing/${adId}`, form({ intent: 'save' })), params: { id: adId }, context: context(null) })).catch((r: unknown) => r)) as Response;
    expect(saved.status).toBe(307);
    expect(saved.headers.get('location')).toBe(`/saved/${adId}`);
    const missing = '7d3c1b9e-0000-4000-8000-000000000000';
    await expect(detailAction(routeArgs({ request: post(`/listing/${missing}`, form({ intent: 'phone' })), params: { id: missing }, context: context(null) }))).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});

describe('a seller stays reachable', () => {
  it('cannot remove the phone number while they have ads, and is told why', async () => {
    const res = await t.request('/api/auth/me', { method: 'PUT', token: sellerToken, json: { phoneNumber: '' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: PHONE_NEEDED_FOR_ADS, errors: [{ msg: PHONE_NEEDED_FOR_ADS, path: 'phoneNumber' }] });
    // Another number is fine.
    const changed = await t.request('/api/auth/me', { method: 'PUT', token: sellerToken, json: { phoneNumber: '0733 112 244' } });
    expect(changed.status).toBe(200);
    expect((await changed.json()).phoneNumber).toBe('+254733112244');
  });

  it('may remove it with no ads', async () => {
    const { token } = await t.createUser();
    const res = await t.request('/api/auth/me', { method: 'PUT', token, json: { phoneNumber: '' } });
    expect(res.status).toBe(200);
    expect((await res.json()).phoneNumber).toBeNull();
  });
});

describe('card images', () => {
  it('are made for the cover: 4:3, AVIF and WebP, never wider than the photo, once', async () => {
    const stored = await storeImage(t.services.media, await image('jpeg', 1600, 900));
    // An upload alone has no card files: only a cover needs them. (By their exact names: a
    // random storage key has "-c" in it one time in eight, which made this test fail at random.)
    const cardFiles = CARD_IMAGE_WIDTHS.flatMap((width) => CARD_FORMATS.map((format) => cardFileName(stored.storageKey, width, format)));
    expect(stored.files.filter((f) => cardFiles.includes(f))).toEqual([]);
    const written = await storeCoverFiles(t.services.media, stored.storageKey);
    expect(written).toHaveLength(CARD_IMAGE_WIDTHS.length * CARD_FORMATS.length + 1);
    expect(await storeCoverFiles(t.services.media, stored.storageKey)).toEqual([]);
    stored.files.push(...written);
    for (const width of CARD_IMAGE_WIDTHS) {
      for (const format of CARD_FORMATS) {
        const name = cardFileName(stored.storageKey, width, format);
        expect(stored.files).toContain(name);
        const meta = await sharp(fs.readFileSync(path.join(t.config.mediaDir, name))).metadata();
        expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
        expect([meta.width, meta.height]).toEqual([width, (width * 3) / 4]);
      }
    }
    const small = await storeImage(t.services.media, await image('png', 200, 400));
    await storeCoverFiles(t.services.media, small.storageKey);
    const meta = await sharp(fs.readFileSync(path.join(t.config.mediaDir, cardFileName(small.storageKey, 320, 'webp')))).metadata();
    expect([meta.width, meta.height]).toEqual([200, 150]);
    // Deleting the image removes its card files too.
    expect(imageFiles(stored.storageKey)).toEqual(expect.arrayContaining(stored.files));
  });

  it('of a photo that has none yet are made on their first request, once', async () => {
    const stored = await storeImage(t.services.media, await image('jpeg', 1200, 900));
    const name = cardFileName(stored.storageKey, 320, 'avif');
    expect(fs.existsSync(path.join(t.config.mediaDir, name))).toBe(false);
    const res = await t.request(`/media/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([320, 240]);
    expect(fs.existsSync(path.join(t.config.mediaDir, name))).toBe(true);
    expect((await t.request(`/media/7d3c1b9e-0000-4000-8000-000000000000-c320.avif`)).status).toBe(404);
  });

  it('are named in the cards, with when the ad was posted', async () => {
    const page = await searchCards(t.services.db, { search: VALID_AD.title });
    const card = page.items.find((c) => c._id === adId)!;
    const [row] = await t.services.db.select().from(listingImages).where(eq(listingImages.listingId, adId));
    expect(card.photo?.key).toBe(row!.storageKey);
    expect(Date.now() - Date.parse(card.createdAt)).toBeLessThan(60_000);
  });
});

describe('static assets', () => {
  it('are sent precompressed: brotli when the browser takes it, else gzip, else as they are', async () => {
    const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-assets-'));
    const assets = path.join(buildDir, 'client', 'assets');
    fs.mkdirSync(assets, { recursive: true });
    fs.writeFileSync(path.join(assets, 'app-abc.js'), 'console.log("plain")');
    fs.writeFileSync(path.join(assets, 'app-abc.js.br'), 'brotli bytes');
    fs.writeFileSync(path.join(assets, 'app-abc.js.gz'), 'gzip bytes');
    try {
      const app = createApp({ ...t.services, config: { ...t.config, buildDir } }, { serveClientAssets: true });
      const get = (encoding: string) => app.request(`${TEST_ORIGIN}/assets/app-abc.js`, { headers: { 'Accept-Encoding': encoding } });
      const br = await get('gzip, deflate, br, zstd');
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('content-type')).toMatch(/javascript/);
      expect(br.headers.get('cache-control')).toContain('immutable');
      expect(await br.text()).toBe('brotli bytes');
      const gz = await get('gzip');
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(await gz.text()).toBe('gzip bytes');
      expect(await (await get('identity')).text()).toBe('console.log("plain")');
    } finally {
      fs.rmSync(buildDir, { recursive: true, force: true });
    }
  });
});

describe('page actions that used to lose things', () => {
  it('the text-only edit keeps the subcategory and currency, and takes an empty price', async () => {
    const res = await postAd(t, sellerToken, { ...VALID_AD, title: 'Leather sofa, 3 seater', category: 'Furniture', subcategory: 'Sofas', currency: 'USD', price: '450' });
    const id = (await res.json())._id;
    const sent = form({ title: 'Leather sofa, 3 seater', description: 'Barely used.', price: '', category: 'Furniture', subcategory: 'Sofas', location: 'Karen' });
    await editAction(routeArgs({ request: post(`/listings/${id}`, sent), params: { id }, context: context(seller) }));
    const [row] = await t.services.db.select().from(listings).where(eq(listings.id, id));
    expect(row).toMatchObject({ subcategory: 'Sofas', currency: 'USD', price: null, location: 'Karen', description: 'Barely used.' });
  });

  it('sign-up signs the new member in and keeps where they were heading', async () => {
    const cookies: string[] = [];
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.co.ke`;
    const body = form({
      firstName: 'Achieng',
      lastName: 'Odhiambo',
      email,
      phoneNumber: '0712 000 111',
      location: 'Kisumu',
      password: 'lake-victoria-2024',
      confirmPassword: 'lake-victoria-2024',
      terms: 'on',
      redirectTo: '/post-ad',
    });
    const result = (await registerAction(routeArgs({ request: post('/auth/register', body), params: {}, context: context(null, undefined, cookies) }))) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/welcome?next=%2Fpost-ad');
    expect(cookies).toHaveLength(1);
    // Nowhere but our own site.
    body.set('email', `other-${email}`);
    body.set('redirectTo', '//evil.example/');
    const elsewhere = (await registerAction(routeArgs({ request: post('/auth/register', body), params: {}, context: context(null, undefined, []) }))) as Response;
    expect(elsewhere.headers.get('Location')).toBe('/welcome');
  });

  it('the plain post-ad form marks the missing photos, and a posted ad goes to the success screen', async () => {
    const fields = { title: 'Wooden bed', description: 'Mahogany.', category: 'Furniture', price: '', currency: 'KES', location: 'Eldoret' };
    const failed = unwrap(await postAdAction(routeArgs({ request: post('/post-ad', adForm(fields)), params: {}, context: context(seller) })));
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({ error: 'Error: All fields and at least one image are required.', fieldErrors: { images: 'At least one image is required.' }, values: { title: 'Wooden bed' } });
    await t.services.rateLimits.reset('postsPerAccount', seller.id);
    const posted = (await postAdAction(routeArgs({ request: post('/post-ad', adForm(fields, [file(await image('png'), 'bed.png', 'image/png')])), params: {}, context: context(seller) }))) as Response;
    expect(posted.status).toBe(302);
    expect(posted.headers.get('Location')).toMatch(/^\/post-ad\?posted=[0-9a-f-]{36}$/);
  });

  it('/listings: a blank search asks for a query instead of listing everything; filters apply', async () => {
    const call = (query: string) => listingsLoader(routeArgs({ request: new Request(`${TEST_ORIGIN}/listings${query}`), params: {}, context: context(null) }));
    const blank = unwrap(await call('?search='));
    expect(blank.body).toMatchObject({ blankSearch: true, total: 0 });
    expect(parseJsonText(blank.body.cards as string)).toEqual([]);
    const filtered = unwrap(await call(`?search=${encodeURIComponent('Toyota Axio')}&minPrice=1000000&maxPrice=2000000&sort=price_desc&location=Nairobi`));
    expect(filtered.body).toMatchObject({ blankSearch: false, minPrice: 1000000, maxPrice: 2000000, sort: 'price_desc', location: 'Nairobi' });
    expect((parseJsonText(filtered.body.cards as string) as unknown[]).length).toBeGreaterThan(0);
  });
});
