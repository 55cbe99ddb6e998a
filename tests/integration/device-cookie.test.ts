import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { listings } from '../../server/db/schema/index.ts';
import { RATE_LIMITS } from '../../server/rate-limits/rate-limits.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';
import { insertRows } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * Issue 49, point 7 and part of 8: limits and counts kept per browser hold only for browsers that
 * keep the device cookie we gave them. Today a client that drops the cookie (or makes one up) is
 * a new browser on every request: cookieless GET /api/listings/:id/phone answered 100 of 100 ads,
 * and every cookieless page view added a view.
 */
const BROWSER_UA = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
let t: TestApp;
let pages: ReturnType<typeof createApp>;
let ads: string[];
let addresses = 0;
const newAddress = () => `10.77.${Math.floor(++addresses / 250)}.${addresses % 250}`;

const views = async (id: string) => (await t.services.db.select({ views: listings.views }).from(listings).where(eq(listings.id, id)))[0]!.views;
/** The Cookie header a browser sends back after this response. */
const cookieFrom = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  pages = createApp(t.services, { getBuild: (await loadPageBuild()).getBuild });
  const seller = await t.createUser({ phoneNumber: '+254711223344' });
  ads = (await insertRows(t, seller.user.id, Array.from({ length: 60 }, (_, i) => ({ title: `Reveal test ${i}`, createdAt: new Date(), updatedAt: new Date() })))).map((r) => r.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('phone numbers without the device cookie', () => {
  it('cookieless reveals over many ads are refused after a few, with 429 and Retry-After', async () => {
    const ip = newAddress();
    const { limit } = RATE_LIMITS.phoneRevealWithoutCookiePerIp;
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (const id of ads.slice(0, 30)) {
      const res = await t.request(`/api/listings/${id}/phone`, { headers: { 'X-Forwarded-For': ip } });
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused!.json()) as { message: string }).message).toMatch(/^You have viewed many phone numbers\. Please allow cookies for this site, or try again in \d+ minutes?\.$/);
  });

  it('a made-up or altered cookie counts as none', async () => {
    const ip = newAddress();
    const { limit } = RATE_LIMITS.phoneRevealWithoutCookiePerIp;
    const signed = t.deviceCookie().split('=')[1]!;
    const forged = [`soko_device=${'A'.repeat(22)}`, `soko_device=${'B'.repeat(22)}.${'C'.repeat(22)}`, `soko_device=${signed.slice(0, -1)}${signed.endsWith('A') ? 'B' : 'A'}`];
    const statuses: number[] = [];
    for (const [i, id] of ads.slice(0, limit + 3).entries()) {
      const res = await t.request(`/api/listings/${id}/phone`, { headers: { 'X-Forwarded-For': ip, Cookie: forged[i % forged.length]! } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429, 429]);
  });

  it('a browser that got its cookie with a page view has 40 new numbers a day of its own, wherever it is', async () => {
    const ip = newAddress();
    // The page view gives the cookie (and a cookieless visitor's view is not counted).
    const page = await pages.request(`${TEST_ORIGIN}/listing/${ads[0]}`, { headers: { 'X-Forwarded-For': ip, 'User-Agent': BROWSER_UA } });
    expect(page.status).toBe(200);
    const cookie = cookieFrom(page);
    expect(cookie).toMatch(/^soko_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    const { limit } = RATE_LIMITS.phoneRevealPerDevice;
    for (const id of ads.slice(0, limit)) {
      const res = await t.request(`/api/listings/${id}/phone`, { headers: { 'X-Forwarded-For': newAddress(), Cookie: cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    // Already seen: free. A new one: the 41st is refused, from any address.
    expect((await t.request(`/api/listings/${ads[0]}/phone`, { headers: { 'X-Forwarded-For': newAddress(), Cookie: cookie } })).status).toBe(200);
    const refused = await t.request(`/api/listings/${ads[limit]}/phone`, { headers: { 'X-Forwarded-For': newAddress(), Cookie: cookie } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
  });

  it('the plain Show phone form needs the cookie too: a cookieless one shares the address’s few', async () => {
    const ip = newAddress();
    const { limit } = RATE_LIMITS.phoneRevealWithoutCookiePerIp;
    const post = (id: string, cookie?: string) =>
      pages.request(`${TEST_ORIGIN}/listing/${id}`, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'phone' }),
        headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': ip, 'User-Agent': BROWSER_UA, ...(cookie ? { Cookie: cookie } : {}) },
      });
    for (const id of ads.slice(0, limit)) expect(await (await post(id)).text()).toContain('+254 711 223 344');
    const refused = await post(ads[limit]!);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('Please allow cookies for this site');
    // A visitor who opened the page first (and so has the cookie) behind the same address is served.
    const cookie = cookieFrom(await pages.request(`${TEST_ORIGIN}/listing/${ads[limit]}`, { headers: { 'X-Forwarded-For': ip, 'User-Agent': BROWSER_UA } }));
    expect(await (await post(ads[limit]!, cookie)).text()).toContain('+254 711 223 344');
  });
});

describe('views', () => {
  it('a page view without the device cookie is not counted; with the cookie from it, it is, once a day', async () => {
    const id = ads[59]!;
    const before = await views(id);
    const open = (cookie?: string) => pages.request(`${TEST_ORIGIN}/listing/${id}`, { headers: { 'X-Forwarded-For': newAddress(), 'User-Agent': BROWSER_UA, ...(cookie ? { Cookie: cookie } : {}) } });
    const first = await open();
    for (let i = 0; i < 4; i++) expect((await open()).status).toBe(200);
    expect(await open(`soko_device=${'Z'.repeat(22)}`)).toHaveProperty('status', 200);
    expect(await views(id)).toBe(before);
    const cookie = cookieFrom(first);
    await open(cookie);
    await open(cookie);
    expect(await views(id)).toBe(before + 1);
  });
});
