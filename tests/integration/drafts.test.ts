import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_DAYS, MAX_DRAFTS } from '#kernel/draft-rules.ts';
import { MESSAGES } from '#kernel/listing-rules.ts';
import { queryRows } from '../../server/db/client.ts';
import { listingDrafts, listingImages } from '../../server/db/schema/index.ts';
import { sweepDrafts } from '../../server/listings/drafts.ts';
import { DUPLICATE_AD } from '../../server/listings/posting-rules.ts';
import { WRONG_TYPE } from '../../server/media/images.ts';
import { sweepMedia } from '../../server/media/sweep.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { file, image, mediaFiles, tempFiles, VALID_AD } from './listings-support.ts';

/**
 * Drafts of new ads (issue 48, point 3): photos upload one by one to a draft on the server,
 * which belongs to its owner alone, is limited in number and age, never shows in public, and
 * is published through exactly the rules of a post.
 */
let t: TestApp;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type DraftBody = { id: string; fields: Record<string, unknown>; photos: { key: string; url: string; width: number; height: number }[] };

async function newDraft(token: string, fields: Record<string, unknown> = {}): Promise<DraftBody> {
  const res = await t.request('/api/drafts', { method: 'POST', token, json: fields });
  expect(res.status).toBe(201);
  return (await res.json()) as DraftBody;
}

async function uploadPhoto(token: string, draftId: string, data?: Buffer, name = 'photo.jpg') {
  const form = new FormData();
  form.append('images', file(data ?? (await image('jpeg', 64, 48, Math.floor(Math.random() * 1000))), name));
  return t.request(`/api/drafts/${draftId}/photos`, { method: 'POST', token, body: form });
}

function publishForm(fields: Record<string, string>, photoOrder: string[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const key of photoOrder) form.append('photoOrder', key);
  return form;
}

const uniqueTitle = () => `Draft ad ${Math.random().toString(36).slice(2, 10)}`;

describe('a draft and its photos', () => {
  it('keeps the form text and each photo as it arrives, stored by the post pipeline (at most 1,280 px wide, no EXIF)', async () => {
    const { token } = await t.createUser();
    const draft = await newDraft(token, { title: 'Half typed', price: '1200', attributes: { make: 'Toyota' }, owner: 'someone-else', junk: 'x' });
    expect(draft.fields).toEqual({ title: 'Half typed', price: '1200', attributes: { make: 'Toyota' } });
    expect(draft.photos).toEqual([]);

    // A big phone photo, turned by EXIF: stored the right way round and no wider than 1,280 px.
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 10, g: 200, b: 30 } } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await uploadPhoto(token, draft.id, big);
    expect(res.status).toBe(201);
    const photo = (await res.json()) as { key: string; url: string; width: number; height: number };
    expect([photo.width, photo.height]).toEqual([2000, 3000]);
    const stored = fs.readFileSync(path.join(t.config.mediaDir, path.basename(photo.url)));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(1280);
    expect(meta.height! > meta.width!).toBe(true);
    expect(meta.exif).toBeUndefined();

    const saved = await t.request(`/api/drafts/${draft.id}`, { method: 'PUT', token, json: { title: 'Fully typed', location: 'Nakuru' } });
    expect(saved.status).toBe(200);
    const got = (await (await t.request(`/api/drafts/${draft.id}`, { token })).json()) as DraftBody;
    expect(got.fields).toEqual({ title: 'Fully typed', location: 'Nakuru' });
    expect(got.photos.map((p) => p.key)).toEqual([photo.key]);
    expect(tempFiles(t)).toEqual([]);
  });

  it('refuses what a post refuses, with the same messages, and an eleventh photo', async () => {
    const { token } = await t.createUser();
    const draft = await newDraft(token);
    const wrong = await uploadPhoto(token, draft.id, Buffer.from('not a picture at all'), 'x.jpg');
    expect(wrong.status).toBe(415);
    expect(((await wrong.json()) as { message: string }).message).toBe(WRONG_TYPE);
    const none = await t.request(`/api/drafts/${draft.id}/photos`, { method: 'POST', token, body: new FormData() });
    expect(none.status).toBe(400);
    for (let i = 0; i < 10; i++) expect((await uploadPhoto(token, draft.id)).status).toBe(201);
    const eleventh = await uploadPhoto(token, draft.id);
    expect(eleventh.status).toBe(400);
    expect(((await eleventh.json()) as { message: string }).message).toBe(MESSAGES.tooManyImages);
    expect(((await (await t.request(`/api/drafts/${draft.id}`, { token })).json()) as DraftBody).photos).toHaveLength(10);
  });

  it('takes one photo of up to 10 MB a request (a photo is far over the 64 KB of other bodies); more is refused before it is read', async () => {
    const { token } = await t.createUser();
    const draft = await newDraft(token);
    const noisy = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(noisy.byteLength).toBeGreaterThan(200 * 1024);
    expect((await uploadPhoto(token, draft.id, noisy)).status).toBe(201);
    const form = new FormData();
    form.append('images', file(Buffer.alloc(10 * 1024 * 1024 + 100 * 1024, 1)));
    const huge = await t.request(`/api/drafts/${draft.id}/photos`, { method: 'POST', token, body: form });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toBe('Each image must be 10 MB or smaller.');
  });

  it('removes a photo and its files', async () => {
    const { token } = await t.createUser();
    const draft = await newDraft(token);
    const photo = (await (await uploadPhoto(token, draft.id)).json()) as { key: string };
    expect(mediaFiles(t).some((f) => f.startsWith(photo.key))).toBe(true);
    expect((await t.request(`/api/drafts/${draft.id}/photos/${photo.key}`, { method: 'DELETE', token })).status).toBe(200);
    expect(mediaFiles(t).some((f) => f.startsWith(photo.key))).toBe(false);
    expect((await t.request(`/api/drafts/${draft.id}/photos/${photo.key}`, { method: 'DELETE', token })).status).toBe(404);
  });
});

