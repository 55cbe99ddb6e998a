import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_CONTACT_TIP, MESSAGE_TEXTS, QUICK_REPLIES } from '#kernel/message-rules.ts';
import { conversationAudit, conversationReports, listings, users } from '../../server/db/schema/index.ts';
import { unreadCount } from '../../server/messages/conversations.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { insertRows } from './listings-support.ts';
import * as swConversations from '../../kernel/i18n/sw/conversations.ts';

/**
 * Messages between buyers and sellers (issue 43) through /api/conversations, over a real
 * database: starting and continuing, the inbox, reading, limits, block, report, delete for me,
 * and privacy (a third person gets 404 from every operation).
 */
let t: TestApp;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let seller: U;
let buyer: U;
let stranger: U;
let ads: string[];

const start = (u: U, listingId: string, body: string) => t.request('/api/conversations', { method: 'POST', token: u.token, json: { listingId, body } });
const send = (u: U, id: string, body: string) => t.request(`/api/conversations/${id}/messages`, { method: 'POST', token: u.token, json: { body } });
const thread = async (u: U, id: string) => (await t.request(`/api/conversations/${id}/messages`, { token: u.token })).json() as Promise<{ messages: Array<{ body: string; mine: boolean; sender: string; warning: string | null }>; ad: { state: string }; other: string }>;
const inbox = async (u: U) => (await t.request('/api/conversations', { token: u.token })).json() as Promise<{ items: Array<{ id: string; unread: number; other: string; lastMessage: { body: string }; ad: { title: string; state: string; price: number | null } }>; unread: number }>;

