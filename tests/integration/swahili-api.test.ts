import * as enConversations from '../../kernel/i18n/en/conversations.ts';
import * as swConversations from '../../kernel/i18n/sw/conversations.ts';
import { attrMileage, rangeTo, wholeNumberFrom } from '../../kernel/i18n/sw/subcategories.ts';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { startSmtpFake } from '../support/smtp-fake.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { users } from '../../server/db/schema/index.ts';
import { catalogFor, localeFromAcceptLanguage } from '../../server/i18n.ts';
import type { Outbox } from '../../server/mail/outbox.ts';
import { createMessageMailJob } from '../../server/messages/notifications.ts';
import { SUGGEST_MIN_CHARS } from '../../server/search/suggest-words.ts';
import { createTestApp, pageRequests, TEST_ORIGIN, type TestApp } from '../support/app.ts';
import { insertRows } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * What the server writes without a page, in Swahili (issue 45, plan step 7; server/i18n.ts): the
 * API's errors by Accept-Language (Content-Language and Vary in the answer, English exactly as
 * before without the header), a page form's failure under /sw, and the e-mails and SMS of an
 * account registered on the Swahili pages (users.locale).
 */
const { errors: en } = catalogFor('en');
const { errors: sw, mail: swMail, sms: swSms } = catalogFor('sw');

let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
let t: TestApp;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  smtp = await startSmtpFake();
  const { port } = smtp;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Soko <no-reply@soko.test>' });
  const [english, swahili] = [await loadPageBuild('en'), await loadPageBuild('sw')];
  app = createApp(t.services, { getBuild: english.getBuild, getSwahiliBuild: swahili.getBuild });
}, 300_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const page = pageRequests(() => app);
const decode = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

