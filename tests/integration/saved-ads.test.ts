import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { MAX_SAVED_ADS } from '#kernel/saved-rules.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { savedAds, users } from '../../server/db/schema/index.ts';
import { countSavedAds, listSavedAds, saveAd, unsaveAd } from '../../server/saved/saved-ads.ts';
import { PENDING_SAVE_COOKIE } from '../../server/saved/pending-save.ts';
import { createTestApp, type TestApp, pageRequests } from '../support/app.ts';
import { insertRows } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * Saved ads (issue 18): the domain functions, /api/saved and the pages (the Save form's
 * POST /saved/:id, the save finished after login, the Saved ads page at /favourites), over a
 * real database. Each user's list is their own.
 */
let t: TestApp;
let pages: Awaited<ReturnType<typeof loadPageBuild>>;
let app: ReturnType<typeof createApp>;
let seller: Awaited<ReturnType<TestApp['createUser']>>;
let ads: string[] = [];
const UNKNOWN = '0b0e0f57-6b5e-4d0e-9d55-2d4b8f0c6f3a';

beforeAll(async () => {
  t = await createTestApp();
  pages = await loadPageBuild();
  app = createApp(t.services, { getBuild: pages.getBuild });
  seller = await t.createUser({ firstName: 'Wanjiru', lastName: 'Kamau' });
  const rows = await insertRows(
    t,
    seller.user.id,
    Array.from({ length: 6 }, (_, i) => ({ title: `Saved-test ad ${i}` })),
  );
  ads = rows.map((r) => r.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const page = pageRequests(() => app);
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const sessionCookie = (token: string) => `${SESSION_COOKIE}=${token}`;

describe('domain', () => {
  it('saves once, lists newest first with pages, counts, and unsaves', async () => {
    const { user } = await t.createUser();
    const services = t.services;
    await saveAd(services, user.id, ads[0]!);
    await saveAd(services, user.id, ads[1]!);
    await saveAd(services, user.id, ads[2]!);
    await saveAd(services, user.id, ads[0]!); // again: no second row, the first date kept
    expect(await countSavedAds(services.db, user.id)).toBe(3);
    // Newest first; make the dates distinct so the order is the test's, not the clock's.
    for (const [i, id] of [ads[0]!, ads[1]!, ads[2]!].entries()) {
      await services.db.update(savedAds).set({ savedAt: new Date(Date.UTC(2026, 0, 1 + i)) }).where(eq(savedAds.listingId, id));
    }
    const first = await listSavedAds(services.db, user.id, { page: 1, limit: 2 });
    expect(first.items.map((i) => i.listingId)).toEqual([ads[2], ads[1]]);
    expect(first.total).toBe(3);
    expect(first.items[0]!.listing?.title).toBe('Saved-test ad 2');
    const second = await listSavedAds(services.db, user.id, { page: 2, limit: 2 });
    expect(second.items.map((i) => i.listingId)).toEqual([ads[0]]);
    await unsaveAd(services, user.id, ads[1]!);
    await unsaveAd(services, user.id, ads[1]!); // not saved any more: no error
    expect(await countSavedAds(services.db, user.id)).toBe(2);
  });

  it('refuses ids that are not ads, and keeps an ad that is deleted as "gone" with its title', async () => {
    const { user } = await t.createUser();
    await expect(saveAd(t.services, user.id, 'not-a-uuid')).rejects.toMatchObject({ status: 404 });
    await expect(saveAd(t.services, user.id, UNKNOWN)).rejects.toMatchObject({ status: 404 });
    const [doomed] = await insertRows(t, seller.user.id, [{ title: 'Sofa that will be sold' }]);
    await saveAd(t.services, user.id, doomed!.id);
    const del = await t.request(`/api/listings/${doomed!.id}`, { method: 'DELETE', token: seller.token });
    expect(del.status).toBe(200);
    const list = await listSavedAds(t.services.db, user.id);
    expect(list.items).toEqual([expect.objectContaining({ listingId: doomed!.id, title: 'Sofa that will be sold', listing: null })]);
    // A gone ad cannot be saved again, but can be removed.
    await expect(saveAd(t.services, user.id, doomed!.id)).rejects.toMatchObject({ status: 404 });
    await unsaveAd(t.services, user.id, doomed!.id);
    expect(await countSavedAds(t.services.db, user.id)).toBe(0);
  });

  it('goes with the account (ON DELETE CASCADE from users)', async () => {
    const { user } = await t.createUser();
    await saveAd(t.services, user.id, ads[3]!);
    await t.services.db.delete(users).where(eq(users.id, user.id));
    expect(await t.services.db.select().from(savedAds).where(eq(savedAds.userId, user.id))).toEqual([]);
  });
});

describe('API', () => {
  it('needs a signed-in user', async () => {
    expect((await t.request('/api/saved')).status).toBe(401);
    expect((await t.request(`/api/saved/${ads[0]}`, { method: 'PUT' })).status).toBe(401);
    const del = await t.request(`/api/saved/${ads[0]}`, { method: 'DELETE' });
    expect(del.status).toBe(401);
    expect(await del.json()).toEqual({ message: expect.any(String) });
  });

  it('saves, lists, removes; 404 for bad and unknown ids in the error shape', async () => {
    const { token } = await t.createUser();
    const put = await t.request(`/api/saved/${ads[0]}`, { method: 'PUT', token });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ saved: true, count: 1 });
    expect(await (await t.request(`/api/saved/${ads[0]}`, { method: 'PUT', token })).json()).toEqual({ saved: true, count: 1 });
    for (const id of ['nope', UNKNOWN, '1%27%20OR%201=1']) {
      const res = await t.request(`/api/saved/${id}`, { method: 'PUT', token });
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ message: 'Listing not found.' });
    }
    const list = await t.request('/api/saved', { token });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toContain('no-store');
    const body = (await list.json()) as { items: Array<{ listingId: string; listing: { _id: string; title: string } | null }>; total: number; page: number; limit: number };
    expect(body).toMatchObject({ total: 1, page: 1, limit: 24 });
    expect(body.items[0]).toMatchObject({ listingId: ads[0], listing: { _id: ads[0], title: 'Saved-test ad 0' } });
    expect((await t.request('/api/saved?page=0', { token })).status).toBe(400);
    expect((await t.request('/api/saved?limit=101', { token })).status).toBe(400);
    const del = await t.request(`/api/saved/${ads[0]}`, { method: 'DELETE', token });
    expect(await del.json()).toEqual({ saved: false, count: 0 });
    expect((await t.request('/api/saved/nope', { method: 'DELETE', token })).status).toBe(404);
  });

  it('keeps each list its own: another user neither sees nor changes it', async () => {
    const alice = await t.createUser();
    const bob = await t.createUser();
    await t.request(`/api/saved/${ads[4]}`, { method: 'PUT', token: alice.token });
    const bobs = (await (await t.request('/api/saved', { token: bob.token })).json()) as { items: unknown[]; total: number };
    expect(bobs).toMatchObject({ items: [], total: 0 });
    // Bob's DELETE of the same ad only touches Bob's (empty) list.
    expect(await (await t.request(`/api/saved/${ads[4]}`, { method: 'DELETE', token: bob.token })).json()).toEqual({ saved: false, count: 0 });
    expect(await countSavedAds(t.services.db, alice.user.id)).toBe(1);
    // Query parameters cannot name another user.
    const sneaky = (await (await t.request(`/api/saved?userId=${alice.user.id}`, { token: bob.token })).json()) as { total: number };
    expect(sneaky.total).toBe(0);
  });

  it('holds at most MAX_SAVED_ADS: one more is a 409 that says why', async () => {
    const { user, token } = await t.createUser();
    const rows = Array.from({ length: MAX_SAVED_ADS }, () => ({ userId: user.id, listingId: randomUUID(), title: 'Filler' }));
    await t.services.db.insert(savedAds).values(rows);
    const res = await t.request(`/api/saved/${ads[0]}`, { method: 'PUT', token });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: `You can save up to ${MAX_SAVED_ADS} ads. Remove some to save more.` });
  });

  it('refuses a cookie-signed save from another site', async () => {
    const { token } = await t.createUser();
    const res = await t.request(`/api/saved/${ads[0]}`, { method: 'PUT', headers: { Cookie: sessionCookie(token), Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/saved']!)).toEqual(['get']);
    expect(Object.keys(doc.paths['/saved/{id}']!).sort()).toEqual(['delete', 'put']);
  });
});

describe('pages', () => {
  it('a signed-in Save form saves and goes back to the page it came from; Remove likewise', async () => {
    const { user, token } = await t.createUser();
    const res = await page(`/saved/${ads[5]}`, { method: 'POST', cookie: sessionCookie(token), body: form({ intent: 'save', back: '/listings?page=2' }) });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/listings?page=2');
    expect(await countSavedAds(t.services.db, user.id)).toBe(1);
    const off = await page(`/saved/${ads[5]}`, { method: 'POST', cookie: sessionCookie(token), body: form({ intent: 'unsave', back: `/listing/${ads[5]}#actions` }) });
    expect(off.headers.get('location')).toBe(`/listing/${ads[5]}#actions`);
    expect(await countSavedAds(t.services.db, user.id)).toBe(0);
  });

  it('never sends the browser off our site', async () => {
    const { token } = await t.createUser();
    for (const back of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await page(`/saved/${ads[5]}`, { method: 'POST', cookie: sessionCookie(token), body: form({ intent: 'save', back }) });
      expect(res.headers.get('location'), back).toBe(`/listing/${ads[5]}`);
    }
  });

  it('a visitor goes through login and comes back with the save done', async () => {
    const back = `/listing/${ads[2]}#actions`;
    const res = await page(`/saved/${ads[2]}`, { method: 'POST', body: form({ intent: 'save', back }) });
    expect(res.status).toBe(302);
    const next = `/saved/${ads[2]}?back=${encodeURIComponent(back)}`;
    expect(res.headers.get('location')).toBe(`/auth/login?redirectTo=${encodeURIComponent(next)}`);
    const pending = res.headers.get('set-cookie') ?? '';
    expect(pending).toContain(`${PENDING_SAVE_COOKIE}=${ads[2]}`);
    expect(pending).toMatch(/HttpOnly/i);
    expect(pending).toMatch(/SameSite=Lax/i);

    // Signed in (the login page sends the browser to `next`): the GET finishes the save.
    const { user, token } = await t.createUser();
    const done = await page(next, { cookie: `${sessionCookie(token)}; ${PENDING_SAVE_COOKIE}=${ads[2]}` });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(back);
    expect(done.headers.get('set-cookie')).toContain(`${PENDING_SAVE_COOKIE}=;`);
    expect((await listSavedAds(t.services.db, user.id)).items.map((i) => i.listingId)).toEqual([ads[2]]);
  });

  it('the GET alone saves nothing: a link from another site cannot save for someone', async () => {
    const { user, token } = await t.createUser();
    const res = await page(`/saved/${ads[1]}?back=/`, { cookie: sessionCookie(token) });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    // A cookie naming another ad does not count either.
    await page(`/saved/${ads[1]}`, { cookie: `${sessionCookie(token)}; ${PENDING_SAVE_COOKIE}=${ads[3]}` });
    expect(await countSavedAds(t.services.db, user.id)).toBe(0);
    // And a cross-site POST is refused before it gets anywhere.
    const cross = await page(`/saved/${ads[1]}`, { method: 'POST', cookie: sessionCookie(token), headers: { Origin: 'https://evil.example' }, body: form({ intent: 'save' }) });
    expect(cross.status).toBe(403);
    expect(await countSavedAds(t.services.db, user.id)).toBe(0);
  });

  it('a visitor asking for the Saved ads page is sent to login', async () => {
    const res = await page('/favourites');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/auth/login?redirectTo=${encodeURIComponent('/favourites')}`);
  });

  it('the Saved ads page lists the user’s ads only, a gone one as "No longer available", with the count in the menu', async () => {
    const me = await t.createUser();
    const other = await t.createUser();
    const [gone] = await insertRows(t, seller.user.id, [{ title: 'Gas cooker, four burners' }]);
    await saveAd(t.services, me.user.id, ads[0]!);
    await saveAd(t.services, me.user.id, gone!.id);
    await saveAd(t.services, other.user.id, ads[1]!);
    await t.request(`/api/listings/${gone!.id}`, { method: 'DELETE', token: seller.token });

    const res = await page('/favourites', { cookie: sessionCookie(me.token) });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Saved ads | Soko</title>');
    expect(html).toContain('Saved-test ad 0');
    expect(html).toContain('Gas cooker, four burners');
    expect(html).toContain('No longer available');
    expect(html).not.toContain('Saved-test ad 1');
    expect(html).toMatch(/Saved ads<span data-testid="saved-count"> \(<!-- -->2<!-- -->\)<\/span>/);
    // The live ad's button is pressed (it removes); the gone one has a Remove form.
    expect(html).toMatch(new RegExp(`action="/saved/${ads[0]}"[^]*?name="intent" value="unsave"[^]*?aria-pressed="true"`));
    expect(html).toMatch(new RegExp(`action="/saved/${gone!.id}"[^]*?value="unsave"`));
    const otherHtml = await (await page('/favourites', { cookie: sessionCookie(other.token) })).text();
    expect(otherHtml).not.toContain('Gas cooker, four burners');
    expect(otherHtml).toContain('Saved-test ad 1');
  });

  it('shows Save pressed on the cards and the ad page of saved ads only', async () => {
    const me = await t.createUser();
    await saveAd(t.services, me.user.id, ads[3]!);
    const ad = await (await page(`/listing/${ads[3]}`, { cookie: sessionCookie(me.token) })).text();
    expect(ad).toMatch(/aria-pressed="true"[^>]*>.*?Saved<\/button>/);
    expect(ad).not.toContain('Save feature coming soon!');
    const other = await (await page(`/listing/${ads[4]}`, { cookie: sessionCookie(me.token) })).text();
    expect(other).toMatch(/aria-pressed="false"[^>]*>.*?Save<\/button>/);
    const visitor = await (await page(`/listing/${ads[3]}`)).text();
    expect(visitor).toMatch(/aria-pressed="false"/);
    const browse = await (await page('/listings?search=Saved-test', { cookie: sessionCookie(me.token) })).text();
    expect(browse.match(/aria-pressed="true"/g)).toHaveLength(1);
    expect(browse).toContain(`<span class="sr-only">Save Saved-test ad 3</span>`);
  });

  it('paginates the Saved ads page', async () => {
    const me = await t.createUser();
    const many = await insertRows(t, seller.user.id, Array.from({ length: 26 }, (_, i) => ({ title: `Paged saved ${i}` })));
    for (const r of many) await saveAd(t.services, me.user.id, r.id);
    const one = (await (await page('/favourites', { cookie: sessionCookie(me.token) })).text()).replaceAll('<!-- -->', '');
    expect(one).toContain('Page 1 of 2');
    expect(one.match(/data-testid="posted"/g)).toHaveLength(24);
    const two = await (await page('/favourites?page=2', { cookie: sessionCookie(me.token) })).text();
    expect(two.match(/data-testid="posted"/g)).toHaveLength(2);
  });
});