beforeAll(async () => {
  t = await createTestApp();
  seller = await t.createUser({ firstName: 'Wanjiru', lastName: 'Kamau' });
  buyer = await t.createUser({ firstName: 'Otieno', lastName: 'Ochieng' });
  stranger = await t.createUser({ firstName: 'Eve', lastName: 'Stranger' });
  ads = (await insertRows(t, seller.user.id, Array.from({ length: 8 }, (_, i) => ({ title: `Chat ad ${i}`, price: 1000 + i })))).map((r) => r.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('starting and continuing', () => {
  it('a buyer writes to the seller; writing again continues the same conversation; both inboxes show it', async () => {
    const first = await start(buyer, ads[0]!, QUICK_REPLIES[0]);
    expect(first.status).toBe(201);
    const { conversationId } = (await first.json()) as { conversationId: string };
    const again = (await (await start(buyer, ads[0]!, 'Can I see it on Saturday?')).json()) as { conversationId: string };
    expect(again.conversationId).toBe(conversationId);

    const sellerInbox = await inbox(seller);
    expect(sellerInbox.unread).toBe(2);
    const item = sellerInbox.items.find((i) => i.id === conversationId)!;
    expect(item).toMatchObject({ unread: 2, other: 'Otieno Ochieng', lastMessage: { body: 'Can I see it on Saturday?' }, ad: { title: 'Chat ad 0', state: 'active', price: 1000 } });

    expect((await send(seller, conversationId, 'Yes, come at 10.')).status).toBe(201);
    const seen = await thread(buyer, conversationId);
    expect(seen.messages.map((m) => [m.sender, m.body])).toEqual([
      ['You', QUICK_REPLIES[0]],
      ['You', 'Can I see it on Saturday?'],
      ['Wanjiru Kamau', 'Yes, come at 10.'],
    ]);
    expect((await inbox(buyer)).unread).toBe(1);
    expect((await t.request(`/api/conversations/${conversationId}/read`, { method: 'POST', token: buyer.token })).status).toBe(200);
    expect(await unreadCount(t.services.db, buyer.user.id)).toBe(0);
  });

  it('a seller cannot message their own ad; an ad that is not active starts nothing; bad bodies are refused', async () => {
    const own = await start(seller, ads[1]!, 'Hello');
    expect(own.status).toBe(403);
    expect(((await own.json()) as { message: string }).message).toBe(MESSAGE_TEXTS.ownAd);
    await t.services.db.update(listings).set({ status: 'sold' }).where(eq(listings.id, ads[7]!));
    expect((await start(buyer, ads[7]!, 'Hello')).status).toBe(409);
    expect((await start(buyer, '0b0e0f57-6b5e-4d0e-9d55-2d4b8f0c6f3a', 'Hello')).status).toBe(404);
    const empty = await start(buyer, ads[1]!, '   ');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe(MESSAGE_TEXTS.empty);
    expect((await start(buyer, ads[1]!, 'x'.repeat(1001))).status).toBe(400);
    expect((await start(buyer, ads[1]!, 'x'.repeat(1000))).status).toBe(201);
  });

  it('a sold or deleted ad keeps its conversation, marked as such', async () => {
    const { conversationId } = (await (await start(buyer, ads[2]!, 'Still there?')).json()) as { conversationId: string };
    await t.services.db.update(listings).set({ status: 'sold' }).where(eq(listings.id, ads[2]!));
    expect((await thread(buyer, conversationId)).ad.state).toBe('sold');
    expect((await send(buyer, conversationId, 'Sad it sold')).status).toBe(201);
    await t.services.db.delete(listings).where(eq(listings.id, ads[2]!));
    const gone = (await inbox(seller)).items.find((i) => i.id === conversationId)!;
    expect(gone.ad).toMatchObject({ state: 'deleted', title: 'Chat ad 2' });
  });
});

describe('safety', () => {
  it('a risky message is delivered with a warning for the reader; HTML stays text', async () => {
    const { conversationId } = (await (await start(buyer, ads[3]!, '<script>alert(1)</script> hi')).json()) as { conversationId: string };
    await send(seller, conversationId, 'Send a deposit of 2000 to 0712 345 678 on M-Pesa to reserve it');
    await send(seller, conversationId, "Let's talk on WhatsApp");
    const seen = await thread(buyer, conversationId);
    expect(seen.messages[1]!.warning).toMatch(/deposit/);
    expect(seen.messages[2]!.warning).toMatch(/WhatsApp/);
    expect((await thread(seller, conversationId)).messages[1]!.warning).toBeNull();
    expect((await thread(seller, conversationId)).messages[0]!.body).toBe('<script>alert(1)</script> hi');
    expect(FIRST_CONTACT_TIP).toContain('M-Pesa PINs');
  });

  it('a blocked buyer\'s messages are accepted but never delivered, on any ad of the blocker', async () => {
    const pest = await t.createUser({ firstName: 'Pest' });
    const { conversationId } = (await (await start(pest, ads[4]!, 'First message')).json()) as { conversationId: string };
    expect((await t.request(`/api/conversations/${conversationId}/block`, { method: 'PUT', token: seller.token })).status).toBe(200);
    const before = await unreadCount(t.services.db, seller.user.id);
    expect((await send(pest, conversationId, 'Hello? answer me')).status).toBe(201);
    expect((await start(pest, ads[5]!, 'Another ad then')).status).toBe(201);
    expect((await thread(pest, conversationId)).messages.map((m) => m.body)).toEqual(['First message', 'Hello? answer me']);
    expect((await thread(seller, conversationId)).messages.map((m) => m.body)).toEqual(['First message']);
    expect(await unreadCount(t.services.db, seller.user.id)).toBe(before);
    expect((await inbox(seller)).items.some((i) => i.lastMessage.body === 'Another ad then')).toBe(false);
    await t.request(`/api/conversations/${conversationId}/block`, { method: 'DELETE', token: seller.token });
    await send(pest, conversationId, 'After unblock');
    expect((await thread(seller, conversationId)).messages.map((m) => m.body)).toEqual(['First message', 'After unblock']);
  });

  it('a report enters the moderators\' queue; only reported conversations are readable there, and each look is audited', async () => {
    const { conversationId } = (await (await start(buyer, ads[5]!, 'Report me')).json()) as { conversationId: string };
    const bad = await t.request(`/api/conversations/${conversationId}/report`, { method: 'POST', token: seller.token, json: { reason: 'nonsense' } });
    expect(bad.status).toBe(400);
    const ok = await t.request(`/api/conversations/${conversationId}/report`, { method: 'POST', token: seller.token, json: { reason: 'scam', details: 'asked for PIN' } });
    expect(ok.status).toBe(200);
    expect(await t.services.db.select().from(conversationReports).where(eq(conversationReports.conversationId, conversationId))).toHaveLength(1);
    const admin = await t.createUser({ firstName: 'Mod' });
    await t.services.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    expect((await t.request('/api/admin/conversation-reports', { token: buyer.token })).status).toBe(403);
    const queue = (await (await t.request('/api/admin/conversation-reports', { token: admin.token })).json()) as Array<{ conversationId: string }>;
    expect(queue.map((q) => q.conversationId)).toContain(conversationId);
    const look = await t.request(`/api/admin/conversation-reports/${conversationId}`, { token: admin.token });
    expect(((await look.json()) as Array<{ body: string }>).map((m) => m.body)).toEqual(['Report me']);
    expect(await t.services.db.select().from(conversationAudit).where(eq(conversationAudit.conversationId, conversationId))).toHaveLength(1);
    const { conversationId: unreported } = (await (await start(buyer, ads[4]!, 'Not reported')).json()) as { conversationId: string };
    expect((await t.request(`/api/admin/conversation-reports/${unreported}`, { token: admin.token })).status).toBe(404);
  });

  it('a sender with repeated risky messages is held for review; a moderator releases them', async () => {
    const tout = await t.createUser({ firstName: 'Tout' });
    const { conversationId } = (await (await start(tout, ads[0]!, 'Pay a deposit to book it')).json()) as { conversationId: string };
    await send(tout, conversationId, 'Send the advance fee now');
    await send(tout, conversationId, 'Visit www.cheap-phones.example.com');
    // The fourth risky message in a day: held, and everything the sender writes after it.
    await send(tout, conversationId, 'Deposit to 0712345678 on M-Pesa please');
    await send(tout, conversationId, 'Hello?');
    expect((await thread(tout, conversationId)).messages).toHaveLength(5);
    expect((await thread(seller, conversationId)).messages.map((m) => m.body)).toEqual(['Pay a deposit to book it', 'Send the advance fee now', 'Visit www.cheap-phones.example.com']);
    const admin = await t.createUser({ firstName: 'Mod' });
    await t.services.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const queue = (await (await t.request('/api/admin/conversation-reports', { token: admin.token })).json()) as Array<{ conversationId: string; reason: string }>;
    expect(queue).toContainEqual(expect.objectContaining({ conversationId, reason: 'held' }));
    const unreadBefore = await unreadCount(t.services.db, seller.user.id);
    const release = await t.request(`/api/admin/conversation-reports/${conversationId}/release`, { method: 'POST', token: admin.token });
    expect(await release.json()).toEqual({ released: 2 });
    expect((await thread(seller, conversationId)).messages).toHaveLength(5);
    expect(await unreadCount(t.services.db, seller.user.id)).toBe(unreadBefore + 2);
    expect((await t.request(`/api/admin/conversation-reports/${conversationId}/release`, { method: 'POST', token: seller.token })).status).toBe(403);
  });

  it('delete for me hides the conversation from my inbox only, until a newer message', async () => {
    const { conversationId } = (await (await start(buyer, ads[6]!, 'Old message')).json()) as { conversationId: string };
    expect((await t.request(`/api/conversations/${conversationId}`, { method: 'DELETE', token: buyer.token })).status).toBe(200);
    expect((await inbox(buyer)).items.some((i) => i.id === conversationId)).toBe(false);
    expect((await inbox(seller)).items.some((i) => i.id === conversationId)).toBe(true);
    await send(seller, conversationId, 'Newer message');
    expect((await thread(buyer, conversationId)).messages.map((m) => m.body)).toEqual(['Newer message']);
  });

  it('a deleted account\'s messages show as from "Deleted user", and nobody can write to it', async () => {
    const leaver = await t.createUser({ firstName: 'Leaving' });
    const { conversationId } = (await (await start(leaver, ads[6]!, 'Bye soon')).json()) as { conversationId: string };
    await t.services.db.delete(users).where(eq(users.id, leaver.user.id));
    const seen = await thread(seller, conversationId);
    expect(seen.messages[0]!.sender).toBe('Deleted user');
    expect(seen.other).toBe('Deleted user');
    expect((await send(seller, conversationId, 'Hello?')).status).toBe(409);
  });
});

describe('limits', () => {
  it('an account less than a day old starts 5 conversations a day, with a clear message', async () => {
    const fresh = await t.createUser({ createdAt: new Date() });
    const more = (await insertRows(t, seller.user.id, Array.from({ length: 6 }, (_, i) => ({ title: `Limit ad ${i}` })))).map((r) => r.id);
    for (const id of more.slice(0, 5)) expect((await start(fresh, id, QUICK_REPLIES[0])).status).toBe(201);
    const refused = await start(fresh, more[5]!, QUICK_REPLIES[0]);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/New accounts can start 5 conversations in their first day/);
  });

  it('the same free text to several sellers is refused as spam; quick replies are not', async () => {
    const spammer = await t.createUser();
    const more = (await insertRows(t, seller.user.id, Array.from({ length: 5 }, (_, i) => ({ title: `Spam ad ${i}` })))).map((r) => r.id);
    for (const id of more.slice(0, 3)) expect((await start(spammer, id, 'Cheap loans, call me now!')).status).toBe(201);
    const refused = await start(spammer, more[3]!, 'cheap loans call me NOW');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/same message to several sellers/);
    expect((await start(spammer, more[3]!, QUICK_REPLIES[1])).status).toBe(201);
    // A quick reply sent from a Swahili page (or a Swahili app) is a quick reply too: five new conversations, none refused.
    const others = (await insertRows(t, seller.user.id, Array.from({ length: 5 }, (_, i) => ({ title: `Swahili quick ad ${i}` })))).map((r) => r.id);
    for (const id of others) expect((await start(spammer, id, swConversations.quickWhereMeet)).status).toBe(201);
  });
});

describe('privacy: a third person', () => {
  it('gets 404 from every operation on a conversation not theirs, and it changes nothing', async () => {
    const { conversationId: id } = (await (await start(buyer, ads[1]!, 'Private words')).json()) as { conversationId: string };
    const attempts: Array<[string, RequestInit & { json?: unknown }]> = [
      [`/api/conversations/${id}/messages`, {}],
      [`/api/conversations/${id}/messages`, { method: 'POST', json: { body: 'intruding' } }],
      [`/api/conversations/${id}/read`, { method: 'POST' }],
      [`/api/conversations/${id}/block`, { method: 'PUT' }],
      [`/api/conversations/${id}/block`, { method: 'DELETE' }],
      [`/api/conversations/${id}/report`, { method: 'POST', json: { reason: 'spam' } }],
      [`/api/conversations/${id}`, { method: 'DELETE' }],
    ];
    for (const [path, init] of attempts) {
      const res = await t.request(path, { ...init, token: stranger.token });
      expect(res.status, `${init.method ?? 'GET'} ${path}`).toBe(404);
      expect((await t.request(path, init)).status, `anonymous ${init.method ?? 'GET'} ${path}`).toBe(401);
    }
    expect((await inbox(stranger)).items).toEqual([]);
    expect((await thread(seller, id)).messages.map((m) => m.body)).toContain('Private words');
    expect((await thread(seller, id)).messages.map((m) => m.body)).not.toContain('intruding');
  });
});
