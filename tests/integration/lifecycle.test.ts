import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES } from '#kernel/lifecycle-rules.ts';
import { action as manageAction } from '../../app/routes/listings/manage-ads.tsx';
import type { User } from '../../server/auth/sessions.ts';
import type { Auth, RequestContext } from '../../server/context.ts';
import { queryRows } from '../../server/db/client.ts';
import { listings } from '../../server/db/schema/index.ts';
import { createExpiryJob } from '../../server/listings/lifecycle.ts';
import { categoryCounts, getListing } from '../../server/listings/queries.ts';
import { listSavedAds, saveAd } from '../../server/saved/saved-ads.ts';
import { sitemapChunkRows, sitemapChunks } from '../../server/seo/sitemap.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';
import { insertRows, postAd } from './listings-support.ts';
import { routeArgs } from './route-args.ts';

/**
 * Issue 19, point 4: an ad's life. Every state but active leaves every public path; the expiry
 * job reminds once and expires on time; Renew keeps featured time; Mark as sold keeps the page.
 */
const TTL_DAYS = 10;
const DAY = 86_400_000;
let t: TestApp;
let seller: { user: User; token: string };

const stateOf = async (id: string) => {
  const [row] = await t.services.db
    .select({ status: listings.status, expires_at: listings.expiresAt, expiry_reminded_at: listings.expiryRemindedAt, sold_at: listings.soldAt, featured_until: listings.featuredUntil })
    .from(listings)
    .where(eq(listings.id, id));
  return row!;
};
const setStatus = (id: string, status: string) => t.services.db.execute(sql`update listings set status = ${status} where id = ${id}`);
const remindersFor = async (title: string) =>
  (await queryRows<{ n: number }>(t.services.db, sql`select count(*)::int as n from mail_outbox where message->>'subject' like ${`%${title}%`}`))[0]!.n;

async function newAd(token = seller.token, fields?: Record<string, string>): Promise<{ _id: string; title: string }> {
  const res = await postAd(t, token, fields ? { title: 'Lifecycle ad', description: 'A thing for sale', category: 'For Sale', price: '1000', currency: 'KES', location: 'Nairobi', ...fields } : undefined);
  expect(res.status).toBe(201);
  return (await res.json()) as { _id: string; title: string };
}

beforeAll(async () => {
  t = await createTestApp({ LISTING_TTL_DAYS: String(TTL_DAYS) });
  seller = await t.createUser({ phoneNumber: '+254733445566' });
});

afterAll(async () => {
  await t?.close();
});

describe('posting', () => {
  it('a new ad is active for LISTING_TTL_DAYS', async () => {
    const before = Date.now();
    const ad = await newAd();
    const row = await stateOf(ad._id);
    expect(row.status).toBe('active');
    expect(row.expires_at.getTime()).toBeGreaterThanOrEqual(before + TTL_DAYS * DAY - 1000);
    expect(row.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + TTL_DAYS * DAY + 1000);
    expect((await (await t.request(`/api/listings/${ad._id}`)).json()).status).toBe('active');
  });
});

