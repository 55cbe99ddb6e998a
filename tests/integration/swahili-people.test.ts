import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { saveAd } from '../../server/saved/saved-ads.ts';
import { saveSearch } from '../../server/saved/saved-searches.ts';
import { createTestApp, type TestApp, pageRequests } from '../support/app.ts';
import { insertRows } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';
import * as enAccounts from '../../kernel/i18n/en/accounts.ts';
import * as enConversations from '../../kernel/i18n/en/conversations.ts';
import * as enSaved from '../../kernel/i18n/en/saved.ts';
import * as enReviews from '../../kernel/i18n/en/reviews.ts';
import * as enPayments from '../../kernel/i18n/en/payments.ts';
import * as enMpesa from '../../kernel/i18n/en/mpesa.ts';

/**
 * The people pages in Swahili (issue 45, plan step 5): accounts, saved ads and searches, messages,
 * reviews and payments under /sw show the texts of kernel/i18n/sw/ and none of the English texts
 * that moved to kernel/i18n/en/{accounts,conversations,saved,reviews,payments,mpesa}.ts.
 */
let t: TestApp;
let app: ReturnType<typeof createApp>;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let seller: U;
let buyer: U;
let ad: string;
let conversation: string;

const page = pageRequests(() => app);
const as = (u: U) => `${SESSION_COOKIE}=${u.token}`;
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const html = async (path: string, u?: U) => {
  const res = await page(path, u ? { cookie: as(u) } : {});
  expect(res.status, path).toBe(200);
  return res.text();
};

/** React's escaping of text and attributes. */
const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** Every English text of the people catalogs a page could show: constants of two words or more (function messages called with 7). */
const ENGLISH = [enAccounts, enConversations, enSaved, enReviews, enPayments, enMpesa].flatMap((m) =>
  Object.values(m)
    .map((v) => (typeof v === 'function' ? String((v as (p: unknown) => string)(new Proxy({}, { get: () => 7 }))) : String(v)))
    .map((s) => s.trim())
    .filter((s) => /\S+ \S+/.test(s) && s.length >= 8),
);

function expectNoEnglish(body: string, path: string) {
  const shown = ENGLISH.filter((s) => body.includes(escaped(s)) || body.includes(s));
  expect(shown, `English on ${path}`).toEqual([]);
}

