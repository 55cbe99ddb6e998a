import { and, eq, sql } from 'drizzle-orm';
import { startSmtpFake } from '../support/smtp-fake.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_TEXTS } from '#kernel/contact-preferences.ts';
import { createApp } from '../../server/app.ts';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { queryRows } from '../../server/db/client.ts';
import { conversationAudit, conversationReports, conversations, messages, users } from '../../server/db/schema/index.ts';
import type { Outbox } from '../../server/mail/outbox.ts';
import { createMessageMailJob } from '../../server/messages/notifications.ts';
import { makeAdmin } from '../../server/moderation/moderation.ts';
import { TEST_ORIGIN, createTestApp, type TestApp, pageRequests } from '../support/app.ts';
import { insertRows } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * Issue 43's safety and notification rules: a seller's choice of phone or messages only (every
 * place the number could leave), e-mails about unread messages through the outbox and a real SMTP
 * server on loopback (10 minutes, one an hour, never for read, blocked or held messages, off by
 * setting or by the one-click link), and the moderators' conversation pages.
 */
let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
let t: TestApp;
let app: ReturnType<typeof createApp>;
type U = Awaited<ReturnType<TestApp['createUser']>>;

const page = pageRequests(() => app);
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const as = (u: U) => `${SESSION_COOKIE}=${u.token}`;
const start = async (u: U, listingId: string, body: string) => {
  const res = await t.request('/api/conversations', { method: 'POST', token: u.token, json: { listingId, body } });
  expect(res.status, body).toBe(201);
  return ((await res.json()) as { conversationId: string }).conversationId;
};
const send = async (u: U, id: string, body: string) => {
  const res = await t.request(`/api/conversations/${id}/messages`, { method: 'POST', token: u.token, json: { body } });
  expect(res.status, body).toBe(201);
};
const decode = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

beforeAll(async () => {
  smtp = await startSmtpFake();
  const { port } = smtp;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  app = createApp(t.services, { getBuild: (await loadPageBuild()).getBuild });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('phone or messages only', () => {
  it('by default buyers may reveal the number; with "messages only" no page, API or form gives it out, and the ad offers Message seller', async () => {
    const seller = await t.createUser({ firstName: 'Akinyi', lastName: 'Quiet', phoneNumber: '+254733111222' });
    const buyer = await t.createUser({ firstName: 'Baraka' });
    const [ad] = await insertRows(t, seller.user.id, [{ title: 'Quiet seller sofa', price: 9000 }]);
    const id = ad!.id;
    const reveal = () => t.request(`/api/listings/${id}/phone`, { headers: { Cookie: t.deviceCookie() } });

    // Today's behaviour stays the default.
    expect(await (await reveal()).json()).toEqual({ phoneNumber: '+254733111222' });
    const before = await (await page(`/listing/${id}`, { cookie: as(buyer) })).text();
    expect(before).toContain('Show phone number');

    // The seller chooses messages only in My details (a plain form).
    const saved = await page('/my-details', { method: 'POST', cookie: as(seller), body: form({ intent: 'contact', showPhone: 'no', messageEmails: 'yes' }) });
    expect(saved.status).toBe(302);
    expect(saved.headers.get('location')).toBe('/my-details?contactSaved=1#contact-settings');
    const details = await (await page('/my-details?contactSaved=1', { cookie: as(seller) })).text();
    expect(details).toContain(CONTACT_TEXTS.saved);
    expect(details).toMatch(/<input[^>]*value="no"[^>]*checked|<input[^>]*checked[^>]*value="no"/);

    const res = await reveal();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ phoneNumber: null, messagesOnly: true });

    for (const who of [as(buyer), '']) {
      const html = await (await page(`/listing/${id}`, { cookie: who })).text();
      expect(html).toContain(CONTACT_TEXTS.adMessagesOnly);
      expect(html).toContain('Message seller');
      expect(html).not.toContain('Show phone number');
      expect(html).not.toContain('Chat on WhatsApp');
      expect(html).not.toMatch(/733\s?111\s?222/);
    }
    // The no-JavaScript buttons of a page loaded earlier: refused, no number.
    for (const intent of ['phone', 'call', 'whatsapp']) {
      const posted = await page(`/listing/${id}`, { method: 'POST', cookie: as(buyer), body: form({ intent }) });
      expect(posted.status, intent).toBe(403);
      expect(await posted.text()).not.toMatch(/733\s?111\s?222/);
    }
    // The listing's JSON, the seller's page and the search never carried it.
    expect(JSON.stringify(await (await t.request(`/api/listings/${id}`)).json())).not.toContain('733111222');
    expect(await (await page(`/seller/${seller.user.username}`)).text()).not.toMatch(/733\s?111\s?222/);
    expect(await (await t.request('/api/listings?search=quiet%20seller%20sofa')).text()).not.toContain('733111222');
    // Buyers still write to them.
    await start(buyer, id, 'Is the sofa still there?');

    // The API sets it too (bearer), and the owner sees a note on their own ad.
    const me = await t.request('/api/auth/me', { token: seller.token });
    expect(await me.json()).toMatchObject({ showPhone: false, messageEmails: true });
    expect(await (await page(`/listing/${id}`, { cookie: as(seller) })).text()).toContain(CONTACT_TEXTS.ownAdMessagesOnly);
    const back = await t.request('/api/auth/me', { method: 'PUT', token: seller.token, json: { showPhone: true } });
    expect(back.status).toBe(200);
    expect(await (await reveal()).json()).toEqual({ phoneNumber: '+254733111222' });
  });
});

