import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as postAdAction } from '../../app/routes/listings/post-ad.tsx';
import type { Auth } from '../../server/context.ts';
import { listings } from '../../server/db/schema/index.ts';
import { MEDIA_STORE_RETRY_AFTER_SECONDS, MEDIA_STORE_UNAVAILABLE_MESSAGE } from '../../server/http/storage-errors.ts';
import { imageFiles, storageKeyOf } from '../../server/media/images.ts';
import { RATE_LIMITS } from '../../server/rate-limits/rate-limits.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';
import { startS3Server, type S3TestServer } from '../support/s3-server.ts';
import { TcpProxy } from '../support/tcp-faults.ts';
import { adForm, file, image, postAd, tempFiles, VALID_AD } from './listings-support.ts';
import { routeArgs } from './route-args.ts';

/**
 * Issue 47, point 3: a bucket that is unreachable or does not answer gives the poster a clear
 * 503 with Retry-After and changes nothing (no ad, no objects); a page's photos then get the
 * placeholder picture, never a 500.
 */
const BUCKET = 'soko-faults';

const savedWithTitle = (t: TestApp, title: string) => t.services.db.select({ id: listings.id }).from(listings).where(eq(listings.title, title));

async function postPhotos(t: TestApp, token: string, title: string) {
  const photos = [file(await image('jpeg', 900, 600, 1)), file(await image('png', 640, 480, 2))];
  return t.request('/api/listings', { method: 'POST', token, body: adForm({ ...VALID_AD, title }, photos) });
}

describe('a bucket server that stopped', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let token: string;
  let ownerId: string;
  let photoKey: string;
  let adId: string;
  beforeAll(async () => {
    s3 = await startS3Server([BUCKET]);
    t = await createTestApp(s3.env(BUCKET));
    const owner = await t.createUser();
    token = owner.token;
    ownerId = owner.user.id;
    const res = await postAd(t, token, VALID_AD, [file(await image('jpeg', 800, 600, 3))]);
    expect(res.status).toBe(201);
    const ad = (await res.json()) as { _id: string; images: string[] };
    photoKey = storageKeyOf(ad.images[0]!)!;
    adId = ad._id;
    await s3.stop();
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('a post is refused with 503, Retry-After and a clear message, at once; no ad, no objects, no temporary files', async () => {
    const before = s3.objects(BUCKET);
    expect(before).toEqual(imageFiles(photoKey).sort());
    const began = Date.now();
    const res = await postPhotos(t, token, 'Posted while the bucket is down');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: MEDIA_STORE_UNAVAILABLE_MESSAGE });
    expect(res.headers.get('retry-after')).toBe(String(MEDIA_STORE_RETRY_AFTER_SECONDS));
    expect(Date.now() - began).toBeLessThan(10_000);
    expect(await savedWithTitle(t, 'Posted while the bucket is down')).toEqual([]);
    expect(s3.objects(BUCKET)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
  });

  it("a post and a draft's photo refused for storage cost the seller nothing of the day's allowances", async () => {
    const { user, token: seller } = await t.createUser();
    // One post short of a new account's day, one photo short of the hour's draft photos.
    for (let i = 1; i < RATE_LIMITS.postsPerNewAccount.limit; i++) await t.services.rateLimits.hit('postsPerNewAccount', user.id);
    for (let i = 1; i < RATE_LIMITS.draftPhotosPerAccount.limit; i++) await t.services.rateLimits.hit('draftPhotosPerAccount', user.id);
    expect((await postPhotos(t, seller, 'Refused, not counted')).status).toBe(503);
    const draft = (await (await t.request('/api/drafts', { method: 'POST', token: seller, json: {} })).json()) as { id: string };
    const form = new FormData();
    form.append('images', file(await image('jpeg', 640, 480, 5)));
    const photo = await t.request(`/api/drafts/${draft.id}/photos`, { method: 'POST', token: seller, body: form });
    expect(photo.status).toBe(503);
    expect(photo.headers.get('retry-after')).toBe(String(MEDIA_STORE_RETRY_AFTER_SECONDS));
    expect(await t.services.rateLimits.allows('postsPerNewAccount', user.id)).toBe(true);
    expect(await t.services.rateLimits.allows('draftPhotosPerAccount', user.id)).toBe(true);
  });

  it('on the page form (no JavaScript): the same status and message, the typed text kept', async () => {
    const form = adForm({ ...VALID_AD, title: 'Page form while the bucket is down' }, [file(await image('jpeg', 700, 500, 4))]);
    const request = new Request(`${TEST_ORIGIN}/post-ad`, { method: 'POST', body: form });
    const auth = { user: { id: ownerId }, session: {}, token, via: 'cookie' } as unknown as Auth;
    const context = { ...t.services, requestId: 'r', clientIp: '127.0.0.1', nonce: '', auth, setSessionCookie() {}, clearSessionCookie() {} };
    const result = (await postAdAction(routeArgs({ request, params: {}, context }))) as unknown as { data: { error: string; values: object }; init: ResponseInit };
    expect(result.init.status).toBe(503);
    expect(result.data.error).toBe(MEDIA_STORE_UNAVAILABLE_MESSAGE);
    expect(result.data.values).toMatchObject({ title: 'Page form while the bucket is down' });
    expect(await savedWithTitle(t, 'Page form while the bucket is down')).toEqual([]);
  });

  it('deleting an ad meanwhile deletes it all the same; its objects are left for the sweep (nothing references them)', async () => {
    const res = await t.request(`/api/listings/${adId}`, { method: 'DELETE', token });
    expect(res.status).toBe(200);
    expect(await t.services.db.select().from(listings).where(eq(listings.id, adId))).toEqual([]);
    expect(s3.objects(BUCKET)).toEqual(imageFiles(photoKey).sort());
  });

  it("a stored photo asked for meanwhile is the placeholder picture with 503 and Retry-After, never a 500", async () => {
    for (const name of imageFiles(photoKey).slice(0, 3)) {
      const res = await t.request(`/media/${name}`);
      expect(res.status, name).toBe(503);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(res.headers.get('retry-after')).toBe(String(MEDIA_STORE_RETRY_AFTER_SECONDS));
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toMatch(/^<svg /);
    }
  });
});

