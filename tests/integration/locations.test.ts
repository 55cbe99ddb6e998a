import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTIES, TOWNS, locationKey, locationNames, placeLabel, resolveLocation } from '#kernel/kenya-locations.ts';
import { openDatabase, queryRows } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { listings } from '../../server/db/schema/index.ts';
import { searchCards } from '../../server/search/search.ts';
import { createAlertJob } from '../../server/alerts/job.ts';
import { savedFiltersOf, saveSearch } from '../../server/saved/saved-searches.ts';
import { searchLabel } from '#kernel/saved-search-rules.ts';
import { demoListings } from '../../server/seed/demo-data.ts';
import { createApp } from '../../server/app.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';
import { loadPageBuild } from './page-build.ts';
import { insertRows, postAd, VALID_AD } from './listings-support.ts';

/*
 * Counties and towns (issue 18, point 4): the data file against migration 0880's tables, the
 * resolver (TypeScript and SQL), the matching of old free-text locations by the migration,
 * the county and town filters (a county includes its towns) and the API.
 */

let t: TestApp;
let token: string;
let ownerId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.createUser();
  token = user.token;
  ownerId = user.user.id;
  const rows = [
    { title: 'Sofa in Westlands', location: 'Westlands, Nairobi City' },
    { title: 'Bed in Kilimani', location: 'kilimani' },
    { title: 'Desk anywhere in Nairobi', location: 'Nairobi' },
    { title: 'Chair on Mombasa Road', location: 'Mombasa Road' },
    { title: 'Table in Nakuru', location: ' NAKURU ' },
    { title: 'Fridge in Naivasha', location: 'Naivasha, Nakuru County' },
  ];
  const inserted = await insertRows(t, ownerId, rows);
  rows.forEach((r, i) => (ids[r.title] = inserted[i]!.id));
});
afterAll(async () => {
  await t?.close();
});

const titles = (items: { title: string }[]) => items.map((i) => i.title).sort();

describe('the data', () => {
  it('has the 47 counties of the First Schedule, coded 001 to 047, each with towns of its own', () => {
    expect(COUNTIES.map((c) => c.code)).toEqual(Array.from({ length: 47 }, (_, i) => String(i + 1).padStart(3, '0')));
    expect(new Set(COUNTIES.map((c) => c.name)).size).toBe(47);
    expect(COUNTIES.find((c) => c.code === '001')!.name).toBe('Mombasa');
    expect(COUNTIES.find((c) => c.code === '006')!.name).toBe('Taita/Taveta');
    expect(COUNTIES.find((c) => c.code === '021')!.name).toBe("Murang'a");
    expect(COUNTIES.find((c) => c.code === '047')!.name).toBe('Nairobi City');
    for (const county of COUNTIES) expect(county.towns.length, county.name).toBeGreaterThan(0);
    expect(new Set(TOWNS.map((town) => town.id)).size).toBe(TOWNS.length);
    expect(new Set(TOWNS.map((town) => town.name.toLowerCase())).size).toBe(TOWNS.length);
    const nairobi = TOWNS.filter((town) => town.countyCode === '047').map((town) => town.name);
    expect(nairobi).toEqual(expect.arrayContaining(['Westlands', 'Kilimani', 'Karen', 'Embakasi', 'Kasarani']));
  });

  it('is what migration 0880 put in the database (a new town needs a new migration)', async () => {
    const counties = await queryRows<{ code: string; name: string }>(t.services.db, 'SELECT code, name FROM counties ORDER BY code');
    expect(counties).toEqual(COUNTIES.map((c) => ({ code: c.code, name: c.name })));
    const towns = await queryRows<{ id: string; name: string; county_code: string }>(t.services.db, 'SELECT id, name, county_code FROM towns ORDER BY id');
    expect(towns).toEqual([...TOWNS].sort((a, b) => (a.id < b.id ? -1 : 1)).map((town) => ({ id: town.id, name: town.name, county_code: town.countyCode })));
    const names = await queryRows<{ name: string; town_id: string | null; county_code: string }>(t.services.db, 'SELECT name, town_id, county_code FROM location_names ORDER BY name');
    const expected = [...locationNames()].map(([name, place]) => ({ name, town_id: place.townId, county_code: place.countyCode }));
    expect(names).toEqual(expected.sort((a, b) => (a.name < b.name ? -1 : 1)));
  });

  it('places every demo ad in a town', () => {
    for (const ad of demoListings) expect(resolveLocation(ad.location)?.townId, ad.location).toBeTruthy();
  });
});

