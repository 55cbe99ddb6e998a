import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { queryRows } from '../../server/db/client.ts';
import { savedAds, users } from '../../server/db/schema/index.ts';
import { releaseHeldMessages } from '../../server/messages/moderation.ts';
import { makeAdmin } from '../../server/moderation/moderation.ts';
import { createTestApp, type TestApp, pageRequests } from '../support/app.ts';
import { insertRows } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * What sellers see of their ads (issue 44 point 5) over a real database: views, phone reveals,
 * WhatsApp taps (through the counting redirect), buyers' messages and saves, each counted once
 * where it should be and read back in Manage ads and the API, for the last 7 days and in total;
 * Manage ads' pages; and review moderation in the moderation log.
 */
let t: TestApp;
let pages: Awaited<ReturnType<typeof loadPageBuild>>;
let app: ReturnType<typeof createApp>;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let seller: U;
let adId: string;

beforeAll(async () => {
  t = await createTestApp();
  pages = await loadPageBuild();
  app = createApp(t.services, { getBuild: pages.getBuild });
  seller = await t.createUser({ firstName: 'Wanjiru', lastName: 'Kamau', phoneNumber: '+254712345678' });
  [{ id: adId }] = (await insertRows(t, seller.user.id, [{ title: 'Stats test Toyota Axio' }])) as [{ id: string }];
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const page = pageRequests(() => app);
const session = (u: U) => `${SESSION_COOKIE}=${u.token}`;

type Pair = { recent: number; total: number };
type Stats = { views: Pair; phoneReveals: Pair; whatsappTaps: Pair; messages: Pair; saves: Pair };
const apiStats = async (owner: U, id: string): Promise<Stats> => {
  const res = await t.request(`/api/listings/user/${owner.user.id}`, { token: owner.token });
  expect(res.status).toBe(200);
  const ads = (await res.json()) as Array<{ _id: string; stats: Stats }>;
  return ads.find((a) => a._id === id)!.stats;
};
/** The stats row of each card on a Manage ads page, as its text reads. */
const statsRows = (html: string) =>
  [...html.matchAll(/data-testid="ad-stats"[\s\S]*?<dl[^>]*>([\s\S]*?)<\/dl>/g)].map((m) => m[1]!.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());
const manageAds = async (owner: U, query = '') => {
  const res = await page(`/manage-ads${query}`, { cookie: session(owner) });
  expect(res.status).toBe(200);
  return res.text();
};

describe('counting', () => {
  it('views, reveals, WhatsApp taps, messages and saves move the seller’s figures, each counted once where it should be', async () => {
    const buyer = await t.createUser({ firstName: 'Otieno' });
    const device = t.deviceCookie();
    // A view: once per viewer a day, never the owner's own.
    expect((await page(`/listing/${adId}`, { cookie: device })).status).toBe(200);
    expect((await page(`/listing/${adId}`, { cookie: device })).status).toBe(200);
    expect((await page(`/listing/${adId}`, { cookie: `${t.deviceCookie()}; ${session(seller)}` })).status).toBe(200);
    // A phone reveal: once per device.
    expect((await t.request(`/api/listings/${adId}/phone`, { headers: { Cookie: device } })).status).toBe(200);
    expect((await t.request(`/api/listings/${adId}/phone`, { headers: { Cookie: device } })).status).toBe(200);
    // A WhatsApp tap: our redirect answers with the wa.me address the page used to hold, counted once a day per device.
    const tap = await page(`/listing/${adId}/whatsapp`, { cookie: device });
    expect(tap.status).toBe(302);
    const location = new URL(tap.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://wa.me/254712345678');
    expect(location.searchParams.get('text')).toContain('Stats test Toyota Axio');
    expect(tap.headers.get('cache-control')).toContain('no-store');
    expect((await page(`/listing/${adId}/whatsapp`, { cookie: device })).status).toBe(302);
    // A crawler following the link gets the ad page back: no number, nothing counted.
    const bot = await page(`/listing/${adId}/whatsapp`, { cookie: t.deviceCookie(), headers: { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    expect(bot.headers.get('location')).toBe(`/listing/${adId}`);
    // Messages: the buyer's, not the seller's replies.
    const started = await t.request('/api/conversations', { method: 'POST', token: buyer.token, json: { listingId: adId, body: 'Is it still available?' } });
    expect(started.status).toBe(201);
    const { conversationId } = (await started.json()) as { conversationId: string };
    expect((await t.request(`/api/conversations/${conversationId}/messages`, { method: 'POST', token: seller.token, json: { body: 'Yes it is.' } })).status).toBe(201);
    expect((await t.request(`/api/conversations/${conversationId}/messages`, { method: 'POST', token: buyer.token, json: { body: 'Can we meet at Westlands?' } })).status).toBe(201);
    // Saves that stand: saving twice is one, and a save taken back is no save.
    expect((await t.request(`/api/saved/${adId}`, { method: 'PUT', token: buyer.token })).status).toBeLessThan(300);
    expect((await t.request(`/api/saved/${adId}`, { method: 'PUT', token: buyer.token })).status).toBeLessThan(300);
    const fickle = await t.createUser();
    expect((await t.request(`/api/saved/${adId}`, { method: 'PUT', token: fickle.token })).status).toBeLessThan(300);
    expect((await t.request(`/api/saved/${adId}`, { method: 'DELETE', token: fickle.token })).status).toBeLessThan(300);

    const both = (n: number) => ({ recent: n, total: n });
    expect(await apiStats(seller, adId)).toEqual({ views: both(1), phoneReveals: both(1), whatsappTaps: both(1), messages: both(2), saves: both(1) });
    expect(statsRows(await manageAds(seller))).toEqual(['Views 1 / 1 Phone 1 / 1 WhatsApp 1 / 1 Messages 2 / 2 Saves 1 / 1']);

    // Six days ago is within the last 7 days; eight days ago counts in the total only.
    await t.services.db.execute(sql`insert into listing_stats_daily (listing_id, day, views, phone_reveals, whatsapp_taps, messages, saves)
      values (${adId}, current_date - 6, 10, 0, 0, 0, 0), (${adId}, current_date - 8, 100, 20, 3, 4, 5)`);
    expect(await apiStats(seller, adId)).toEqual({
      views: { recent: 11, total: 111 },
      phoneReveals: { recent: 1, total: 21 },
      whatsappTaps: { recent: 1, total: 4 },
      messages: { recent: 2, total: 6 },
      saves: { recent: 1, total: 6 },
    });
    expect(statsRows(await manageAds(seller))).toEqual(['Views 11 / 111 Phone 1 / 21 WhatsApp 1 / 4 Messages 2 / 6 Saves 1 / 6']);
  });

  it('a buyer’s message held for review counts when a moderator lets it through, not before', async () => {
    const buyer = await t.createUser();
    const moderator = await t.createUser();
    const [{ id }] = (await insertRows(t, seller.user.id, [{ title: 'Held message ad' }])) as [{ id: string }];
    const res = await t.request('/api/conversations', { method: 'POST', token: buyer.token, json: { listingId: id, body: 'Hello, still for sale?' } });
    const { conversationId } = (await res.json()) as { conversationId: string };
    // Held as a sender past the day's risky messages is (server/messages/conversations.ts): written withheld, not counted.
    await t.services.db.execute(sql`insert into messages (conversation_id, sender_id, body, withheld, held_at) values (${conversationId}, ${buyer.user.id}, 'Pay the deposit first', true, now())`);
    expect((await apiStats(seller, id)).messages).toEqual({ recent: 1, total: 1 });
    expect(await releaseHeldMessages(t.services, moderator.user.id, conversationId)).toBe(1);
    expect((await apiStats(seller, id)).messages).toEqual({ recent: 2, total: 2 });
  });

  it('a counter that fails costs the count, never the buyer’s action', async () => {
    const buyer = await t.createUser();
    const [{ id }] = (await insertRows(t, seller.user.id, [{ title: 'Counter outage ad' }])) as [{ id: string }];
    await t.services.db.execute(sql`alter table listing_stats_daily rename to listing_stats_daily_away`);
    try {
      expect((await t.request(`/api/saved/${id}`, { method: 'PUT', token: buyer.token })).status).toBeLessThan(300);
      expect((await page(`/listing/${id}`, { cookie: t.deviceCookie() })).status).toBe(200);
    } finally {
      await t.services.db.execute(sql`alter table listing_stats_daily_away rename to listing_stats_daily`);
    }
    // The save and the view were written, in the transaction whose counter failed.
    expect(await t.services.db.select().from(savedAds).where(eq(savedAds.listingId, id))).toHaveLength(1);
    expect((await queryRows<{ n: number }>(t.services.db, sql`select count(*)::int as n from listing_views where listing_id = ${id}`))[0]!.n).toBe(1);
    expect((await apiStats(seller, id)).saves).toEqual({ recent: 0, total: 0 });
  });

  it('the WhatsApp link of a seller who takes messages only gives out no number and counts nothing', async () => {
    const quiet = await t.createUser({ phoneNumber: '+254733999888' });
    await t.services.db.update(users).set({ showPhone: false }).where(eq(users.id, quiet.user.id));
    const [{ id }] = (await insertRows(t, quiet.user.id, [{ title: 'Messages only ad' }])) as [{ id: string }];
    const res = await page(`/listing/${id}/whatsapp`, { cookie: t.deviceCookie() });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/listing/${id}#contact`);
    const everything = `${[...res.headers].join('\n')}\n${await res.text()}`;
    expect(everything).not.toMatch(/733\s?999\s?888|wa\.me/);
    expect((await apiStats(quiet, id)).whatsappTaps).toEqual({ recent: 0, total: 0 });
    // An ad that does not exist is a 404, with nothing counted.
    expect((await page('/listing/0b0e0f57-6b5e-4d0e-9d55-2d4b8f0c6f3a/whatsapp', { cookie: t.deviceCookie() })).status).toBe(404);
  });
});

describe('Manage ads pages its list', () => {
  let owner: U;
  beforeAll(async () => {
    owner = await t.createUser();
    // Ad 0 is the oldest; the list is newest first.
    await insertRows(t, owner.user.id, Array.from({ length: 25 }, (_, i) => ({ title: `Paged ad ${String(i).padStart(2, '0')}` })));
  });
  const titles = (html: string) => [...html.matchAll(/Paged ad (\d\d)/g)].map((m) => m[1]).filter((v, i, all) => all.indexOf(v) === i);

  it('12 a page with the count shown, Previous and Next as plain links, and the edges right', async () => {
    const first = await manageAds(owner);
    expect(first).toContain('Your Ads (<!-- -->25<!-- -->)');
    expect(first).toMatch(/Showing (<!-- -->)?1(<!-- -->)?–(<!-- -->)?12(<!-- -->)? of (<!-- -->)?25/);
    expect(titles(first)).toEqual(['24', '23', '22', '21', '20', '19', '18', '17', '16', '15', '14', '13']);
    expect(first).toMatch(/<a[^>]*href="\/manage-ads\?page=2"[^>]*>Next<\/a>/);
    expect(first).not.toContain('>Previous</a>');
    expect(statsRows(first)).toHaveLength(12);

    const second = await manageAds(owner, '?page=2');
    expect(titles(second)).toEqual(['12', '11', '10', '09', '08', '07', '06', '05', '04', '03', '02', '01']);
    expect(second).toMatch(/href="\/manage-ads\?page=1"[^>]*>Previous</);
    expect(second).toMatch(/href="\/manage-ads\?page=3"[^>]*>Next</);

    const last = await manageAds(owner, '?page=3');
    expect(titles(last)).toEqual(['00']);
    expect(last).toMatch(/Showing (<!-- -->)?25(<!-- -->)?–(<!-- -->)?25(<!-- -->)? of (<!-- -->)?25/);
    expect(last).not.toContain('>Next</a>');
    // Past the end is the last page; nonsense is the first.
    expect(titles(await manageAds(owner, '?page=99'))).toEqual(['00']);
    expect(titles(await manageAds(owner, '?page=abc'))).toEqual(titles(first));
  });

  it('the API pages the same list with its figures, and says what is wrong with a bad page', async () => {
    const res = await t.request(`/api/listings/user/${owner.user.id}?page=3&limit=12`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('25');
    expect(res.headers.get('x-page-count')).toBe('3');
    const items = (await res.json()) as Array<{ title: string; stats: Stats }>;
    expect(items.map((i) => i.title)).toEqual(['Paged ad 00']);
    expect(items[0]!.stats.views).toEqual({ recent: 0, total: 0 });
    const all = await t.request(`/api/listings/user/${owner.user.id}`, { token: owner.token });
    expect(((await all.json()) as unknown[]).length).toBe(25);
    const bad = await t.request(`/api/listings/user/${owner.user.id}?limit=0`, { token: owner.token });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'limit must be a whole number from 1 to 50.' });
    expect((await t.request(`/api/listings/user/${owner.user.id}?page=-1`, { token: owner.token })).status).toBe(400);
  });
});

describe('review moderation in the moderation log', () => {
  it('approve, hide and restore each write a row the moderators see, and restore only a hidden review', async () => {
    const admin = await t.createUser({ firstName: 'Mod', lastName: 'Erator' });
    expect(await makeAdmin(t.services.db, admin.user.email)).toBe(true);
    // A buyer less than a day old: the review is held for a moderator.
    const young = await t.createUser({ firstName: 'Akinyi', lastName: 'Otieno', createdAt: new Date(Date.now() - 60 * 60 * 1000) });
    const started = await t.request('/api/conversations', { method: 'POST', token: young.token, json: { listingId: adId, body: 'Still there?' } });
    const { conversationId } = (await started.json()) as { conversationId: string };
    expect((await t.request(`/api/conversations/${conversationId}/messages`, { method: 'POST', token: seller.token, json: { body: 'Yes.' } })).status).toBe(201);
    const put = await t.request(`/api/listings/${adId}/review`, { method: 'PUT', token: young.token, json: { stars: 4, outcome: 'deal_done' } });
    expect(put.status).toBe(201);
    const { review } = (await put.json()) as { review: { id: string; status: string } };
    expect(review.status).toBe('held');

    const act = (what: string) => t.request(`/api/admin/reviews/${review.id}/${what}`, { method: 'POST', token: admin.token });
    expect((await act('restore')).status).toBe(409);
    expect((await act('approve')).status).toBe(200);
    expect((await act('reject')).status).toBe(200);
    expect((await act('restore')).status).toBe(200);
    expect((await t.request(`/api/admin/reviews/${review.id}/restore`, { method: 'POST', token: seller.token })).status).toBe(403);

    type Entry = { action: string; actor: string; subject: string; reviewId: string | null; listingId: string | null; userId: string | null };
    const log = (await (await t.request('/api/admin/log', { token: admin.token })).json()) as Entry[];
    const mine = log.filter((e) => e.reviewId === review.id);
    expect(mine.map((e) => e.action)).toEqual(['restore_review', 'hide_review', 'approve_review']);
    for (const e of mine) {
      expect(e.actor).toContain(admin.user.email);
      expect(e).toMatchObject({ listingId: adId, userId: young.user.id });
      expect(e.subject).toBe('Review by Akinyi Otieno of Wanjiru Kamau (4/5), ad “Stats test Toyota Axio”');
    }
    // The review counts again after the restore.
    const summary = (await (await t.request(`/api/sellers/${seller.user.username}/reviews`)).json()) as { count: number };
    expect(summary.count).toBe(1);

    // Where moderators read the log: the admin page, with Restore on a hide.
    expect((await act('reject')).status).toBe(200);
    const html = await (await page('/admin', { cookie: session(admin) })).text();
    const table = html.slice(html.indexOf('data-testid="moderation-log"'));
    expect(table).toContain('Hid review');
    expect(table).toContain('Restored review');
    expect(table).toContain('Approved review');
    expect(table).toMatch(new RegExp(`name="id" value="${review.id}"[\\s\\S]*?value="restore-review"`));
  });
});
