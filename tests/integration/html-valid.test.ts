import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FileSystemConfigLoader, HtmlValidate, formatterFactory } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { eq } from 'drizzle-orm';
import { payments, savedAds, users } from '../../server/db/schema/index.ts';
import { saveAd } from '../../server/saved/saved-ads.ts';
import { makeAdmin } from '../../server/moderation/moderation.ts';
import { saveSearch } from '../../server/saved/saved-searches.ts';
import { unsubscribeToken } from '../../server/alerts/unsubscribe.ts';
import { TEST_ORIGIN, createTestApp } from '../support/app.ts';
import { file, image, postAd, VALID_AD } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * Issue 17, point 4: every page's server HTML, signed out and signed in, has no errors under
 * html-validate's recommended rules (.htmlvalidate.json says which are relaxed and why), and
 * its headings never skip a level.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let pages: Awaited<ReturnType<typeof loadPageBuild>>;
let app: ReturnType<typeof createApp>;
let cookie: string;
let adId: string;
let goneId: string;
let ownerId: string;
/*
 * Reads the committed .htmlvalidate.json, as the html-validate command line does. JSON has no
 * comments (and html-validate refuses unknown keys), so why each rule there is relaxed is here.
 * All are matters of style in which React's output is valid HTML, none hides a real error:
 * - attr-case: React writes charSet, autoComplete, noValidate…; HTML attribute names are
 *   case-insensitive.
 * - attribute-boolean-style: React writes checked="" and async=""; both forms are valid.
 * - void-style: React closes void elements (<meta/>, <input/>); the slash is allowed.
 * - valid-id relaxed: React's streaming placeholders (B:0, S:0) and useId ids (_R_…) are valid
 *   HTML ids (any non-space characters), just not the strict style's letters-first pattern.
 */
const validator = new HtmlValidate(new FileSystemConfigLoader());
const text = formatterFactory('text');