describe('e-mails about unread messages', () => {
  const outbox = () => t.services.mailer as Outbox;
  // Taken when these tests start, not when the file loads: the pages' build in the file's setup
  // took over a minute on a busy machine, and a message sent then was not yet 10 minutes old at T0 + 11.
  let T0 = Date.now();
  beforeAll(() => {
    T0 = Date.now();
  });
  const at = (minutes: number) => new Date(T0 + minutes * 60_000);
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  /** Runs the job at T0 + minutes (other tests' conversations may be mailed too); answers the e-mails to this person it queued. */
  const runAt = async (minutes: number, to: U) => {
    const queued = async () => Number((await queryRows<{ n: number }>(t.services.db, sql`SELECT count(*)::int AS n FROM mail_outbox WHERE message->>'to' = ${to.user.email}`))[0]!.n);
    const before = await queued();
    await createMessageMailJob({ db: t.services.db, appUrl: t.config.appUrl, logger: t.services.logger, now: () => at(minutes) }).runOnce();
    return (await queued()) - before;
  };
  const deliver = async () => {
    await outbox().deliverDue();
  };

  it('one e-mail when a message is still unread after 10 minutes, with the thread link and a one-click unsubscribe; not again within the hour', async () => {
    const seller = await t.createUser({ firstName: 'Njeri', email: 'njeri-mail@example.co.ke' });
    const buyer = await t.createUser({ firstName: 'Kamau', lastName: 'Buyer' });
    const [ad] = await insertRows(t, seller.user.id, [{ title: 'Mail me bicycle', price: 7000 }]);
    const id = await start(buyer, ad!.id, 'Hello, is the bicycle available?');

    expect(await runAt(5, seller)).toBe(0);
    expect(await runAt(11, seller)).toBe(1);
    await deliver();
    const [mail] = mailsTo(seller.user.email);
    expect(mail).toBeDefined();
    const text = decode(mail!.data);
    expect(text).toMatch(/^Subject: New message from Kamau Buyer about Mail me bicycle$/m);
    expect(text).toContain(`${TEST_ORIGIN}/messages/${id}`);
    expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // A long header is folded onto the next line.
    const unsubscribe = text.match(/^List-Unsubscribe:\s+<([^>]+)>$/m)![1]!;
    expect(text).toContain(unsubscribe);
    // The message itself is not in the e-mail (a scam's link or number would lose its warning).
    expect(text).not.toContain('is the bicycle available');

    // A second message 20 minutes in, unread: within the hour of the first e-mail, nothing.
    await send(buyer, id, 'Still keen, I can come today.');
    await t.services.db.execute(sql`UPDATE messages SET created_at = ${at(20).toISOString()}::timestamptz WHERE body = 'Still keen, I can come today.'`);
    expect(await runAt(31, seller)).toBe(0);
    expect(await runAt(70, seller)).toBe(0);
    // An hour after the first e-mail, the newer message earns the next one.
    expect(await runAt(72, seller)).toBe(1);
    expect(await runAt(80, seller)).toBe(0);
    await deliver();
    expect(mailsTo(seller.user.email)).toHaveLength(2);

    // The one-click link: GET only asks; the mail app's POST turns message e-mails off, no sign-in.
    const path = new URL(unsubscribe).pathname;
    const asked = await page(path);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('Unsubscribe');
    expect((await t.services.db.select({ on: users.messageEmails }).from(users).where(eq(users.id, seller.user.id)))[0]!.on).toBe(true);
    const clicked = await page(path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(clicked.status).toBe(200);
    expect(await clicked.text()).toContain(CONTACT_TEXTS.unsubscribed);
    expect((await t.services.db.select({ on: users.messageEmails }).from(users).where(eq(users.id, seller.user.id)))[0]!.on).toBe(false);
    // Off: a newer unread message brings nothing.
    await send(buyer, id, 'Hello again?');
    expect(await runAt(200, seller)).toBe(0);

    // A tampered or foreign token is refused.
    const forged = path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await page(forged)).status).toBe(404);
    expect((await page(forged, { method: 'POST', body: form({ 'List-Unsubscribe': 'One-Click' }) })).status).toBe(404);
  });

  it('no e-mail for a message read in time, nor when turned off in My details', async () => {
    const seller = await t.createUser({ firstName: 'Reads' });
    const quiet = await t.createUser({ firstName: 'NoMail' });
    const buyer = await t.createUser({ firstName: 'Asker' });
    const [adA] = await insertRows(t, seller.user.id, [{ title: 'Read in time lamp', price: 900 }]);
    const [adB] = await insertRows(t, quiet.user.id, [{ title: 'No mail lamp', price: 900 }]);
    const a = await start(buyer, adA!.id, 'Lamp still there?');
    // Read on the thread page within the 10 minutes.
    expect((await page(`/messages/${a}`, { cookie: as(seller) })).status).toBe(200);
    const off = await page('/my-details', { method: 'POST', cookie: as(quiet), body: form({ intent: 'contact', showPhone: 'yes' }) });
    expect(off.status).toBe(302);
    expect((await t.services.db.select({ on: users.messageEmails }).from(users).where(eq(users.id, quiet.user.id)))[0]!.on).toBe(false);
    await start(buyer, adB!.id, 'Is the lamp available?');
    expect(await runAt(15, seller)).toBe(0);
    expect(await runAt(15, quiet)).toBe(0);
    // Turned on again, the waiting message is mailed.
    await t.request('/api/auth/me', { method: 'PUT', token: quiet.token, json: { messageEmails: true } });
    expect(await runAt(16, quiet)).toBe(1);
  });

  it('blocked and held messages never trigger an e-mail', async () => {
    const blocker = await t.createUser({ firstName: 'Blocker' });
    const pest = await t.createUser({ firstName: 'Pest' });
    const [ad] = await insertRows(t, blocker.user.id, [{ title: 'Blocked chat chair', price: 500 }]);
    const id = await start(pest, ad!.id, 'Is the chair available?');
    // The first message, delivered and left unread, is mailed as usual.
    expect(await runAt(11, blocker)).toBe(1);
    expect((await t.request(`/api/conversations/${id}/block`, { method: 'PUT', token: blocker.token })).status).toBe(200);
    // After the block, the pest's messages are withheld: an hour later, still unread, they bring no e-mail.
    await send(pest, id, 'Why no answer?');
    await t.services.db.execute(sql`UPDATE messages SET created_at = ${at(20).toISOString()}::timestamptz WHERE body = 'Why no answer?'`);
    expect(await runAt(75, blocker)).toBe(0);

    // A sender of repeated risky messages: past the third in a day, theirs wait for a moderator.
    const target = await t.createUser({ firstName: 'Target' });
    const scammer = await t.createUser({ firstName: 'Scammer' });
    const ads = await insertRows(t, target.user.id, [{ title: 'Held chat tv', price: 30000 }]);
    const decoys = await insertRows(t, blocker.user.id, [{ title: 'Decoy radio', price: 100 }]);
    const decoy = await start(scammer, decoys[0]!.id, 'Pay a deposit first please');
    await send(scammer, decoy, 'Send a deposit of 500 to hold it');
    await send(scammer, decoy, 'The deposit secures it');
    // Mark the decoy conversation read: only the held one is in question.
    await t.request(`/api/conversations/${decoy}/read`, { method: 'POST', token: blocker.token });
    const held = await start(scammer, ads[0]!.id, 'Send deposit now to 0712345678 via mpesa');
    const [row] = await t.services.db.select({ heldAt: messages.heldAt, withheld: messages.withheld }).from(messages).where(eq(messages.conversationId, held));
    expect(row!.withheld).toBe(true);
    expect(row!.heldAt).not.toBeNull();
    expect(await runAt(40, target)).toBe(0);
  });
});

