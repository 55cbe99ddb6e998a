import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.ts';
import { conversations } from '../../server/db/schema/index.ts';
import { messagesVersion, readThread, unreadCount } from '../../server/messages/conversations.ts';
import { releaseHeldMessages } from '../../server/messages/moderation.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { insertRows } from './listings-support.ts';

/**
 * The header's unread count is a per-person total kept by triggers on conversations (migration
 * 1950), not a sum read on every page. It must stay equal to the sum over the person's
 * conversations through everything that moves it: sending, reading, deleting for me, a block
 * (withheld messages count nowhere), a moderator's release of held messages, the deletion of a
 * conversation and of either person's account, and sends at the same moment.
 */
let t: TestApp;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let seller: U;
let buyer: U;
let risky: U;
let ads: string[];

const start = async (u: U, listingId: string, body: string) => {
  const res = await t.request('/api/conversations', { method: 'POST', token: u.token, json: { listingId, body } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { conversationId: string }).conversationId;
};
const send = async (u: U, id: string, body: string) => expect((await t.request(`/api/conversations/${id}/messages`, { method: 'POST', token: u.token, json: { body } })).status).toBe(201);

/** The kept total, and the sum it stands for. */
async function both(userId: string) {
  const [row] = await queryRows<{ kept: number | null; summed: number }>(
    t.services.db,
    sql`SELECT (SELECT unread FROM message_unread_totals WHERE user_id = ${userId}) AS kept,
          (SELECT coalesce(sum(CASE WHEN buyer_id = ${userId} THEN buyer_unread ELSE seller_unread END), 0)::int
             FROM conversations WHERE buyer_id = ${userId} OR seller_id = ${userId}) AS summed`,
  );
  return { kept: row!.kept === null ? null : Number(row!.kept), summed: Number(row!.summed) };
}

/** The header's count is `n`, and the kept total agrees with the sum over conversations. */
async function expectUnread(u: U, n: number) {
  const { kept, summed } = await both(u.user.id);
  expect(summed).toBe(n);
  expect(kept ?? 0).toBe(n);
  expect(await unreadCount(t.services.db, u.user.id)).toBe(n);
}

beforeAll(async () => {
  t = await createTestApp();
  seller = await t.createUser({ firstName: 'Total', lastName: 'Seller' });
  buyer = await t.createUser({ firstName: 'Total', lastName: 'Buyer' });
  risky = await t.createUser({ firstName: 'Risky', lastName: 'Writer' });
  ads = (await insertRows(t, seller.user.id, Array.from({ length: 4 }, (_, i) => ({ title: `Totals ad ${i}`, price: 500 + i })))).map((r) => r.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the unread total kept by triggers', () => {
  let a: string;
  let b: string;

  it('follows sending, reading and deleting for me', async () => {
    a = await start(buyer, ads[0]!, 'Is this still available?');
    await send(buyer, a, 'I can come today.');
    b = await start(buyer, ads[1]!, 'What is your last price?');
    await expectUnread(seller, 3);
    await expectUnread(buyer, 0);

    await send(seller, a, 'Yes, come at 4.');
    await expectUnread(buyer, 1);
    await expectUnread(seller, 3);

    // The open thread is left out of the header's count while its page marks it read.
    expect(await unreadCount(t.services.db, seller.user.id, a)).toBe(1);
    expect(await unreadCount(t.services.db, seller.user.id, b)).toBe(2);
    // Someone else's conversation takes nothing off.
    expect(await unreadCount(t.services.db, risky.user.id, a)).toBe(0);
    expect((await messagesVersion(t.services.db, seller.user.id, a)).endsWith('.1')).toBe(true);

    // The API reads a thread without marking it (its own operation does); a thread page marks it.
    expect((await t.request(`/api/conversations/${a}/messages`, { token: seller.token })).status).toBe(200);
    await expectUnread(seller, 3);
    expect(await readThread(t.services.db, seller.user.id, a)).toMatchObject({ id: a });
    await expectUnread(seller, 1);
    // Marking it read again changes nothing.
    expect((await t.request(`/api/conversations/${a}/read`, { method: 'POST', token: seller.token })).status).toBe(200);
    await expectUnread(seller, 1);

    expect((await t.request(`/api/conversations/${b}`, { method: 'DELETE', token: seller.token })).status).toBe(200);
    await expectUnread(seller, 0);
    // A newer message brings the conversation back, and counts.
    await send(buyer, b, 'Still interested.');
    await expectUnread(seller, 1);
  });

  it('counts nothing a block withholds', async () => {
    expect((await t.request(`/api/conversations/${a}/block`, { method: 'PUT', token: seller.token })).status).toBe(200);
    await send(buyer, a, 'Hello? Are you there?');
    await expectUnread(seller, 1);
    expect((await t.request(`/api/conversations/${a}/block`, { method: 'DELETE', token: seller.token })).status).toBe(200);
    await send(buyer, a, 'Hello again.');
    await expectUnread(seller, 2);
  });

  it("counts held messages only when a moderator releases them", async () => {
    const c = await start(risky, ads[2]!, 'Pay a deposit first');
    await send(risky, c, 'A deposit holds it');
    await send(risky, c, 'The deposit please');
    await expectUnread(seller, 5);
    // The fourth risky message of the day is held: not delivered, not counted.
    await send(risky, c, 'Send the deposit to 0712345678 now');
    await expectUnread(seller, 5);
    const moderator = await t.createUser({ firstName: 'Mod' });
    expect(await releaseHeldMessages({ db: t.services.db, logger: t.services.logger }, moderator.user.id, c)).toBe(1);
    await expectUnread(seller, 6);
    await send(seller, c, 'No deposits, sorry.');
    await expectUnread(risky, 1);
  });

  it('keeps right when sends arrive at the same moment', async () => {
    const others = await Promise.all(Array.from({ length: 4 }, (_, i) => t.createUser({ firstName: `Rush${i}` })));
    const ids = await Promise.all(others.map((o) => start(o, ads[3]!, 'Is this still available?')));
    await Promise.all(ids.flatMap((id, i) => [send(others[i]!, id, 'One'), send(others[i]!, id, 'Two')]));
    await expectUnread(seller, 6 + 12);
  });

  it('follows a conversation deleted outright and the deletion of either account', async () => {
    const rush = await queryRows<{ id: string }>(t.services.db, sql`SELECT id FROM conversations WHERE listing_id = ${ads[3]!}`);
    await t.services.db.delete(conversations).where(eq(conversations.id, rush[0]!.id));
    await expectUnread(seller, 6 + 9);

    // The buyer leaves: their total goes with them; the seller's count of their messages stays.
    const bye = await t.request('/api/auth/me', { method: 'DELETE', token: buyer.token, json: { password: 'correct-horse-battery' } });
    expect(bye.status).toBe(200);
    expect((await both(buyer.user.id)).kept).toBeNull();
    await expectUnread(seller, 6 + 9);

    // The seller leaves: the writer's unread reply from them still counts for the writer.
    const gone = await t.request('/api/auth/me', { method: 'DELETE', token: seller.token, json: { password: 'correct-horse-battery' } });
    expect(gone.status).toBe(200);
    expect((await both(seller.user.id)).kept).toBeNull();
    await expectUnread(risky, 1);
  });
});
