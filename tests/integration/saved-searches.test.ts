import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_MESSAGES } from '#kernel/saved-search-rules.ts';
import { digestBoundary } from '../../server/alerts/alerts.ts';
import { createAlertJob } from '../../server/alerts/job.ts';
import { approveListing } from '../../server/moderation/moderation.ts';
import { adWords, KEY_RULES, keyOptions, searchKey, trigrams } from '../../server/alerts/match-keys.ts';
import { refileSearchKeys } from '../../server/saved/refile-search-keys.ts';
import { unsubscribeToken, verifyUnsubscribeToken } from '../../server/alerts/unsubscribe.ts';
import { createApp } from '../../server/app.ts';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { queryRows } from '../../server/db/client.ts';
import { listings, savedSearches } from '../../server/db/schema/index.ts';
import type { MailMessage } from '../../server/mail/mailer.ts';
import { PENDING_SEARCH_COOKIE, pendingSearchDigest } from '../../server/saved/pending-search.ts';
import { countNewMatches, listSavedSearches, savedFiltersOf, saveSearch, setAlertFrequency, visitSavedSearch } from '../../server/saved/saved-searches.ts';
import { createTestApp, type TestApp, pageRequests } from '../support/app.ts';
import { insertRows } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';
import { generateListing } from '../../scripts/bench-search/catalog.ts';
import { distinctQueries } from '../../scripts/bench-search/queries.ts';
import { createRng } from '../../scripts/bench-search/random.ts';
import { matchAds } from '../../server/alerts/alerts.ts';
import { filterConditions } from '../../server/search/database/search-terms.ts';
import { listingFilters } from '../../server/saved/saved-searches.ts';

/**
 * Saved searches and their alerts (issue 18.2) over a real database: saving (the listing query
 * parser's filters, the same search once, the limit), the "new" count, matching new ads through
 * the match index and the site search's conditions, instant alerts and daily digests through the
 * outbox with no ad twice, the signed unsubscribe link, the API and the page forms.
 */
let t: TestApp;
let pages: Awaited<ReturnType<typeof loadPageBuild>>;
let app: ReturnType<typeof createApp>;
let seller: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  t = await createTestApp();
  pages = await loadPageBuild();
  app = createApp(t.services, { getBuild: pages.getBuild });
  seller = await t.createUser({ firstName: 'Otieno', lastName: 'Seller' });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

let wordNumber = 0;
/** A word no other test's ads or searches have. */
const unique = () => `zq${Date.now().toString(36)}${(++wordNumber).toString(36)}x`;
const query = (q: Record<string, string>) => new URLSearchParams(q);
const page = pageRequests(() => app);
const sessionCookie = (token: string) => `${SESSION_COOKIE}=${token}`;

/** A job on a clock the test moves. */
function jobAt(clock: { now: Date }) {
  return createAlertJob({ db: t.services.db, appUrl: t.config.appUrl, logger: t.services.logger, now: () => clock.now });
}

/** Alert e-mails queued in the outbox for an address (not delivered: no worker runs here). */
async function alertsTo(email: string): Promise<MailMessage[]> {
  const rows = await queryRows<{ message: MailMessage }>(t.services.db, sql`SELECT message FROM mail_outbox WHERE message->>'to' = ${email} ORDER BY id`);
  return rows.map((r) => r.message);
}

async function hitsOf(searchId: string): Promise<string[]> {
  const rows = await queryRows<{ listing_id: string }>(t.services.db, sql`SELECT listing_id FROM saved_search_hits WHERE search_id = ${searchId} ORDER BY listing_id`);
  return rows.map((r) => r.listing_id);
}