describe("moderators' conversation pages", () => {
  let admin: U;
  let seller: U;
  let buyer: U;
  let stranger: U;
  let reported: string;
  let unreported: string;

  beforeAll(async () => {
    admin = await t.createUser({ firstName: 'Mod', lastName: 'Erator' });
    expect(await makeAdmin(t.services.db, admin.user.email)).toBe(true);
    seller = await t.createUser({ firstName: 'Reporting', lastName: 'Seller' });
    buyer = await t.createUser({ firstName: 'Rude', lastName: 'Buyer' });
    stranger = await t.createUser({ firstName: 'Nosy' });
    const ads = await insertRows(t, seller.user.id, [{ title: 'Reported chat phone' }, { title: 'Private chat phone' }]);
    reported = await start(buyer, ads[0]!.id, 'You are a <b>fool</b>, sell it cheaper');
    unreported = await start(buyer, ads[1]!.id, 'A private question');
    const res = await t.request(`/api/conversations/${reported}/report`, { method: 'POST', token: seller.token, json: { reason: 'harassment', details: 'Insults' } });
    expect(res.status).toBe(200);
  });

  const audits = async (id: string) => t.services.db.select({ action: conversationAudit.action }).from(conversationAudit).where(eq(conversationAudit.conversationId, id));

  it('only admins see the queue and a reported conversation; each look is audited; messages are text', async () => {
    for (const u of [seller, buyer, stranger]) {
      expect((await page('/admin/conversations', { cookie: as(u) })).status).toBe(404);
      expect((await page(`/admin/conversations/${reported}`, { cookie: as(u) })).status).toBe(404);
      expect((await page(`/admin/conversations/${reported}`, { method: 'POST', cookie: as(u), body: form({ intent: 'dismiss' }) })).status).toBe(404);
    }
    expect((await page('/admin/conversations')).headers.get('location')).toMatch(/^\/auth\/login\?redirectTo=/);
    expect(await audits(reported)).toHaveLength(0);

    const queue = await (await page('/admin/conversations', { cookie: as(admin) })).text();
    expect(queue).toContain('Reported chat phone');
    expect(queue).toContain('Harassment or abuse');
    expect(queue).not.toContain('Private chat phone');
    // The queue shows why, not the messages.
    expect(queue).not.toContain('sell it cheaper');

    const detail = await (await page(`/admin/conversations/${reported}`, { cookie: as(admin) })).text();
    expect(detail).toContain('You are a &lt;b&gt;fool&lt;/b&gt;, sell it cheaper');
    expect(detail).toContain('Insults');
    expect((await audits(reported)).map((a) => a.action)).toEqual(['view']);
    // A conversation nobody reported is not for moderators.
    expect((await page(`/admin/conversations/${unreported}`, { cookie: as(admin) })).status).toBe(404);
    expect(await audits(unreported)).toHaveLength(0);
  });

  it('refuses a form from another site', async () => {
    const res = await page(`/admin/conversations/${reported}`, { method: 'POST', cookie: as(admin), headers: { Origin: 'https://evil.example' }, body: form({ intent: 'dismiss' }) });
    expect(res.status).toBe(403);
    expect(await t.services.db.select().from(conversationReports).where(eq(conversationReports.conversationId, reported))).toHaveLength(1);
  });

  it('bans only someone in the conversation, then dismisses it out of the queue; both audited', async () => {
    const outsider = await page(`/admin/conversations/${reported}`, { method: 'POST', cookie: as(admin), body: form({ intent: 'ban', userId: stranger.user.id, reason: 'x' }) });
    expect(await outsider.text()).toContain('Choose someone in this conversation.');
    expect((await t.services.db.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, stranger.user.id)))[0]!.bannedAt).toBeNull();

    const banned = await page(`/admin/conversations/${reported}`, { method: 'POST', cookie: as(admin), body: form({ intent: 'ban', userId: buyer.user.id, reason: 'Insulting sellers' }) });
    expect(banned.status).toBe(200);
    expect(await banned.text()).toContain('Rude Buyer banned');
    expect((await t.services.db.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, buyer.user.id)))[0]!.bannedAt).not.toBeNull();

    const dismissed = await page(`/admin/conversations/${reported}`, { method: 'POST', cookie: as(admin), body: form({ intent: 'dismiss' }) });
    expect(dismissed.status).toBe(302);
    expect(dismissed.headers.get('location')).toBe('/admin/conversations?dismissed=1');
    expect(await t.services.db.select().from(conversationReports).where(eq(conversationReports.conversationId, reported))).toHaveLength(0);
    // The first look, and the page shown again after each of the two bans (a look as well).
    expect((await audits(reported)).map((a) => a.action).sort()).toEqual(['ban', 'dismiss', 'view', 'view', 'view']);
    expect(await (await page('/admin/conversations?dismissed=1', { cookie: as(admin) })).text()).not.toContain('Reported chat phone');
    expect((await page(`/admin/conversations/${reported}`, { cookie: as(admin) })).status).toBe(404);
  });

  it('releases held messages to their reader', async () => {
    const target = await t.createUser({ firstName: 'Held', lastName: 'Reader' });
    const sender = await t.createUser({ firstName: 'Risky', lastName: 'Sender' });
    const decoyOwner = await t.createUser({ firstName: 'Decoy' });
    const [decoyAd] = await insertRows(t, decoyOwner.user.id, [{ title: 'Decoy mat' }]);
    const [ad] = await insertRows(t, target.user.id, [{ title: 'Held message fridge' }]);
    const decoy = await start(sender, decoyAd!.id, 'Pay a deposit first');
    await send(sender, decoy, 'A deposit holds it');
    await send(sender, decoy, 'The deposit please');
    const held = await start(sender, ad!.id, 'Send the deposit to 0712345678 now');
    const queue = await (await page('/admin/conversations', { cookie: as(admin) })).text();
    expect(queue).toContain('Held message fridge');
    expect(queue).toContain('1 message held for review');
    const before = await (await page(`/admin/conversations/${held}`, { cookie: as(admin) })).text();
    expect(before).toContain('held for review');
    const res = await page(`/admin/conversations/${held}`, { method: 'POST', cookie: as(admin), body: form({ intent: 'release' }) });
    expect(await res.text()).toContain('1 held message delivered.');
    const [c] = await t.services.db.select({ unread: conversations.sellerUnread }).from(conversations).where(eq(conversations.id, held));
    expect(c!.unread).toBe(1);
    expect(await t.services.db.select().from(messages).where(and(eq(messages.conversationId, held), eq(messages.withheld, true)))).toHaveLength(0);
  });
});

describe('OpenAPI', () => {
  it('declares every messages operation, the phone answer of a messages-only seller and the contact settings', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const ops = (path: string) => Object.keys(doc.paths[path] ?? {}).sort();
    expect(ops('/conversations')).toEqual(['get', 'post']);
    expect(ops('/conversations/{id}/messages')).toEqual(['get', 'post']);
    expect(ops('/conversations/{id}/read')).toEqual(['post']);
    expect(ops('/conversations/{id}/block')).toEqual(['delete', 'put']);
    expect(ops('/conversations/{id}/report')).toEqual(['post']);
    expect(ops('/conversations/{id}')).toEqual(['delete']);
    expect(JSON.stringify(doc.paths['/listings/{id}/phone'])).toContain('messagesOnly');
    expect(Object.keys(doc.components.schemas.UpdateMeInput!.properties!)).toEqual(expect.arrayContaining(['showPhone', 'messageEmails']));
    expect(Object.keys(doc.components.schemas.User!.properties!)).toEqual(expect.arrayContaining(['showPhone', 'messageEmails']));
  });
});