describe('every public path shows active ads only', () => {
  const word = `zqlife${Date.now().toString(36)}`;
  const ids: Record<string, string> = {};
  let username: string;

  beforeAll(async () => {
    const owner = await t.createUser({ firstName: 'Wanjiru', lastName: 'Kamau' });
    username = owner.user.username;
    const featured = new Date(Date.now() + 5 * DAY);
    for (const status of ['active', 'sold', 'expired', 'hidden', 'held']) {
      const [row] = await insertRows(t, owner.user.id, [{ title: `${word} ${status} lamp`, category: 'Pets', featuredUntil: featured, createdAt: new Date(), updatedAt: new Date() }]);
      ids[status] = row!.id;
    }
    // A search answered now is cached: leaving search must end it (the listing_changes trigger counts status).
    const cached = await t.request(`/api/listings?search=${word}`);
    expect((await cached.json()).length).toBe(5);
    for (const status of ['sold', 'expired', 'hidden', 'held']) await setStatus(ids[status]!, status);
  });

  it('search, featured ads, category counts, the seller page and its count', async () => {
    const found = (await (await t.request(`/api/listings?search=${word}`)).json()) as Array<{ _id: string }>;
    expect(found.map((l) => l._id)).toEqual([ids.active]);
    for (const sort of ['price_asc', 'price_desc', 'best']) {
      expect(((await (await t.request(`/api/listings?search=${word}&sort=${sort}`)).json()) as Array<{ _id: string }>).map((l) => l._id)).toEqual([ids.active]);
    }
    const featured = (await (await t.request('/api/listings/featured?limit=50')).json()) as Array<{ _id: string }>;
    expect(featured.map((l) => l._id).filter((id) => Object.values(ids).includes(id))).toEqual([ids.active]);
    const rows = await queryRows<{ id: string }>(t.services.db, sql`select id from featured_listings`);
    expect(rows.map((r) => r.id).filter((id) => Object.values(ids).includes(id))).toEqual([ids.active]);
    expect((await categoryCounts(t.services.db)).find((c) => c.name === 'Pets')!.count).toBe(1);
    const page = (await (await t.request(`/api/sellers/${username}`)).json()) as { seller: { activeAds: number }; listings: Array<{ _id: string }> };
    expect(page.seller.activeAds).toBe(1);
    expect(page.listings.map((l) => l._id)).toEqual([ids.active]);
    // The listing JSON's seller count is the same active count.
    expect((await getListing(t.services.db, ids.active!))!.user.listingsCount).toBe(1);
  });

  it('the sitemap', async () => {
    const listed: string[] = [];
    for (const chunk of await sitemapChunks(t.services.db)) for await (const rows of sitemapChunkRows(t.services.db, chunk.firstId)) listed.push(...rows.map((r) => r.id));
    expect(listed).toContain(ids.active);
    for (const status of ['sold', 'expired', 'hidden', 'held']) expect(listed).not.toContain(ids[status]);
  });

  it('the ad itself: sold stays public; expired, hidden and held are only the owner’s', async () => {
    expect((await (await t.request(`/api/listings/${ids.sold}`)).json()).status).toBe('sold');
    for (const status of ['expired', 'hidden', 'held']) expect((await t.request(`/api/listings/${ids[status]}`)).status).toBe(404);
    expect((await t.request(`/api/listings/${ids.held}/phone`)).status).toBe(404);
    expect((await t.request(`/api/listings/${ids.sold}/phone`)).status).toBe(404);
  });

  it('taking an ad back to active brings it back everywhere', async () => {
    await setStatus(ids.expired!, 'active');
    const found = (await (await t.request(`/api/listings?search=${word}`)).json()) as Array<{ _id: string }>;
    expect(found.map((l) => l._id).sort()).toEqual([ids.active, ids.expired].sort());
    expect((await categoryCounts(t.services.db)).find((c) => c.name === 'Pets')!.count).toBe(2);
    await setStatus(ids.expired!, 'expired');
  });
});

describe('saved ads', () => {
  it('an ad that stops being active is "No longer available"; only active ads can be saved', async () => {
    const buyer = await t.createUser();
    const kept = await newAd();
    const sold = await newAd();
    await saveAd(t.services, buyer.user.id, kept._id);
    await saveAd(t.services, buyer.user.id, sold._id);
    expect((await t.request(`/api/listings/${sold._id}/sold`, { method: 'POST', token: seller.token })).status).toBe(200);
    const page = await listSavedAds(t.services.db, buyer.user.id);
    expect(page.items.find((i) => i.listingId === kept._id)!.listing?._id).toBe(kept._id);
    expect(page.items.find((i) => i.listingId === sold._id)!.listing).toBeNull();
    expect((await t.request(`/api/saved/${sold._id}`, { method: 'PUT', token: (await t.createUser()).token })).status).toBe(404);
  });
});