describe('ownership', () => {
  it('another account, or nobody, cannot read, change, add to, publish or discard a draft', async () => {
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const draft = await newDraft(owner.token, { title: 'Mine' });
    const photo = (await (await uploadPhoto(owner.token, draft.id)).json()) as { key: string };
    const tries = [
      () => t.request(`/api/drafts/${draft.id}`, { token: stranger.token }),
      () => t.request(`/api/drafts/${draft.id}`, { method: 'PUT', token: stranger.token, json: { title: 'Theirs' } }),
      () => uploadPhoto(stranger.token, draft.id),
      () => t.request(`/api/drafts/${draft.id}/photos/${photo.key}`, { method: 'DELETE', token: stranger.token }),
      () => t.request(`/api/drafts/${draft.id}/publish`, { method: 'POST', token: stranger.token, body: publishForm({ ...VALID_AD, title: uniqueTitle() }) }),
      () => t.request(`/api/drafts/${draft.id}`, { method: 'DELETE', token: stranger.token }),
    ];
    for (const attempt of tries) expect((await attempt()).status).toBe(404);
    expect((await t.request(`/api/drafts/${draft.id}`)).status).toBe(401);
    expect((await t.request('/api/drafts/not-a-uuid', { token: owner.token })).status).toBe(404);
    const still = (await (await t.request(`/api/drafts/${draft.id}`, { token: owner.token })).json()) as DraftBody;
    expect(still.fields).toEqual({ title: 'Mine' });
    expect(still.photos.map((p) => p.key)).toEqual([photo.key]);
  });
});