describe('a bucket server that does not answer', () => {
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  let t: TestApp;
  beforeAll(async () => {
    // Takes the connection and the request, and never says a word: a storage that hangs.
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('data', () => {});
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    t = await createTestApp({
      MEDIA_STORE: 's3',
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_TIMEOUT_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await t?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
  });

  it('a post is refused with 503 and Retry-After once the timeout passes (two tries), not left hanging; no ad', async () => {
    const { token } = await t.createUser();
    const began = Date.now();
    const res = await postPhotos(t, token, 'Posted while the bucket hangs');
    const took = Date.now() - began;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: MEDIA_STORE_UNAVAILABLE_MESSAGE });
    expect(res.headers.get('retry-after')).toBe(String(MEDIA_STORE_RETRY_AFTER_SECONDS));
    // S3_TIMEOUT_SECONDS=1 a try: two tries to store the first photo, two to remove it again
    // (the bucket may have kept it without saying so): about 4 s, well before any client gives up.
    expect(took).toBeGreaterThanOrEqual(3900);
    expect(took).toBeLessThan(12_000);
    expect(await savedWithTitle(t, 'Posted while the bucket hangs')).toEqual([]);
    expect(tempFiles(t)).toEqual([]);
  });
});

describe('a bucket server that does the work but answers too late', () => {
  let s3: S3TestServer;
  let proxy: TcpProxy;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server([BUCKET]);
    proxy = new TcpProxy({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });
    await proxy.start();
    // Every request reaches the server and is carried out; no answer comes back in time.
    proxy.muteAnswers();
    t = await createTestApp({ ...s3.env(BUCKET), S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`, S3_TIMEOUT_SECONDS: '2' });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.stop();
    await s3?.close();
  });

  it('a post is refused with 503, and the photo the bucket stored without saying so is removed again', async () => {
    const { token } = await t.createUser();
    const res = await postPhotos(t, token, 'Posted while the bucket is slow');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(MEDIA_STORE_RETRY_AFTER_SECONDS));
    expect(await savedWithTitle(t, 'Posted while the bucket is slow')).toEqual([]);
    expect(s3.objects(BUCKET)).toEqual([]);
    expect(tempFiles(t)).toEqual([]);
  });
});
