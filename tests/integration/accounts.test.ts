import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_ERROR } from '#kernel/phone.ts';
import { EMAIL_TAKEN, INVALID_CREDENTIALS } from '../../server/auth/accounts.ts';
import { ACCOUNT_MESSAGES } from '#kernel/account-rules.ts';

const { resetInvalidLink: INVALID_RESET_LINK, resetRequested: RESET_REQUESTED } = ACCOUNT_MESSAGES;
import { RATE_LIMITS as LIMITS } from '../../server/rate-limits/rate-limits.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { listingImages, listings, passwordResets, payments, sessions, users } from '../../server/db/schema/index.ts';
import { imageFiles } from '../../server/media/images.ts';
import type { UserJson } from '../../server/users/users.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';

// TRUST_PROXY lets each test speak from its own client address (X-Forwarded-For), so the
// per-address limits of one test do not leak into another.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let emailCounter = 0;
const freshEmail = () => `person${++emailCounter}-${Date.now()}@example.co.ke`;

type Init = Parameters<TestApp['request']>[1];
const post = (p: string, json: unknown, init: Init & { ip?: string } = {}) =>
  t.request(p, { method: 'POST', json, ...init, headers: { 'X-Forwarded-For': init.ip ?? freshIp(), ...(init.headers as object) } });

const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Wanjiku',
  lastName: 'Kamau',
  email: freshEmail(),
  password: 'mango-tree-42',
  location: 'Nakuru',
  phoneNumber: '0712 345 678',
  ...overrides,
});

async function register(overrides: Record<string, unknown> = {}) {
  const input = validRegistration(overrides);
  const res = await post('/api/auth/register', input);
  expect(res.status, await res.clone().text()).toBe(201);
  return { input, body: (await res.json()) as { user: UserJson } };
}

async function login(email: string, password: string, extra: Record<string, unknown> = {}, ip = freshIp()) {
  return post('/api/auth/login', { email, password, ...extra }, { ip });
}

