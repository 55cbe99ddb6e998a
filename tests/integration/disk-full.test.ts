import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { action as postAdAction } from '../../app/routes/listings/post-ad.tsx';
import type { Auth } from '../../server/context.ts';
import { listings } from '../../server/db/schema/index.ts';
import { STORAGE_FULL_MESSAGE } from '../../server/http/storage-errors.ts';
import { uploadTempRoot } from '../../server/media/upload.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';
import { fillDisk } from '../support/full-disk.ts';
import { adForm, file, image, mediaFiles, tempFiles, VALID_AD } from './listings-support.ts';
import { routeArgs } from './route-args.ts';

/** Disk full is an error, not a hang (issue 49, point 4). */

let t: TestApp;
let owner: { id: string; token: string };
let free: (() => void) | undefined;

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.createUser();
  owner = { id: a.user.id, token: a.token };
});
afterEach(() => {
  free?.();
  free = undefined;
});
afterAll(async () => {
  await t?.close();
});

/** An ad with two photos of 3 MB, streamed in 64 KB pieces as a phone sends it (a body in one piece never filled the parser). */
async function streamedAd(title: string): Promise<{ body: ReadableStream<Uint8Array>; type: string }> {
  const photo = new Uint8Array(3 * 1024 * 1024);
  photo.set(await image('jpeg', 400, 300));
  const form = adForm({ ...VALID_AD, title }, [file(Buffer.from(photo), 'a.jpg'), file(Buffer.from(photo), 'b.jpg')]);
  const whole = new Response(form);
  const bytes = new Uint8Array(await whole.arrayBuffer());
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, (at += 64 * 1024)));
    },
  });
  return { body, type: whole.headers.get('content-type')! };
}

const post = async (title: string) => {
  const { body, type } = await streamedAd(title);
  return t.request('/api/listings', { method: 'POST', token: owner.token, body, headers: { 'Content-Type': type }, duplex: 'half' } as RequestInit & { token: string });
};

const savedWithTitle = async (title: string) => t.services.db.select({ id: listings.id }).from(listings).where(eq(listings.title, title));

describe('a full disk', () => {
  it('while the photos stream in: 507 with a clear message at once, temp files gone, nothing saved', async () => {
    const before = mediaFiles(t);
    free = fillDisk(uploadTempRoot(t.config));
    const began = Date.now();
    const res = await Promise.race([post('Full disk while uploading'), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in 10 s: the upload hangs')), 10_000))]);
    expect(res.status).toBe(507);
    expect(await res.json()).toEqual({ message: STORAGE_FULL_MESSAGE });
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(Date.now() - began).toBeLessThan(5000);
    expect(tempFiles(t)).toEqual([]);
    expect(mediaFiles(t)).toEqual(before);
    expect(await savedWithTitle('Full disk while uploading')).toEqual([]);
  });

  it('while the photos are stored: 507, no half-written media file, nothing saved; the same post succeeds once there is room', async () => {
    const before = mediaFiles(t);
    free = fillDisk(t.config.mediaDir);
    const res = await post('Full disk while storing');
    expect(res.status).toBe(507);
    expect(await res.json()).toEqual({ message: STORAGE_FULL_MESSAGE });
    expect(mediaFiles(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
    expect(await savedWithTitle('Full disk while storing')).toEqual([]);
    free();
    free = undefined;
    const again = await post('Full disk while storing');
    expect(again.status).toBe(201);
  });

  it('on the page form (no JavaScript): the same message and status, the typed text kept', async () => {
    free = fillDisk(uploadTempRoot(t.config), t.config.mediaDir);
    const { body, type } = await streamedAd('Full disk on the page form');
    const request = new Request(`${TEST_ORIGIN}/post-ad`, { method: 'POST', body, headers: { 'Content-Type': type }, duplex: 'half' } as RequestInit);
    const auth = { user: { id: owner.id }, session: {}, token: owner.token, via: 'cookie' } as unknown as Auth;
    const context = { ...t.services, requestId: 'r', clientIp: '127.0.0.1', nonce: '', auth, setSessionCookie() {}, clearSessionCookie() {} };
    const result = (await postAdAction(routeArgs({ request, params: {}, context }))) as unknown as { data: { error: string; values: object }; init: ResponseInit };
    expect(result.init.status).toBe(507);
    expect(result.data.error).toBe(STORAGE_FULL_MESSAGE);
    expect(result.data.values).toMatchObject({ title: 'Full disk on the page form' });
    expect(tempFiles(t)).toEqual([]);
  });
});
