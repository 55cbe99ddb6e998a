import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES } from '#kernel/lifecycle-rules.ts';
import { action as adminAction, loader as adminLoader } from '../../app/routes/admin/admin.tsx';
import type { User } from '../../server/auth/sessions.ts';
import type { Auth, RequestContext } from '../../server/context.ts';
import { queryRows } from '../../server/db/client.ts';
import { ownerAdStates } from '../../server/listings/lifecycle.ts';
import { makeAdmin } from '../../server/moderation/moderation.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { postAd } from './listings-support.ts';
import { routeArgs } from './route-args.ts';

/**
 * Issue 19, point 2: admins, the queue, approve / hide / ban, the audit log, and ads held
 * automatically after reports from several different people (REPORTS_AUTO_HIDE).
 */
let t: TestApp;
let admin: { user: User; token: string };
let seller: { user: User; token: string };

const device = () => t.deviceCookie();
const statusOf = async (id: string) => (await queryRows<{ status: string; moderation_reason: string | null }>(t.services.db, sql`select status, moderation_reason from listings where id = ${id}`))[0]!;
const logRows = (filter: string) =>
  queryRows<{ actor_id: string | null; actor_name: string; action: string; subject: string; reason: string; created_at: Date }>(
    t.services.db,
    sql`select actor_id, actor_name, action, subject, reason, created_at from moderation_log where listing_id::text = ${filter} or user_id::text = ${filter} order by created_at`,
  );
const report = (id: string, headers: Record<string, string> = { Cookie: device() }, token?: string) =>
  t.request(`/api/listings/${id}/reports`, { method: 'POST', json: { reason: 'scam', details: 'Asked for a deposit' }, headers, token });

async function newAd(token = seller.token): Promise<{ _id: string; title: string }> {
  const res = await postAd(t, token);
  expect(res.status).toBe(201);
  return (await res.json()) as { _id: string; title: string };
}

beforeAll(async () => {
  t = await createTestApp({ REPORTS_AUTO_HIDE: '3' });
  admin = await t.createUser({ firstName: 'Mod', lastName: 'Erator' });
  expect(await makeAdmin(t.services.db, admin.user.email.toUpperCase())).toBe(true);
  admin.user = { ...admin.user, role: 'admin' };
  seller = await t.createUser({ firstName: 'Otieno', lastName: 'Seller' });
});

afterAll(async () => {
  await t?.close();
});

const context = (user: User | null): RequestContext => ({
  ...t.services,
  requestId: 'abcdef12-3456-7890-abcd-ef1234567890',
  clientIp: '10.1.2.3',
  deviceId: 'device-moderation',
  deviceKnown: true,
  nonce: '',
  locale: 'en',
  auth: user ? ({ user, session: {}, token: 'x', via: 'cookie' } as unknown as Auth) : null,
  setSessionCookie: () => {},
  clearSessionCookie: () => {},
});

describe('who may moderate', () => {
  it('makeAdmin needs an existing account', async () => {
    expect(await makeAdmin(t.services.db, 'nobody@example.com')).toBe(false);
  });

  it('the API: 401 signed out, 403 for a user, 200 for an admin', async () => {
    const ad = await newAd();
    expect((await t.request('/api/admin/queue')).status).toBe(401);
    expect((await t.request('/api/admin/queue', { token: seller.token })).status).toBe(403);
    expect((await t.request(`/api/admin/listings/${ad._id}/hide`, { method: 'POST', token: seller.token, json: { reason: 'mine' } })).status).toBe(403);
    expect((await t.request(`/api/admin/users/${admin.user.id}/ban`, { method: 'POST', token: seller.token, json: { reason: 'x' } })).status).toBe(403);
    expect((await statusOf(ad._id)).status).toBe('active');
    expect((await t.request('/api/admin/queue', { token: admin.token })).status).toBe(200);
    expect((await t.request('/api/admin/log', { token: admin.token })).status).toBe(200);
  });

  it('the admin page: 404 for a user (page and action), login for a visitor', async () => {
    const ad = await newAd();
    const request = new Request('http://localhost:3000/admin');
    await expect(adminLoader(routeArgs({ request, params: {}, context: context(seller.user) }))).rejects.toHaveProperty('status', 404);
    await expect(adminLoader(routeArgs({ request, params: {}, context: context(null) }))).rejects.toHaveProperty('status', 302);
    const body = new FormData();
    body.append('intent', 'hide');
    body.append('id', ad._id);
    body.append('reason', 'no');
    await expect(adminAction(routeArgs({ request: new Request('http://localhost:3000/admin', { method: 'POST', body }), params: {}, context: context(seller.user) }))).rejects.toHaveProperty('status', 404);
    expect((await statusOf(ad._id)).status).toBe('active');
    const page = (await adminLoader(routeArgs({ request, params: {}, context: context(admin.user) }))) as { queue: unknown[]; log: unknown[] };
    expect(Array.isArray(page.queue)).toBe(true);
  });
});