async function tokenFor(email: string, password: string): Promise<string> {
  const res = await login(email, password);
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Mail leaves after the answer (so timing reveals nothing); wait for it to land in the outbox. */
async function waitForMail(count: number, to?: string): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = t.outbox().filter((m) => !to || m.includes(`To: ${to}`));
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The reset link in a mail: quoted-printable soft breaks and =3D undone first. */
function linkIn(mail: string): string {
  const decoded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = decoded.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no reset link in mail:\n${mail}`);
  return link;
}

describe('POST /api/auth/register', () => {
  it('creates the account: e-mail trimmed and lower-cased, phone in E.164, password hashed with argon2id', async () => {
    const email = freshEmail();
    const res = await post('/api/auth/register', validRegistration({ email: `  ${email.toUpperCase()} ` }));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.message).toBe('Registration successful! Please log in.');
    expect(body.user).toMatchObject({ firstName: 'Wanjiku', lastName: 'Kamau', email, location: 'Nakuru', phoneNumber: '+254712345678' });
    expect(body.user._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // Registering does not sign in: the specification sends the user to the login page.
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    ['0712345678', '+254712345678'],
    ['0112345678', '+254112345678'],
    ['254712345678', '+254712345678'],
    ['+254 712 345 678', '+254712345678'],
  ])('accepts the Kenyan phone number %j as %s', async (phoneNumber, expected) => {
    const { body } = await register({ phoneNumber });
    expect(body.user.phoneNumber).toBe(expected);
  });

  it('refuses a phone number that is not Kenyan with a clear message', async () => {
    const res = await post('/api/auth/register', validRegistration({ phoneNumber: '+1 415 555 0100' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: PHONE_ERROR, errors: [{ msg: PHONE_ERROR, path: 'phoneNumber' }] });
  });

  it('lists every missing field', async () => {
    const res = await post('/api/auth/register', {});
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe('First name is required.');
    expect(body.errors).toEqual([
      { msg: 'First name is required.', path: 'firstName' },
      { msg: 'Last name is required.', path: 'lastName' },
      { msg: 'Email is required.', path: 'email' },
      { msg: 'Password is required.', path: 'password' },
      { msg: 'Location is required.', path: 'location' },
      { msg: 'Phone number is required.', path: 'phoneNumber' },
    ]);
  });

  it('treats blank fields as missing', async () => {
    const res = await post('/api/auth/register', validRegistration({ firstName: '   ', location: '' }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([
      { msg: 'First name is required.', path: 'firstName' },
      { msg: 'Location is required.', path: 'location' },
    ]);
  });

  it('refuses a malformed e-mail', async () => {
    const res = await post('/api/auth/register', validRegistration({ email: 'not-an-email' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Please enter a valid email address.', errors: [{ msg: 'Please enter a valid email address.', path: 'email' }] });
  });

  it('refuses passwords shorter than 8 or longer than 128 characters', async () => {
    const short = await post('/api/auth/register', validRegistration({ password: 'seven77' }));
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe('Password must be at least 8 characters long.');
    const long = await post('/api/auth/register', validRegistration({ password: 'x'.repeat(129) }));
    expect(long.status).toBe(400);
    expect((await long.json()).message).toBe('Password must be at most 128 characters long.');
    await register({ password: 'x'.repeat(128) });
  });

  it('never trims a password: surrounding spaces are part of it', async () => {
    const { input } = await register({ password: '  spaced out  ' });
    expect((await login(input.email, '  spaced out  ')).status).toBe(200);
    expect((await login(input.email, 'spaced out')).status).toBe(401);
  });

  it('answers 409 for an e-mail that is already registered, however it is typed', async () => {
    const { input } = await register();
    const res = await post('/api/auth/register', validRegistration({ email: ` ${input.email.toUpperCase()}` }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: EMAIL_TAKEN });
  });

  it('gives namesakes who sign up at the same moment each a handle of their own', async () => {
    const lastName = `Namesake${Date.now().toString(36)}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => register({ firstName: 'Achieng', lastName })));
    const handles = results.map((r) => r.body.user.username);
    expect(new Set(handles).size).toBe(8);
    expect(handles).toContain('achieng.n');
    for (const handle of handles) expect(handle).toMatch(/^achieng\.n[0-9]*$/);
  });

  it('ignores unknown fields (no mass assignment)', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const { body } = await register({ _id: id, id, passwordHash: 'x', username: 'admin', createdAt: '2000-01-01T00:00:00Z' });
    expect(body.user._id).not.toBe(id);
    expect(body.user.username).not.toBe('admin');
    expect(body.user.createdAt).not.toMatch(/^2000/);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.request('/api/auth/register', { method: 'POST', body: '{"firstName":', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('is throttled per client address with 429, Retry-After and a clear message', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.registerPerIp.limit; i++) {
      expect((await post('/api/auth/register', validRegistration(), { ip })).status).toBe(201);
    }
    const res = await post('/api/auth/register', validRegistration(), { ip });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ message: 'Too many sign-ups from your network. Please wait a while and try again.' });
    // Another address is unaffected.
    expect((await post('/api/auth/register', validRegistration())).status).toBe(201);
  });
});