async function waitFor(predicate: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('no mail arrived over SMTP');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['sw', 'sw'],
    ['sw-KE', 'sw'],
    ['en-KE,en;q=0.9,sw;q=0.8', 'en'],
    ['sw-KE,sw;q=0.9,en;q=0.8', 'sw'],
    ['en;q=0.5, sw;q=0.7', 'sw'],
    ['fr, de', 'en'],
    ['*', 'en'],
    ['sw;q=0', 'en'],
  ])('%s → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});

type Case = { name: string; status: number; english: string; swahili: string; send: (headers: Record<string, string>) => Promise<Response> };

describe('API errors in the language the client asks for', () => {
  const cases: Case[] = [];
  let other: Awaited<ReturnType<TestApp['createUser']>>;
  let me: Awaited<ReturnType<TestApp['createUser']>>;
  let theirAd = '';
  beforeAll(async () => {
    other = await t.createUser({ email: `other-${randomUUID()}@example.co.ke` });
    me = await t.createUser({ email: `me-${randomUUID()}@example.co.ke`, phoneNumber: '+254712345001' });
    theirAd = (await insertRows(t, other.user.id, [{ title: 'Their sofa', price: 5000 }]))[0]!.id;
    myCar = (await insertRows(t, me.user.id, [{ title: 'My Nissan Note', price: 700000, category: 'Cars & Vehicles', subcategory: 'Cars' }]))[0]!.id;
  });
  let myCar = '';
  const add = (name: string, status: number, english: string, swahili: string, send: Case['send']) => cases.push({ name, status, english, swahili, send });
  const get = (path: string, token?: string) => (headers: Record<string, string>) => t.request(path, { headers, token });
  const post = (path: string, json: unknown, token?: string) => (headers: Record<string, string>) => t.request(path, { method: 'POST', headers, json, token });
  const missing = randomUUID();

  add('401 without a session', 401, en.loginRequired, sw.loginRequired, get('/api/auth/me'));
  add('401 wrong password', 401, en.invalidCredentials, sw.invalidCredentials, post('/api/auth/login', { email: 'nobody@example.co.ke', password: 'not-the-password' }));
  add('400 login without an e-mail (zod, with its field errors)', 400, en.emailRequired, sw.emailRequired, post('/api/auth/login', { password: 'x' }));
  add('400 malformed JSON', 400, en.invalidJson, sw.invalidJson, (headers) =>
    t.request('/api/auth/login', { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: '{"email":' }),
  );
  add('400 a broken address, refused before any route', 400, en.badAddress, sw.badAddress, get('/api/listings/%E0%A4%A'));
  add('404 no such API path', 404, en.notFound, sw.notFound, get('/api/no-such-thing'));
  add('404 no such ad', 404, en.listingNotFound, sw.listingNotFound, get(`/api/listings/${missing}`));
  add('404 no such category', 404, en.noSuchCategory({ categories: '' }).split(':')[0]!, sw.noSuchCategory({ categories: '' }).split(':')[0]!, get('/api/categories/no-such/subcategories'));
  add('400 bad sort (zod message from a function message)', 400, en.sortOneOf({ sorts: '' }).split(' one of')[0]!, 'sort: chagua', get('/api/listings?sort=cheapest'));
  add('400 suggestions too short', 400, en.suggestTooShort({ n: SUGGEST_MIN_CHARS }), sw.suggestTooShort({ n: SUGGEST_MIN_CHARS }), get('/api/listings/suggest?q=a'));
  add('403 someone else’s ads', 403, en.ownAdsOnly, sw.ownAdsOnly, (h) => get(`/api/listings/user/${other.user.id}`, me.token)(h));
  add('403 moderators only', 403, en.moderatorsOnly, sw.moderatorsOnly, (h) => get('/api/admin/queue', me.token)(h));
  add('400 wrong fee', 400, en.featureFee({ fee: 200 }), sw.featureFee({ fee: 200 }), (h) =>
    post('/api/payments/create-checkout-session', { amount: 5, callback_url: `${TEST_ORIGIN}/api/payments/verify?listingId=${theirAd}` }, me.token)(h),
  );
  add('403 featuring someone else’s ad', 403, en.featureOwnAdsOnly, sw.featureOwnAdsOnly, (h) =>
    post('/api/payments/create-checkout-session', { amount: 200, callback_url: `${TEST_ORIGIN}/api/payments/verify?listingId=${theirAd}` }, me.token)(h),
  );
  add('404 saving an ad that does not exist', 404, en.listingNotFound, sw.listingNotFound, (headers) => t.request(`/api/saved/${missing}`, { method: 'PUT', headers, token: me.token }));
  add('404 no such seller', 404, en.sellerNotFound, sw.sellerNotFound, get('/api/sellers/no-such-seller'));
  add('404 no such payment', 404, en.paymentNotFound, sw.paymentNotFound, (h) => get(`/api/payments/${missing}`, me.token)(h));
  add('415 contact form not JSON', 415, en.sendMessageJson, sw.sendMessageJson, (headers) =>
    t.request('/api/contact', { method: 'POST', headers: { ...headers, 'Content-Type': 'text/plain' }, body: 'hello' }),
  );
  add('409 e-mail taken', 409, en.emailTaken, sw.emailTaken, (h) =>
    post('/api/auth/register', { firstName: 'Asha', lastName: 'Taken', email: me.user.email, password: 'a-long-unusual-passphrase-7', phoneNumber: '0712345678', location: 'Nairobi' })(h),
  );
  // Texts of the shared rules (kernel/message-rules.ts, from #messages/conversations.ts: English in the server process).
  add('403 writing about one’s own ad (a shared rule’s text)', 403, enConversations.ownAd, swConversations.ownAd, (h) =>
    post('/api/conversations', { listingId: theirAd, body: 'Is this still available?' }, other.token)(h),
  );
  add('404 no such conversation (a shared rule’s text)', 404, enConversations.conversationNotFound, swConversations.conversationNotFound, (h) => get(`/api/conversations/${missing}/messages`, me.token)(h));
  add('400 a message too long (a shared rule’s text around a value)', 400, `${enConversations.tooLongBefore}1000${enConversations.tooLongAfter}`, `${swConversations.tooLongBefore}1000${swConversations.tooLongAfter}`, (h) =>
    post('/api/conversations', { listingId: theirAd, body: 'x'.repeat(1001) }, me.token)(h),
  );
  add('400 a field out of range (a field’s label and a template around its values)', 400, 'Mileage must be a whole number from 0 to 2000000.', `${attrMileage}${wholeNumberFrom}0${rangeTo}2000000.`, (headers) =>
    t.request(`/api/listings/${myCar}`, {
      method: 'PUT',
      headers,
      token: me.token,
      json: { title: 'My Nissan Note', description: 'Cheaper now.', price: 700000, category: 'Cars & Vehicles', subcategory: 'Cars', location: 'Thika', attributes: { mileage: -5 } },
    }),
  );
  add('429 a second code within the minute', 429, en.waitForCode, sw.waitForCode, async (headers) => {
    await t.request('/api/auth/phone/code', { method: 'POST', token: me.token });
    return t.request('/api/auth/phone/code', { method: 'POST', token: me.token, headers });
  });

  it('asks at least 15 distinct refusals, across resources and statuses', () => {
    expect(new Set(cases.map((c) => c.english)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(cases.map((c) => c.status))).toEqual(new Set([400, 401, 403, 404, 409, 415, 429]));
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const english = await c.send({});
    expect(english.status).toBe(c.status);
    expect(english.headers.get('content-language')).toBe('en');
    const englishBody = (await english.json()) as { message: string; errors?: { msg: string }[] };
    expect(englishBody.message.startsWith(c.english)).toBe(true);

    const swahili = await c.send({ 'Accept-Language': 'sw-KE,sw;q=0.9,en;q=0.8' });
    expect(swahili.status).toBe(c.status);
    expect(swahili.headers.get('content-language')).toBe('sw');
    expect(swahili.headers.get('vary')).toMatch(/Accept-Language/i);
    const body = (await swahili.json()) as { message: string; errors?: { msg: string }[] };
    expect(body.message.startsWith(c.swahili), body.message).toBe(true);
    expect(body.message).not.toBe(englishBody.message);
    // Field errors, when there are any, in the same order on the same paths.
    expect(body.errors?.length).toBe(englishBody.errors?.length);
  });

  it('keeps the exact English message and field errors without the header', async () => {
    const res = await t.request('/api/auth/login', { method: 'POST', json: {} });
    expect(await res.json()).toEqual({
      message: 'Email is required.',
      errors: [
        { msg: 'Email is required.', path: 'email' },
        { msg: 'Password is required.', path: 'password' },
      ],
    });
    const sw = await t.request('/api/auth/login', { method: 'POST', json: {}, headers: { 'Accept-Language': 'sw' } });
    expect(await sw.json()).toEqual({
      message: 'Weka barua pepe.',
      errors: [
        { msg: 'Weka barua pepe.', path: 'email' },
        { msg: 'Weka nenosiri.', path: 'password' },
      ],
    });
  });
});

describe("the API's success messages", () => {
  it('answer in the language asked for, English as before without the header', async () => {
    const one = await t.createUser({ email: `bye-${randomUUID().slice(0, 8)}@example.co.ke` });
    const two = await t.createUser({ email: `kwaheri-${randomUUID().slice(0, 8)}@example.co.ke` });
    expect(await (await t.request('/api/auth/logout', { method: 'POST', token: one.token })).json()).toEqual({ message: 'Logged out successfully.' });
    const sw = await t.request('/api/auth/logout', { method: 'POST', token: two.token, headers: { 'Accept-Language': 'sw' } });
    expect(sw.headers.get('content-language')).toBe('sw');
    expect(await sw.json()).toEqual({ message: catalogFor('sw').api.loggedOut });
  });
});

describe('an account registered on the Swahili pages', () => {
  const email = `asha-${randomUUID().slice(0, 8)}@example.co.ke`;
  const phone = '+254712345002';
  let userId = '';
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);
  const registration = {
    firstName: 'Asha',
    lastName: 'Mwangi',
    email,
    phoneNumber: '0712345002',
    location: 'Mombasa',
    password: 'a-long-unusual-passphrase-7',
    confirmPassword: 'a-long-unusual-passphrase-7',
    terms: 'on',
  };

  it('registers at /sw/auth/register: users.locale is sw; a page failure there is in Swahili', async () => {
    const res = await page('/sw/auth/register', { method: 'POST', body: form(registration), headers: { Origin: TEST_ORIGIN } });
    expect(res.status).toBe(302);
    const [user] = await t.services.db.select().from(users).where(eq(users.email, email));
    expect(user?.locale).toBe('sw');
    userId = user!.id;
    // The same address again: the action's failure (failureData/attempt) in the page's language.
    const again = await page('/sw/auth/register', { method: 'POST', body: form(registration), headers: { Origin: TEST_ORIGIN } });
    expect(again.status).toBe(409);
    const html = await again.text();
    expect(html).toContain(sw.emailTaken);
    expect(html).not.toContain(en.emailTaken);
    // An English page keeps English, and an API sign-in leaves the account's language alone.
    const english = await page('/auth/register', { method: 'POST', body: form(registration), headers: { Origin: TEST_ORIGIN } });
    expect(await english.text()).toContain(en.emailTaken);
    expect((await t.request('/api/auth/login', { method: 'POST', json: { email, password: registration.password } })).status).toBe(200);
    expect((await t.services.db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)))[0]!.locale).toBe('sw');
  });

  it('gets the password-reset e-mail in Swahili, with a link to the Swahili page', async () => {
    const res = await t.request('/api/auth/forgot-password', { method: 'POST', json: { email } });
    expect(res.status).toBe(200);
    await waitFor(() => smtp.received.some((m) => m.to.includes(email)));
    const mail = decode(smtp.received.find((m) => m.to.includes(email))!.data);
    expect(mail).toMatch(new RegExp(`^Subject: ${swMail.resetSubject}$`, 'm'));
    expect(mail).toContain(swMail.resetOnce);
    expect(mail).toContain('<html lang="sw">');
    expect(mail).toContain(swMail.buttonFallback);
    expect(mail).toMatch(new RegExp(`${TEST_ORIGIN}/sw/reset-password\\?token=[\\w-]+`));
    expect(mail).not.toContain('Reset your Soko password');
    expect(mail).not.toContain('If the button does not work');
  });

  it('gets the e-mail about an unread message in Swahili', async () => {
    const [ad] = await insertRows(t, userId, [{ title: 'Baiskeli ya Asha', price: 7000 }]);
    const buyer = await t.createUser({ firstName: 'Kamau', lastName: 'Buyer', email: `kamau-${randomUUID().slice(0, 8)}@example.co.ke` });
    const started = await t.request('/api/conversations', { method: 'POST', token: buyer.token, json: { listingId: ad!.id, body: 'Hello, is the bicycle available?' } });
    expect(started.status).toBe(201);
    const { conversationId } = (await started.json()) as { conversationId: string };
    await t.services.db.execute(sql`UPDATE messages SET created_at = now() - interval '11 minutes' WHERE conversation_id = ${conversationId}`);
    const before = smtp.received.length;
    await createMessageMailJob({ db: t.services.db, appUrl: t.config.appUrl, logger: t.services.logger }).runOnce();
    await (t.services.mailer as Outbox).deliverDue();
    await waitFor(() => smtp.received.slice(before).some((m) => m.to.includes(email)));
    const mail = decode(smtp.received.slice(before).find((m) => m.to.includes(email))!.data);
    expect(mail).toMatch(/^Subject: Ujumbe mpya kutoka kwa Kamau Buyer kuhusu Baiskeli ya Asha$/m);
    expect(mail).toContain(swMail.staySafe);
    expect(mail).toContain(`${TEST_ORIGIN}/sw/messages/${conversationId}`);
    expect(mail).not.toContain('New message from');
  });

  it('gets the SMS code in Swahili', async () => {
    await t.services.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, userId));
    const login = await t.request('/api/auth/login', { method: 'POST', json: { email, password: registration.password } });
    const { token } = (await login.json()) as { token: string };
    const res = await t.request('/api/auth/phone/code', { method: 'POST', token, headers: { 'Accept-Language': 'sw' } });
    expect(res.status).toBe(200);
    const text = t.services.sms!.sandbox!.messages(phone).at(-1)!.message;
    const code = text.match(/\d{6}/)![0];
    expect(text).toBe(swSms.phoneCode({ code, minutes: 10 }));
    expect(text.length).toBeLessThanOrEqual(160);
  });
});