describe('reports hold an ad automatically', () => {
  it('two people, or one person three times, are not enough; three different people are', async () => {
    const ad = await newAd();
    // Only signed-in accounts older than a day count (server/moderation/report-holds.ts; tests/integration/report-holds.test.ts).
    const [first, second, third] = [await t.createUser(), await t.createUser(), await t.createUser()];
    for (let i = 0; i < 3; i++) expect((await report(ad._id, {}, first!.token)).status).toBe(201);
    expect((await report(ad._id, {}, second!.token)).status).toBe(201);
    expect((await statusOf(ad._id)).status).toBe('active');
    const queue = (await (await t.request('/api/admin/queue', { token: admin.token })).json()) as Array<{ id: string; reports: unknown[] }>;
    expect(queue.find((q) => q.id === ad._id)?.reports).toHaveLength(2);

    expect((await report(ad._id, {}, third!.token)).status).toBe(201);
    expect(await statusOf(ad._id)).toEqual({ status: 'held', moderation_reason: 'Reported by 3 people' });
    expect(((await (await t.request(`/api/listings?search=${encodeURIComponent(ad.title)}`)).json()) as unknown[]).length).toBe(0);
    expect((await t.request(`/api/listings/${ad._id}`)).status).toBe(404);
    const log = await logRows(ad._id);
    expect(log).toMatchObject([{ actor_id: null, actor_name: 'Automatic', action: 'auto_hold', subject: ad.title, reason: 'Reported by 3 different people' }]);
    // A held ad takes no more reports.
    expect((await report(ad._id)).status).toBe(404);
  });
});

describe('approve, hide, resubmit', () => {
  it('approve makes a held ad public again and clears its reports', async () => {
    const ad = await newAd();
    for (let i = 0; i < 3; i++) await report(ad._id, {}, (await t.createUser()).token);
    expect((await statusOf(ad._id)).status).toBe('held');
    const queue = (await (await t.request('/api/admin/queue', { token: admin.token })).json()) as Array<{ id: string; status: string }>;
    expect(queue.find((q) => q.id === ad._id)?.status).toBe('held');

    const res = await t.request(`/api/admin/listings/${ad._id}/approve`, { method: 'POST', token: admin.token });
    expect(res.status).toBe(200);
    expect(await statusOf(ad._id)).toEqual({ status: 'active', moderation_reason: null });
    expect(await queryRows(t.services.db, sql`select 1 from listing_reports where listing_id = ${ad._id}`)).toHaveLength(0);
    const after = (await (await t.request('/api/admin/queue', { token: admin.token })).json()) as Array<{ id: string }>;
    expect(after.map((q) => q.id)).not.toContain(ad._id);
    expect((await logRows(ad._id)).map((r) => [r.action, r.actor_id])).toEqual([
      ['auto_hold', null],
      ['approve', admin.user.id],
    ]);
    // Reports start counting afresh.
    await report(ad._id);
    expect((await statusOf(ad._id)).status).toBe('active');
  });

  it('hide needs a reason; the seller sees it in Manage ads, edits and resubmits; the ad is back in the queue', async () => {
    const ad = await newAd();
    await report(ad._id);
    const empty = await t.request(`/api/admin/listings/${ad._id}/hide`, { method: 'POST', token: admin.token, json: { reason: '  ' } });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe(LIFECYCLE_MESSAGES.reasonRequired);
    expect((await statusOf(ad._id)).status).toBe('active');

    const reason = 'Photos taken from another seller’s ad.';
    expect((await t.request(`/api/admin/listings/${ad._id}/hide`, { method: 'POST', token: admin.token, json: { reason } })).status).toBe(200);
    expect(await statusOf(ad._id)).toEqual({ status: 'hidden', moderation_reason: reason });
    expect((await ownerAdStates(t.services.db, seller.user.id))[ad._id]).toMatchObject({ status: 'hidden', moderationReason: reason });
    const own = (await (await t.request(`/api/listings/user/${seller.user.id}`, { token: seller.token })).json()) as Array<{ _id: string; status: string; moderationReason: string | null; expiresAt: string }>;
    expect(own.find((l) => l._id === ad._id)).toMatchObject({ status: 'hidden', moderationReason: reason, expiresAt: expect.stringMatching(/^\d{4}-/) });
    expect((await t.request(`/api/listings/${ad._id}`)).status).toBe(404);

    // The seller edits it (text form) and resubmits it; strangers cannot.
    const edit = await t.request(`/api/listings/${ad._id}`, {
      method: 'PUT',
      token: seller.token,
      json: { title: `${ad.title} (own photos)`, description: 'Now with my own photos.', category: 'Cars & Vehicles', location: 'Nairobi', price: 1250000 },
    });
    expect(edit.status).toBe(200);
    const stranger = await t.createUser();
    expect((await t.request(`/api/listings/${ad._id}/resubmit`, { method: 'POST', token: stranger.token })).status).toBe(403);
    const resubmit = await t.request(`/api/listings/${ad._id}/resubmit`, { method: 'POST', token: seller.token });
    expect(resubmit.status).toBe(200);
    expect(((await resubmit.json()) as { message: string }).message).toBe(LIFECYCLE_MESSAGES.resubmitted);
    expect((await statusOf(ad._id)).status).toBe('held');
    expect((await t.request(`/api/listings/${ad._id}/resubmit`, { method: 'POST', token: seller.token })).status).toBe(409);
    const queue = (await (await t.request('/api/admin/queue', { token: admin.token })).json()) as Array<{ id: string; moderationReason: string }>;
    expect(queue.find((q) => q.id === ad._id)?.moderationReason).toBe(reason);
    expect((await logRows(ad._id)).map((r) => [r.action, r.reason])).toEqual([
      ['hide', reason],
      ['resubmit', reason],
    ]);
  });

  it('the admin page hides with a form post and shows the log', async () => {
    const ad = await newAd();
    const body = new FormData();
    body.append('intent', 'hide');
    body.append('id', ad._id);
    body.append('reason', 'Duplicate of another ad.');
    const result = await adminAction(routeArgs({ request: new Request('http://localhost:3000/admin', { method: 'POST', body }), params: {}, context: context(admin.user) }));
    expect(result).toMatchObject({ ok: true });
    expect(await statusOf(ad._id)).toEqual({ status: 'hidden', moderation_reason: 'Duplicate of another ad.' });
    const page = (await adminLoader(routeArgs({ request: new Request('http://localhost:3000/admin'), params: {}, context: context(admin.user) }))) as {
      log: Array<{ actor: string; action: string; subject: string; reason: string; at: string }>;
    };
    expect(page.log[0]).toMatchObject({ actor: `Mod Erator (${admin.user.email})`, action: 'hide', subject: ad.title, reason: 'Duplicate of another ad.' });
    expect(Date.now() - new Date(page.log[0]!.at).getTime()).toBeLessThan(60_000);
  });
});

