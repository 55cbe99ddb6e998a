import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { PENDING_SAVE_COOKIE } from '../../server/saved/pending-save.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/app.ts';
import { insertRows } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * No open redirects (issue 49, point 2): every parameter that names where to go next —
 * `redirectTo` (login and sign-up), `back` (the Save form and the save finished after login)
 * and `next` (the welcome page's link) — stays on our site, whatever form the other site's
 * address is written in. Through the real app and its pages.
 */
let t: TestApp;
let app: ReturnType<typeof createApp>;
let adId: string;
let session: string;

beforeAll(async () => {
  t = await createTestApp();
  const pages = await loadPageBuild();
  app = createApp(t.services, { getBuild: pages.getBuild });
  const seller = await t.createUser();
  [{ id: adId }] = (await insertRows(t, seller.user.id, [{ title: 'Redirect-test ad' }])) as [{ id: string }];
  session = `${SESSION_COOKIE}=${(await t.createUser()).token}`;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

let ip = 0;
const page = (path: string, init: RequestInit & { cookie?: string } = {}) => {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('Cookie', init.cookie);
  // A client address of its own per request: the login limits are not what is tested here.
  headers.set('X-Forwarded-For', `192.0.2.${++ip % 250}`);
  if (init.method === 'POST') headers.set('Origin', TEST_ORIGIN);
  return app.request(`${TEST_ORIGIN}${path}`, { redirect: 'manual', ...init, headers });
};
const post = (path: string, fields: Record<string, string>, cookie?: string) => page(path, { method: 'POST', body: new URLSearchParams(fields), cookie });

/** Another site's address, in every form a browser would take as one once it is resolved. */
const HOSTILE = [
  '/.//evil.example/phish',
  '/a/..//evil.example/phish',
  '/%2e//evil.example/phish',
  '/%2E%2e//evil.example/phish',
  '/.%2e//evil.example/phish',
  '/a/%2e%2E//evil.example/phish',
  '//evil.example/phish',
  '/\\evil.example/phish',
  '/.\\/evil.example/phish',
  '/\t/evil.example/phish',
  '/./\n/evil.example/phish',
  'https://evil.example/phish',
  decodeURIComponent('%2F%2Fevil.example%2Fphish'),
];

/** Tabs and newlines in an address are refused at the edge (server/http/input-guard.ts): a 400 goes nowhere. */
const refusedAtTheEdge = (value: string) => /[\t\n]/.test(value);

/** Where a Location header leads, resolved as a browser resolves it against our origin. */
const landsOn = (location: string | null) => new URL(location ?? '', TEST_ORIGIN).origin;

describe('redirectTo (login and sign-up)', () => {
  it.each(HOSTILE)('GET /auth/login?redirectTo=%j sends a signed-in visitor home', async (value) => {
    const res = await page(`/auth/login?redirectTo=${encodeURIComponent(value)}`, { cookie: session });
    if (refusedAtTheEdge(value)) return void expect(res.status).toBe(400);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });

  it.each(HOSTILE)('the login form with redirectTo=%j goes home after signing in', async (value) => {
    const { user } = await t.createUser();
    const res = await post('/auth/login', { email: user.email, password: 'correct-horse-battery', redirectTo: value });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });

  it.each(HOSTILE)('the login page for redirectTo=%j does not carry it on', async (value) => {
    const res = await page(`/auth/login?redirectTo=${encodeURIComponent(value)}`);
    if (refusedAtTheEdge(value)) return void expect(res.status).toBe(400);
    const html = await res.text();
    // (The form's own action keeps the page's query; the action reads only the hidden field.)
    expect(html).toContain('<input type="hidden" name="redirectTo" value=""/>');
    expect(html).toContain('href="/auth/register"');
    for (const [, href] of html.matchAll(/<a [^>]*href="([^"]*)"/g)) expect(landsOn(href!.replace(/&amp;/g, '&'))).toBe(TEST_ORIGIN);
  });

  it.each(HOSTILE)('sign-up with redirectTo=%j welcomes without a next step elsewhere', async (value) => {
    const n = Math.random().toString(36).slice(2, 8);
    const res = await post('/auth/register', {
      firstName: 'Redirect',
      lastName: 'Tester',
      email: `redirect-${n}@example.co.ke`,
      phoneNumber: '0712345678',
      location: 'Nairobi',
      password: 'correct-horse-battery',
      confirmPassword: 'correct-horse-battery',
      terms: 'on',
      redirectTo: value,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/welcome');
  });

  it('keeps a real path on our site', async () => {
    const res = await page(`/auth/login?redirectTo=${encodeURIComponent('/a/../manage-ads?tab=2')}`, { cookie: session });
    expect(res.headers.get('location')).toBe('/manage-ads?tab=2');
  });
});

describe('back (Save)', () => {
  it.each(HOSTILE)('GET /saved/:id?back=%j returns to the ad', async (value) => {
    for (const cookie of [session, `${session}; ${PENDING_SAVE_COOKIE}=${adId}`]) {
      const res = await page(`/saved/${adId}?back=${encodeURIComponent(value)}`, { cookie });
      if (refusedAtTheEdge(value)) return void expect(res.status).toBe(400);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/listing/${adId}`);
    }
  });

  it.each(HOSTILE)('the Save form with back=%j returns to the ad', async (value) => {
    const res = await post(`/saved/${adId}`, { intent: 'save', back: value }, session);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/listing/${adId}`);
  });

  it.each(HOSTILE)('a signed-out Save with back=%j is sent to login with a way back to our site only', async (value) => {
    const res = await post(`/saved/${adId}`, { intent: 'save', back: value });
    expect(res.status).toBe(302);
    const login = new URL(res.headers.get('location')!, TEST_ORIGIN);
    expect(login.pathname).toBe('/auth/login');
    expect(login.searchParams.get('redirectTo')).toBe(`/saved/${adId}?back=${encodeURIComponent(`/listing/${adId}`)}`);
  });
});

describe('next (the welcome page)', () => {
  it.each(HOSTILE)('/welcome?next=%j links nowhere but our site', async (value) => {
    const res = await page(`/welcome?next=${encodeURIComponent(value)}`, { cookie: session });
    if (refusedAtTheEdge(value)) return void expect(res.status).toBe(400);
    expect(res.status).toBe(200);
    const html = await res.text();
    // The footer's language switch carries this very address, encoded, as the page to come back to (our /language route follows our own paths only).
    expect(html.replace(/<a [^>]*data-testid="language-switch"[^>]*>[^<]*<\/a>/, '')).not.toContain('evil.example');
    for (const [, href] of html.matchAll(/<a [^>]*href="([^"]*)"/g)) expect(landsOn(href!.replace(/&amp;/g, '&'))).toBe(TEST_ORIGIN);
    expect(html).toContain('Post your first ad');
  });

  it('links on to a real path', async () => {
    const html = await (await page(`/welcome?next=${encodeURIComponent(`/listing/${adId}`)}`, { cookie: session })).text();
    expect(html).toContain(`href="/listing/${adId}"`);
  });
});