describe('the resolver', () => {
  const cases: Array<[string, string | null, string | null]> = [
    ['Westlands', 'westlands', '047'],
    ['  WESTLANDS  ', 'westlands', '047'],
    ['Westlands,   Nairobi', 'westlands', '047'],
    ['Westlands, Nairobi City County', 'westlands', '047'],
    ['Nairobi', null, '047'],
    ['nairobi city', null, '047'],
    ['Nakuru', 'nakuru', '032'],
    ['Nakuru County', null, '032'],
    ['Taita Taveta', null, '006'],
    ['Voi, Taita/Taveta', 'voi', '006'],
    ['Murang’a', 'muranga', '021'],
    ['Mombasa Road', null, null],
    ['Westlands Nairobi', null, null],
    ['', null, null],
  ];

  it.each(cases)('reads %j as town %s in county %s, in TypeScript and in SQL alike', async (text, town, county) => {
    const resolved = resolveLocation(text);
    expect(resolved ? [resolved.townId, resolved.countyCode] : [null, null]).toEqual([town, county]);
    const [row] = await queryRows<{ town_id: string | null; county_code: string | null; key: string }>(
      t.services.db,
      sql`SELECT location_key(${text}) AS key, n.town_id, n.county_code FROM (SELECT 1) x LEFT JOIN location_names n ON n.name = location_key(${text})`,
    );
    expect(row!.key).toBe(locationKey(text));
    expect([row!.town_id, row!.county_code]).toEqual([town, county]);
  });

  it('labels a place "Town, County", or the county alone', () => {
    expect(placeLabel('westlands', '047')).toBe('Westlands, Nairobi City');
    expect(placeLabel(null, '047')).toBe('Nairobi City');
    expect(placeLabel(null, null)).toBeNull();
  });

  it('sets an ad’s town and county whenever its location is written, and clears them for other text', async () => {
    const [row] = await insertRows(t, ownerId, [{ title: 'Resolved on insert', location: 'Karen' }]);
    const read = async () =>
      (await queryRows<{ town_id: string | null; county_code: string | null }>(t.services.db, sql`SELECT town_id, county_code FROM listings WHERE id = ${row!.id}`))[0];
    expect(await read()).toEqual({ town_id: 'karen', county_code: '047' });
    await t.services.db.execute(sql`UPDATE listings SET location = 'Kisumu' WHERE id = ${row!.id}`);
    expect(await read()).toEqual({ town_id: 'kisumu', county_code: '042' });
    await t.services.db.execute(sql`UPDATE listings SET location = 'Near the big tree' WHERE id = ${row!.id}`);
    expect(await read()).toEqual({ town_id: null, county_code: null });
    await t.services.db.delete(listings).where(sql`id = ${row!.id}`);
  });
});

describe('migrations 0880 and 0940', () => {
  it('match the free-text locations of existing ads to a town or county (0940: towns added later), and keep the rest as text only', async () => {
    // A database migrated up to just before 0880, with ads whose locations were typed freely.
    const all = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url));
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-migrations-'));
    for (const f of fs.readdirSync(all).filter((f) => f.endsWith('.sql') && f < '0880')) fs.copyFileSync(path.join(all, f), path.join(before, f));
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await migrate(database, before);
      const [user] = await queryRows<{ id: string }>(
        database.db,
        `INSERT INTO users (first_name, last_name, email, password_hash, username) VALUES ('A', 'B', 'a@example.co.ke', 'x', 'ab') RETURNING id`,
      );
      const texts = ['Westlands', ' kilimani ', 'KAREN, NAIROBI', 'Nairobi', 'Nakuru County', 'Thika', 'Mombasa Road', 'Somewhere near Kisumu', 'Kehancha', 'lumakanda, kakamega county'];
      for (const [i, text] of texts.entries()) {
        await database.db.execute(sql`INSERT INTO listings (owner_id, title, description, category, location) VALUES (${user!.id}, ${`Ad ${i}`}, 'd', 'Others', ${text})`);
      }
      await migrate(database, all);
      const rows = await queryRows<{ location: string; town_id: string | null; county_code: string | null }>(
        database.db,
        'SELECT location, town_id, county_code FROM listings ORDER BY title',
      );
      expect(rows).toEqual([
        { location: 'Westlands', town_id: 'westlands', county_code: '047' },
        { location: ' kilimani ', town_id: 'kilimani', county_code: '047' },
        { location: 'KAREN, NAIROBI', town_id: 'karen', county_code: '047' },
        { location: 'Nairobi', town_id: null, county_code: '047' },
        { location: 'Nakuru County', town_id: null, county_code: '032' },
        { location: 'Thika', town_id: 'thika', county_code: '022' },
        { location: 'Mombasa Road', town_id: null, county_code: null },
        { location: 'Somewhere near Kisumu', town_id: null, county_code: null },
        { location: 'Kehancha', town_id: 'kehancha', county_code: '044' },
        { location: 'lumakanda, kakamega county', town_id: 'lumakanda', county_code: '037' },
      ]);
    } finally {
      await database.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});

