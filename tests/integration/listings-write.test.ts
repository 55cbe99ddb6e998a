import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingImages, listings } from '../../server/db/schema/index.ts';
import { action as postAdAction } from '../../app/routes/listings/post-ad.tsx';
import type { Auth } from '../../server/context.ts';
import { createListing, updateListing } from '../../server/listings/write.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { IMAGE_WIDTHS, imageFiles } from '../../server/media/images.ts';
import { adForm, file, image, mediaFiles, postAd, tempFiles, uploadedFiles, VALID_AD } from './listings-support.ts';
import { routeArgs } from './route-args.ts';

let t: TestApp;
let owner: { id: string; token: string };
let other: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.createUser({ phoneNumber: '+254712345678' });
  const b = await t.createUser();
  owner = { id: a.user.id, token: a.token };
  other = { id: b.user.id, token: b.token };
});
afterAll(async () => {
  await t?.close();
});

async function createAd(photos = 2) {
  const files = await Promise.all(Array.from({ length: photos }, async (_, i) => file(await image('jpeg', 64, 48, i))));
  const res = await postAd(t, owner.token, VALID_AD, files);
  expect(res.status).toBe(201);
  return (await res.json()) as { _id: string; images: string[]; photos: Array<{ variants: Record<string, string> }> };
}

/**
 * Every file a photo is stored as: the WebP widths; the cover also has the 4:3 card files
 * (server/media/images.ts). Its link-preview JPEG (-og.jpg) is counted apart (tests/integration/seo.test.ts).
 */
const COVER_FILES = imageFiles('x').filter((f) => !f.endsWith('-og.jpg')).length;
const PHOTO_FILES = IMAGE_WIDTHS.length;

const filesOf = (url: string) => {
  const key = url.match(/\/media\/([a-z0-9-]+)-\d+\.webp$/)![1]!;
  return mediaFiles(t).filter((f) => f.startsWith(key) && !f.endsWith('-og.jpg'));
};

