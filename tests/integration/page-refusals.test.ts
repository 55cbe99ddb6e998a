import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { RATE_LIMITS } from '../../server/rate-limits/rate-limits.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/app.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * A page form refused by a rate limit answers as the API does (issue 49, point 8): 429 with
 * Retry-After, with and without JavaScript (the form's document post and its .data twin).
 */
let t: TestApp;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp();
  const pages = await loadPageBuild();
  app = createApp(t.services, { getBuild: pages.getBuild });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const loginForm = (path: string, email: string) =>
  app.request(`${TEST_ORIGIN}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: 'not-the-password' }),
  });

describe('a page form over its limit', () => {
  it.each(['/auth/login', '/auth/login.data'])('POST %s answers 429 with Retry-After, like POST /api/auth/login', async (path) => {
    const { user } = await t.createUser();
    for (let i = 0; i < RATE_LIMITS.loginPerAccount.limit; i++) expect((await loginForm(path, user.email)).status).toBe(401);
    const page = await loginForm(path, user.email);
    const api = await t.request('/api/auth/login', { method: 'POST', json: { email: user.email, password: 'not-the-password' } });
    expect(api.status).toBe(429);
    const seconds = Number(api.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(800);
    expect(page.status).toBe(429);
    expect(Math.abs(Number(page.headers.get('retry-after')) - seconds)).toBeLessThanOrEqual(1);
    const body = await page.text();
    expect(body).toContain('Too many attempts, try again in 15 minutes.');
  });

  it('a page answered normally carries no Retry-After', async () => {
    const res = await app.request(`${TEST_ORIGIN}/auth/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('retry-after')).toBeNull();
  });
});