beforeAll(async () => {
  t = await createTestApp();
  pages = await loadPageBuild();
  app = createApp(t.services, { getBuild: pages.getBuild });
  const owner = await t.createUser({ firstName: 'Achieng', lastName: 'Otieno' });
  cookie = `${SESSION_COOKIE}=${owner.token}`;
  ownerId = owner.user.id;
  for (const title of ['Toyota Axio 2016, clean', 'Subaru Forester to be removed']) {
    const res = await postAd(t, owner.token, { ...VALID_AD, title }, [file(await image('jpeg', 800, 600))]);
    expect(res.status, await res.clone().text()).toBe(201);
    const id = ((await res.json()) as { _id: string })._id;
    if (adId) goneId = id;
    else adId = id;
  }
  expect((await t.request(`/api/listings/${goneId}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
  // A pending and a paid payment, as the checkout leaves them, for the pages the return route shows.
  const payment = { listingId: adId, userId: ownerId, provider: 'sandbox', amount: 200, callbackUrl: `${TEST_ORIGIN}/api/payments/verify` };
  await t.services.db.insert(payments).values([
    { ...payment, txRef: 'soko-html-pending' },
    { ...payment, txRef: 'soko-html-paid', status: 'succeeded', settledAt: new Date() },
  ]);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The levels of a page's h1…h6, in document order. */
const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));

/** Where a level is more than one deeper than the heading before it (the first must be h1). */
function skippedLevels(levels: number[]): string[] {
  return levels.flatMap((level, i) => {
    const before = i === 0 ? 0 : levels[i - 1]!;
    return level > before + 1 ? [`h${before || '(start)'} → h${level}`] : [];
  });
}

async function check(path: string, status: number, signedIn: boolean) {
  const res = await app.request(`${TEST_ORIGIN}${path}`, { redirect: 'manual', headers: signedIn ? { Cookie: cookie } : {} });
  expect(res.status, path).toBe(status);
  const html = await res.text();
  const report = await validator.validateString(html, path);
  expect(report.valid, `${path}${signedIn ? ' (signed in)' : ''}:\n${text(report.results)}`).toBe(true);
  expect(skippedLevels(headingLevels(html)), `${path} heading levels ${headingLevels(html).join(',')}`).toEqual([]);
}

const PUBLIC: Array<[string, number]> = [
  ['/', 200],
  ['/listings', 200],
  ['/listings?search=toyota&sort=price-asc', 200],
  ['/products', 200],
  ['/category/cars-vehicles', 200],
  ['/category/no-such-category', 404],
  ['/auth/login', 200],
  ['/auth/register', 200],
  ['/forgot-password', 200],
  ['/reset-password?token=not-a-real-token', 200],
  ['/help-contact', 200],
  ['/faq', 200],
  ['/guides/posting-ads', 200],
  ['/guides/safe-trading', 200],
  ['/guides/account-settings', 200],
  ['/contact-form', 200],
  ['/how-it-works', 200],
  ['/terms', 200],
  ['/privacy', 200],
  ['/payment-failure', 200],
  ['/offline', 200],
  ['/no-such-page', 404],
];
const SIGNED_IN: Array<[string, number]> = [
  ['/', 200],
  ['/listings', 200],
  ['/welcome', 200],
  ['/my-details', 200],
  ['/verify-phone', 200],
  ['/post-ad', 200],
  ['/manage-ads', 200],
  ['/favourites', 200],
  ['/my-alerts', 200],
  ['/manage-job-ads', 200],
  ['/messages', 200],
  ['/create-listing', 200],
  ['/faq', 200],
  ['/no-such-page', 404],
];

describe('every page is valid HTML with headings that never skip a level', () => {
  it('the heading check finds a skipped level', () => {
    expect(skippedLevels(headingLevels('<h1>a</h1><h3>b</h3><h2>c</h2>'))).toEqual(['h1 → h3']);
    expect(skippedLevels([1, 2, 3, 2, 3, 1, 2])).toEqual([]);
    expect(skippedLevels([2])).toEqual(['h(start) → h2']);
  });
  it.each(PUBLIC)('signed out: %s', (path, status) => check(path, status, false));
  it('signed out: an ad page, and a deleted ad (410)', async () => {
    await check(`/listing/${adId}`, 200, false);
    await check(`/listing/${goneId}`, 410, false);
  });
  it('signed in: a sold ad, Manage ads with its states, and the admin area with a queue and a log (issue 19)', async () => {
    const token = cookie.slice(SESSION_COOKIE.length + 1);
    const ids: string[] = [];
    for (const title of ['Sofa to be sold', 'Lamp to be reported', 'Chair to be hidden']) {
      const res = await postAd(t, token, { ...VALID_AD, title }, [file(await image('jpeg', 800, 600))]);
      ids.push(((await res.json()) as { _id: string })._id);
    }
    expect((await t.request(`/api/listings/${ids[0]}/sold`, { method: 'POST', token })).status).toBe(200);
    await check(`/listing/${ids[0]}`, 200, false);
    await t.request(`/api/listings/${ids[1]}/reports`, { method: 'POST', json: { reason: 'scam', details: 'Deposit first' }, headers: { Cookie: 'soko_device=htmlvalidreporter0000001' } });
    await check('/admin', 404, true);
    await makeAdmin(t.services.db, (await t.services.db.select().from(users).where(eq(users.id, ownerId)))[0]!.email);
    expect((await t.request(`/api/admin/listings/${ids[2]}/hide`, { method: 'POST', token, json: { reason: 'Blurry photos' } })).status).toBe(200);
    await check('/manage-ads', 200, true);
    await check(`/listing/${ids[2]}`, 200, true);
    await check('/admin', 200, true);
    await t.services.db.update(users).set({ role: 'user' }).where(eq(users.id, ownerId));
  });
  it('signed in: the payment pending and success pages', async () => {
    await check(`/payment-pending?listingId=${adId}&tx_ref=soko-html-pending`, 200, true);
    await check(`/payment-success?listingId=${adId}&tx_ref=soko-html-paid&status=successful`, 200, true);
  });
  it('signed in: Pay with M-Pesa, its waiting page, and a failed prompt (issue 46)', async () => {
    const token = cookie.slice(SESSION_COOKIE.length + 1);
    const sandbox = t.services.payments!.mpesa!.sandbox!;
    await check(`/payments/feature/${adId}/mpesa`, 200, true);
    const pushed = await t.request('/api/payments/mpesa/stk-push', { method: 'POST', token, json: { listingId: adId, phone: '0712345678' } });
    const { tx_ref } = (await pushed.json()) as { tx_ref: string };
    await check(`/payments/mpesa/${tx_ref}`, 200, true);
    sandbox.answer(sandbox.lastPrompt!, 'insufficient');
    await sandbox.idle();
    await check(`/payments/mpesa/${tx_ref}`, 200, true);
  });
  it.each(SIGNED_IN)('signed in: %s', (path, status) => check(path, status, true));
  it('a seller page, and Saved ads with a live and a deleted ad (issue 18)', async () => {
    const [owner] = await t.services.db.select({ username: users.username }).from(users).where(eq(users.id, ownerId));
    await check(`/seller/${owner!.username}`, 200, false);
    await check('/seller/no.such.seller', 404, false);
    await saveAd(t.services, ownerId, adId);
    await t.services.db.insert(savedAds).values({ userId: ownerId, listingId: goneId, title: 'Subaru Forester to be removed' });
    await check('/favourites', 200, true);
  });
  it('Saved searches with searches, a results page with one saved, and the unsubscribe page (issue 18)', async () => {
    const { search } = await saveSearch(t.services, ownerId, { search: 'toyota', category: 'Cars & Vehicles', minPrice: 500000 });
    await saveSearch(t.services, ownerId, { location: 'Kisumu' }, 'instant');
    await check('/my-alerts', 200, true);
    await check(`/my-alerts?saved=${search.id}`, 200, true);
    await check('/listings?search=toyota&category=Cars%20%26%20Vehicles&minPrice=500000', 200, true);
    await check('/category/cars-vehicles?search=toyota', 200, true);
    const token = await unsubscribeToken(t.services.db, search.id);
    await check(`/unsubscribe/${token}`, 200, false);
    await check('/unsubscribe/not-a-token', 404, false);
  });
  it('signed in: the own ad page, and its edit forms', async () => {
    await check(`/listing/${adId}`, 200, true);
    await check(`/listings/${adId}`, 200, true);
    await check(`/post-ad?id=${adId}`, 200, true);
  });
});

describe('pages on the wire', () => {
  it('sends pages whole, brotli-compressed to browsers, gzip to clients that only take gzip', async () => {
    const br = await app.request(`${TEST_ORIGIN}/`, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const compressed = Buffer.from(await br.arrayBuffer());
    // Rendered whole and compressed in one call (app/entry.server.tsx): one body of known length.
    expect(Number(br.headers.get('content-length'))).toBe(compressed.byteLength);
    const page = brotliDecompressSync(compressed).toString('utf8');
    expect(page).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);
    const plain = await app.request(`${TEST_ORIGIN}/`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const bytes = Buffer.from(await plain.arrayBuffer());
    expect(Number(plain.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(bytes.toString('utf8')).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);
    const gz = await app.request(`${TEST_ORIGIN}/`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);
  });

  it("hands the page's loader data to the browser in the HTML, with nothing left suspended", async () => {
    // React Router's <ServerRouter> writes the loader data from inside Suspense boundaries, and
    // app/entry.server.tsx answers once React has written everything (onAllReady): had it answered
    // sooner, or had a boundary failed, the page would hold a fallback (<!--$!-->) or a template
    // to fill in later instead of the data, and the browser's router could wait for it in vain.
    const res = await app.request(`${TEST_ORIGIN}/listings?search=toyota`, { headers: { 'Accept-Encoding': 'identity', cookie } });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).not.toContain('<!--$!-->');
    expect(page).not.toContain('<template');
    const enqueued = page.match(/window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/);
    expect(enqueued).not.toBeNull();
    const data = JSON.parse(JSON.parse(enqueued![1]!)) as unknown[];
    // The cards are one value in it, the JSON text the database wrote (kernel/json-text.ts).
    const cards = data.filter((v): v is string => typeof v === 'string' && v.startsWith('[{')).map((v) => JSON.parse(v) as { title: string }[]);
    expect(cards.flat().map((c) => c.title)).toContain('Toyota Axio 2016, clean');
    expect(data).toContain('Achieng');
    expect(page.indexOf('streamController.close();')).toBeGreaterThan(page.indexOf('streamController.enqueue('));
  });

  it('writes the pages visitors browse in Latin-1 when their ads are, so they cost one byte a character to encode', async () => {
    // One character beyond Latin-1 anywhere in the page (an em dash in every title, as there was)
    // makes V8 hold the whole page as a two-byte string: encoding a results page to UTF-8 then
    // took 0.25 ms instead of 0.05, and rendering pages is what the server spends its CPU on.
    for (const path of ['/', '/listings?search=toyota', `/listing/${adId}`, '/category/cars-vehicles', '/no-such-page']) {
      const page = await (await app.request(`${TEST_ORIGIN}${path}`, { headers: { 'Accept-Encoding': 'identity' } })).text();
      expect(page, path).toContain('</html>');
      expect([...page].filter((ch) => ch.codePointAt(0)! > 0xff), path).toEqual([]);
    }
  });
});