describe('POST /api/listings', () => {
  it('creates an ad owned by the signed-in user whatever the body says, with WebP variants', async () => {
    const form = adForm({ ...VALID_AD, category: 'cars-vehicles', price: '', currency: '', owner: other.id }, [
      file(await image('jpeg', 900, 600), 'a.jpg'),
      file(await image('png'), 'b.png', 'image/png'),
    ]);
    const res = await t.request('/api/listings', { method: 'POST', token: owner.token, body: form });
    expect(res.status).toBe(201);
    const ad = await res.json();
    expect(ad).toMatchObject({
      title: VALID_AD.title,
      description: VALID_AD.description,
      category: 'Cars & Vehicles',
      subcategory: null,
      price: null,
      currency: 'KES',
      location: 'Nairobi',
      featured: false,
      owner: owner.id,
      views: 0,
    });
    expect(ad.user._id).toBe(owner.id);
    expect(ad.images).toHaveLength(2);
    expect(ad.images[0]).toMatch(/^\/media\/[a-z0-9-]+-1280\.webp$/);
    expect(ad.photos[0]).toMatchObject({ width: 900, height: 600 });
    expect(Object.keys(ad.photos[0].variants)).toEqual(['400', '800', '1280']);
    // Cards show the cover alone: only it has card files.
    expect(filesOf(ad.images[0])).toHaveLength(COVER_FILES);
    expect(filesOf(ad.images[1])).toHaveLength(PHOTO_FILES);
    const served = await t.request(ad.photos[0].variants['400']);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const [row] = await t.services.db.select().from(listings).where(eq(listings.id, ad._id));
    expect(row!.ownerId).toBe(owner.id);
  });

  it('keeps a price and a currency', async () => {
    const res = await postAd(t, owner.token, { ...VALID_AD, price: '2500', currency: 'usd', subcategory: 'cars' });
    expect(res.status).toBe(201);
    // The subcategory in the list's own spelling (kernel/subcategories.ts; tests/integration/attributes.test.ts).
    expect(await res.json()).toMatchObject({ price: 2500, currency: 'USD', subcategory: 'Cars' });
  });

  it('needs a signed-in user', async () => {
    const res = await t.request('/api/listings', { method: 'POST', body: adForm(VALID_AD, [file(await image())]) });
    expect(res.status).toBe(401);
  });

  it.each(['title', 'description', 'category', 'location'] as const)('refuses a missing %s with the spec message', async (field) => {
    const before = mediaFiles(t);
    const res = await postAd(t, owner.token, { ...VALID_AD, [field]: '   ' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Error: All fields and at least one image are required.');
    expect(mediaFiles(t)).toEqual(before);
  });

  it('refuses an ad without an image, ignoring an empty file part', async () => {
    const form = adForm(VALID_AD, [new File([], '', { type: 'application/octet-stream' })]);
    const res = await t.request('/api/listings', { method: 'POST', token: owner.token, body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Error: All fields and at least one image are required.');
  });

  it('refuses more than 10 images and stores none of them', async () => {
    const before = mediaFiles(t);
    const one = await image();
    const res = await postAd(t, owner.token, VALID_AD, Array.from({ length: 11 }, () => file(one)));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Error: You can upload a maximum of 10 images.');
    expect(mediaFiles(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
  });

  it.each([
    [{ title: 'x'.repeat(101) }, 'Title must be at most 100 characters.'],
    [{ description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters.'],
    [{ location: 'x'.repeat(101) }, 'Location must be at most 100 characters.'],
    [{ subcategory: 'x'.repeat(61) }, 'Subcategory must be at most 60 characters.'],
    [{ subcategory: 'Sedans' }, 'Subcategory must be one of: Cars, Motorbikes, Trucks and buses, Parts (for Cars & Vehicles).'],
    [{ price: '-5' }, 'Price must be a whole number of 0 or more.'],
    [{ price: '12.5' }, 'Price must be a whole number of 0 or more.'],
    [{ price: 'abc' }, 'Price must be a whole number of 0 or more.'],
    [{ price: '100000000001' }, 'Price is too large.'],
    [{ currency: 'JPY' }, 'Currency must be one of KES, USD, EUR, GBP.'],
    [{ category: 'Spaceships' }, 'Category must be one of: Cars & Vehicles, For Sale, Services, Property, Pets, Jobs, Furniture, Electronics, Others.'],
  ])('validates %j', async (change, message) => {
    const before = mediaFiles(t);
    const res = await postAd(t, owner.token, { ...VALID_AD, ...change });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe(message);
    expect(body.errors[0].msg).toBe(message);
    expect(mediaFiles(t)).toEqual(before);
  });

  it('accepts exactly 100 characters of title', async () => {
    const res = await postAd(t, owner.token, { ...VALID_AD, title: 'x'.repeat(100) });
    expect(res.status).toBe(201);
  });

  it('answers 415 for a file that is not an image, whatever its name and declared type', async () => {
    const before = mediaFiles(t);
    const res = await postAd(t, owner.token, VALID_AD, [file(Buffer.from('hello, not a picture'), 'cat.jpg', 'image/jpeg')]);
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe('Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded.');
    expect(mediaFiles(t)).toEqual(before);
  });

  it('answers 413 for an image over 10 MB', async () => {
    const before = mediaFiles(t);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 7);
    const res = await postAd(t, owner.token, VALID_AD, [file(await image()), file(big)]);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('Each image must be 10 MB or smaller.');
    expect(mediaFiles(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
  });

  it('answers 413 before reading a body declared larger than ten images', async () => {
    const res = await t.app.request('http://localhost:3000/api/listings', {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(200 * 1024 * 1024) },
      body: '--x--',
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('The upload is too large: at most 10 images of 10 MB each.');
  });

  it('answers 415 for a body that is not multipart', async () => {
    const res = await t.request('/api/listings', { method: 'POST', token: owner.token, json: VALID_AD });
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe('Send the ad as multipart/form-data.');
  });

  it('removes every stored file when the database transaction fails', async () => {
    const before = mediaFiles(t);
    // The same database handle, except that every transaction fails.
    const failing = Object.create(t.services.db, {
      transaction: { value: async () => Promise.reject(new Error('database went away')) },
    });
    const upload = { fields: { ...VALID_AD }, files: uploadedFiles([await image(), await image('png')]), existingImages: [] };
    await expect(createListing({ db: failing, media: t.services.media, images: t.services.images, rateLimits: t.services.rateLimits, config: t.services.config }, owner.id, upload)).rejects.toThrow('database went away');
    expect(mediaFiles(t)).toEqual(before);
  });
});

describe('uploads are streamed, with limits enforced while reading', () => {
  const MB = 1024 * 1024;
  const BOUNDARY = 'soko-test-boundary';
  const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
  const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileStart = (name: string, filename: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const END = `--${BOUNDARY}--\r\n`;
  const TEXT = Object.entries(VALID_AD)
    .map(([k, v]) => field(k, v))
    .join('');
  type Part = string | Buffer | { zeros: number };

  /** A body the server pulls chunk by chunk (64 KB at most), counting what it has pulled. */
  function streamed(parts: Part[]) {
    const pulled = { bytes: 0 };
    async function* chunks() {
      for (const part of parts) {
        if (typeof part === 'string') yield new TextEncoder().encode(part);
        else if (Buffer.isBuffer(part)) yield new Uint8Array(part);
        else for (let left = part.zeros; left > 0; left -= 64 * 1024) yield new Uint8Array(Math.min(64 * 1024, left));
      }
    }
    const source = chunks();
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const next = await source.next();
          if (next.done) return controller.close();
          pulled.bytes += next.value.byteLength;
          controller.enqueue(next.value);
        },
      },
      { highWaterMark: 0 },
    );
    return { body, pulled };
  }

  const post = (body: BodyInit, contentType = MULTIPART) =>
    t.request('/api/listings', { method: 'POST', token: owner.token, headers: { 'Content-Type': contentType }, body, duplex: 'half' } as RequestInit);

  it('answers 413 for a 60 MB photo after reading little more than its first 10 MB, and keeps nothing', async () => {
    const before = mediaFiles(t);
    const { body, pulled } = streamed([TEXT, fileStart('images', 'huge.jpg'), { zeros: 60 * MB }, '\r\n', END]);
    const res = await post(body);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('Each image must be 10 MB or smaller.');
    // A server that buffered the body first would have pulled all 60 MB before answering.
    expect(pulled.bytes).toBeGreaterThan(10 * MB);
    expect(pulled.bytes).toBeLessThan(12 * MB);
    expect(mediaFiles(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
  });

  it('stops reading at the eleventh photo', async () => {
    const before = mediaFiles(t);
    const one = await image();
    const photos = Array.from({ length: 11 }, (_, i) => [fileStart('images', `p${i}.jpg`), one, '\r\n']).flat();
    // What follows the eleventh photo is never read.
    const { body, pulled } = streamed([TEXT, ...photos, fileStart('images', 'p11.jpg'), { zeros: 30 * MB }, '\r\n', END]);
    const res = await post(body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Error: You can upload a maximum of 10 images.');
    expect(pulled.bytes).toBeLessThan(2 * MB);
    expect(mediaFiles(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
  });

  it.each([
    ['cut off in the middle of a photo', async () => [TEXT, fileStart('images', 'a.jpg'), (await image()).subarray(0, 100)]],
    ['without its closing boundary', async () => [TEXT, fileStart('images', 'a.jpg'), await image(), '\r\n']],
    ['with a part header that is not a header', async () => [TEXT, `--${BOUNDARY}\r\n\u0000garbage\r\n\r\nx\r\n`, END]],
  ])('answers 400, not 500, for a body %s, and keeps nothing', async (_, parts) => {
    const before = mediaFiles(t);
    const res = await post(streamed((await parts()) as Part[]).body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The form data could not be read. Please try again.');
    expect(mediaFiles(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
  });

  it('answers 400 for multipart without a boundary', async () => {
    const res = await post(`${TEXT}${END}`, 'multipart/form-data');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The form data could not be read. Please try again.');
  });

  it('limits each text field to 64 KB and the number of fields', async () => {
    const atLimit = await postAd(t, owner.token, { ...VALID_AD, description: 'x'.repeat(64 * 1024) });
    expect(atLimit.status).toBe(400);
    expect((await atLimit.json()).message).toBe('Description must be at most 5000 characters.');
    const over = await postAd(t, owner.token, { ...VALID_AD, description: 'x'.repeat(64 * 1024 + 1) });
    expect(over.status).toBe(413);
    expect((await over.json()).message).toBe('The request body is too large.');
    const many = adForm(VALID_AD, [file(await image())], Array.from({ length: 160 }, (_, i) => `/media/x${i}-1280.webp`));
    const tooMany = await t.request('/api/listings', { method: 'POST', token: owner.token, body: many });
    expect(tooMany.status).toBe(413);
    expect((await tooMany.json()).message).toBe('The upload is too large: at most 10 images of 10 MB each.');
    expect(tempFiles(t)).toEqual([]);
  });

  it('the /post-ad page action (the form without JavaScript) refuses a photo over 10 MB and gives the typed text back', async () => {
    const before = mediaFiles(t);
    const form = adForm(VALID_AD, [file(await image()), file(Buffer.alloc(10 * MB + 1, 7))]);
    const request = new Request('http://localhost:3000/post-ad', { method: 'POST', body: form });
    const auth = { user: { id: owner.id }, session: {}, token: owner.token, via: 'cookie' } as unknown as Auth;
    const context = { ...t.services, requestId: 'r', clientIp: '127.0.0.1', nonce: '', auth, setSessionCookie() {}, clearSessionCookie() {} };
    const result = (await postAdAction(routeArgs({ request, params: {}, context }))) as unknown as { data: { error: string; values: object }; init: ResponseInit };
    expect(result.init.status).toBe(413);
    expect(result.data.error).toBe('Each image must be 10 MB or smaller.');
    expect(result.data.values).toMatchObject({ title: VALID_AD.title, description: VALID_AD.description, location: VALID_AD.location });
    expect(mediaFiles(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
  });
});

describe('PUT /api/listings/:id (post/edit form)', () => {
  it('keeps the chosen photos, adds new ones, and deletes the dropped files after commit', async () => {
    const ad = await createAd(3);
    const [keep1, drop, keep2] = ad.images as [string, string, string];
    const form = adForm({ ...VALID_AD, title: 'Toyota Axio 2016, price drop', price: '1100000' }, [file(await image('webp'), 'n.webp', 'image/webp')], [
      `http://localhost:3000${keep2}`, // absolute URLs work too
      ad.photos[0]!.variants['400']!, // any variant names the image
      '/media/not-ours-1280.webp',
      'https://evil.example/x.png',
    ]);
    const res = await t.request(`/api/listings/${ad._id}`, { method: 'PUT', token: owner.token, body: form });
    expect(res.status).toBe(200);
    const updated = await res.json();
    expect(updated.title).toBe('Toyota Axio 2016, price drop');
    expect(updated.price).toBe(1100000);
    expect(updated.images).toHaveLength(3);
    expect(updated.images.slice(0, 2)).toEqual([keep2, keep1]);
    // keep2 became the cover and got its card files; keep1 keeps the ones it had as the cover.
    expect(filesOf(keep1)).toHaveLength(COVER_FILES);
    expect(filesOf(keep2)).toHaveLength(COVER_FILES);
    expect(filesOf(drop)).toHaveLength(0);
    expect(filesOf(updated.images[2])).toHaveLength(PHOTO_FILES);
  });

  it('puts kept and new photos in the order imageOrder gives, so a new photo can be the cover', async () => {
    const ad = await createAd(2);
    const [first, second] = ad.images as [string, string];
    // The two new photos are told apart by their widths.
    const form = adForm(VALID_AD, [file(await image('jpeg', 70, 50)), file(await image('jpeg', 90, 50))], [first, second]);
    // new:1 is the cover, then the second kept photo; the rest follow in the usual order (kept, then new).
    for (const entry of ['new:1', second, 'new:1', 'new:7', 'junk']) form.append('imageOrder', entry);
    const res = await t.request(`/api/listings/${ad._id}`, { method: 'PUT', token: owner.token, body: form });
    expect(res.status).toBe(200);
    const updated = await res.json();
    expect(updated.images).toHaveLength(4);
    expect(updated.images.slice(1, 3)).toEqual([second, first]);
    expect(updated.photos.map((p: { width: number }) => p.width)).toEqual([90, 64, 64, 70]);
    // The new cover is a new photo: it has its card files, the other new one does not.
    expect(filesOf(updated.images[0])).toHaveLength(COVER_FILES);
    expect(filesOf(updated.images[3])).toHaveLength(PHOTO_FILES);
  });

  it('ignores another listing’s photos in existingImages', async () => {
    const mine = await createAd(1);
    const theirs = await postAd(t, other.token);
    const foreign = (await theirs.json()).images[0];
    const res = await t.request(`/api/listings/${mine._id}`, { method: 'PUT', token: owner.token, body: adForm(VALID_AD, [], [foreign]) });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Error: All fields and at least one image are required.');
    expect(filesOf(foreign)).toHaveLength(COVER_FILES);
    expect(filesOf(mine.images[0]!)).toHaveLength(COVER_FILES);
  });

  it('counts kept and new photos against the limit of 10', async () => {
    const ad = await createAd(6);
    const before = mediaFiles(t);
    const one = await image();
    const form = adForm(VALID_AD, Array.from({ length: 5 }, () => file(one)), ad.images);
    const res = await t.request(`/api/listings/${ad._id}`, { method: 'PUT', token: owner.token, body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Error: You can upload a maximum of 10 images.');
    expect(mediaFiles(t)).toEqual(before);
  });

  it('refuses another user with 403 and changes neither the row nor the files', async () => {
    const ad = await createAd(2);
    const [rowBefore] = await t.services.db.select().from(listings).where(eq(listings.id, ad._id));
    const imagesBefore = await t.services.db.select().from(listingImages).where(eq(listingImages.listingId, ad._id));
    const filesBefore = mediaFiles(t);
    const form = adForm({ ...VALID_AD, title: 'Stolen' }, [file(await image())], [ad.images[0]!]);
    const res = await t.request(`/api/listings/${ad._id}`, { method: 'PUT', token: other.token, body: form });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'You are not authorized to edit this listing.' });
    const [rowAfter] = await t.services.db.select().from(listings).where(eq(listings.id, ad._id));
    expect(rowAfter).toEqual(rowBefore);
    expect(await t.services.db.select().from(listingImages).where(eq(listingImages.listingId, ad._id))).toEqual(imagesBefore);
    expect(mediaFiles(t)).toEqual(filesBefore);
  });

  it('removes the new files and keeps the old ones when the update transaction fails', async () => {
    const ad = await createAd(1);
    const before = mediaFiles(t);
    const failing = Object.create(t.services.db, {
      transaction: { value: async () => Promise.reject(new Error('database went away')) },
    });
    const upload = { fields: { ...VALID_AD }, files: uploadedFiles([await image()]), existingImages: [] };
    await expect(updateListing({ db: failing, media: t.services.media, images: t.services.images, rateLimits: t.services.rateLimits, config: t.services.config }, ad._id, owner.id, upload)).rejects.toThrow('database went away');
    expect(mediaFiles(t)).toEqual(before);
  });

  it('answers 404 for an unknown listing and 401 when signed out', async () => {
    const unknown = await t.request('/api/listings/00000000-0000-4000-8000-000000000000', {
      method: 'PUT',
      token: owner.token,
      body: adForm(VALID_AD, [file(await image())]),
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Listing not found.' });
    const anonymous = await t.request('/api/listings/00000000-0000-4000-8000-000000000000', { method: 'PUT', json: {} });
    expect(anonymous.status).toBe(401);
  });

  it('answers 415 for a body that is neither multipart nor JSON', async () => {
    const ad = await createAd(1);
    const res = await t.request(`/api/listings/${ad._id}`, {
      method: 'PUT',
      token: owner.token,
      headers: { 'Content-Type': 'text/plain' },
      body: 'title=x',
    });
    expect(res.status).toBe(415);
  });
});

describe('PUT /api/listings/:id (text-only form, JSON)', () => {
  const text = { title: 'Sofa set, 7 seater', description: 'Grey fabric, like new.', price: 45000, category: 'Furniture', subcategory: '', location: 'Kisumu' };

  it('updates the text fields and leaves the photos alone', async () => {
    const ad = await createAd(2);
    const res = await t.request(`/api/listings/${ad._id}`, { method: 'PUT', token: owner.token, json: { ...text, owner: other.id, views: 999 } });
    expect(res.status).toBe(200);
    const updated = await res.json();
    expect(updated).toMatchObject({ ...text, subcategory: null, currency: 'KES', owner: owner.id, views: 0 });
    expect(updated.images).toEqual(ad.images);
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(updated.createdAt).getTime());
  });

  it('accepts a null price as negotiable', async () => {
    const ad = await createAd(1);
    const res = await t.request(`/api/listings/${ad._id}`, { method: 'PUT', token: owner.token, json: { ...text, price: null } });
    expect(res.status).toBe(200);
    expect((await res.json()).price).toBeNull();
  });

  it.each([
    [{ title: '' }, 'Title is required.'],
    [{ location: undefined }, 'Location is required.'],
    [{ title: '', description: ' ' }, 'Title, Description are required.'],
    [{ price: -1 }, 'Price must be a whole number of 0 or more.'],
    [{ price: 1.5 }, 'Price must be a whole number of 0 or more.'],
    [{ title: 'y'.repeat(101) }, 'Title must be at most 100 characters.'],
  ])('validates %j', async (change, message) => {
    const ad = await createAd(1);
    const res = await t.request(`/api/listings/${ad._id}`, { method: 'PUT', token: owner.token, json: { ...text, ...change } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it('answers 400 for malformed JSON', async () => {
    const ad = await createAd(1);
    const res = await t.request(`/api/listings/${ad._id}`, {
      method: 'PUT',
      token: owner.token,
      headers: { 'Content-Type': 'application/json' },
      body: '{"title":',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The request body is not valid JSON.');
  });

  it('answers 413 for a JSON body over 64 KB', async () => {
    const ad = await createAd(1);
    const res = await t.request(`/api/listings/${ad._id}`, { method: 'PUT', token: owner.token, json: { ...text, description: 'x'.repeat(70_000) } });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('The request is too large: at most 64 KB can be sent here.');
  });

  it('refuses another user with 403 and changes nothing', async () => {
    const ad = await createAd(1);
    const [before] = await t.services.db.select().from(listings).where(eq(listings.id, ad._id));
    const res = await t.request(`/api/listings/${ad._id}`, { method: 'PUT', token: other.token, json: text });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'You are not authorized to edit this listing.' });
    const [after] = await t.services.db.select().from(listings).where(eq(listings.id, ad._id));
    expect(after).toEqual(before);
  });
});

describe('DELETE /api/listings/:id', () => {
  it('refuses another user with 403 and keeps the row and files', async () => {
    const ad = await createAd(2);
    const before = mediaFiles(t);
    const res = await t.request(`/api/listings/${ad._id}`, { method: 'DELETE', token: other.token });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'You are not authorized to delete this listing.' });
    expect(await t.services.db.select().from(listings).where(eq(listings.id, ad._id))).toHaveLength(1);
    expect(mediaFiles(t)).toEqual(before);
  });

  it('deletes the owner’s ad, its image rows and its files', async () => {
    const ad = await createAd(2);
    const res = await t.request(`/api/listings/${ad._id}`, { method: 'DELETE', token: owner.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Ad deleted successfully!' });
    expect(await t.services.db.select().from(listings).where(eq(listings.id, ad._id))).toHaveLength(0);
    expect(await t.services.db.select().from(listingImages).where(eq(listingImages.listingId, ad._id))).toHaveLength(0);
    expect(ad.images).toHaveLength(2);
    for (const url of ad.images) expect(filesOf(url)).toHaveLength(0);
    // The cover's link preview goes with it.
    expect(mediaFiles(t).filter((f) => f.endsWith('-og.jpg') && ad.images.some((u) => u.includes(f.slice(0, -'-og.jpg'.length))))).toEqual([]);
    for (const url of ad.images) expect(fs.existsSync(path.join(t.config.mediaDir, path.basename(url)))).toBe(false);
    const again = await t.request(`/api/listings/${ad._id}`, { method: 'DELETE', token: owner.token });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: 'Listing not found.' });
  });

  it('needs a signed-in user', async () => {
    const ad = await createAd(1);
    const res = await t.request(`/api/listings/${ad._id}`, { method: 'DELETE' });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/listings/user/:userId', () => {
  it('lists the signed-in user’s own ads, newest first', async () => {
    const res = await t.request(`/api/listings/user/${other.id}`, { token: other.token });
    expect(res.status).toBe(200);
    const ads = await res.json();
    expect(ads.length).toBeGreaterThan(0);
    expect(ads.every((a: { owner: string }) => a.owner === other.id)).toBe(true);
  });

  it('refuses another user’s id with 403 and a signed-out visitor with 401', async () => {
    const res = await t.request(`/api/listings/user/${owner.id}`, { token: other.token });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'You can only view your own ads.' });
    expect((await t.request(`/api/listings/user/${owner.id}`)).status).toBe(401);
  });
});