describe('Mark as sold', () => {
  it('the owner marks an active ad sold: out of search, its page stays; others cannot', async () => {
    const ad = await newAd(seller.token, { title: `Sold sofa ${Date.now()}` });
    const stranger = await t.createUser();
    expect((await t.request(`/api/listings/${ad._id}/sold`, { method: 'POST' })).status).toBe(401);
    expect((await t.request(`/api/listings/${ad._id}/sold`, { method: 'POST', token: stranger.token })).status).toBe(403);
    expect((await stateOf(ad._id)).status).toBe('active');
    const res = await t.request(`/api/listings/${ad._id}/sold`, { method: 'POST', token: seller.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: LIFECYCLE_MESSAGES.sold });
    const row = await stateOf(ad._id);
    expect(row.status).toBe('sold');
    expect(row.sold_at).not.toBeNull();
    expect((await t.request(`/api/listings/${ad._id}/sold`, { method: 'POST', token: seller.token })).status).toBe(409);
    expect((await t.request(`/api/listings/${ad._id}/renew`, { method: 'POST', token: seller.token })).status).toBe(409);
    expect(((await (await t.request(`/api/listings?search=${encodeURIComponent(ad.title)}`)).json()) as unknown[]).length).toBe(0);
  });

  it('"Still available" within 7 days puts the ad back as it was: its term moved on by the time sold, its paid feature if not run out', async () => {
    const ad = await newAd(seller.token, { title: `Undo sofa ${Date.now()}` });
    const featuredUntil = new Date(Date.now() + 5 * DAY);
    await t.services.db.execute(sql`update listings set featured_until = ${featuredUntil.toISOString()}::timestamptz where id = ${ad._id}`);
    const before = await stateOf(ad._id);
    const undo = (token?: string) => t.request(`/api/listings/${ad._id}/still-available`, { method: 'POST', token });
    // Not sold yet: nothing to undo.
    expect((await undo(seller.token)).status).toBe(409);
    expect((await t.request(`/api/listings/${ad._id}/sold`, { method: 'POST', token: seller.token })).status).toBe(200);
    // Two days sold.
    await t.services.db.execute(sql`update listings set sold_at = sold_at - interval '2 days' where id = ${ad._id}`);
    expect((await undo()).status).toBe(401);
    expect((await undo((await t.createUser()).token)).status).toBe(403);
    const res = await undo(seller.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: LIFECYCLE_MESSAGES.stillAvailable });
    const after = await stateOf(ad._id);
    expect(after.status).toBe('active');
    expect(after.sold_at).toBeNull();
    const moved = after.expires_at.getTime() - before.expires_at.getTime();
    expect(moved).toBeGreaterThan(2 * DAY - 60_000);
    expect(moved).toBeLessThan(2 * DAY + 60_000);
    const json = (await (await t.request(`/api/listings/${ad._id}`)).json()) as { featured: boolean; status: string };
    expect(json).toMatchObject({ featured: true, status: 'active' });
    expect(((await (await t.request(`/api/listings?search=${encodeURIComponent(ad.title)}`)).json()) as unknown[]).length).toBe(1);

    // Sold 8 days ago: too late.
    expect((await t.request(`/api/listings/${ad._id}/sold`, { method: 'POST', token: seller.token })).status).toBe(200);
    await t.services.db.execute(sql`update listings set sold_at = now() - interval '8 days' where id = ${ad._id}`);
    const late = await undo(seller.token);
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ message: LIFECYCLE_MESSAGES.undoSoldClosed });
    expect((await stateOf(ad._id)).status).toBe('sold');
  });
});

describe('the expiry job', () => {
  it('reminds once, three days before the end, then expires the ad', async () => {
    const ad = await newAd(seller.token, { title: `Expiring bike ${Date.now()}` });
    const { expires_at: end } = await stateOf(ad._id);
    let clock = new Date(end.getTime() - 4 * DAY);
    const job = createExpiryJob({ db: t.services.db, config: t.services.config, logger: t.services.logger, now: () => clock });

    await job.runOnce();
    expect(await remindersFor(ad.title)).toBe(0);

    clock = new Date(end.getTime() - 3 * DAY + 60_000);
    await job.runOnce();
    expect(await remindersFor(ad.title)).toBe(1);
    const [mail] = await queryRows<{ message: { to: string; subject: string; text: string } }>(t.services.db, sql`select message from mail_outbox where message->>'subject' like ${`%${ad.title}%`}`);
    expect(mail!.message.to).toBe(seller.user.email);
    expect(mail!.message.text).toContain(`${t.config.appUrl}/manage-ads`);

    // Again, later, and two jobs at once: still one reminder.
    clock = new Date(end.getTime() - DAY);
    const other = createExpiryJob({ db: t.services.db, config: t.services.config, logger: t.services.logger, now: () => clock });
    await Promise.all([job.runOnce(), other.runOnce()]);
    expect(await remindersFor(ad.title)).toBe(1);
    expect((await stateOf(ad._id)).status).toBe('active');

    clock = new Date(end.getTime() + 1000);
    await job.runOnce();
    expect((await stateOf(ad._id)).status).toBe('expired');
    expect((await t.request(`/api/listings/${ad._id}`)).status).toBe(404);
    expect(((await (await t.request(`/api/listings/${ad._id}`, { token: seller.token })).json()) as { status: string }).status).toBe('expired');
    expect(await remindersFor(ad.title)).toBe(1);
  });

  it('Renew brings an expired ad back for a new term and keeps its featured time', async () => {
    const ad = await newAd(seller.token, { title: `Featured fridge ${Date.now()}` });
    const featuredUntil = new Date(Date.now() + 4 * DAY);
    await t.services.db.execute(sql`update listings set featured_until = ${featuredUntil.toISOString()}::timestamptz where id = ${ad._id}`);
    const { expires_at: end } = await stateOf(ad._id);
    await createExpiryJob({ db: t.services.db, config: t.services.config, logger: t.services.logger, now: () => new Date(end.getTime() + 1) }).runOnce();
    expect((await stateOf(ad._id)).status).toBe('expired');
    expect(await queryRows(t.services.db, sql`select id from featured_listings where id = ${ad._id}`)).toHaveLength(0);

    const stranger = await t.createUser();
    expect((await t.request(`/api/listings/${ad._id}/renew`, { method: 'POST', token: stranger.token })).status).toBe(403);
    const before = Date.now();
    const res = await t.request(`/api/listings/${ad._id}/renew`, { method: 'POST', token: seller.token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; expiresAt: string };
    expect(body.message).toBe(LIFECYCLE_MESSAGES.renewed);
    const row = await stateOf(ad._id);
    expect(row.status).toBe('active');
    expect(row.expires_at.toISOString()).toBe(body.expiresAt);
    expect(row.expires_at.getTime()).toBeGreaterThanOrEqual(before + TTL_DAYS * DAY - 1000);
    expect(row.featured_until!.getTime()).toBe(featuredUntil.getTime());
    expect(await queryRows(t.services.db, sql`select id from featured_listings where id = ${ad._id}`)).toHaveLength(1);
    expect(((await (await t.request('/api/listings/featured?limit=50')).json()) as Array<{ _id: string }>).map((l) => l._id)).toContain(ad._id);
  });

  it('an active ad renews only in its last three days, and may then be reminded again', async () => {
    const ad = await newAd(seller.token, { title: `Renewable desk ${Date.now()}` });
    const early = await t.request(`/api/listings/${ad._id}/renew`, { method: 'POST', token: seller.token });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { message: string }).message).toMatch(/^This ad runs until .*\. You can renew it in its last 3 days\.$/);
    await t.services.db.execute(sql`update listings set expires_at = now() + interval '2 days', expiry_reminded_at = now() where id = ${ad._id}`);
    expect((await t.request(`/api/listings/${ad._id}/renew`, { method: 'POST', token: seller.token })).status).toBe(200);
    const row = await stateOf(ad._id);
    expect(row.expiry_reminded_at).toBeNull();
    expect(row.expires_at.getTime()).toBeGreaterThan(Date.now() + (TTL_DAYS - 1) * DAY);
  });
});