describe('ban', () => {
  it('hides every ad of the account, revokes its sessions and refuses its login', async () => {
    const password = 'correct-horse-battery';
    const bad = await t.createUser({ firstName: 'Fake', lastName: 'Dealer' });
    const ads = [await newAd(bad.token), await newAd(bad.token)];
    expect((await t.request('/api/auth/me', { token: bad.token })).status).toBe(200);

    expect((await t.request(`/api/admin/users/${bad.user.id}/ban`, { method: 'POST', token: admin.token, json: { reason: '' } })).status).toBe(400);
    const res = await t.request(`/api/admin/users/${bad.user.id}/ban`, { method: 'POST', token: admin.token, json: { reason: 'Advance-fee scam' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Account banned.', hiddenAds: 2 });
    for (const ad of ads) expect((await statusOf(ad._id)).status).toBe('hidden');
    expect((await t.request('/api/auth/me', { token: bad.token })).status).toBe(401);
    const login = await t.request('/api/auth/login', { method: 'POST', json: { email: bad.user.email, password } });
    expect(login.status).toBe(403);
    expect(((await login.json()) as { message: string }).message).toBe(LIFECYCLE_MESSAGES.banned);
    // The wrong password still says only that.
    expect((await t.request('/api/auth/login', { method: 'POST', json: { email: bad.user.email, password: 'wrong-password-here' } })).status).toBe(401);
    expect(await logRows(bad.user.id)).toMatchObject([{ action: 'ban', actor_id: admin.user.id, subject: `Fake Dealer (${bad.user.email})`, reason: 'Advance-fee scam' }]);
    // Approving an ad of a banned seller is refused.
    expect((await t.request(`/api/admin/listings/${ads[0]!._id}/approve`, { method: 'POST', token: admin.token })).status).toBe(409);
    expect((await t.request(`/api/admin/users/${bad.user.id}/ban`, { method: 'POST', token: admin.token, json: { reason: 'again' } })).status).toBe(409);
  });

  it('an admin cannot be banned', async () => {
    const other = await t.createUser();
    await makeAdmin(t.services.db, other.user.email);
    expect((await t.request(`/api/admin/users/${other.user.id}/ban`, { method: 'POST', token: admin.token, json: { reason: 'x' } })).status).toBe(400);
    expect((await t.request(`/api/admin/users/${admin.user.id}/ban`, { method: 'POST', token: admin.token, json: { reason: 'x' } })).status).toBe(400);
  });
});
