import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES as M } from '#kernel/review-rules.ts';
import { queryRows } from '../../server/db/client.ts';
import { users } from '../../server/db/schema/index.ts';
import { makeAdmin } from '../../server/moderation/moderation.ts';
import { sellerCards } from '../../server/users/sellers.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { insertRows } from './listings-support.ts';

/**
 * Seller reviews (issue 44, points 2 to 4 and 7) through the API over a real database: who may
 * review and the page's reasons for everyone else, editing for 7 days, the seller's average
 * kept right through edits, moderation and deletions, held reviews, reports, replies, and the
 * rating on the ad's JSON and its card.
 */
let t: TestApp;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let seller: U;
let admin: U;
let ads: string[];

const talk = async (buyer: U, listingId: string, answered = true) => {
  const res = await t.request('/api/conversations', { method: 'POST', token: buyer.token, json: { listingId, body: 'Is it still available?' } });
  expect(res.status).toBe(201);
  const { conversationId } = (await res.json()) as { conversationId: string };
  if (answered) expect((await t.request(`/api/conversations/${conversationId}/messages`, { method: 'POST', token: seller.token, json: { body: 'Yes it is.' } })).status).toBe(201);
  return conversationId;
};
const review = (u: U, listingId: string, json: object) => t.request(`/api/listings/${listingId}/review`, { method: 'PUT', token: u.token, json });
const eligibility = async (u: U, listingId: string) => (await t.request(`/api/listings/${listingId}/review`, { token: u.token })).json() as Promise<{ allowed: boolean; reason?: string; review: { status: string } | null }>;
const summary = async () => (await (await t.request(`/api/sellers/${seller.user.username}/reviews`)).json()) as { rating: number | null; count: number; items: Array<{ id: string; stars: number; body: string; author: string; reply: { body: string } | null }>; pageCount: number };
const stats = async () => (await queryRows<{ review_count: number; star_total: number }>(t.services.db, sql`SELECT review_count, star_total FROM seller_review_stats WHERE seller_id = ${seller.user.id}`))[0];
/** A buyer whose account is older than a day. */
const buyer = (over: Parameters<TestApp['createUser']>[0] = {}) => t.createUser({ phoneNumber: '+254700000001', ...over });
/** As if the user had proved their number by SMS (server/users/phone-verification.ts). */
const verifyPhone = (u: U, phone: string) => t.services.db.update(users).set({ phoneNumber: phone, phoneVerified: phone }).where(eq(users.id, u.user.id));

