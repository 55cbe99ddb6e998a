import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { queryRows } from '../../server/db/client.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/app.ts';
import { loadPageBuild } from './page-build.ts';

/*
 * What the results page says about the words searched (issue 42): the spelling correction and
 * its way back to the words as typed, and the help an empty result gives (did you mean, the
 * nearest broader search with its count, Save this search). Real pages over a real database,
 * answered by the memory index as a loaded server does.
 */

let t: TestApp;
let app: ReturnType<typeof createApp>;
/** A word no other test's ads have, so that the counts are this file's. */
const BRAND = 'zanzibarica';
const TYPO = 'zanzibraica';

const text = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

async function page(path: string) {
  const res = await app.request(`${TEST_ORIGIN}${path}`, { headers: { 'Accept-Encoding': 'identity' } });
  expect(res.status).toBe(200);
  const html = await res.text();
  return { html, text: text(html) };
}

beforeAll(async () => {
  t = await createTestApp();
  app = createApp(t.services, { getBuild: (await loadPageBuild()).getBuild });
  const { user } = await t.createUser();
  const ads = [
    { title: `${BRAND} phone case`, category: 'Electronics', location: 'Westlands, Nairobi' },
    { title: `${BRAND} headphones`, category: 'Electronics', location: 'Westlands, Nairobi' },
  ];
  await queryRows(
    t.services.db,
    sql`INSERT INTO listings (owner_id, title, description, category, price, currency, location, status)
      SELECT ${user.id}::uuid, title, 'In good order', category, 1500, 'KES', location, 'active'
      FROM json_to_recordset(${JSON.stringify(ads)}::json) AS r(title text, category text, location text)`,
  );
  await t.services.searchIndex?.reload();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the results page and forgiving words', () => {
  it('says which words it searched for instead, with a link to the words as typed', async () => {
    const { html, text: said } = await page(`/listings?search=${TYPO}`);
    expect(said).toContain(`Showing results for ${BRAND}; search instead for ${TYPO}`);
    expect(said).toContain(`${BRAND} headphones`);
    expect(html).toContain(`href="/listings?search=${TYPO}&amp;exact=1"`);
  });

  it('searches the words as typed when asked, and then offers the correction', async () => {
    const { html, text: said } = await page(`/listings?search=${TYPO}&exact=1`);
    expect(said).not.toContain('Showing results for');
    expect(said).toContain(`No listings found for "${TYPO}"`);
    expect(said).toContain(`Did you mean ${BRAND}?`);
    expect(html).toContain(`href="/listings?search=${BRAND}"`);
    expect(said).toContain('Save this search');
  });

  it('offers the nearest broader search with its count: without the place, then without the category', async () => {
    const noPlace = await page(`/listings?search=${BRAND}&location=Mombasa`);
    expect(noPlace.text).toContain(`2 ads for "${BRAND}" anywhere in Kenya`);
    expect(noPlace.html).toContain(`href="/listings?search=${BRAND}"`);
    const noCategory = await page(`/listings?search=${BRAND}&category=Pets`);
    expect(noCategory.text).toContain(`2 ads for "${BRAND}" in all categories`);
    // Nothing broader finds anything: no such link, but still Save this search.
    const nothing = await page('/listings?search=qqxxzzvvnothing');
    expect(nothing.text).not.toMatch(/anywhere in Kenya|in all categories/);
    expect(nothing.text).toContain('Save this search');
  });
});