describe('saving', () => {
  it('saves the filters as the listing query parser reads them, once per search', async () => {
    const { user } = await t.createUser();
    const filters = savedFiltersOf(query({ search: '  Toyota  Axio ', category: 'cars-vehicles', location: 'Nairobi', minPrice: '500000', maxPrice: 'lots', sort: 'price_asc', page: '3' }));
    // The category slug is resolved, a price that is not a number is no filter, the page is not part of a search.
    expect(filters).toEqual({ search: 'Toyota  Axio', category: 'Cars & Vehicles', location: 'Nairobi', minPrice: 500000, sort: 'price_asc' });
    const first = await saveSearch(t.services, user.id, filters);
    expect(first.created).toBe(true);
    expect(first.search).toMatchObject({
      label: '"Toyota  Axio" in Cars & Vehicles near Nairobi from Ksh 500,000 (cheapest first)',
      href: '/listings?search=Toyota%20%20Axio&category=Cars%20%26%20Vehicles&location=Nairobi&minPrice=500000&sort=price_asc',
      frequency: 'daily',
    });
    // The same words in another order and case are the same search.
    const again = await saveSearch(t.services, user.id, savedFiltersOf(query({ search: 'axio TOYOTA', category: 'Cars & Vehicles', location: 'nairobi', minPrice: '500000', sort: 'price_asc' })));
    expect(again).toMatchObject({ created: false, search: { id: first.search.id } });
    expect(await listSavedSearches(t.services.db, user.id)).toHaveLength(1);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per account, with a clear message`, async () => {
    const { user, token } = await t.createUser();
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++) {
      await t.services.db.insert(savedSearches).values({ userId: user.id, filters: { search: `w${i}` }, filtersKey: `k${i}` });
    }
    await expect(saveSearch(t.services, user.id, { search: 'one more' })).rejects.toMatchObject({ status: 409, message: SAVED_SEARCH_MESSAGES.full });
    const res = await t.request('/api/saved-searches', { method: 'POST', token, json: { search: 'one more' } });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: SAVED_SEARCH_MESSAGES.full });
    // A search already saved is still answered (it adds nothing).
    await t.services.db.delete(savedSearches).where(eq(savedSearches.filtersKey, 'k0'));
    expect((await saveSearch(t.services, user.id, { search: 'one more' })).created).toBe(true);
  });

  it('counts the matching ads posted since the last visit; opening it from the list starts again', async () => {
    const { user } = await t.createUser();
    const word = unique();
    const { search } = await saveSearch(t.services, user.id, { search: word, category: 'Electronics' }, 'off', new Date(Date.UTC(2026, 0, 1)));
    await insertRows(t, seller.user.id, [
      { title: `Phone ${word}`, category: 'Electronics', createdAt: new Date(Date.UTC(2026, 0, 2)) },
      { title: `Laptop ${word}`, category: 'Electronics', createdAt: new Date(Date.UTC(2026, 0, 3)) },
      { title: `Sofa ${word}`, category: 'Furniture', createdAt: new Date(Date.UTC(2026, 0, 3)) },
      { title: `Phone ${word} old`, category: 'Electronics', createdAt: new Date(Date.UTC(2025, 11, 30)) },
    ]);
    expect((await listSavedSearches(t.services.db, user.id))[0]!.newCount).toBe(2);
    const href = await visitSavedSearch(t.services.db, user.id, search.id, new Date(Date.UTC(2026, 0, 4)));
    expect(href).toBe(`/listings?search=${word}&category=Electronics`);
    expect((await listSavedSearches(t.services.db, user.id))[0]!.newCount).toBe(0);
    expect(await countNewMatches(t.services.db, { search: word }, new Date(Date.UTC(2020, 0, 1)))).toBe(4);
    // Someone else's search is not found.
    const other = await t.createUser();
    await expect(visitSavedSearch(t.services.db, other.user.id, search.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('matching new ads', () => {
  it('files each search under one key an ad it matches must have', () => {
    expect(searchKey({ search: 'toyota', category: 'Cars & Vehicles' })).toEqual({ word: expect.stringMatching(/^g:(toy|oyo|yot|ota)$/), category: 'cars & vehicles' });
    expect(searchKey({ search: 'tv' })).toEqual({ word: 'w:tv', category: '' });
    expect(searchKey({ location: 'Ruiru' })).toEqual({ word: expect.stringMatching(/^g:/), category: '' });
    expect(searchKey({ category: 'Pets' })).toEqual({ word: '', category: 'pets' });
    expect(searchKey({})).toEqual({ word: '', category: '' });
    const words = adWords(['toyota', 'tv', 'l:ruiru', 'c:cars & vehicles', 'p:40']);
    expect(words).toEqual(expect.arrayContaining(['', 'w:toyota', 'g:toy', 'g:ota', 'w:tv', 'w:l:ruiru']));
    expect(words).not.toContain('w:c:cars & vehicles');
  });

  it('matches by category, words (parts of words, short whole words), price range and location, as the site search does', async () => {
    const { user } = await t.createUser();
    const w = unique();
    const save = async (q: Record<string, string>) => (await saveSearch(t.services, user.id, savedFiltersOf(query(q)), 'instant')).search.id;
    const byWord = await save({ search: w.slice(0, -1) }); // a part of the word
    const byWordInCategory = await save({ search: w, category: 'electronics' });
    const byShortWord = await save({ search: `${w} tv` });
    const byPrice = await save({ search: w, minPrice: '1000', maxPrice: '5000' });
    const byLocation = await save({ search: w, location: 'ruiru' });
    const off = await save({ search: `${w} off` });
    await setAlertFrequency(t.services, user.id, off, 'off');
    const [phone, tv, cheap, dear, usd, ruiru] = await insertRows(t, seller.user.id, [
      { title: `Phone ${w}`, category: 'Electronics', price: 20_000, location: 'Nairobi' },
      { title: `Smart TV ${w}`, category: 'Electronics', price: 30_000, location: 'Thika' },
      { title: `Kettle ${w}`, category: 'For Sale', price: 2_500, location: 'Nairobi' },
      { title: `Fridge ${w}`, category: 'For Sale', price: 50_000, location: 'Nairobi' },
      { title: `Lamp ${w}`, category: 'For Sale', price: 3_000, currency: 'USD', location: 'Nairobi' },
      { title: `Chair ${w} off`, category: 'Furniture', location: 'Ruiru Town' },
    ]);
    const run = await jobAt({ now: new Date() }).runOnce();
    expect(run.ads).toBeGreaterThanOrEqual(6);
    const sorted = (ids: Array<{ id: string } | undefined>) => ids.map((r) => r!.id).sort();
    expect(await hitsOf(byWord)).toEqual(sorted([phone, tv, cheap, dear, usd, ruiru]));
    expect(await hitsOf(byWordInCategory)).toEqual(sorted([phone, tv]));
    expect(await hitsOf(byShortWord)).toEqual(sorted([tv]));
    // KES prices only, as the price filter of the site.
    expect(await hitsOf(byPrice)).toEqual(sorted([cheap]));
    expect(await hitsOf(byLocation)).toEqual(sorted([ruiru]));
    expect(await hitsOf(off)).toEqual([]);
  });
});

describe('forgiving words in alerts (issue 42)', () => {
  it('a plural matches its singular, and a word naming a subcategory its ads, as the site search does', async () => {
    const { user } = await t.createUser();
    const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const puppy = `zq${letters}puppy`;
    const town = `${letters}town`;
    const save = async (q: Record<string, string>) => (await saveSearch(t.services, user.id, savedFiltersOf(query(q)), 'instant')).search.id;
    const bySingular = await save({ search: puppy });
    const byNamedSubcategory = await save({ search: 'phone', location: town });
    const [plural, galaxy] = await insertRows(t, seller.user.id, [
      { title: `Two ${puppy.slice(0, -1)}ies`, category: 'Pets', location: 'Nairobi' },
      { title: 'Galaxy A54', category: 'Electronics', subcategory: 'Phones', location: town },
      { title: 'Radio', category: 'Electronics', location: town },
    ]);
    await jobAt({ now: new Date() }).runOnce();
    expect(await hitsOf(bySingular)).toEqual([plural!.id]);
    expect(await hitsOf(byNamedSubcategory)).toEqual([galaxy!.id]);
  });
});

describe('saved searches filed under older match-key rules (issue 42)', () => {
  it('are filed again: a key the current rules no longer offer moves, one they still offer stays', async () => {
    const { user } = await t.createUser();
    const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const plural = `zq${letters}puppies`;
    const save = async (q: Record<string, string>) => (await saveSearch(t.services, user.id, savedFiltersOf(query(q)), 'instant')).search.id;
    const moved = await save({ search: plural });
    const kept = await save({ search: `zq${letters}sofa`, category: 'Furniture' });
    // As the rules before forgiving words filed it: under a piece only the typed plural has.
    const options = keyOptions(listingFilters({ search: plural }));
    const oldPiece = trigrams(plural).map((p) => `g:${p}`).find((p) => !options.words.includes(p))!;
    expect(oldPiece).toBeDefined();
    await t.services.db.execute(sql`UPDATE saved_search_keys SET word = ${oldPiece}, rules = 1 WHERE search_id = ${moved}`);
    await t.services.db.execute(sql`UPDATE saved_search_keys SET rules = 1 WHERE search_id = ${kept}`);
    const keyOf = async (id: string) => (await queryRows<{ word: string; rules: number }>(t.services.db, sql`SELECT word, rules FROM saved_search_keys WHERE search_id = ${id}`))[0]!;
    const keptBefore = await keyOf(kept);

    // Filed so, the search misses an ad that matches it by another form of its word.
    const [missed] = await insertRows(t, seller.user.id, [{ title: `One zq${letters}puppy`, category: 'Pets', location: 'Nairobi' }]);
    await jobAt({ now: new Date() }).runOnce();
    expect(await hitsOf(moved)).toEqual([]);

    const done = await refileSearchKeys(t.services.db);
    expect(done.checked).toBeGreaterThanOrEqual(2);
    expect(done.moved).toBeGreaterThanOrEqual(1);
    const after = await keyOf(moved);
    expect(after.rules).toBe(KEY_RULES);
    expect(options.words).toContain(after.word);
    expect(await keyOf(kept)).toEqual({ word: keptBefore.word, rules: KEY_RULES });
    // Nothing left to do: a second run looks at nothing.
    expect(await refileSearchKeys(t.services.db)).toEqual({ checked: 0, moved: 0 });

    const [found] = await insertRows(t, seller.user.id, [{ title: `Another zq${letters}puppy`, category: 'Pets', location: 'Mombasa' }]);
    await jobAt({ now: new Date() }).runOnce();
    expect(await hitsOf(moved)).toEqual([found!.id]);
    expect(missed!.id).not.toBe(found!.id);
  });
});

describe('the match index never misses', () => {
  it('finds exactly what the site search’s conditions find, for realistic searches and ads', async () => {
    const rng = createRng(1818);
    const { user } = await t.createUser();
    const ads = await insertRows(
      t,
      seller.user.id,
      Array.from({ length: 150 }, () => {
        const l = generateListing(rng, 3600);
        return { title: l.title, description: l.description, category: l.category, price: l.price, currency: l.currency, location: l.location };
      }),
    );
    // Consume the queue: this test calls the matcher itself.
    await jobAt({ now: new Date() }).runOnce();
    const searches = distinctQueries(rng, 300, { sorts: ['newest'] }).map((q) => savedFiltersOf(new URLSearchParams(q)));
    const mine: Array<{ id: string; filters: ReturnType<typeof savedFiltersOf> }> = [];
    for (const filters of searches.slice(0, MAX_SAVED_SEARCHES)) mine.push({ id: (await saveSearch(t.services, user.id, filters, 'instant')).search.id, filters });
    await t.services.rateLimits.reset('savedSearchesPerUser', user.id);
    const other = await t.createUser();
    for (const filters of searches.slice(MAX_SAVED_SEARCHES, 2 * MAX_SAVED_SEARCHES)) mine.push({ id: (await saveSearch(t.services, other.user.id, filters, 'instant')).search.id, filters });
    const rows = await queryRows<{ id: string; category: string; tokens: string[]; price: number | null; currency: string }>(
      t.services.db,
      sql`SELECT id, category, search_tokens AS tokens, price::float8 AS price, currency FROM listings WHERE id = ANY(${`{${ads.map((a) => a.id).join(',')}}`}::uuid[])`,
    );
    await matchAds(t.services.db, rows);
    let matches = 0;
    for (const search of mine) {
      const check = filterConditions(listingFilters(search.filters)).check;
      const expected = await queryRows<{ id: string }>(
        t.services.db,
        sql`SELECT id FROM listings WHERE id = ANY(${`{${ads.map((a) => a.id).join(',')}}`}::uuid[]) ${check.length ? sql`AND ${sql.join(check, sql` AND `)}` : sql``} ORDER BY id`,
      );
      expect(await hitsOf(search.id), JSON.stringify(search.filters)).toEqual(expected.map((r) => r.id));
      matches += expected.length;
    }
    // The comparison means something: some searches match.
    expect(matches).toBeGreaterThan(0);
  });
});

describe('alerts', () => {
  // Other tests' searches may match these ads too: each check counts this user's e-mails only.
  it('sends an instant alert at the next run, and a daily digest once a day, never the same ad twice', async () => {
    const { user } = await t.createUser();
    const w = unique();
    const created = new Date(Date.UTC(2026, 5, 1, 10));
    const clock = { now: created };
    const job = jobAt(clock);
    await job.runOnce(); // whatever other tests left in the queue
    const instant = (await saveSearch(t.services, user.id, { search: w }, 'instant', created)).search;
    const daily = (await saveSearch(t.services, user.id, { search: w, category: 'Furniture' }, 'daily', created)).search;
    const [sofa] = await insertRows(t, seller.user.id, [{ title: `Sofa ${w}`, category: 'Furniture', price: 15_000, createdAt: new Date(Date.UTC(2026, 5, 1, 10, 0, 30)) }]);
    clock.now = new Date(created.getTime() + 60_000);
    await job.runOnce();
    expect(await alertsTo(user.email)).toHaveLength(1);
    let mails = await alertsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`New ad for "${w}": Sofa ${w}`);
    expect(mails[0]!.text).toContain(`${t.config.appUrl}/listing/${sofa!.id}`);
    expect(mails[0]!.text).toContain('Ksh 15,000');
    // Nothing new: nothing sent, and the daily digest waits for 07:00 in Nairobi.
    await job.runOnce();
    expect(await alertsTo(user.email)).toHaveLength(1);
    const [bed] = await insertRows(t, seller.user.id, [{ title: `Bed ${w}`, category: 'Furniture', price: 9_000, createdAt: new Date(Date.UTC(2026, 5, 1, 20)) }]);
    clock.now = new Date(Date.UTC(2026, 5, 2, 3, 59));
    await job.runOnce();
    expect(await alertsTo(user.email)).toHaveLength(2);
    clock.now = new Date(Date.UTC(2026, 5, 2, 4, 0));
    expect(digestBoundary(clock.now).toISOString()).toBe('2026-06-02T04:00:00.000Z');
    await job.runOnce();
    expect(await alertsTo(user.email)).toHaveLength(3);
    mails = await alertsTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `New ad for "${w}": Sofa ${w}`,
      `New ad for "${w}": Bed ${w}`,
      `Daily digest: 2 new ads for "${w}" in Furniture`,
    ]);
    expect(mails[2]!.text).toMatch(new RegExp(`Bed ${w}[\\s\\S]*Sofa ${w}`));
    // Later the same day: no second digest, even with a new match; the next day has only the new one.
    const [table] = await insertRows(t, seller.user.id, [{ title: `Table ${w}`, category: 'Furniture', price: 4_000 }]);
    clock.now = new Date(Date.UTC(2026, 5, 2, 18));
    await job.runOnce();
    expect(await alertsTo(user.email)).toHaveLength(4);
    clock.now = new Date(Date.UTC(2026, 5, 3, 4, 30));
    await job.runOnce();
    mails = await alertsTo(user.email);
    expect(mails).toHaveLength(5);
    expect(mails[4]!.subject).toBe(`Daily digest: 1 new ad for "${w}" in Furniture`);
    expect(mails[4]!.text).toContain(`${t.config.appUrl}/listing/${table!.id}`);
    expect(mails[4]!.text).not.toContain(bed!.id);
    await job.runOnce();
    expect(await alertsTo(user.email)).toHaveLength(5);
    expect(instant.id).not.toBe(daily.id);
  });

  it('leaves out an ad that has gone before its e-mail', async () => {
    const { user } = await t.createUser();
    const w = unique();
    const clock = { now: new Date(Date.UTC(2026, 6, 1, 10)) };
    const job = jobAt(clock);
    await saveSearch(t.services, user.id, { search: w }, 'daily', clock.now);
    const [kept, gone] = await insertRows(t, seller.user.id, [{ title: `Kept ${w}` }, { title: `Gone ${w}` }]);
    await job.runOnce();
    await t.request(`/api/listings/${gone!.id}`, { method: 'DELETE', token: seller.token });
    clock.now = new Date(Date.UTC(2026, 6, 2, 5));
    await job.runOnce();
    const [mail, ...more] = await alertsTo(user.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(kept!.id);
    expect(mail!.text).not.toContain(gone!.id);
  });

  it('announces public ads only: not one held for review, nor one taken down before its e-mail', async () => {
    const { user } = await t.createUser();
    const w = unique();
    const clock = { now: new Date(Date.UTC(2026, 6, 1, 10)) };
    const job = jobAt(clock);
    await saveSearch(t.services, user.id, { search: w }, 'daily', clock.now);
    const [kept, held, hidden] = await insertRows(t, seller.user.id, [{ title: `Kept ${w}` }, { title: `Held ${w}`, status: 'held' }, { title: `Hidden ${w}` }]);
    await job.runOnce();
    await t.services.db.update(listings).set({ status: 'hidden' }).where(eq(listings.id, hidden!.id));
    clock.now = new Date(Date.UTC(2026, 6, 2, 5));
    await job.runOnce();
    const [mail, ...more] = await alertsTo(user.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(kept!.id);
    expect(mail!.text).not.toContain(held!.id);
    expect(mail!.text).not.toContain(hidden!.id);
  });

  it('announces an ad held for review once a moderator approves it, and only once', async () => {
    const { user } = await t.createUser();
    const { user: admin } = await t.createUser();
    const w = unique();
    const clock = { now: new Date(Date.UTC(2026, 6, 1, 10)) };
    const job = jobAt(clock);
    await saveSearch(t.services, user.id, { search: w }, 'instant', clock.now);
    const [held] = await insertRows(t, seller.user.id, [{ title: `Held ${w}`, status: 'held' }]);
    await job.runOnce();
    expect(await alertsTo(user.email)).toEqual([]);
    await approveListing(t.services, admin, held!.id);
    await job.runOnce();
    const [mail, ...more] = await alertsTo(user.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(held!.id);
    // Approved again after another hold: not a second time.
    await t.services.db.update(listings).set({ status: 'held' }).where(eq(listings.id, held!.id));
    await approveListing(t.services, admin, held!.id);
    await job.runOnce();
    expect(await alertsTo(user.email)).toHaveLength(1);
  });

  it('carries List-Unsubscribe and List-Unsubscribe-Post, in the outbox and in the sent message', async () => {
    const { user } = await t.createUser();
    const w = unique();
    const { search } = await saveSearch(t.services, user.id, { search: w }, 'instant');
    await insertRows(t, seller.user.id, [{ title: `Bicycle ${w}` }]);
    await jobAt({ now: new Date() }).runOnce();
    const [mail] = await alertsTo(user.email);
    const link = `${t.config.appUrl}/unsubscribe/${await unsubscribeToken(t.services.db, search.id)}`;
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(link);
    // The transport writes them as header lines.
    await (t.services.mailer as unknown as { deliverDue(): Promise<number> }).deliverDue();
    // Header lines folded by the transport are joined again.
    const eml = t.outbox().find((m) => m.includes(`To: ${user.email}`))!.replace(/\r?\n[ \t]+/g, ' ');
    expect(eml).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/unsubscribe\/[^>]+>$/m);
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });
});

describe('unsubscribe link', () => {
  it('works without signing in: GET asks, POST (the button or one-click) turns the alert off', async () => {
    const { user } = await t.createUser();
    const w = unique();
    const { search } = await saveSearch(t.services, user.id, { search: w }, 'instant');
    const token = await unsubscribeToken(t.services.db, search.id);
    expect(await verifyUnsubscribeToken(t.services.db, token)).toBe(search.id);
    const get = await page(`/unsubscribe/${token}`);
    expect(get.status).toBe(200);
    const body = await get.text();
    expect(body).toContain(`&quot;${w}&quot;`);
    expect(body).toMatch(/<button[^>]*type="submit"[^>]*>Unsubscribe<\/button>/);
    // Opening the link changes nothing.
    expect((await t.services.db.select().from(savedSearches).where(eq(savedSearches.id, search.id)))[0]!.frequency).toBe('instant');
    const post = await page(`/unsubscribe/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    expect(await post.text()).toContain(SAVED_SEARCH_MESSAGES.unsubscribed);
    expect((await t.services.db.select().from(savedSearches).where(eq(savedSearches.id, search.id)))[0]!.frequency).toBe('off');
  });

  it('refuses a tampered or made-up token and changes nothing', async () => {
    const { user } = await t.createUser();
    const { search } = await saveSearch(t.services, user.id, { search: unique() }, 'instant');
    const other = (await saveSearch(t.services, user.id, { search: unique() }, 'instant')).search;
    const token = await unsubscribeToken(t.services.db, search.id);
    const [id, mac] = token.split('.');
    const flipped = `${id}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`;
    const tampered = [flipped, `${other.id}.${mac}`, id!, 'nonsense', `${id}.${mac}.x`];
    for (const bad of tampered) {
      expect(await verifyUnsubscribeToken(t.services.db, bad), bad).toBeNull();
      const get = await page(`/unsubscribe/${encodeURIComponent(bad)}`);
      expect(get.status, bad).toBe(404);
      expect(await get.text()).toContain(SAVED_SEARCH_MESSAGES.badLink);
      const post = await page(`/unsubscribe/${encodeURIComponent(bad)}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(post.status, bad).toBe(404);
    }
    const rows = await t.services.db.select({ frequency: savedSearches.frequency }).from(savedSearches).where(sql`${savedSearches.id} IN (${search.id}, ${other.id})`);
    expect(rows.map((r) => r.frequency)).toEqual(['instant', 'instant']);
  });
});

describe('API', () => {
  it('lists, creates, changes the frequency and deletes; only the owner’s searches', async () => {
    const { token } = await t.createUser();
    expect((await t.request('/api/saved-searches')).status).toBe(401);
    const w = unique();
    const create = await t.request('/api/saved-searches', { method: 'POST', token, json: { search: w, category: 'pets', maxPrice: 3000, frequency: 'instant' } });
    expect(create.status).toBe(201);
    const saved = await create.json();
    expect(saved).toMatchObject({ filters: { search: w, category: 'Pets', maxPrice: 3000 }, frequency: 'instant', newCount: 0, label: `"${w}" in Pets up to Ksh 3,000` });
    expect((await t.request('/api/saved-searches', { method: 'POST', token, json: { search: w, category: 'Pets', maxPrice: '3000' } })).status).toBe(200);
    const bad = await t.request('/api/saved-searches', { method: 'POST', token, json: { minPrice: 'cheap' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/minPrice/);
    const list = await (await t.request('/api/saved-searches', { token })).json();
    expect(list).toMatchObject({ items: [{ id: saved.id }], limit: MAX_SAVED_SEARCHES });
    const patch = await t.request(`/api/saved-searches/${saved.id}`, { method: 'PATCH', token, json: { frequency: 'daily' } });
    expect(patch.status).toBe(200);
    expect((await patch.json()).frequency).toBe('daily');
    expect((await t.request(`/api/saved-searches/${saved.id}`, { method: 'PATCH', token, json: { frequency: 'weekly' } })).status).toBe(400);
    const stranger = await t.createUser();
    for (const init of [{ method: 'PATCH', json: { frequency: 'off' } }, { method: 'DELETE' }]) {
      expect((await t.request(`/api/saved-searches/${saved.id}`, { ...init, token: stranger.token })).status).toBe(404);
      expect((await t.request(`/api/saved-searches/not-an-id`, { ...init, token })).status).toBe(404);
    }
    expect((await t.request(`/api/saved-searches/${saved.id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await (await t.request('/api/saved-searches', { token })).json()).items).toEqual([]);
  });

  it('describes every operation in the OpenAPI document', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    expect(Object.keys(doc.paths['/saved-searches']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/saved-searches/{id}']).sort()).toEqual(['delete', 'patch']);
    for (const op of [doc.paths['/saved-searches'].get, doc.paths['/saved-searches'].post, doc.paths['/saved-searches/{id}'].patch, doc.paths['/saved-searches/{id}'].delete]) {
      expect(op.summary).toEqual(expect.any(String));
    }
  });
});

describe('pages', () => {
  it('Save this search: a visitor signs in and comes back with it saved; a signed-in user lands on Saved searches', async () => {
    const w = unique();
    const form = new URLSearchParams({ search: w, category: 'Property', minPrice: '10000', sort: 'newest' });
    const visitor = await page('/saved-searches', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form });
    expect(visitor.status).toBe(302);
    const location = visitor.headers.get('location')!;
    const next = decodeURIComponent(location.replace('/auth/login?redirectTo=', ''));
    expect(next).toBe(`/saved-searches?search=${w}&category=Property&minPrice=10000`);
    const cookie = visitor.headers.get('set-cookie')!;
    expect(cookie).toContain(`${PENDING_SEARCH_COOKIE}=${pendingSearchDigest({ search: w, category: 'Property', minPrice: 10000 })}`);
    const { user, token } = await t.createUser();
    // Without the cookie (a link from elsewhere) the same address only shows the results.
    const noCookie = await page(next, { cookie: sessionCookie(token) });
    expect(noCookie.headers.get('location')).toBe(`/listings?search=${w}&category=Property&minPrice=10000`);
    expect(await listSavedSearches(t.services.db, user.id)).toEqual([]);
    const back = await page(next, { cookie: `${sessionCookie(token)}; ${cookie.split(';')[0]}` });
    expect(back.status).toBe(302);
    const [saved] = await listSavedSearches(t.services.db, user.id);
    expect(saved).toMatchObject({ filters: { search: w, category: 'Property', minPrice: 10000 } });
    expect(back.headers.get('location')).toBe(`/my-alerts?saved=${saved!.id}`);
    const list = await page(`/my-alerts?saved=${saved!.id}`, { cookie: sessionCookie(token) });
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain(SAVED_SEARCH_MESSAGES.savedHere);
    expect(html).toContain(`&quot;${w}&quot; in Property from Ksh 10,000`);

    // Signed in: the plain form saves and opens Saved searches.
    const w2 = unique();
    const direct = await page('/saved-searches', { method: 'POST', cookie: sessionCookie(token), headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ search: w2 }) });
    expect(direct.status).toBe(302);
    expect(direct.headers.get('location')).toMatch(/^\/my-alerts\?saved=/);
    // The results page then says it is saved.
    const results = await page(`/listings?search=${w2}`, { cookie: sessionCookie(token) });
    expect(await results.text()).toContain('Search saved');
  });

  it('Saved searches: frequency and delete by plain forms, only one’s own', async () => {
    const { user, token } = await t.createUser();
    const { search } = await saveSearch(t.services, user.id, { search: unique() });
    const post = (fields: Record<string, string>, who = token) =>
      page('/my-alerts', { method: 'POST', cookie: sessionCookie(who), headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
    const changed = await post({ intent: 'frequency', id: search.id, frequency: 'instant' });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain(SAVED_SEARCH_MESSAGES.frequency);
    expect((await listSavedSearches(t.services.db, user.id))[0]!.frequency).toBe('instant');
    const badFrequency = await post({ intent: 'frequency', id: search.id, frequency: 'hourly' });
    expect(badFrequency.status).toBe(400);
    expect(await badFrequency.text()).toContain(SAVED_SEARCH_MESSAGES.badFrequency);
    const stranger = await t.createUser();
    expect((await post({ intent: 'delete', id: search.id }, stranger.token)).status).toBe(404);
    expect((await post({ intent: 'delete', id: search.id })).status).toBe(200);
    expect(await listSavedSearches(t.services.db, user.id)).toEqual([]);
    // Signed out: to login, remembering the page.
    expect((await page('/my-alerts')).headers.get('location')).toBe('/auth/login?redirectTo=%2Fmy-alerts');
  });
});