describe('publishing', () => {
  async function draftWithPhotos(token: string, n: number): Promise<{ draft: DraftBody; keys: string[] }> {
    const draft = await newDraft(token);
    const keys: string[] = [];
    for (let i = 0; i < n; i++) keys.push(((await (await uploadPhoto(token, draft.id)).json()) as { key: string }).key);
    return { draft, keys };
  }
  const imageKeys = async (listingId: string) =>
    (await t.services.db.select().from(listingImages).where(eq(listingImages.listingId, listingId)).orderBy(listingImages.position)).map((i) => i.storageKey);

  it('posts the ad with the photos the order names, in that order; the draft and its other photos are gone', async () => {
    const { user, token } = await t.createUser();
    const { draft, keys } = await draftWithPhotos(token, 3);
    const title = uniqueTitle();
    // keys[1] was removed on the phone, but its removal had not reached the server yet.
    const res = await t.request(`/api/drafts/${draft.id}/publish`, { method: 'POST', token, body: publishForm({ ...VALID_AD, title }, [keys[2]!, 'not-ours', keys[0]!]) });
    expect(res.status).toBe(201);
    const listing = (await res.json()) as { _id: string; owner: string; title: string; status: string };
    expect(listing).toMatchObject({ owner: user.id, title, status: 'active' });
    expect(await imageKeys(listing._id)).toEqual([keys[2], keys[0]]);
    expect(mediaFiles(t).filter((f) => f.startsWith(keys[1]!))).toEqual([]);
    expect(mediaFiles(t).some((f) => f.startsWith(keys[0]!))).toBe(true);
    const images = await t.services.db.select().from(listingImages).where(eq(listingImages.listingId, listing._id));
    expect(images.every((i) => i.photoHash)).toBe(true);
    expect((await t.request(`/api/drafts/${draft.id}`, { token })).status).toBe(404);
    // The cover got its card files, as a post's does.
    expect(mediaFiles(t).some((f) => f.startsWith(`${keys[2]}-c`))).toBe(true);
    // Published twice (a retried request): the second finds no draft.
    expect((await t.request(`/api/drafts/${draft.id}/publish`, { method: 'POST', token, body: publishForm({ ...VALID_AD, title: uniqueTitle() }) })).status).toBe(404);
  });

  it('without an order, every photo of the draft in upload order', async () => {
    const { token } = await t.createUser();
    const { draft, keys } = await draftWithPhotos(token, 3);
    const res = await t.request(`/api/drafts/${draft.id}/publish`, { method: 'POST', token, body: publishForm({ ...VALID_AD, title: uniqueTitle() }) });
    expect(res.status).toBe(201);
    expect(await imageKeys(((await res.json()) as { _id: string })._id)).toEqual(keys);
  });

  it('an order naming none of the draft’s photos is refused as no photo, and changes nothing', async () => {
    const { token } = await t.createUser();
    const { draft, keys } = await draftWithPhotos(token, 1);
    const res = await t.request(`/api/drafts/${draft.id}/publish`, { method: 'POST', token, body: publishForm({ ...VALID_AD, title: uniqueTitle() }, ['not-ours']) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(MESSAGES.required);
    expect(((await (await t.request(`/api/drafts/${draft.id}`, { token })).json()) as DraftBody).photos.map((p) => p.key)).toEqual(keys);
  });

  it('refuses with the spec’s messages and keeps the draft: missing fields, no photos', async () => {
    const { token } = await t.createUser();
    const draft = await newDraft(token);
    const noPhotos = await t.request(`/api/drafts/${draft.id}/publish`, { method: 'POST', token, body: publishForm({ ...VALID_AD, title: uniqueTitle() }) });
    expect(noPhotos.status).toBe(400);
    expect(((await noPhotos.json()) as { message: string }).message).toBe(MESSAGES.required);
    await uploadPhoto(token, draft.id);
    const noTitle = await t.request(`/api/drafts/${draft.id}/publish`, { method: 'POST', token, body: publishForm({ ...VALID_AD, title: '' }) });
    expect(noTitle.status).toBe(400);
    expect(((await noTitle.json()) as { message: string }).message).toBe(MESSAGES.required);
    const badPrice = await t.request(`/api/drafts/${draft.id}/publish`, { method: 'POST', token, body: publishForm({ ...VALID_AD, title: uniqueTitle(), price: 'cheap' }) });
    expect(badPrice.status).toBe(400);
    expect(((await badPrice.json()) as DraftBody & { errors: { path: string }[] }).errors[0]!.path).toBe('price');
    expect(((await (await t.request(`/api/drafts/${draft.id}`, { token })).json()) as DraftBody).photos).toHaveLength(1);
  });

  it('the same ad twice is refused, as a post is', async () => {
    const { token } = await t.createUser();
    const photo = await image('jpeg', 80, 60, 7);
    const title = uniqueTitle();
    for (const expected of [201, 409]) {
      const draft = await newDraft(token);
      await uploadPhoto(token, draft.id, photo);
      const res = await t.request(`/api/drafts/${draft.id}/publish`, { method: 'POST', token, body: publishForm({ ...VALID_AD, title }) });
      expect(res.status).toBe(expected);
      if (expected === 409) expect(((await res.json()) as { message: string }).message).toBe(DUPLICATE_AD);
    }
  });

  it('counts against the day’s allowance of posts (a new account posts 5)', async () => {
    const { token } = await t.createUser({ createdAt: new Date() });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const draft = await newDraft(token);
      await uploadPhoto(token, draft.id);
      const res = await t.request(`/api/drafts/${draft.id}/publish`, { method: 'POST', token, body: publishForm({ ...VALID_AD, title: uniqueTitle() }) });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('a draft is never public: not in search, not a listing', async () => {
    const { token } = await t.createUser();
    const word = `zq${Math.random().toString(36).slice(2, 9)}`;
    const draft = await newDraft(token, { title: `Secret ${word}`, description: word });
    await uploadPhoto(token, draft.id);
    const found = await t.request(`/api/listings?search=${word}`);
    expect(await found.json()).toEqual([]);
    const [row] = await queryRows<{ n: number }>(t.services.db, sql`select count(*)::int as n from listings where title like ${`%${word}%`}`);
    expect(Number(row!.n)).toBe(0);
    const sitemap = await t.request('/sitemap.xml');
    expect(await sitemap.text()).not.toContain(draft.id);
  });
});

describe('limits and the sweep', () => {
  it(`an account keeps ${MAX_DRAFTS} drafts: a new one drops the least recently touched, files and all`, async () => {
    const { user, token } = await t.createUser();
    const first = await newDraft(token);
    const photo = (await (await uploadPhoto(token, first.id)).json()) as { key: string };
    for (let i = 1; i < MAX_DRAFTS; i++) await newDraft(token);
    expect((await t.request(`/api/drafts/${first.id}`, { token })).status).toBe(200);
    await newDraft(token);
    expect((await t.request(`/api/drafts/${first.id}`, { token })).status).toBe(404);
    expect(mediaFiles(t).some((f) => f.startsWith(photo.key))).toBe(false);
    expect(await t.services.db.select().from(listingDrafts).where(eq(listingDrafts.ownerId, user.id))).toHaveLength(MAX_DRAFTS);
  });

  it(`removes drafts untouched for ${DRAFT_DAYS} days and their files; the media sweep keeps a live draft's photos`, async () => {
    const { token } = await t.createUser();
    const old = await newDraft(token);
    const oldPhoto = (await (await uploadPhoto(token, old.id)).json()) as { key: string };
    const live = await newDraft(token);
    const livePhoto = (await (await uploadPhoto(token, live.id)).json()) as { key: string };
    await t.services.db
      .update(listingDrafts)
      .set({ updatedAt: new Date(Date.now() - (DRAFT_DAYS * 24 + 1) * HOUR) })
      .where(eq(listingDrafts.id, old.id));

    // Files an hour old: the media sweep would take them if nothing referenced them.
    const past = new Date(Date.now() - 2 * HOUR);
    for (const name of mediaFiles(t).filter((f) => f.startsWith(livePhoto.key) || f.startsWith(oldPhoto.key))) fs.utimesSync(path.join(t.config.mediaDir, name), past, past);
    await sweepMedia({ db: t.services.db, media: t.services.media, logger: t.services.logger });
    expect(mediaFiles(t).some((f) => f.startsWith(livePhoto.key))).toBe(true);
    expect(mediaFiles(t).some((f) => f.startsWith(oldPhoto.key))).toBe(true);

    expect(await sweepDrafts({ db: t.services.db, media: t.services.media, logger: t.services.logger })).toBeGreaterThanOrEqual(1);
    expect((await t.request(`/api/drafts/${old.id}`, { token })).status).toBe(404);
    expect(mediaFiles(t).some((f) => f.startsWith(oldPhoto.key))).toBe(false);
    expect((await t.request(`/api/drafts/${live.id}`, { token })).status).toBe(200);
    expect(mediaFiles(t).some((f) => f.startsWith(livePhoto.key))).toBe(true);
  });
});

describe('the API description', () => {
  it('lists the draft operations', async () => {
    const spec = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(spec.paths['/drafts']!)).toEqual(['post']);
    expect(Object.keys(spec.paths['/drafts/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(spec.paths['/drafts/{id}/photos']!)).toEqual(['post']);
    expect(Object.keys(spec.paths['/drafts/{id}/photos/{key}']!)).toEqual(['delete']);
    expect(Object.keys(spec.paths['/drafts/{id}/publish']!)).toEqual(['post']);
  });
});