describe('county and town filters', () => {
  it('a county takes in all its towns and its county-wide ads; a town only itself', async () => {
    expect(titles((await searchCards(t.services.db, { county: '047' })).items)).toEqual(['Bed in Kilimani', 'Desk anywhere in Nairobi', 'Sofa in Westlands']);
    expect(titles((await searchCards(t.services.db, { town: 'westlands' })).items)).toEqual(['Sofa in Westlands']);
    expect(titles((await searchCards(t.services.db, { county: '032' })).items)).toEqual(['Fridge in Naivasha', 'Table in Nakuru']);
    expect(titles((await searchCards(t.services.db, { county: '032', town: 'naivasha' })).items)).toEqual(['Fridge in Naivasha']);
    expect((await searchCards(t.services.db, { county: '047', town: 'naivasha' })).items).toEqual([]);
  });

  it('includes featured ads of the county (they are searched in their own table)', async () => {
    const until = new Date(Date.now() + 86_400_000);
    await t.services.db.execute(sql`UPDATE listings SET featured_until = ${until.toISOString()}::timestamptz WHERE id = ${ids['Sofa in Westlands']!}`);
    try {
      const page = await searchCards(t.services.db, { county: '047' });
      expect(page.items[0]!.title).toBe('Sofa in Westlands');
      expect(page.items[0]!.featured).toBe(true);
      expect(titles(page.items)).toEqual(['Bed in Kilimani', 'Desk anywhere in Nairobi', 'Sofa in Westlands']);
      expect((await searchCards(t.services.db, { county: '032' })).items.map((i) => i.title)).not.toContain('Sofa in Westlands');
    } finally {
      await t.services.db.execute(sql`UPDATE listings SET featured_until = NULL WHERE id = ${ids['Sofa in Westlands']!}`);
    }
  });

  it('reads the county index (EXPLAIN)', async () => {
    const plan = await t.services.db.transaction(async (tx) => {
      // A handful of rows: without this the planner reads the whole table, which is cheaper there.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = await queryRows<Record<string, string>>(
        tx as never,
        sql`EXPLAIN SELECT id FROM listings WHERE status = 'active' AND county_code = '047' ORDER BY created_at DESC, id DESC LIMIT 25`,
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('listings_county_created_at_idx');
    const townPlan = await t.services.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = await queryRows<Record<string, string>>(tx as never, sql`EXPLAIN SELECT id FROM listings WHERE status = 'active' AND town_id = 'westlands' ORDER BY created_at DESC, id DESC LIMIT 25`);
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(townPlan).toContain('listings_town_created_at_idx');
  });
});

describe('saved searches', () => {
  it('keep a county or town, say it in words, and alert on the county’s new ads only', async () => {
    const { user } = await t.createUser();
    const filters = savedFiltersOf(new URLSearchParams({ county: 'Kisumu' }));
    expect(filters).toEqual({ county: '042' });
    expect(searchLabel(filters)).toBe('All ads in Kisumu');
    expect(searchLabel(savedFiltersOf(new URLSearchParams({ town: 'westlands', category: 'furniture' })))).toBe('All ads in Furniture in Westlands, Nairobi City');
    const { search } = await saveSearch(t.services, user.id, filters, 'instant');
    const [ahero, nyeri] = await insertRows(t, ownerId, [
      { title: 'Bicycle in Ahero', location: 'Ahero', createdAt: new Date(), updatedAt: new Date() },
      { title: 'Bicycle in Nyeri', location: 'Nyeri', createdAt: new Date(), updatedAt: new Date() },
    ]);
    await createAlertJob({ db: t.services.db, appUrl: t.config.appUrl, logger: t.services.logger, now: () => new Date() }).runOnce();
    const hits = await queryRows<{ listing_id: string }>(t.services.db, sql`SELECT listing_id FROM saved_search_hits WHERE search_id = ${search.id}`);
    expect(hits.map((h) => h.listing_id)).toEqual([ahero!.id]);
    expect(hits.map((h) => h.listing_id)).not.toContain(nyeri!.id);
  });
});

describe('the API', () => {
  it('GET /api/listings takes county (code or name) and town (id or name), and refuses unknown ones', async () => {
    const list = async (q: string) => {
      const res = await t.request(`/api/listings${q}`);
      return { status: res.status, body: await res.json() };
    };
    for (const q of ['?county=047', '?county=nairobi', '?county=Nairobi%20City', '?county=47']) {
      expect(titles((await list(q)).body), q).toEqual(['Bed in Kilimani', 'Desk anywhere in Nairobi', 'Sofa in Westlands']);
    }
    expect(titles((await list('?town=Westlands')).body)).toEqual(['Sofa in Westlands']);
    expect(titles((await list('?county=&town=')).body).length).toBeGreaterThanOrEqual(6);
    const bad = await list('?county=Atlantis');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^county must be a county code from 001 to 047/);
    expect((await list('?town=atlantis')).status).toBe(400);
  });

  it('a posted ad gets the town its location names; a text edit moves it; other text keeps none', async () => {
    const res = await postAd(t, token, { ...VALID_AD, title: 'Posted in Kasarani', location: 'kasarani' });
    expect(res.status).toBe(201);
    const ad = await res.json();
    expect(ad).toMatchObject({ location: 'kasarani', townId: 'kasarani', countyCode: '047', place: 'Kasarani, Nairobi City' });
    const edit = async (location: string) =>
      (
        await t.request(`/api/listings/${ad._id}`, {
          method: 'PUT',
          token,
          json: { title: 'Posted in Kasarani', description: VALID_AD.description, price: 100, category: VALID_AD.category, location },
        })
      ).json();
    expect(await edit('Eldoret, Uasin Gishu')).toMatchObject({ townId: 'eldoret', countyCode: '027', place: 'Eldoret, Uasin Gishu' });
    expect(await edit('Behind the market')).toMatchObject({ location: 'Behind the market', townId: null, countyCode: null, place: null });
  });

  it('GET /api/locations lists the counties with their towns, and OpenAPI describes the new parameters', async () => {
    const res = await t.request('/api/locations');
    expect(res.status).toBe(200);
    const counties = await res.json();
    expect(counties).toHaveLength(47);
    expect(counties[46]).toMatchObject({ code: '047', name: 'Nairobi City' });
    expect(counties[46].towns).toContainEqual({ id: 'westlands', name: 'Westlands' });
    const doc = await (await t.request('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toContain('/locations');
    const params = doc.paths['/listings'].get.parameters.map((p: { name: string; description?: string }) => [p.name, Boolean(p.description)]);
    expect(params).toEqual(expect.arrayContaining([['county', true], ['town', true]]));
  });

  it('the listings page filters by county as a plain GET form', async () => {
    const pages = await loadPageBuild();
    const app = createApp(t.services, { getBuild: pages.getBuild });
    const res = await app.request(`${TEST_ORIGIN}/listings?county=032`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Table in Nakuru');
    expect(html).toContain('Fridge in Naivasha');
    expect(html).not.toContain('Sofa in Westlands');
    expect(html).toContain('Naivasha, Nakuru');
    expect(html).toMatch(/<select[^>]*name="county"/);
    expect(html).toMatch(/<option value="032" selected(="")?>Nakuru<\/option>/);
  });
});