describe('POST /api/auth/login', () => {
  it('answers {user, token, message} and sets an httpOnly browser-session cookie with a 12-hour server expiry', async () => {
    const { input } = await register();
    const res = await login(`  ${input.email.toUpperCase()} `, input.password);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe('Login successful.');
    expect(body.user.email).toBe(input.email);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toContain(`soko_session=${body.token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Expires|Max-Age/i);
    // Only the SHA-256 of the token is stored.
    const rows = await t.services.db.select().from(sessions).where(eq(sessions.userId, body.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(body.token));
    expect(JSON.stringify(rows)).not.toContain(body.token);
    expect(rows[0]!.persistent).toBe(false);
    const hours = (rows[0]!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it('with remember me gives a persistent 30-day cookie', async () => {
    const { input } = await register();
    const res = await login(input.email, input.password, { rememberMe: true });
    expect(res.status).toBe(200);
    const expires = res.headers.get('set-cookie')!.match(/Expires=([^;]+)/)?.[1];
    const days = (new Date(expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const { user } = await res.json();
    const [row] = await t.services.db.select().from(sessions).where(eq(sessions.userId, user._id));
    expect(row!.persistent).toBe(true);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const { input } = await register();
    const wrong = await login(input.email, 'not-the-password');
    const unknown = await login(freshEmail(), 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: INVALID_CREDENTIALS });
    expect(await unknown.json()).toEqual({ message: INVALID_CREDENTIALS });
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('requires e-mail and password', async () => {
    const res = await post('/api/auth/login', {});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Email is required.',
      errors: [
        { msg: 'Email is required.', path: 'email' },
        { msg: 'Password is required.', path: 'password' },
      ],
    });
  });

  it('is throttled per account: after 5 failures even the right password gets 429 for a while', async () => {
    const { input } = await register();
    for (let i = 0; i < LIMITS.loginPerAccount.limit; i++) {
      // Each attempt from a different address: the account limit does not care where they come from.
      expect((await login(input.email, `wrong-${i}`)).status).toBe(401);
    }
    const res = await login(input.email, input.password);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await res.json()).toEqual({ message: `Too many attempts, try again in ${Math.ceil(retryAfter / 60)} minutes.` });
    // Other accounts are unaffected.
    const other = await register();
    expect((await login(other.input.email, other.input.password)).status).toBe(200);
  });

  it('is throttled per client address across accounts (password spraying)', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.loginPerIp.limit; i++) {
      expect((await login(freshEmail(), 'guess-123', {}, ip)).status).toBe(401);
    }
    const { input } = await register();
    const res = await login(input.email, input.password, {}, ip);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    // The same account from another address still works.
    expect((await login(input.email, input.password)).status).toBe(200);
  });
});

describe('sessions: bearer token and cookie', () => {
  it('both authenticate GET /api/auth/me', async () => {
    const { input } = await register();
    const token = await tokenFor(input.email, input.password);
    const viaBearer = await t.request('/api/auth/me', { token });
    expect(viaBearer.status).toBe(200);
    expect((await viaBearer.json()).email).toBe(input.email);
    const viaCookie = await t.request('/api/auth/me', { headers: { Cookie: `soko_session=${token}` } });
    expect(viaCookie.status).toBe(200);
  });

  it('GET /api/auth/me without a session or with a made-up token is 401', async () => {
    expect((await t.request('/api/auth/me')).status).toBe(401);
    const res = await t.request('/api/auth/me', { token: 'made-up' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Please log in to continue.' });
  });

  it('an expired session is refused', async () => {
    const { input } = await register();
    const token = await tokenFor(input.email, input.password);
    await t.services.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(token)));
    expect((await t.request('/api/auth/me', { token })).status).toBe(401);
  });

  it('logout revokes the session on the server (a revoked bearer token gets 401) and clears the cookie', async () => {
    const { input } = await register();
    const token = await tokenFor(input.email, input.password);
    const other = await tokenFor(input.email, input.password);
    const res = await t.request('/api/auth/logout', { method: 'POST', token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Logged out successfully.' });
    expect(res.headers.get('set-cookie')).toMatch(/soko_session=;.*Max-Age=0/);
    expect((await t.request('/api/auth/me', { token })).status).toBe(401);
    const [row] = await t.services.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    expect(row!.revokedAt).toBeInstanceOf(Date);
    // Only that session: the other device stays signed in.
    expect((await t.request('/api/auth/me', { token: other })).status).toBe(200);
  });

  it('logout with the cookie from our own pages revokes it', async () => {
    const { input } = await register();
    const token = await tokenFor(input.email, input.password);
    const res = await t.request('/api/auth/logout', { method: 'POST', headers: { Cookie: `soko_session=${token}`, Origin: TEST_ORIGIN } });
    expect(res.status).toBe(200);
    expect((await t.request('/api/auth/me', { token })).status).toBe(401);
  });

  it('refuses cookie-authenticated state changes from another origin', async () => {
    const { input } = await register();
    const token = await tokenFor(input.email, input.password);
    const evil = { Cookie: `soko_session=${token}`, Origin: 'https://evil.example' };
    const put = await t.request('/api/auth/me', { method: 'PUT', json: { firstName: 'Hacked' }, headers: evil });
    expect(put.status).toBe(403);
    const del = await t.request('/api/auth/me', { method: 'DELETE', headers: evil });
    expect(del.status).toBe(403);
    const out = await t.request('/api/auth/logout', { method: 'POST', headers: evil });
    expect(out.status).toBe(403);
    const me = await (await t.request('/api/auth/me', { token })).json();
    expect(me.firstName).toBe('Wanjiku');
  });

  it('uses Secure cookies when APP_URL is https', async () => {
    const secure = await createTestApp({ APP_URL: 'https://soko.example', PAYMENTS_SANDBOX: 'true' });
    try {
      const { user } = await secure.createUser({ email: 'secure@example.co.ke', password: 'correct-horse-battery' });
      const res = await secure.app.request('https://soko.example/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: 'correct-horse-battery' }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('password reset', () => {
  it('forgot-password answers 200 with the same body for known and unknown addresses, and mails only the known one', async () => {
    const { input } = await register({ firstName: 'Achieng' });
    const before = t.outbox().length;
    const known = await post('/api/auth/forgot-password', { email: ` ${input.email.toUpperCase()} ` });
    const unknown = await post('/api/auth/forgot-password', { email: freshEmail() });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual({ message: RESET_REQUESTED });
    expect(await unknown.json()).toEqual({ message: RESET_REQUESTED });
    const mails = await waitForMail(1, input.email);
    expect(mails).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(t.outbox().length).toBe(before + 1);
    const mail = mails[0]!;
    expect(mail).toContain('Subject: Reset your Soko password');
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).toContain('Hello Achieng');
    // Built from APP_URL.
    expect(linkIn(mail).startsWith(`${TEST_ORIGIN}/reset-password?token=`)).toBe(true);
  });

  it('builds the link from APP_URL, never from the Host header', async () => {
    const { input } = await register();
    await post('/api/auth/forgot-password', { email: input.email }, { headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' } });
    const [mail] = await waitForMail(1, input.email);
    expect(mail).not.toContain('evil.example');
    expect(linkIn(mail!).startsWith(TEST_ORIGIN)).toBe(true);
  });

  it('forgot-password refuses a malformed e-mail', async () => {
    for (const email of ['', 'no-at-sign']) {
      const res = await post('/api/auth/forgot-password', { email });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(email ? 'Please enter a valid email address.' : 'Email is required.');
    }
  });

  it('forgot-password is throttled per client address with 429 and Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.resetRequestsPerIp.limit; i++) {
      expect((await post('/api/auth/forgot-password', { email: freshEmail() }, { ip })).status).toBe(200);
    }
    const res = await post('/api/auth/forgot-password', { email: freshEmail() }, { ip });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ message: 'Too many password reset requests. Please wait a few minutes and try again.' });
  });

  it('caps mails to one address quietly (the answer stays the same)', async () => {
    const { input } = await register();
    for (let i = 0; i < LIMITS.resetMailsPerEmail.limit + 2; i++) {
      const res = await post('/api/auth/forgot-password', { email: input.email });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: RESET_REQUESTED });
    }
    await waitForMail(LIMITS.resetMailsPerEmail.limit, input.email);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.outbox().filter((m) => m.includes(`To: ${input.email}`))).toHaveLength(LIMITS.resetMailsPerEmail.limit);
  });

  async function resetLinkFor(email: string): Promise<{ token: string; link: string }> {
    const count = t.outbox().filter((m) => m.includes(`To: ${email}`)).length;
    expect((await post('/api/auth/forgot-password', { email })).status).toBe(200);
    const mails = await waitForMail(count + 1, email);
    const link = linkIn(mails[count]!);
    return { link, token: new URL(link).searchParams.get('token')! };
  }

  it('validates a link: valid, missing, unknown', async () => {
    const { input } = await register();
    const { token } = await resetLinkFor(input.email);
    const ok = await t.request(`/api/auth/reset-password/validate?token=${token}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ valid: true, message: 'The reset link is valid.' });
    const missing = await t.request('/api/auth/reset-password/validate');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: 'Password reset token is missing from the URL.' });
    const unknown = await t.request('/api/auth/reset-password/validate?token=nope');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ message: INVALID_RESET_LINK });
  });

  it('resets the password once, revokes every session and mails a notice', async () => {
    const { input } = await register({ firstName: 'Otieno' });
    const oldToken = await tokenFor(input.email, input.password);
    const { token } = await resetLinkFor(input.email);
    const res = await post(`/api/auth/reset-password?token=${token}`, { newPassword: 'brand-new-pass' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Your password has been successfully reset! You can now log in with your new password.' });
    // Server-side revocation: the old bearer token is dead.
    expect((await t.request('/api/auth/me', { token: oldToken })).status).toBe(401);
    expect((await login(input.email, input.password)).status).toBe(401);
    expect((await login(input.email, 'brand-new-pass')).status).toBe(200);
    const notice = (await waitForMail(2, input.email)).find((m) => m.includes('Subject: Your Soko password was changed'));
    expect(notice).toContain('Hello Otieno');
    // Single use.
    const again = await post(`/api/auth/reset-password?token=${token}`, { newPassword: 'another-pass-1' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: INVALID_RESET_LINK });
    expect((await t.request(`/api/auth/reset-password/validate?token=${token}`)).status).toBe(400);
  });

  it('accepts the token in the body too', async () => {
    const { input } = await register();
    const { token } = await resetLinkFor(input.email);
    const res = await post('/api/auth/reset-password', { token, newPassword: 'body-token-pass' });
    expect(res.status).toBe(200);
    expect((await login(input.email, 'body-token-pass')).status).toBe(200);
  });

  it('refuses an expired token', async () => {
    const { input } = await register();
    const { token } = await resetLinkFor(input.email);
    const [row] = await t.services.db.select().from(passwordResets).where(eq(passwordResets.tokenHash, hashToken(token)));
    // Issued for one hour.
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000).toBeCloseTo(60, 0);
    await t.services.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.id, row!.id));
    const res = await post(`/api/auth/reset-password?token=${token}`, { newPassword: 'too-late-pass' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: INVALID_RESET_LINK });
    expect((await login(input.email, input.password)).status).toBe(200);
  });

  it('a newer link voids the older one', async () => {
    const { input } = await register();
    const first = await resetLinkFor(input.email);
    const second = await resetLinkFor(input.email);
    const old = await post(`/api/auth/reset-password?token=${first.token}`, { newPassword: 'superseded-1' });
    expect(old.status).toBe(400);
    expect(await old.json()).toEqual({ message: INVALID_RESET_LINK });
    expect((await post(`/api/auth/reset-password?token=${second.token}`, { newPassword: 'the-newest-1' })).status).toBe(200);
  });

  it('refuses a missing token, and a short new password without using up the token', async () => {
    const missing = await post('/api/auth/reset-password', { newPassword: 'long-enough-1' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: 'Password reset token is missing from the URL.' });
    const { input } = await register();
    const { token } = await resetLinkFor(input.email);
    const short = await post(`/api/auth/reset-password?token=${token}`, { newPassword: 'short' });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe('Password must be at least 8 characters long.');
    const none = await post(`/api/auth/reset-password?token=${token}`, {});
    expect((await none.json()).errors).toEqual([{ msg: 'Password is required.', path: 'newPassword' }]);
    expect((await post(`/api/auth/reset-password?token=${token}`, { newPassword: 'long-enough-1' })).status).toBe(200);
  });

  it('lifts a login lock-out once the owner has reset the password', async () => {
    const { input } = await register();
    for (let i = 0; i < LIMITS.loginPerAccount.limit; i++) await login(input.email, `wrong-${i}`);
    expect((await login(input.email, input.password)).status).toBe(429);
    const { token } = await resetLinkFor(input.email);
    expect((await post(`/api/auth/reset-password?token=${token}`, { newPassword: 'unlocked-pass' })).status).toBe(200);
    expect((await login(input.email, 'unlocked-pass')).status).toBe(200);
  });
});