beforeAll(async () => {
  t = await createTestApp();
  seller = await t.createUser({ firstName: 'Wanjiru', lastName: 'Kamau' });
  await verifyPhone(seller, '+254722111222');
  admin = await t.createUser({ firstName: 'Mod', lastName: 'Erator' });
  expect(await makeAdmin(t.services.db, admin.user.email)).toBe(true);
  ads = (await insertRows(t, seller.user.id, Array.from({ length: 14 }, (_, i) => ({ title: `Review ad ${i}`, price: 1000 + i })))).map((r) => r.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('who may review', () => {
  it('nobody without a conversation, nor before the seller answered, nor the seller; the reason is given', async () => {
    const b = await buyer();
    expect((await t.request(`/api/listings/${ads[0]}/review`, { method: 'PUT', json: { stars: 5, outcome: 'deal_done' } })).status).toBe(401);
    expect(await eligibility(b, ads[0]!)).toMatchObject({ allowed: false, reason: M.noConversation });
    let res = await review(b, ads[0]!, { stars: 5, outcome: 'deal_done' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: M.noConversation });

    await talk(b, ads[0]!, false);
    res = await review(b, ads[0]!, { stars: 5, outcome: 'deal_done' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: M.noAnswer });

    res = await review(seller, ads[0]!, { stars: 5, outcome: 'deal_done' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: M.ownAd });
    // A conversation about another ad of the same seller does not count for this one.
    await talk(b, ads[1]!);
    expect((await review(b, ads[0]!, { stars: 5, outcome: 'deal_done' })).status).toBe(403);
    expect(await summary()).toMatchObject({ rating: null, count: 0, items: [] });
  });

  it('a buyer the seller answered reviews once per ad; bad input is refused with every field named', async () => {
    const b = await buyer({ firstName: 'Otieno', lastName: 'Ochieng' });
    await talk(b, ads[2]!);
    const bad = await review(b, ads[2]!, { stars: 6, outcome: 'maybe', body: 'x'.repeat(501) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Array<{ path: string }> }).errors.map((e) => e.path).sort()).toEqual(['body', 'outcome', 'stars']);
    expect((await review(b, ads[2]!, { stars: 0, outcome: 'no_deal' })).status).toBe(400);
    expect((await review(b, ads[2]!, { stars: 2.5, outcome: 'no_deal' })).status).toBe(400);

    const res = await review(b, ads[2]!, { stars: 4, outcome: 'deal_done', body: '  Honest seller, phone as described.  ' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ message: M.published, review: { stars: 4, status: 'published', body: 'Honest seller, phone as described.' } });
    const page = await summary();
    expect(page).toMatchObject({ rating: 4, count: 1 });
    expect(page.items[0]).toMatchObject({ stars: 4, author: 'Otieno O.', body: 'Honest seller, phone as described.', reply: null });
    // Again for the same ad changes it: still one review.
    const again = await review(b, ads[2]!, { stars: 2, outcome: 'no_deal' });
    expect(again.status).toBe(200);
    expect(await summary()).toMatchObject({ rating: 2, count: 1 });
    expect(await stats()).toEqual({ review_count: 1, star_total: 2 });
  });

  it('a review can be changed for 7 days, then no more', async () => {
    const b = await buyer();
    await talk(b, ads[3]!);
    expect((await review(b, ads[3]!, { stars: 5, outcome: 'deal_done' })).status).toBe(201);
    await t.services.db.execute(sql`UPDATE reviews SET created_at = now() - interval '8 days' WHERE listing_id = ${ads[3]!} AND author_id = ${b.user.id}`);
    const late = await review(b, ads[3]!, { stars: 1, outcome: 'no_deal' });
    expect(late.status).toBe(403);
    expect(await late.json()).toEqual({ message: M.editClosed });
    expect(await eligibility(b, ads[3]!)).toMatchObject({ allowed: false, reason: M.editClosed, review: { status: 'published' } });
  });
});

describe('held for moderation', () => {
  it('a new account, a repeat reviewer of the seller, and a shared verified phone are held; approve and reject move the average', async () => {
    const before = await summary();
    const young = await buyer({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) });
    await talk(young, ads[4]!);
    const res = await review(young, ads[4]!, { stars: 1, outcome: 'no_deal', body: 'Fake' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ message: M.held, review: { status: 'held' } });

    const repeat = await buyer();
    await talk(repeat, ads[5]!);
    await talk(repeat, ads[6]!);
    expect(((await (await review(repeat, ads[5]!, { stars: 5, outcome: 'deal_done' })).json()) as { review: { status: string } }).review.status).toBe('published');
    expect(((await (await review(repeat, ads[6]!, { stars: 5, outcome: 'deal_done' })).json()) as { review: { status: string } }).review.status).toBe('held');

    const twin = await buyer();
    await verifyPhone(twin, '+254722111222');
    await talk(twin, ads[7]!);
    expect(((await (await review(twin, ads[7]!, { stars: 5, outcome: 'deal_done' })).json()) as { review: { status: string } }).review.status).toBe('held');
    // The same number, not verified by the reviewer: not held.
    const unverified = await buyer({ phoneNumber: '+254722111222' });
    await talk(unverified, ads[8]!);
    expect(((await (await review(unverified, ads[8]!, { stars: 3, outcome: 'deal_done' })).json()) as { review: { status: string } }).review.status).toBe('published');

    const after = await summary();
    expect(after.count).toBe(before.count + 2);
    // The queue: the three held ones, each with why.
    expect((await t.request('/api/admin/reviews', { token: seller.token })).status).toBe(403);
    const queue = (await (await t.request('/api/admin/reviews', { token: admin.token })).json()) as Array<{ id: string; status: string; heldReason: string }>;
    const held = queue.filter((q) => q.status === 'held');
    expect(held.map((q) => q.heldReason).sort()).toEqual([
      'The author already reviewed this seller about another ad.',
      'The author and the seller have the same verified phone number.',
      'The author’s account is less than a day old.',
    ]);
    const youngItem = held.find((q) => q.heldReason.includes('less than a day'))!;
    const twinItem = held.find((q) => q.heldReason.includes('phone'))!;
    expect((await t.request(`/api/admin/reviews/${youngItem.id}/approve`, { method: 'POST', token: admin.token })).status).toBe(200);
    expect((await t.request(`/api/admin/reviews/${twinItem.id}/reject`, { method: 'POST', token: admin.token })).status).toBe(200);
    const s = await stats();
    const published = await queryRows<{ n: number; total: number }>(t.services.db, sql`SELECT count(*)::int AS n, sum(stars)::int AS total FROM reviews WHERE seller_id = ${seller.user.id} AND status = 'published'`);
    expect(s).toEqual({ review_count: published[0]!.n, star_total: published[0]!.total });
    expect((await summary()).count).toBe(before.count + 3);
    // The rejected author cannot change it back.
    expect(await (await review(twin, ads[7]!, { stars: 4, outcome: 'deal_done' })).json()).toEqual({ message: M.removed });
  });
});

describe('the average', () => {
  it('is recomputed when a review is edited, hidden or its author deleted, and shows on the ad JSON and its card', async () => {
    const recount = async () => {
      const [r] = await queryRows<{ avg: number | null; n: number }>(t.services.db, sql`SELECT round(avg(stars), 1)::float8 AS avg, count(*)::int AS n FROM reviews WHERE seller_id = ${seller.user.id} AND status = 'published'`);
      return { rating: r!.avg, count: r!.n };
    };
    const b = await buyer();
    await talk(b, ads[9]!);
    await review(b, ads[9]!, { stars: 1, outcome: 'no_deal' });
    expect(await summary()).toMatchObject(await recount());
    await review(b, ads[9]!, { stars: 5, outcome: 'deal_done' });
    const edited = await recount();
    expect(await summary()).toMatchObject(edited);
    const ad = (await (await t.request(`/api/listings/${ads[0]}`)).json()) as { user: { rating: number; reviewCount: number } };
    expect(ad.user).toMatchObject({ rating: edited.rating, reviewCount: edited.count });
    const [card] = await sellerCards(t.services.db, seller.user.id, { limit: 1 });
    expect(card).toMatchObject({ sellerRating: edited.rating, sellerReviews: edited.count });

    const queue = async () => (await (await t.request('/api/admin/reviews', { token: admin.token })).json()) as Array<{ id: string; reports: Array<{ by: string }> }>;
    const mine = (await summary()).items.find((i) => i.stars === 5 && i.author === 'Test U.')!;
    await t.request(`/api/admin/reviews/${mine.id}/reject`, { method: 'POST', token: admin.token });
    const hidden = await recount();
    expect(hidden.count).toBe(edited.count - 1);
    expect(await summary()).toMatchObject(hidden);
    expect(await queue()).not.toContainEqual(expect.objectContaining({ id: mine.id }));

    const gone = await buyer();
    await talk(gone, ads[10]!);
    await review(gone, ads[10]!, { stars: 1, outcome: 'no_deal' });
    expect((await summary()).count).toBe(hidden.count + 1);
    await t.services.db.delete(users).where(eq(users.id, gone.user.id));
    expect(await summary()).toMatchObject(hidden);
    expect(await stats()).toMatchObject({ review_count: hidden.count });
  });
});

describe('replies and reports', () => {
  it('the seller replies once; either party reports; nobody else; a seller cannot delete', async () => {
    const b = await buyer({ firstName: 'Achieng' });
    await talk(b, ads[11]!);
    const written = (await (await review(b, ads[11]!, { stars: 2, outcome: 'no_deal', body: 'Never came.' })).json()) as { review: { id: string } };
    const id = written.review.id;
    const stranger = await buyer();
    expect((await t.request(`/api/reviews/${id}/reply`, { method: 'POST', token: stranger.token, json: { body: 'Hi' } })).status).toBe(403);
    expect((await t.request(`/api/reviews/${id}/reply`, { method: 'POST', token: seller.token, json: { body: '' } })).status).toBe(400);
    expect((await t.request(`/api/reviews/${id}/reply`, { method: 'POST', token: seller.token, json: { body: 'I waited an hour at Sarit.' } })).status).toBe(200);
    const second = await t.request(`/api/reviews/${id}/reply`, { method: 'POST', token: seller.token, json: { body: 'Again' } });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ message: M.replyOnce });
    expect((await summary()).items.find((i) => i.id === id)!.reply).toMatchObject({ body: 'I waited an hour at Sarit.' });

    expect((await t.request(`/api/reviews/${id}/report`, { method: 'POST', token: stranger.token, json: { reason: 'fake' } })).status).toBe(403);
    expect((await t.request(`/api/reviews/${id}/report`, { method: 'POST', token: seller.token, json: { reason: 'nonsense' } })).status).toBe(400);
    expect((await t.request(`/api/reviews/${id}/report`, { method: 'POST', token: seller.token, json: { reason: 'fake', details: 'Never wrote to me' } })).status).toBe(200);
    expect((await t.request(`/api/reviews/${id}/report`, { method: 'POST', token: b.token, json: { reason: 'abusive' } })).status).toBe(200);
    const queue = (await (await t.request('/api/admin/reviews', { token: admin.token })).json()) as Array<{ id: string; status: string; reports: Array<{ by: string; reason: string }> }>;
    expect(queue.find((q) => q.id === id)).toMatchObject({ status: 'published', reports: expect.arrayContaining([{ by: 'seller', reason: 'fake', details: 'Never wrote to me', at: expect.any(String) }, expect.objectContaining({ by: 'author' })]) });
    // Approving keeps it and clears the reports.
    await t.request(`/api/admin/reviews/${id}/approve`, { method: 'POST', token: admin.token });
    expect(((await (await t.request('/api/admin/reviews', { token: admin.token })).json()) as Array<{ id: string }>).some((q) => q.id === id)).toBe(false);
    // There is no way to delete a review.
    expect((await t.request(`/api/reviews/${id}`, { method: 'DELETE', token: seller.token })).status).toBe(404);
    expect((await t.request(`/api/listings/${ads[11]}/review`, { method: 'DELETE', token: seller.token })).status).toBe(404);
    expect((await summary()).items.some((i) => i.id === id)).toBe(true);
  });

  it('pages the seller’s reviews newest first, and is in the OpenAPI document', async () => {
    const first = await summary();
    expect(first.pageCount).toBe(Math.ceil(first.count / 10));
    const spec = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(spec.paths['/api/listings/{id}/review'] ?? spec.paths['/listings/{id}/review'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
  });
});
