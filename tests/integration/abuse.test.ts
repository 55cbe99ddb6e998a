import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as loginAction } from '../../app/routes/accounts/login.tsx';
import { loader as successLoader } from '../../app/routes/payments/payment-success.tsx';
import { afterLoginPath } from '../../app/routes/accounts/forms.server.ts';
import { createResetToken } from '../../server/auth/accounts.ts';
import { COMMON_PASSWORD, PERSONAL_PASSWORD } from '../../server/auth/password-policy.ts';
import { sessions, users } from '../../server/db/schema/index.ts';
import type { RequestContext } from '../../server/context.ts';
import { safeRedirectPath } from '../../server/http/guards.ts';
import { DUPLICATE_AD } from '../../server/listings/posting-rules.ts';
import { RATE_LIMITS } from '../../server/rate-limits/rate-limits.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';
import { adForm, file, image, VALID_AD } from './listings-support.ts';
import { routeArgs } from './route-args.ts';

/**
 * Issue 14: accounts, throttles and payments probed as an attacker would. Each block is one
 * point of the issue; the CSRF, IDOR, XSS, injection and upload tests live with their features.
 */
let t: TestApp;
let verifyCalls = 0;
beforeAll(async () => {
  // The app exists only once createTestApp returns; the provider calls come later.
  const late: { app?: TestApp['app'] } = {};
  t = await createTestApp(
    { TRUST_PROXY: 'true' },
    {
      payments: {
        fetch: (input, init) => {
          if (/\/verify/.test(String(input))) verifyCalls += 1;
          return Promise.resolve(late.app!.request(input, init));
        },
        timeoutMs: 2000,
        retryDelayMs: 5,
      },
    },
  );
  late.app = t.app;
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const freshIp = () => `198.51.100.${++n % 250}`;
const freshEmail = () => `abuse${++n}-${Date.now()}@example.co.ke`;
const post = (path: string, json: unknown, ip = freshIp(), token?: string) =>
  t.request(path, { method: 'POST', json, token, headers: { 'X-Forwarded-For': ip } });

async function register(overrides: Record<string, string> = {}) {
  const input = { firstName: 'Achieng', lastName: 'Odhiambo', email: freshEmail(), password: 'blue-kettle-morning', location: 'Kisumu', phoneNumber: '0712 345 678', ...overrides };
  const res = await post('/api/auth/register', input);
  return { res, input };
}
async function registered() {
  const { res, input } = await register();
  expect(res.status, await res.clone().text()).toBe(201);
  return input;
}
const login = (email: string, password: string, ip = freshIp()) => post('/api/auth/login', { email, password }, ip);
async function tokenFor(email: string, password: string) {
  const res = await login(email, password);
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

function pageContext(clientIp: string, cookies: string[] = []): RequestContext {
  return {
    ...t.services,
    requestId: 'abuse-test',
    clientIp,
    deviceId: 'abuse-test-device-00001',
    deviceKnown: true,
    nonce: '',
    locale: 'en',
    auth: null,
    setSessionCookie: (token) => void cookies.push(token),
    clearSessionCookie: () => {},
  };
}

describe('1. redirects go only to same-origin paths', () => {
  const hostile = [
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\nSet-Cookie: x=1',
    'https://evil.example/',
    'javascript:alert(1)',
    '\\\\evil.example',
    ' /x',
    '',
    decodeURIComponent('%2F%09%2Fevil.example'),
    decodeURIComponent('%2F%5Cevil.example'),
    decodeURIComponent('%2F%2Fevil.example'),
  ];
  it.each(hostile)('%j falls back to /', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
    expect(afterLoginPath(value)).toBe('/');
  });

  it('keeps real paths, percent-encodes what a header cannot carry, and never leaves the site', () => {
    expect(safeRedirectPath('/manage-ads?tab=2#top')).toBe('/manage-ads?tab=2#top');
    expect(safeRedirectPath('/listings?search=café')).toBe('/listings?search=caf%C3%A9');
    expect(safeRedirectPath('/%2F/evil.example')).toBe('/%2F/evil.example');
    expect(afterLoginPath('/auth/login')).toBe('/');
  });

  it('the login form sends a signed-in user home for a hostile redirectTo, without a 500', async () => {
    const user = await registered();
    for (const redirectTo of ['/\t/evil.example', '/\r\n/evil', '//evil.example']) {
      const form = new URLSearchParams({ email: user.email, password: user.password, redirectTo });
      const request = new Request(`${TEST_ORIGIN}/auth/login`, { method: 'POST', body: form });
      const response = (await loginAction(routeArgs({ request, context: pageContext(freshIp()), params: {} }))) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/');
    }
  });
});

describe('2. one throttle per action, counted atomically', () => {
  it('the page form and the API count against the same per-account login limit', async () => {
    const user = await registered();
    for (let i = 0; i < 3; i++) expect((await login(user.email, `wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < 2; i++) {
      const form = new URLSearchParams({ email: user.email, password: `wrong-page-${i}` });
      const request = new Request(`${TEST_ORIGIN}/auth/login`, { method: 'POST', body: form });
      const result = (await loginAction(routeArgs({ request, context: pageContext(freshIp()), params: {} }))) as { init: ResponseInit };
      expect(result.init.status).toBe(401);
    }
    const res = await login(user.email, user.password);
    expect(res.status).toBe(429);
    expect((await res.json()).message).toMatch(/^Too many attempts, try again in 15 minutes\.$/);
  });

  it('holds under 20 parallel guesses: exactly 5 are checked, and then even the right password is refused', async () => {
    const user = await registered();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => login(user.email, `guess-${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(RATE_LIMITS.loginPerAccount.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - RATE_LIMITS.loginPerAccount.limit);
    expect((await login(user.email, user.password)).status).toBe(429);
  });

  it('stores its counters in the database, where every instance sees them', async () => {
    const user = await registered();
    await login(user.email, 'wrong');
    const [row] = await t.services.db.execute(sql`select count from rate_limits where key = ${`loginPerAccount:${user.email}`}`).then((r) => (r as unknown as { rows: Array<{ count: number }> }).rows);
    expect(Number(row?.count)).toBe(1);
  });
});

describe('4. passwords and sessions', () => {
  it('refuses common passwords and ones made of the name or e-mail, at sign-up and at reset', async () => {
    for (const password of ['password123', 'qwertyuiop', 'iloveyou1']) {
      const { res } = await register({ password });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: COMMON_PASSWORD, errors: [{ msg: COMMON_PASSWORD, path: 'password' }] });
    }
    const email = freshEmail();
    for (const password of [`${email.split('@')[0]}!x`, 'Achieng2024!', 'odhiambo-rocks']) {
      const { res } = await register({ password, email });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(PERSONAL_PASSWORD);
    }
    const user = await registered();
    const [row] = await t.services.db.select().from(users).where(eq(users.email, user.email));
    const token = await createResetToken(t.services.db, row!.id);
    const weak = await post(`/api/auth/reset-password?token=${token}`, { newPassword: 'password1234' });
    expect(weak.status).toBe(400);
    expect((await weak.json()).message).toBe(COMMON_PASSWORD);
    // The link still works for a good password.
    expect((await post(`/api/auth/reset-password?token=${token}`, { newPassword: 'river-stone-lantern' })).status).toBe(200);
  });

  it('changing the e-mail needs the current password; a wrong one changes nothing', async () => {
    const user = await registered();
    const token = await tokenFor(user.email, user.password);
    const put = (json: unknown) => t.request('/api/auth/me', { method: 'PUT', token, json });
    const missing = await put({ email: freshEmail() });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toEqual([{ msg: 'Please enter your current password to change your e-mail address.', path: 'currentPassword' }]);
    const wrong = await put({ email: freshEmail(), currentPassword: 'not-it-at-all' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe('The password you entered is not correct.');
    expect((await (await t.request('/api/auth/me', { token })).json()).email).toBe(user.email);
    // Other fields still change without it.
    expect((await put({ firstName: 'Akinyi' })).status).toBe(200);
    const next = freshEmail();
    expect((await put({ email: next, currentPassword: user.password })).status).toBe(200);
  });

  it('deleting the account needs the password; without it nothing is deleted', async () => {
    const user = await registered();
    const token = await tokenFor(user.email, user.password);
    for (const json of [undefined, {}, { password: 'wrong-password-here' }]) {
      const res = await t.request('/api/auth/me', { method: 'DELETE', token, json });
      expect(res.status).toBe(400);
    }
    expect((await t.request('/api/auth/me', { token })).status).toBe(200);
    expect((await t.request('/api/auth/me', { method: 'DELETE', token, json: { password: user.password } })).status).toBe(200);
    expect((await t.request('/api/auth/me', { token })).status).toBe(401);
  });

  it('ends a session after idle time: 2 hours without "remember me", 14 days with it', async () => {
    const user = await registered();
    const browser = await tokenFor(user.email, user.password);
    const remembered = ((await (await post('/api/auth/login', { email: user.email, password: user.password, rememberMe: true })).json()) as { token: string }).token;
    const [row] = await t.services.db.select().from(users).where(eq(users.email, user.email));
    await t.services.db.update(sessions).set({ lastSeenAt: sql`now() - interval '3 hours'` }).where(eq(sessions.userId, row!.id));
    expect((await t.request('/api/auth/me', { token: browser })).status).toBe(401);
    expect((await t.request('/api/auth/me', { token: remembered })).status).toBe(200);
    await t.services.db.update(sessions).set({ lastSeenAt: sql`now() - interval '15 days'` }).where(eq(sessions.userId, row!.id));
    expect((await t.request('/api/auth/me', { token: remembered })).status).toBe(401);
  });

  it('"Sign out everywhere" ends every session of the account', async () => {
    const user = await registered();
    const phone = await tokenFor(user.email, user.password);
    const laptop = await tokenFor(user.email, user.password);
    const res = await t.request('/api/auth/logout-everywhere', { method: 'POST', token: phone });
    expect(res.status).toBe(200);
    expect((await t.request('/api/auth/me', { token: phone })).status).toBe(401);
    expect((await t.request('/api/auth/me', { token: laptop })).status).toBe(401);
  });
});

describe('5. responses with tokens or personal data are not stored', () => {
  it('login, /me and the payment poll answer Cache-Control: no-store', async () => {
    const user = await registered();
    const res = await login(user.email, user.password);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { token } = (await res.json()) as { token: string };
    expect((await t.request('/api/auth/me', { token })).headers.get('cache-control')).toBe('no-store');
    expect((await t.request('/api/payments/nope', { token })).headers.get('cache-control')).toBe('no-store');
    // Public answers keep their own policy.
    expect((await t.request('/api/categories/counts')).headers.get('cache-control')).not.toBe('no-store');
  });

  it('forgot-password answers before any work for the address: a hung mail server cannot tell them apart', async () => {
    const user = await registered();
    const send = t.services.mailer.send;
    t.services.mailer.send = () => new Promise(() => {});
    try {
      for (const email of [user.email, freshEmail()]) {
        const started = Date.now();
        const res = await post('/api/auth/forgot-password', { email });
        expect(res.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(1000);
      }
    } finally {
      t.services.mailer.send = send;
    }
  });
});

describe('6. payments', () => {
  it('an unknown or missing tx_ref never shows success', async () => {
    for (const query of ['?listingId=x&tx_ref=soko-made-up-ref&status=successful', '?status=successful', '']) {
      const request = new Request(`${TEST_ORIGIN}/payment-success${query}`);
      const thrown = await Promise.resolve(successLoader(routeArgs({ request, context: pageContext(freshIp()), params: {} }))).then(
        () => null,
        (e: unknown) => e as Response,
      );
      expect(thrown?.status).toBe(302);
      expect(thrown?.headers.get('location')).toMatch(/^\/payment-failure\?.*message=Payment\+not\+found\./);
    }
  });

  it('the return route is throttled per client and asks the provider at most once every few seconds per payment', async () => {
    const owner = await t.createUser();
    const [ad] = await t.services.db.execute(sql`insert into listings (owner_id, title, description, category, location) values (${owner.user.id}, 'Sofa', 'Blue', 'Furniture', 'Thika') returning id`).then((r) => (r as unknown as { rows: Array<{ id: string }> }).rows);
    const checkout = await t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      token: owner.token,
      json: { amount: 200, callback_url: `${TEST_ORIGIN}/api/payments/verify?listingId=${ad!.id}` },
    });
    const { tx_ref } = (await checkout.json()) as { tx_ref: string };
    const before = verifyCalls;
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await t.app.request(`${TEST_ORIGIN}/api/payments/verify?listingId=${ad!.id}&tx_ref=${tx_ref}`, { headers: { 'X-Forwarded-For': ip } });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toMatch(/^\/payment-pending\?/);
    }
    expect(verifyCalls - before).toBeLessThanOrEqual(2); // one verification (by id, then by reference at most)
    const flood = ip.replace(/\d+$/, '251');
    let last = 0;
    for (let i = 0; i <= RATE_LIMITS.paymentPagesPerIp.limit; i++) {
      last = (await t.app.request(`${TEST_ORIGIN}/api/payments/verify?tx_ref=x${i}`, { headers: { 'X-Forwarded-For': flood } })).status;
    }
    expect(last).toBe(429);
  });
});

describe('7. posting abuse', () => {
  const photo = async () => file(await image('jpeg', 64, 48, 7));

  it('refuses the same ad posted twice by one account, with a clear message', async () => {
    const seller = await t.createUser();
    const ad = { ...VALID_AD, title: 'Samsung A14, boxed' };
    const first = await t.request('/api/listings', { method: 'POST', token: seller.token, body: adForm(ad, [await photo()]) });
    expect(first.status).toBe(201);
    const again = await t.request('/api/listings', { method: 'POST', token: seller.token, body: adForm({ ...ad, title: '  samsung a14,   BOXED ' }, [await photo()]) });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: DUPLICATE_AD });
    // A different photo or price is a different ad.
    const other = await t.request('/api/listings', { method: 'POST', token: seller.token, body: adForm({ ...ad, price: '12000' }, [await photo()]) });
    expect(other.status).toBe(201);
  });

  it('lets an account younger than a day post 5 ads a day, an older one 20', async () => {
    const fresh = await t.createUser({ createdAt: new Date() });
    const postOne = async (token: string, i: number) =>
      t.request('/api/listings', { method: 'POST', token, body: adForm({ ...VALID_AD, title: `Chair number ${i}` }, [await photo()]) });
    for (let i = 0; i < RATE_LIMITS.postsPerNewAccount.limit; i++) expect((await postOne(fresh.token, i)).status).toBe(201);
    const refused = await postOne(fresh.token, 99);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^New accounts can post 5 ads in their first day\. You can post again in \d+ minutes\.$/);

    const old = await t.createUser();
    for (let i = 0; i < RATE_LIMITS.postsPerAccount.limit; i++) expect((await postOne(old.token, i)).status).toBe(201);
    expect((await postOne(old.token, 99)).status).toBe(429);
  });
});