describe('PUT /api/auth/me', () => {
  it('changes only the fields sent, normalises the phone and clears emptied optional fields', async () => {
    const { input } = await register();
    const token = await tokenFor(input.email, input.password);
    const res = await t.request('/api/auth/me', {
      method: 'PUT',
      token,
      json: { firstName: ' Njeri ', phoneNumber: '0111 222 333', location: '', city: 'Kisumu', country: 'Kenya', address: 'Oginga Odinga St' },
    });
    expect(res.status).toBe(200);
    const user = await res.json();
    expect(user).toMatchObject({
      firstName: 'Njeri',
      lastName: 'Kamau',
      email: input.email,
      phoneNumber: '+254111222333',
      location: null,
      city: 'Kisumu',
      country: 'Kenya',
      address: 'Oginga Odinga St',
    });
    expect(await (await t.request('/api/auth/me', { token })).json()).toEqual(user);
  });

  it('ignores unknown fields (no mass assignment)', async () => {
    const { input, body } = await register();
    const token = await tokenFor(input.email, input.password);
    const res = await t.request('/api/auth/me', { method: 'PUT', token, json: { _id: 'x', id: 'x', passwordHash: 'x', username: 'root', lastName: 'Mwangi' } });
    expect(res.status).toBe(200);
    const user = await res.json();
    expect(user._id).toBe(body.user._id);
    expect(user.username).not.toBe('root');
    expect(user.lastName).toBe('Mwangi');
    expect((await login(input.email, input.password)).status).toBe(200);
  });

  it('refuses blank names, a bad e-mail and a bad phone number', async () => {
    const { input } = await register();
    const token = await tokenFor(input.email, input.password);
    const put = (json: unknown) => t.request('/api/auth/me', { method: 'PUT', token, json });
    const blank = await put({ firstName: ' ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toBe('First name is required.');
    expect((await (await put({ email: 'nope' })).json()).message).toBe('Please enter a valid email address.');
    expect((await (await put({ phoneNumber: '12345' })).json()).message).toBe(PHONE_ERROR);
  });

  it('changes the e-mail (normalised) but not to one that another account has', async () => {
    const a = await register();
    const b = await register();
    const token = await tokenFor(a.input.email, a.input.password);
    const currentPassword = a.input.password;
    const taken = await t.request('/api/auth/me', { method: 'PUT', token, json: { email: b.input.email.toUpperCase(), currentPassword } });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ message: 'An account with this email already exists.' });
    const fresh = freshEmail();
    const ok = await t.request('/api/auth/me', { method: 'PUT', token, json: { email: ` ${fresh.toUpperCase()} `, currentPassword } });
    expect((await ok.json()).email).toBe(fresh);
    expect((await login(fresh, a.input.password)).status).toBe(200);
  });

  it('needs a live session', async () => {
    expect((await t.request('/api/auth/me', { method: 'PUT', json: { firstName: 'X' } })).status).toBe(401);
  });
});