beforeAll(async () => {
  t = await createTestApp();
  app = createApp(t.services, { getBuild: (await loadPageBuild('en')).getBuild, getSwahiliBuild: (await loadPageBuild('sw')).getBuild });
  seller = await t.createUser({ firstName: 'Wanjiru', lastName: 'Kamau' });
  buyer = await t.createUser({ firstName: 'Otieno', lastName: 'Ochieng' });
  [ad] = (await insertRows(t, seller.user.id, [{ title: 'Baiskeli ya mlima', price: 12000 }])).map((r) => r.id);
  // Buyer and seller talk through the Swahili forms: the buyer writes, the seller answers.
  const started = await page(`/sw/messages/new/${ad}`, { method: 'POST', cookie: as(buyer), body: form({ body: 'Habari, bado ipo?' }) });
  expect(started.status).toBe(302);
  const location = started.headers.get('location')!;
  expect(location).toMatch(/^\/sw\/messages\/[0-9a-f-]{36}#latest$/);
  conversation = location.slice('/sw/messages/'.length, -'#latest'.length);
  const answered = await page(`/sw/messages/${conversation}`, { method: 'POST', cookie: as(seller), body: form({ intent: 'reply', body: 'Ndiyo, bado ipo.' }) });
  expect(answered.status).toBe(302);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('accounts in Swahili', () => {
  it('the check finds English where there is some: the English login page shows these texts', async () => {
    const body = await html('/auth/login');
    expect(ENGLISH.filter((s) => body.includes(escaped(s))).length).toBeGreaterThan(3);
  });

  it.each([
    ['/sw/auth/login', ['Karibu tena!', 'Nikumbuke', 'Umesahau nenosiri?', 'Huna akaunti?']],
    ['/sw/auth/register', ['Fungua akaunti', 'Jina la kwanza', 'Thibitisha nenosiri', 'Sera ya faragha', 'Una akaunti tayari?']],
    ['/sw/forgot-password', ['Umesahau nenosiri', 'Tuma kiungo', 'Rudi kuingia']],
  ])('%s', async (path, swahili) => {
    const body = await html(path);
    expect(body).toMatch(/<html lang="sw-KE"/);
    for (const s of swahili) expect(body).toContain(escaped(s));
    expectNoEnglish(body, path);
  });

  it('a failed login says so in Swahili, and in English on the English page', async () => {
    const wrong = { email: buyer.user.email, password: 'not-the-password' };
    const sw = await page('/sw/auth/login', { method: 'POST', body: form(wrong) });
    expect(sw.status).toBe(401);
    const body = await sw.text();
    expect(body).toContain('Barua pepe au nenosiri si sahihi.');
    expectNoEnglish(body, 'failed login');
    const en = await page('/auth/login', { method: 'POST', body: form(wrong) });
    expect(await en.text()).toContain('Invalid email or password.');
  });

  it('a check the browser and the server share (passwords that differ) is Swahili', async () => {
    const res = await page('/sw/auth/register', { method: 'POST', body: form({ firstName: 'Amina', lastName: 'W', email: 'amina-sw@example.co.ke', password: 'a-long-password', confirmPassword: 'another-one', terms: 'on' }) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Manenosiri hayalingani');
  });

  it('My details, signed in', async () => {
    const body = await html('/sw/my-details', seller);
    for (const s of ['Maelezo yangu', 'Badilisha maelezo ya mawasiliano', 'Kuthibitisha simu', 'Toka kwenye vifaa vyote', 'Futa akaunti yangu', 'Alama zako kama muuzaji: ']) expect(body).toContain(s);
    expectNoEnglish(body, '/sw/my-details');
  });
});

describe('messages in Swahili', () => {
  it('the inbox', async () => {
    const body = await html('/sw/messages', buyer);
    expect(body).toContain('Baiskeli ya mlima');
    expect(body).toContain('Ndiyo, bado ipo.');
    expectNoEnglish(body, '/sw/messages');
  });

  it('a thread between the two', async () => {
    const body = await html(`/sw/messages/${conversation}`, buyer);
    for (const s of ['Kuwa salama: kutana mahali penye watu', 'Jumbe zote', 'Zuia, ripoti au futa', 'Ripoti mazungumzo haya', 'Utapeli', 'Futa mazungumzo']) expect(body).toContain(s);
    expect(body).toContain('Zuia Wanjiru Kamau');
    expectNoEnglish(body, 'thread');
  });

  it('the Message seller form has the Swahili quick replies', async () => {
    const body = await html(`/sw/messages/new/${ad}`, buyer);
    for (const s of ['Mtumie muuzaji ujumbe', 'Bado inapatikana?', 'Tukutane wapi?', 'fungua mazungumzo']) expect(body).toContain(s);
    expectNoEnglish(body, 'new message');
  });
});

describe('saved ads and searches in Swahili', () => {
  it('favourites, empty and with an ad', async () => {
    const empty = await html('/sw/favourites', buyer);
    expect(empty).toContain('Bado hujahifadhi chochote.');
    expectNoEnglish(empty, '/sw/favourites');
    await saveAd(t.services, buyer.user.id, ad);
    const one = await html('/sw/favourites', buyer);
    expect(one).toContain('Matangazo uliyohifadhi: 1. Jipya kwanza.');
    expectNoEnglish(one, '/sw/favourites');
  });

  it('saved searches, with their alerts in words', async () => {
    const empty = await html('/sw/my-alerts', buyer);
    expect(empty).toContain('Bado hujahifadhi utafutaji wowote.');
    await saveSearch(t.services, buyer.user.id, { search: 'baiskeli', minPrice: 5000 });
    const body = await html('/sw/my-alerts', buyer);
    for (const s of ['Utafutaji uliohifadhi: 1 kati ya 50.', 'Arifa za barua pepe', 'Muhtasari kila siku', 'Barua pepe papo hapo', 'kuanzia Ksh 5,000']) expect(body).toContain(escaped(s));
    expectNoEnglish(body, '/sw/my-alerts');
  });
});

describe('reviews and payments in Swahili', () => {
  it('the review form', async () => {
    const body = await html(`/sw/listing/${ad}/review`, buyer);
    for (const s of ['Toa maoni kuhusu muuzaji', 'Mlikubaliana?', 'Tulikubaliana', 'Hatukukubaliana', 'nyota 5 kati ya 5', 'Weka maoni']) expect(body).toContain(s);
    expectNoEnglish(body, 'review form');
  });

  it('a refusal from the review rules is Swahili too', async () => {
    const body = await html(`/sw/listing/${ad}/review`, seller);
    expect(body).toContain('Huwezi kutoa maoni kuhusu tangazo lako mwenyewe.');
  });

  it('Pay with M-Pesa and the payment failure page', async () => {
    const mpesa = await html(`/sw/payments/feature/${ad}/mpesa`, seller);
    for (const s of ['Lipa kwa M-Pesa', 'kuwa maalum kunagharimu', 'wiki moja', 'Rudi kwa Matangazo yangu']) expect(mpesa).toContain(s);
    expectNoEnglish(mpesa, 'Pay with M-Pesa');
    // Its plain forms post to the Swahili pages.
    expect(mpesa).toContain(`action="/sw/payments/feature/${ad}"`);
    const failure = await html(`/sw/payment-failure?listingId=${ad}&status=cancelled`);
    for (const s of ['Malipo hayakufaulu', 'Sababu', 'Tazama tangazo', 'Nenda mwanzo']) expect(failure).toContain(s);
    expectNoEnglish(failure, '/sw/payment-failure');
  });
});
