import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeLabel } from '#kernel/kenya-locations.ts';
import { queryRows } from '../../server/db/client.ts';
import { listingImages, listings } from '../../server/db/schema/index.ts';
import { IMAGE_WIDTHS, imageFileName } from '../../server/media/images.ts';
import { writeMissingHeads } from '../../server/listings/json-heads.ts';
import { searchCards } from '../../server/search/search.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { file, image, postAd, VALID_AD } from './listings-support.ts';

/*
 * Each ad's JSON up to its photos (the API's) and up to its cover (a card's) is written by
 * migration 2300's functions when the ad or its photos change, and read as it is stored
 * (docs/decisions/listing-json-heads.md). What is stored must always be what would be written
 * now, after every kind of write, and a row without it must read the same.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.createUser()).token;
});
afterAll(async () => {
  await t?.close();
});

type Heads = { json_head: string | null; card_head: string | null; json_now: string; card_now: string };

/** The stored heads of an ad, and the heads written from its row and photos now. */
async function heads(id: string): Promise<Heads> {
  const [row] = await queryRows<Heads>(
    t.services.db,
    sql`SELECT json_head, card_head, listing_json_head(l) AS json_now, listing_card_head(l) AS card_now FROM listings l WHERE l.id = ${id}`,
  );
  return row!;
}

async function expectCurrent(id: string) {
  const h = await heads(id);
  expect(h.json_head).toBe(h.json_now);
  expect(h.card_head).toBe(h.card_now);
  return h;
}

const apiText = async (id: string) => (await t.request(`/api/listings/${id}`)).text();
const card = async (title: string) => (await searchCards(t.services.db, { search: title, literal: true })).items[0]!;

/** The URL the media route serves a stored photo's width at (server/media/images.ts). */
const url = (key: string, width: number) => `/media/${imageFileName(key, width)}`;

async function postWithPhotos(title: string, location: string, photos: number) {
  const files = await Promise.all(Array.from({ length: photos }, async (_, i) => file(await image('jpeg', 640 + i * 8, 480, i), `p${i}.jpg`)));
  const res = await postAd(t, token, { ...VALID_AD, title, location }, files);
  expect(res.status).toBe(201);
  return (await res.json()) as { _id: string };
}

