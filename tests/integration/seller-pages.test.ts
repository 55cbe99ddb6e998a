import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { users } from '../../server/db/schema/index.ts';
import { findSeller, sellerCards } from '../../server/users/sellers.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/app.ts';
import { insertRows } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * Public seller pages (issue 18): /seller/:username and GET /api/sellers/{username}. They show
 * the name, location, member since, active ads and the ads, and nothing private.
 */
let t: TestApp;
let pages: Awaited<ReturnType<typeof loadPageBuild>>;
let app: ReturnType<typeof createApp>;
let seller: Awaited<ReturnType<TestApp['createUser']>>;
let adIds: string[] = [];
const PHONE = '+254722334455';
const EMAIL_LOCAL = 'kipchoge-private';

beforeAll(async () => {
  t = await createTestApp();
  pages = await loadPageBuild();
  app = createApp(t.services, { getBuild: pages.getBuild });
  seller = await t.createUser({
    firstName: 'Kipchoge',
    lastName: 'Rotich',
    email: `${EMAIL_LOCAL}@example.co.ke`,
    phoneNumber: PHONE,
    location: 'Eldoret',
    createdAt: new Date(Date.UTC(2024, 2, 15)),
  });
  await t.services.db.execute(`UPDATE users SET address = '12 Secret Lane', city = 'Hidden City' WHERE id = '${seller.user.id}'`);
  // 30 ads, oldest first: the page shows the newest 24, then 6.
  const rows = await insertRows(t, seller.user.id, Array.from({ length: 30 }, (_, i) => ({ title: `Kipchoge ad ${String(i).padStart(2, '0')}` })));
  adIds = rows.map((r) => r.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const page = (path: string, cookie?: string) => app.request(`${TEST_ORIGIN}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
const text = async (res: Response) => (await res.text()).replaceAll('<!-- -->', '');

function expectNothingPrivate(body: string) {
  expect(body).not.toContain(EMAIL_LOCAL);
  expect(body).not.toContain('722334455');
  expect(body).not.toContain('722 334 455');
  expect(body).not.toContain('Secret Lane');
  expect(body).not.toContain('Hidden City');
  expect(body).not.toContain('passwordHash');
  expect(body).not.toContain('$argon2');
}

describe('domain', () => {
  it('finds a seller by handle, with the count of active ads, and pages their ads newest first', async () => {
    const found = await findSeller(t.services.db, seller.user.username);
    expect(found).toEqual({
      _id: seller.user.id,
      username: seller.user.username,
      firstName: 'Kipchoge',
      lastName: 'Rotich',
      location: 'Eldoret',
      memberSince: '2024-03-15T00:00:00.000Z',
      activeAds: 30,
      phoneVerified: false,
    });
    const first = await sellerCards(t.services.db, seller.user.id, { page: 1, limit: 24 });
    expect(first).toHaveLength(24);
    expect(first[0]!.title).toBe('Kipchoge ad 29');
    const second = await sellerCards(t.services.db, seller.user.id, { page: 2, limit: 24 });
    expect(second.map((c) => c.title)).toEqual(['Kipchoge ad 05', 'Kipchoge ad 04', 'Kipchoge ad 03', 'Kipchoge ad 02', 'Kipchoge ad 01', 'Kipchoge ad 00']);
  });

  it('knows no seller for an unknown or malformed handle', async () => {
    for (const handle of ['no.such.seller', '', "x' OR 1=1 --", '../etc', 'A'.repeat(300)]) expect(await findSeller(t.services.db, handle), handle).toBeNull();
  });
});

describe('page', () => {
  it('shows name, location, member since, active ads and the ads, with a good title and description', async () => {
    const res = await page(`/seller/${seller.user.username}`);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain('<h1 class="break-words text-2xl font-extrabold sm:text-3xl">Kipchoge Rotich</h1>');
    expect(html).toContain(`@${seller.user.username}`);
    expect(html).toMatch(/Location<\/dt><dd>Eldoret<\/dd>/);
    expect(html).toMatch(/Member since<\/dt><dd>March 2024<\/dd>/);
    expect(html).toMatch(/data-testid="active-ads">30<\/dd>/);
    expect(html).toContain('<title>Kipchoge Rotich in Eldoret: 30 ads | Soko</title>');
    expect(html).toMatch(/<meta name="description" content="Ads by Kipchoge Rotich in Eldoret on Soko, a member since March 2024. 30 active ads."/);
    expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/seller/${seller.user.username}"`);
    expect(html).toContain('Kipchoge ad 29');
    expect(html).not.toContain('Kipchoge ad 05');
    expect(html).toContain('Page 1 of 2');
    expectNothingPrivate(html);
  });

  it('shows nothing private to a signed-in visitor either', async () => {
    const visitor = await t.createUser();
    expectNothingPrivate(await text(await page(`/seller/${seller.user.username}`, `${SESSION_COOKIE}=${visitor.token}`)));
  });

  it('shows "Verified phone" while the seller’s current number is verified, never the number', async () => {
    const path = `/seller/${seller.user.username}`;
    expect(await text(await page(path))).not.toContain('Verified phone');
    await t.services.db.update(users).set({ phoneVerified: seller.user.phoneNumber }).where(eq(users.id, seller.user.id));
    const body = await text(await page(path));
    expect(body).toContain('Verified phone');
    expectNothingPrivate(body);
    expect((await (await t.request(`/api/sellers/${seller.user.username}`)).json()).seller.phoneVerified).toBe(true);
    // A verification of another number (the seller changed theirs since) is no verification.
    await t.services.db.update(users).set({ phoneVerified: '+254700000001' }).where(eq(users.id, seller.user.id));
    expect(await text(await page(path))).not.toContain('Verified phone');
    await t.services.db.update(users).set({ phoneVerified: null }).where(eq(users.id, seller.user.id));
  });

  it('paginates', async () => {
    const html = await text(await page(`/seller/${seller.user.username}?page=2`));
    expect(html).toContain('Page 2 of 2');
    expect(html).toContain('Kipchoge ad 05');
    expect(html).not.toContain('Kipchoge ad 06');
    expect(html).toContain('<title>Kipchoge Rotich in Eldoret: 30 ads (page 2) | Soko</title>');
  });

  it('answers 404 for unknown sellers', async () => {
    for (const path of ['/seller/no.such.seller', '/seller/%27%20OR%201%3D1', `/seller/${seller.user.username.toUpperCase()}X`]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('Seller not found');
    }
  });

  it('is linked from the ad page’s seller card', async () => {
    const html = await text(await page(`/listing/${adIds[0]}`));
    expect(html).toContain(`href="/seller/${seller.user.username}"`);
  });
});

describe('API', () => {
  it('GET /api/sellers/{username}: the public profile and a page of ads, nothing private', async () => {
    const res = await t.request(`/api/sellers/${seller.user.username}?page=2`);
    expect(res.status).toBe(200);
    const raw = await res.text();
    expectNothingPrivate(raw);
    const body = JSON.parse(raw) as { seller: Record<string, unknown>; listings: Array<{ title: string }>; page: number; limit: number };
    expect(Object.keys(body.seller).sort()).toEqual(['_id', 'activeAds', 'firstName', 'lastName', 'location', 'memberSince', 'phoneVerified', 'username']);
    expect(body.listings).toHaveLength(6);
    expect(body).toMatchObject({ page: 2, limit: 24 });
  });

  it('404 for unknown sellers, 400 for bad pages', async () => {
    const res = await t.request('/api/sellers/no.such.seller');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Seller not found.' });
    expect((await t.request(`/api/sellers/${seller.user.username}?page=abc`)).status).toBe(400);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/sellers/{username}']!)).toEqual(['get']);
  });
});
