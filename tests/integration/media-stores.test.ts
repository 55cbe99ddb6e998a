import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { ConfigError, loadConfig, type S3StoreConfig } from '../../server/config.ts';
import { listings } from '../../server/db/schema/index.ts';
import { imageFiles, imageFileName, ogImageFileName, storageKeyOf } from '../../server/media/images.ts';
import { OBJECT_CACHE_CONTROL, createS3Client, createS3MediaStore } from '../../server/media/s3-store.ts';
import { createLocalMediaStore, type MediaStore } from '../../server/media/storage.ts';
import { sweepMedia } from '../../server/media/sweep.ts';
import { createListing } from '../../server/listings/write.ts';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';
import { startS3Server, type S3TestServer } from '../support/s3-server.ts';
import { file, image, postAd, uploadedFiles, VALID_AD } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * Issue 47: the media store's behaviour, the same on the local folder and on an S3-compatible
 * bucket (a local S3 server the test starts: tests/support/s3-server.ts). Each case runs on both.
 */
let s3: S3TestServer;
const BUCKETS = ['soko-store', 'soko-app', 'soko-cdn', 'soko-copy'];
const HOUR = 3_600_000;

beforeAll(async () => {
  s3 = await startS3Server(BUCKETS);
});
afterAll(async () => {
  await s3?.close();
});

const s3Config = (bucket: string) => loadConfig({ NODE_ENV: 'test', ...s3.env(bucket) }).media.store as S3StoreConfig;

async function names(store: MediaStore): Promise<string[]> {
  const out: string[] = [];
  for await (const object of store.list()) out.push(object.name);
  return out.sort();
}

const STORES = [
  { name: 'local folder', env: (): Record<string, string> => ({}), direct: () => createLocalMediaStore(fs.mkdtempSync(path.join(os.tmpdir(), 'soko-store-'))) },
  // Two keys a page, so that every listing here takes several pages (ListObjectsV2 continuation).
  { name: 'S3 bucket', env: () => s3.env('soko-app'), direct: () => createS3MediaStore(s3Config('soko-store'), { pageSize: 2 }) },
];