describe('the JSON each ad keeps', () => {
  it('is written as the functions would write it now, after a post, an edit, a photo changed, added or removed, and a view', async () => {
    const { _id: id } = await postWithPhotos('Quagga "striped" lamp — é', 'Westlands', 2);
    const posted = await expectCurrent(id);
    expect(posted.json_head).not.toBeNull();

    // What the API and the cards show from it: photos at the media route's URLs for every width, the place, the cover.
    const ad = JSON.parse(await apiText(id));
    const keys = (await t.services.db.select().from(listingImages).where(eq(listingImages.listingId, id)).orderBy(listingImages.position)).map((p) => p.storageKey);
    const full = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
    expect(ad.title).toBe('Quagga "striped" lamp — é');
    expect(ad.townId).toBe('westlands');
    expect(ad.place).toBe(placeLabel(ad.townId, ad.countyCode));
    expect(ad.images).toEqual(keys.map((k) => url(k, full)));
    expect(ad.photos.map((p: { variants: Record<string, string> }) => p.variants)).toEqual(keys.map((k) => Object.fromEntries(IMAGE_WIDTHS.map((w) => [String(w), url(k, w)]))));
    expect(ad.photos[1]).toMatchObject({ url: url(keys[1]!, full), width: 648, height: 480 });
    const cover = await card('quagga');
    expect(cover).toMatchObject({ _id: id, title: ad.title, place: ad.place, photo: { key: keys[0], width: 640, height: 480 }, featured: false });

    // An edit of text and place.
    const edit = await t.request(`/api/listings/${id}`, { method: 'PUT', token, json: { title: 'Quagga lamp, brass', description: 'Works.', price: 2500, category: 'Furniture', subcategory: '', location: 'Kisumu' } });
    expect(edit.status).toBe(200);
    const edited = await expectCurrent(id);
    expect(edited.json_head).toContain('"title":"Quagga lamp, brass"');
    const moved = JSON.parse(await apiText(id));
    expect(moved.place).not.toBe(ad.place);
    expect(moved.place).toBe(placeLabel(moved.townId, moved.countyCode));

    // Photos: a size corrected, the cover removed, one added (each a statement of its own).
    await t.services.db.update(listingImages).set({ width: 1000 }).where(eq(listingImages.storageKey, keys[1]!));
    expect((await expectCurrent(id)).json_head).toContain('"width":1000');
    await t.services.db.delete(listingImages).where(eq(listingImages.storageKey, keys[0]!));
    await expectCurrent(id);
    expect((await card('quagga')).photo).toEqual({ key: keys[1], width: 1000, height: 480 });
    await t.services.db.insert(listingImages).values({ listingId: id, position: 5, storageKey: 'added0', width: 10, height: 20 });
    const photos = JSON.parse(await apiText(id)).photos as Array<{ url: string }>;
    expect(photos.map((p) => p.url)).toEqual([url(keys[1]!, full), url('added0', full)]);
    await expectCurrent(id);

    // A view counted rewrites nothing, and still shows.
    const before = await heads(id);
    await t.services.db.update(listings).set({ views: sql`${listings.views} + 7` }).where(eq(listings.id, id));
    expect(await heads(id)).toEqual(before);
    expect(JSON.parse(await apiText(id)).views).toBe(7);
  });

  it('is written for an ad without photos, price or place, and reads the same when a row has none stored', async () => {
    const [row] = await t.services.db
      .insert(listings)
      .values({ ownerId: (await t.createUser()).user.id, title: 'Okapi print\\ "frame"', description: 'Line one\nline two\ttab', category: 'For Sale', location: 'Somewhere far', price: null })
      .returning({ id: listings.id });
    const id = row!.id;
    const h = await expectCurrent(id);
    const api = await apiText(id);
    const parsed = JSON.parse(api);
    expect(parsed).toMatchObject({ title: 'Okapi print\\ "frame"', description: 'Line one\nline two\ttab', price: null, place: null, images: [], photos: [] });
    expect(h.card_head).toContain('"photo":null');
    const cardBefore = await card('okapi');

    // As a restore, or a write with triggers disabled, leaves it: written when read instead.
    await queryRows(t.services.db, sql`UPDATE listings SET json_head = NULL, card_head = NULL WHERE id = ${id}`);
    expect(await apiText(id)).toBe(api);
    expect(await card('okapi')).toEqual(cardBefore);
  });

  it('is written for ads that have none by the background job, a batch at a time, and then read as stored', async () => {
    const owner = (await t.createUser()).user.id;
    const rows = await t.services.db
      .insert(listings)
      .values(Array.from({ length: 5 }, (_, i) => ({ ownerId: owner, title: `Dikdik carving ${i}`, description: 'Wood', category: 'For Sale', location: 'Nakuru' })))
      .returning({ id: listings.id });
    const ids = rows.map((r) => r.id);
    const texts = await Promise.all(ids.map(apiText));
    await queryRows(t.services.db, sql`UPDATE listings SET json_head = NULL, card_head = NULL`);

    // Two ads a statement, at most two statements a run: the run stops with ads still to do.
    expect(await writeMissingHeads(t.services.db, { batch: 2, batches: 2 })).toBe(4);
    const missing = async () => (await queryRows<{ n: number }>(t.services.db, sql`SELECT count(*)::int AS n FROM listings WHERE json_head IS NULL OR card_head IS NULL`))[0]!.n;
    expect(await missing()).toBeGreaterThan(0);
    while ((await writeMissingHeads(t.services.db, { batch: 2, batches: 2 })) > 0);
    expect(await missing()).toBe(0);
    for (const id of ids) await expectCurrent(id);
    expect(await Promise.all(ids.map(apiText))).toEqual(texts);
    expect(await writeMissingHeads(t.services.db)).toBe(0);
  });
});