describe('DELETE /api/auth/me', () => {
  async function userWithListings() {
    const { input, body } = await register();
    const userId = body.user._id;
    const token = await tokenFor(input.email, input.password);
    await post('/api/auth/forgot-password', { email: input.email });
    await waitForMail(1, input.email);
    const keys: string[] = [];
    for (let n = 0; n < 2; n++) {
      const [listing] = await t.services.db
        .insert(listings)
        .values({ ownerId: userId, title: `Sofa ${n}`, description: 'Five seater', category: 'Furniture', location: 'Thika', price: 15000 })
        .returning();
      const storageKey = crypto.randomUUID();
      keys.push(storageKey);
      await t.services.db.insert(listingImages).values({ listingId: listing!.id, position: 0, storageKey, width: 10, height: 10 });
      for (const file of imageFiles(storageKey)) await t.services.media.put(file, Buffer.from('webp'));
      await t.services.db.insert(payments).values({ txRef: `tx-${storageKey}`, listingId: listing!.id, userId, provider: 'sandbox', amount: 200, callbackUrl: `${TEST_ORIGIN}/x` });
    }
    const files = keys.flatMap(imageFiles).map((f) => path.join(t.config.mediaDir, f));
    return { userId, token, keys, files, password: input.password };
  }

  const count = async (table: typeof users | typeof sessions | typeof passwordResets | typeof listings, column: unknown, userId: string) =>
    (await t.services.db.select().from(table as typeof users).where(eq(column as typeof users.id, userId))).length;

  it('removes the user, their sessions, reset tokens, listings and image files; payments keep a null user', async () => {
    const { userId, token, keys, files, password } = await userWithListings();
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
    // Someone else's listing stays.
    const other = await register();
    await t.services.db.insert(listings).values({ ownerId: other.body.user._id, title: 'Bike', description: 'Red', category: 'For Sale', location: 'Nyeri' });

    const res = await t.request('/api/auth/me', { method: 'DELETE', token, json: { password } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Account deleted successfully.' });
    expect(res.headers.get('set-cookie')).toMatch(/soko_session=;/);

    expect(await count(users, users.id, userId)).toBe(0);
    expect(await count(sessions, sessions.userId, userId)).toBe(0);
    expect(await count(passwordResets, passwordResets.userId, userId)).toBe(0);
    expect(await count(listings, listings.ownerId, userId)).toBe(0);
    const images = await t.services.db.select().from(listingImages).where(sql`${listingImages.storageKey} in ${keys}`);
    expect(images).toHaveLength(0);
    expect(files.some((f) => fs.existsSync(f))).toBe(false);
    const paid = await t.services.db.select().from(payments).where(sql`${payments.txRef} in ${keys.map((k) => `tx-${k}`)}`);
    expect(paid).toHaveLength(2);
    expect(paid.every((p) => p.userId === null && p.listingId === null)).toBe(true);
    expect(await count(listings, listings.ownerId, other.body.user._id)).toBe(1);
    // The token is dead.
    expect((await t.request('/api/auth/me', { token })).status).toBe(401);
  });

  it('leaves everything in place when the database step fails half-way', async () => {
    const { userId, token, files, password } = await userWithListings();
    const db = t.services.db;
    await db.execute(sql.raw(`CREATE FUNCTION refuse_image_delete() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$ LANGUAGE plpgsql`));
    await db.execute(sql.raw('CREATE TRIGGER refuse_image_delete BEFORE DELETE ON listing_images FOR EACH ROW EXECUTE FUNCTION refuse_image_delete()'));
    try {
      const res = await t.request('/api/auth/me', { method: 'DELETE', token, json: { password } });
      expect(res.status).toBe(500);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_image_delete ON listing_images'));
      await db.execute(sql.raw('DROP FUNCTION refuse_image_delete()'));
    }
    expect(await count(users, users.id, userId)).toBe(1);
    expect(await count(sessions, sessions.userId, userId)).toBe(1);
    expect(await count(passwordResets, passwordResets.userId, userId)).toBe(1);
    expect(await count(listings, listings.ownerId, userId)).toBe(2);
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
    expect((await t.request('/api/auth/me', { token })).status).toBe(200);
  });

  it('still deletes every row when an image file cannot be removed', async () => {
    const { userId, token, password } = await userWithListings();
    const remove = t.services.media.remove;
    t.services.media.remove = async () => {
      throw new Error('storage offline');
    };
    try {
      const res = await t.request('/api/auth/me', { method: 'DELETE', token, json: { password } });
      expect(res.status).toBe(200);
    } finally {
      t.services.media.remove = remove;
    }
    expect(await count(users, users.id, userId)).toBe(0);
    expect(await count(listings, listings.ownerId, userId)).toBe(0);
  });

  it('needs a live session', async () => {
    expect((await t.request('/api/auth/me', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('describes every accounts endpoint', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    expect(Object.keys(doc.paths['/auth/register'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/auth/login'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/auth/logout'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/auth/forgot-password'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/auth/reset-password/validate'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/auth/reset-password'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/auth/me']).sort()).toEqual(['delete', 'get', 'put']);
    expect(doc.components.schemas.RegisterInput.required).toEqual(['firstName', 'lastName', 'email', 'password', 'location', 'phoneNumber']);
  });
});