describe.each(STORES)('the media store on the $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind.env());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores, reads, streams, lists (every page) and removes files; a missing one is null', async () => {
    const store = kind.direct();
    const key = randomUUID();
    const files = [imageFileName(key, 400), imageFileName(key, 800), imageFileName(key, 1280), ogImageFileName(key), `${key}-c320.avif`];
    for (const [i, name] of files.entries()) await store.put(name, Buffer.from(`bytes of ${i}`));
    expect(await names(store)).toEqual([...files].sort());
    expect((await store.read(files[1]!))?.toString()).toBe('bytes of 1');
    expect(await store.has(files[2]!)).toBe(true);
    const opened = await store.open(files[3]!);
    expect(await new Response(opened!.body).text()).toBe('bytes of 3');
    expect(opened!.size).toBe(10);
    await store.remove([files[0]!, files[4]!, `${randomUUID()}-400.webp`]);
    expect(await names(store)).toEqual([files[1], files[2], files[3]].sort());
    expect(await store.read(files[0]!)).toBeNull();
    expect(await store.has(files[0]!)).toBe(false);
    expect(await store.open(files[0]!)).toBeNull();
    await expect(store.put('../escape.webp', Buffer.from('x'))).rejects.toThrow(/unsafe media name/);
    await store.remove(files);
    expect(await names(store)).toEqual([]);
  });

  it('a post stores its photo and every derived size; they are served with their type and cache headers; deleting the ad removes them all', async () => {
    const { token } = await t.createUser();
    const res = await postAd(t, token, VALID_AD, [file(await image('jpeg', 1600, 1200, 1))]);
    expect(res.status).toBe(201);
    const ad = (await res.json()) as { _id: string; images: string[] };
    const key = storageKeyOf(ad.images[0]!)!;
    expect((await names(t.services.media)).filter((n) => n.startsWith(key))).toEqual(imageFiles(key).sort());
    for (const [name, type, width] of [[imageFileName(key, 400), 'image/webp', 400], [`${key}-c320.avif`, 'image/avif', 320], [ogImageFileName(key), 'image/jpeg', 1200]] as const) {
      const served = await t.request(`/media/${name}`);
      expect(served.status, name).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(width);
      // Asked again with its ETag (a browser revalidating): 304 without the bytes.
      const etag = served.headers.get('etag');
      if (etag) expect((await t.request(`/media/${name}`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
      else expect(kind.name).toBe('local folder');
    }
    expect((await t.request(`/api/listings/${ad._id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await names(t.services.media)).filter((n) => n.startsWith(key))).toEqual([]);
  });

  it('a post that fails after its photos are stored leaves no file behind', async () => {
    const { user } = await t.createUser();
    const before = await names(t.services.media);
    // The database goes away between storing the photos and saving the ad.
    const db = Object.create(t.services.db, { transaction: { value: () => Promise.reject(new Error('Connection terminated unexpectedly')) } }) as typeof t.services.db;
    const upload = { fields: { ...VALID_AD, title: 'Lost on the way' }, files: uploadedFiles([await image('jpeg', 900, 600, 2), await image('png', 700, 500, 3)]), existingImages: [] };
    await expect(createListing({ ...t.services, db }, user.id, upload)).rejects.toThrow(/Connection terminated/);
    expect(await names(t.services.media)).toEqual(before);
    expect(await t.services.db.select().from(listings).where(eq(listings.title, 'Lost on the way'))).toEqual([]);
  });

  it("deleting an account deletes its ads' photos and its drafts' photos", async () => {
    const { token } = await t.createUser();
    const keys: string[] = [];
    for (const seed of [4, 5]) {
      const res = await postAd(t, token, VALID_AD, [file(await image('jpeg', 640, 480, seed))]);
      keys.push(storageKeyOf(((await res.json()) as { images: string[] }).images[0]!)!);
    }
    // A photo uploaded to a draft not yet published (the post form with JavaScript).
    const draft = (await (await t.request('/api/drafts', { method: 'POST', token, json: { title: 'Half typed' } })).json()) as { id: string };
    const form = new FormData();
    form.append('images', file(await image('jpeg', 640, 480, 8)));
    const photo = await t.request(`/api/drafts/${draft.id}/photos`, { method: 'POST', token, body: form });
    expect(photo.status).toBe(201);
    keys.push(((await photo.json()) as { key: string }).key);
    expect((await names(t.services.media)).filter((n) => n.startsWith(keys[2]!))).toEqual([imageFileName(keys[2]!, 1280)]);
    expect((await names(t.services.media)).filter((n) => keys.some((k) => n.startsWith(k))).length).toBeGreaterThan(3);
    expect((await t.request('/api/auth/me', { method: 'DELETE', token, json: { password: 'correct-horse-battery' } })).status).toBe(200);
    expect((await names(t.services.media)).filter((n) => keys.some((k) => n.startsWith(k)))).toEqual([]);
  });

  it('the orphan sweep removes old files no ad references, over every page of the listing, and keeps the rest', async () => {
    const { token } = await t.createUser();
    const live = storageKeyOf(((await (await postAd(t, token)).json()) as { images: string[] }).images[0]!)!;
    const orphan = randomUUID();
    for (const width of [400, 800, 1280]) await t.services.media.put(imageFileName(orphan, width), Buffer.from('orphan'));
    // Two keys a page for the bucket, so the sweep walks many pages.
    const media = kind.name === 'S3 bucket' ? createS3MediaStore(t.config.media.store as S3StoreConfig, { pageSize: 2 }) : t.services.media;
    // Young files are kept (an upload may be in progress) ...
    expect(await sweepMedia({ db: t.services.db, media, logger: t.services.logger })).toEqual([]);
    // ... and two hours on, the orphan's files go.
    const removed = await sweepMedia({ db: t.services.db, media, logger: t.services.logger }, Date.now() + 2 * HOUR);
    expect(removed.sort()).toEqual([400, 800, 1280].map((w) => imageFileName(orphan, w)).sort());
    const left = await names(t.services.media);
    expect(left.filter((n) => n.startsWith(orphan))).toEqual([]);
    expect(left.filter((n) => n.startsWith(live)).length).toBeGreaterThan(0);
  });

  it('a missing file is answered with the placeholder picture, never an error', async () => {
    for (const name of [imageFileName(randomUUID(), 1280), ogImageFileName(randomUUID()), `${randomUUID()}-c480.webp`]) {
      const res = await t.request(`/media/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(await res.text()).toMatch(/^<svg [\s\S]*<\/svg>$/);
    }
    expect((await t.request('/media/not-a-photo.txt')).status).toBe(404);
  });
});

// The app serves a bucket's files itself (the local folder's are served as files: server/app.ts).
describe('a bucket object served by the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(s3.env('soko-app'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an empty object (seen while being written, or a broken copy) is made again, never served as an image of no bytes', async () => {
    const { token } = await t.createUser();
    const res = await postAd(t, token, VALID_AD, [file(await image('jpeg', 1600, 1200, 2))]);
    expect(res.status).toBe(201);
    const key = storageKeyOf(((await res.json()) as { images: string[] }).images[0]!)!;
    const name = imageFileName(key, 400);
    await t.services.media.put(name, Buffer.alloc(0));
    const served = await t.request(`/media/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(400);
  });

});

describe('the S3 bucket store', () => {
  it('sets Content-Type and Cache-Control on every object it uploads', async () => {
    const config = s3Config('soko-store');
    const store = createS3MediaStore(config);
    const key = randomUUID();
    await store.put(ogImageFileName(key), Buffer.from('jpeg bytes'));
    await store.put(`${key}-c320.avif`, Buffer.from('avif bytes'));
    const client = createS3Client(config);
    const og = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: ogImageFileName(key) }));
    expect([og.ContentType, og.CacheControl, og.ContentLength]).toEqual(['image/jpeg', OBJECT_CACHE_CONTROL, 10]);
    const card = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: `${key}-c320.avif` }));
    expect(card.ContentType).toBe('image/avif');
    await store.remove([ogImageFileName(key), `${key}-c320.avif`]);
  });
});

describe('public addresses with MEDIA_PUBLIC_URL (a CDN before the bucket)', () => {
  const cdn = 'https://cdn.example.com/soko';
  let t: TestApp;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await createTestApp({ ...s3.env('soko-cdn'), MEDIA_PUBLIC_URL: cdn });
    // The pages, compiled once per worker (page-build.ts): in a hook, whose time limit allows for it.
    app = createApp(t.services, { getBuild: (await loadPageBuild()).getBuild });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('og:image, the JSON-LD and the sitemap name the photos there', async () => {
    const { token } = await t.createUser();
    const ad = (await (await postAd(t, token, VALID_AD, [file(await image('jpeg', 1600, 1200, 6))])).json()) as { _id: string; images: string[] };
    const key = storageKeyOf(ad.images[0]!)!;
    const page = await (await app.request(`${TEST_ORIGIN}/listing/${ad._id}`)).text();
    expect(page).toContain(`<meta property="og:image" content="${cdn}/${ogImageFileName(key)}"/>`);
    expect(page).toContain(`"image":["${cdn}/${imageFileName(key, 1280)}"]`);
    const index = await (await app.request(`${TEST_ORIGIN}/sitemap.xml`)).text();
    const chunk = /<loc>[^<]*(\/sitemaps\/listings-[^<]+)<\/loc>/.exec(index)![1]!;
    const xml = await (await app.request(`${TEST_ORIGIN}${chunk}`)).text();
    expect(xml).toContain(`<url><loc>${TEST_ORIGIN}/listing/${ad._id}</loc>`);
    expect(xml).toContain(`<image:image><image:loc>${cdn}/${imageFileName(key, 1280)}</image:loc></image:image>`);
  });
});

describe('media store settings', () => {
  const base = { NODE_ENV: 'test' };
  it('the local folder is the default, and the app serves the files', () => {
    const config = loadConfig(base);
    expect(config.media).toEqual({ store: { kind: 'local' }, publicUrl: 'http://localhost:3000/media' });
  });

  it('S3: bucket and region required, keys as a pair, no S3_* without MEDIA_STORE=s3; the credential chain when the keys are unset', () => {
    const fails = (env: Record<string, string>, message: RegExp) => expect(() => loadConfig({ ...base, ...env })).toThrow(message);
    expect(() => loadConfig({ ...base, MEDIA_STORE: 's3' })).toThrow(ConfigError);
    fails({ MEDIA_STORE: 's3' }, /S3_BUCKET: must be set when MEDIA_STORE=s3/);
    fails({ MEDIA_STORE: 's3', S3_BUCKET: 'soko-media' }, /S3_REGION: must be set/);
    fails({ MEDIA_STORE: 's3', S3_BUCKET: 'soko-media', S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'key' }, /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    fails({ S3_BUCKET: 'soko-media' }, /MEDIA_STORE: is local \(the default\) but S3_BUCKET is set/);
    fails({ MEDIA_STORE: 's3', S3_BUCKET: 'Soko_Media', S3_REGION: 'auto' }, /S3_BUCKET: must be a bucket name/);
    fails({ MEDIA_STORE: 'nfs' }, /MEDIA_STORE/);
    fails({ MEDIA_PUBLIC_URL: 'cdn.example.com' }, /MEDIA_PUBLIC_URL/);
    const chain = loadConfig({ ...base, MEDIA_STORE: 's3', S3_BUCKET: 'soko-media', S3_REGION: 'eu-west-1', MEDIA_PUBLIC_URL: 'https://cdn.example.com/' });
    expect(chain.media).toEqual({
      store: { kind: 's3', bucket: 'soko-media', region: 'eu-west-1', endpoint: undefined, forcePathStyle: false, credentials: undefined, timeoutMs: 10_000 },
      publicUrl: 'https://cdn.example.com',
    });
  });
});

describe('npm run media:to-s3', () => {
  /** The command as an operator runs it, with the bucket's settings in the environment. */
  async function run(dataDir: string): Promise<{ code: number; out: string }> {
    const env = { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', DATA_DIR: dataDir, ...s3.env('soko-copy') };
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/media-to-s3.ts'], { env, cwd: path.resolve(import.meta.dirname, '../..') });
      return { code: 0, out: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  }

  it('copies the media folder into the bucket, skips what is there already, reports counts, and can be run again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-copy-'));
    const dir = path.join(dataDir, 'media');
    fs.mkdirSync(dir);
    const key = randomUUID();
    const [same, changed, fresh] = [imageFileName(key, 400), imageFileName(key, 800), imageFileName(key, 1280)];
    for (const name of [same, changed, fresh]) fs.writeFileSync(path.join(dir, name), `local ${name}`);
    fs.writeFileSync(path.join(dir, `${fresh}.123.abc.tmp`), 'half written');
    // A file that cannot be read: counted as failed, the rest goes on.
    const broken = ogImageFileName(key);
    fs.symlinkSync(path.join(dataDir, 'gone'), path.join(dir, broken));
    const bucket = createS3MediaStore(s3Config('soko-copy'));
    await bucket.put(same, Buffer.from(`local ${same}`));
    await bucket.put(changed, Buffer.from('an older, different file'));

    const first = await run(dataDir);
    expect(first.out).toContain('copied 2, skipped 1 (already in the bucket), failed 1');
    expect(first.out).toContain(`failed: ${broken}`);
    expect(first.code).toBe(1);
    expect(await names(bucket)).toEqual([same, changed, fresh].sort());
    expect((await bucket.read(changed))?.toString()).toBe(`local ${changed}`);
    const head = await createS3Client(s3Config('soko-copy')).send(new HeadObjectCommand({ Bucket: 'soko-copy', Key: fresh }));
    expect([head.ContentType, head.CacheControl]).toEqual(['image/webp', OBJECT_CACHE_CONTROL]);

    fs.rmSync(path.join(dir, broken));
    const again = await run(dataDir);
    expect(again.out).toContain('copied 0, skipped 3 (already in the bucket), failed 0');
    expect(again.code).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
