import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_CONTACT_TIP, QUICK_REPLIES } from '#kernel/message-rules.ts';
import { createApp } from '../../server/app.ts';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { conversationReports, userBlocks } from '../../server/db/schema/index.ts';
import { PENDING_MESSAGE_COOKIE } from '../../server/messages/pending-message.ts';
import { createTestApp, type TestApp, pageRequests } from '../support/app.ts';
import { insertRows } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * The messages pages (issue 43) as plain forms, without JavaScript: "Message seller" from an ad
 * (also through login with the text kept), the inbox, the thread and its reply, block, report
 * and delete forms, the header's unread count, the live-updates poll, and a third person refused
 * by every page and form.
 */
let t: TestApp;
let app: ReturnType<typeof createApp>;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let seller: U;
let buyer: U;
let stranger: U;
let ads: string[];

const page = pageRequests(() => app);
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const as = (u: U) => `${SESSION_COOKIE}=${u.token}`;
const html = async (path: string, u: U) => {
  const res = await page(path, { cookie: as(u) });
  expect(res.status, path).toBe(200);
  return res.text();
};

beforeAll(async () => {
  t = await createTestApp();
  app = createApp(t.services, { getBuild: (await loadPageBuild()).getBuild });
  seller = await t.createUser({ firstName: 'Wanjiru', lastName: 'Kamau' });
  buyer = await t.createUser({ firstName: 'Otieno', lastName: 'Ochieng' });
  stranger = await t.createUser({ firstName: 'Eve' });
  ads = (await insertRows(t, seller.user.id, Array.from({ length: 3 }, (_, i) => ({ title: `Page chat ad ${i}`, price: 5000 })))).map((r) => r.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function startByForm(u: U, listingId: string, fields: Record<string, string>): Promise<string> {
  const res = await page(`/messages/new/${listingId}`, { method: 'POST', cookie: as(u), body: form(fields) });
  expect(res.status).toBe(302);
  const location = res.headers.get('location')!;
  expect(location).toMatch(/^\/messages\/[0-9a-f-]{36}#latest$/);
  return location.slice('/messages/'.length, -'#latest'.length);
}

describe('message seller', () => {
  it('the ad page has the form with quick replies, except for the seller', async () => {
    const ad = await html(`/listing/${ads[0]}`, buyer);
    expect(ad).toContain(`action="/messages/new/${ads[0]}"`);
    for (const q of QUICK_REPLIES) expect(ad).toContain(q.replace("'", '&#x27;'));
    expect(await html(`/listing/${ads[0]}`, seller)).not.toContain('data-testid="message-seller"');
  });

  it('a visitor goes through login and comes back to the form with the text kept', async () => {
    const res = await page(`/messages/new/${ads[1]}`, { method: 'POST', body: form({ body: 'Is the price firm? <b>asap</b>' }) });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/auth/login?redirectTo=${encodeURIComponent(`/messages/new/${ads[1]}`)}`);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie.startsWith(`${PENDING_MESSAGE_COOKIE}=`)).toBe(true);
    const back = await (await page(`/messages/new/${ads[1]}`, { cookie: `${as(buyer)}; ${cookie}` })).text();
    expect(back).toContain('Is the price firm? &lt;b&gt;asap&lt;/b&gt;</textarea>');
    // The kept text belongs to that ad only.
    expect(await (await page(`/messages/new/${ads[2]}`, { cookie: `${as(buyer)}; ${cookie}` })).text()).not.toContain('Is the price firm?');
    // Nothing was sent before the buyer pressed Send.
    expect(await html('/messages', seller)).not.toContain('Is the price firm?');
  });

  it('a quick reply starts the conversation; the thread shows it as text with the safety tip; the seller sees it unread', async () => {
    const id = await startByForm(buyer, ads[0]!, { quick: QUICK_REPLIES[0], body: '' });
    const again = await startByForm(buyer, ads[0]!, { body: '<img src=x onerror=alert(1)>' });
    expect(again).toBe(id);
    expect(await html(`/listing/${ads[0]}`, buyer)).toContain(`href="/messages/${id}"`);
    const thread = await html(`/messages/${id}`, buyer);
    expect(thread).toContain(FIRST_CONTACT_TIP);
    expect(thread).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(thread).not.toContain('<img src=x');

    const home = await html('/', seller);
    expect(home).toMatch(/data-testid="unread-count"[^>]*>2</);
    const inbox = await html('/messages', seller);
    expect(inbox).toContain('Page chat ad 0');
    expect(inbox).toContain('Otieno Ochieng');
    expect(inbox).toContain('2 unread');
    // The thread's own page already counts it read in the header.
    expect(await html(`/messages/${id}`, seller)).not.toContain('data-testid="unread-count"');
    expect(await html('/', seller)).not.toContain('data-testid="unread-count"');
  });

  it('refuses the seller\'s own ad and an empty message with a clear message, keeping the form', async () => {
    const own = await page(`/messages/new/${ads[2]}`, { method: 'POST', cookie: as(seller), body: form({ body: 'Hi me' }) });
    expect(own.status).toBe(403);
    expect(await own.text()).toContain('This is your own ad');
    const empty = await page(`/messages/new/${ads[2]}`, { method: 'POST', cookie: as(buyer), body: form({ body: ' ' }) });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Write a message first.');
  });
});

describe('thread forms', () => {
  it('reply, block, report and delete work as plain forms', async () => {
    const id = await startByForm(buyer, ads[2]!, { body: 'Hello about ad 2' });
    const reply = await page(`/messages/${id}`, { method: 'POST', cookie: as(seller), body: form({ intent: 'reply', body: 'Send a deposit first to 0712345678 via M-Pesa' }) });
    expect(reply.status).toBe(302);
    const seen = await html(`/messages/${id}`, buyer);
    expect(seen).toContain('Send a deposit first');
    expect(seen).toContain('data-testid="message-warning"');

    const block = await page(`/messages/${id}`, { method: 'POST', cookie: as(seller), body: form({ intent: 'block' }) });
    expect(block.status).toBe(200);
    expect(await block.text()).toContain('User blocked.');
    expect(await t.services.db.select().from(userBlocks).where(eq(userBlocks.blockerId, seller.user.id))).toHaveLength(1);

    const report = await page(`/messages/${id}`, { method: 'POST', cookie: as(buyer), body: form({ intent: 'report', reason: 'scam', details: 'deposit' }) });
    expect(report.status).toBe(200);
    expect(await t.services.db.select().from(conversationReports).where(eq(conversationReports.conversationId, id))).toHaveLength(1);

    const del = await page(`/messages/${id}`, { method: 'POST', cookie: as(buyer), body: form({ intent: 'delete' }) });
    expect(del.headers.get('location')).toBe('/messages');
    expect(await html('/messages', buyer)).not.toContain('Page chat ad 2');
    expect(await html('/messages', seller)).toContain('Page chat ad 2');
  });

  it('a third person gets 404 from the thread and every form, and nothing changes', async () => {
    const id = await startByForm(buyer, ads[1]!, { body: 'Private thread' });
    expect((await page(`/messages/${id}`, { cookie: as(stranger) })).status).toBe(404);
    for (const intent of ['reply', 'block', 'unblock', 'report', 'delete']) {
      const res = await page(`/messages/${id}`, { method: 'POST', cookie: as(stranger), body: form({ intent, body: 'intruder', reason: 'spam' }) });
      expect(res.status, intent).toBe(404);
    }
    expect(await t.services.db.select().from(userBlocks).where(eq(userBlocks.blockerId, stranger.user.id))).toHaveLength(0);
    expect(await html(`/messages/${id}`, buyer)).not.toContain('intruder');
    expect(await html('/messages', stranger)).not.toContain('Private thread');
    // Signed out: the login page, which comes back here.
    expect((await page(`/messages/${id}`)).headers.get('location')).toBe(`/auth/login?redirectTo=${encodeURIComponent(`/messages/${id}`)}`);
  });
});

describe('cross-site requests', () => {
  it('a form or cookie-signed API call from another site is refused and sends nothing', async () => {
    const evil = { Origin: 'https://evil.example' };
    const byForm = await page(`/messages/new/${ads[0]}`, { method: 'POST', cookie: as(stranger), headers: evil, body: form({ body: 'Forged hello' }) });
    expect(byForm.status).toBe(403);
    const byApi = await t.request('/api/conversations', { method: 'POST', headers: { Cookie: as(stranger), ...evil }, json: { listingId: ads[0], body: 'Forged hello' } });
    expect(byApi.status).toBe(403);
    expect(await html('/messages', seller)).not.toContain('Forged hello');
  });
});

describe('live updates poll', () => {
  it('answers an ETag, 304 while nothing changed, a new one after a message; 401 signed out', async () => {
    expect((await page('/messages/updates')).status).toBe(401);
    const first = await page('/messages/updates', { cookie: as(seller) });
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await page('/messages/updates', { cookie: as(seller), headers: { 'If-None-Match': etag } })).status).toBe(304);
    // (The buyer is blocked by the seller since the forms test: their messages would change nothing here.)
    await startByForm(stranger, ads[1]!, { body: 'Ping' });
    const after = await page('/messages/updates', { cookie: as(seller), headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });
});