describe('featuring', () => {
  it('only an active ad can be featured', async () => {
    const ad = await newAd();
    await setStatus(ad._id, 'expired');
    const res = await t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      token: seller.token,
      json: { amount: 200, callback_url: `${TEST_ORIGIN}/api/payments/verify?listingId=${ad._id}` },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe('Only an active ad can be featured. Renew it first if it has expired.');
    expect(await queryRows(t.services.db, sql`select 1 from payments where listing_id = ${ad._id}`)).toHaveLength(0);
  });
});

describe('Manage ads forms (no JavaScript)', () => {
  const context = (user: User): RequestContext => ({
    ...t.services,
    requestId: 'abcdef12-3456-7890-abcd-ef1234567890',
    clientIp: '10.1.2.3',
    deviceId: 'device-lifecycle',
    deviceKnown: true,
    nonce: '',
    locale: 'en',
    auth: { user, session: {}, token: 'x', via: 'cookie' } as unknown as Auth,
    setSessionCookie: () => {},
    clearSessionCookie: () => {},
  });
  const submit = async (user: User, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    const request = new Request('http://localhost:3000/manage-ads', { method: 'POST', body });
    const result = (await manageAction(routeArgs({ request, params: {}, context: context(user) }))) as unknown;
    const wrapped = result as { data?: unknown; init?: ResponseInit | null };
    return wrapped && typeof wrapped === 'object' && 'init' in wrapped ? { body: wrapped.data, status: wrapped.init?.status ?? 200 } : { body: result, status: 200 };
  };

  it('Mark as sold and Renew post to the page; the owner is checked on the server', async () => {
    const ad = await newAd();
    const stranger = await t.createUser();
    expect(await submit(stranger.user, { intent: 'sold', id: ad._id })).toMatchObject({ status: 403, body: { ok: false } });
    expect((await stateOf(ad._id)).status).toBe('active');
    expect(await submit(seller.user, { intent: 'sold', id: ad._id })).toEqual({ status: 200, body: { ok: true, message: LIFECYCLE_MESSAGES.sold } });
    expect((await stateOf(ad._id)).status).toBe('sold');
    expect(await submit(stranger.user, { intent: 'unsold', id: ad._id })).toMatchObject({ status: 403, body: { ok: false } });
    expect(await submit(seller.user, { intent: 'unsold', id: ad._id })).toEqual({ status: 200, body: { ok: true, message: LIFECYCLE_MESSAGES.stillAvailable } });
    expect((await stateOf(ad._id)).status).toBe('active');

    const other = await newAd();
    await setStatus(other._id, 'expired');
    expect(await submit(seller.user, { intent: 'renew', id: other._id })).toEqual({ status: 200, body: { ok: true, message: LIFECYCLE_MESSAGES.renewed } });
    expect((await stateOf(other._id)).status).toBe('active');
  });
});
