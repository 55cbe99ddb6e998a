import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createServices } from '../../server/services.ts';
import { createTestDatabase } from '../support/db.ts';
import { TEST_ORIGIN } from '../support/app.ts';
import { startS3Server, type S3TestServer } from '../support/s3-server.ts';
import { storageKeyOf } from '../../server/media/images.ts';
import { adForm, file, image, VALID_AD } from './listings-support.ts';

/**
 * Issue 13, "many instances": two app instances, each with its own services (memory, search
 * cache, rate-limit service), over one database, as N processes behind a load balancer run.
 * What one instance learns, the other must see: sessions, throttle counts, cache invalidation.
 */
type Instance = ReturnType<typeof createApp>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let a: Instance;
let b: Instance;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-instances-'));

beforeAll(async () => {
  database = await createTestDatabase();
  // Both instances share the media folder, as instances share a volume in production.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_URL: TEST_ORIGIN, LOG_LEVEL: 'silent', TRUST_PROXY: 'true' });
  a = createApp((await createServices(config, { database })).services);
  b = createApp((await createServices(config, { database })).services);
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const call = (app: Instance, pathname: string, init: RequestInit & { json?: unknown; token?: string; ip?: string } = {}) => {
  const headers = new Headers(init.headers);
  headers.set('X-Forwarded-For', init.ip ?? '203.0.113.7');
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  return app.request(`${TEST_ORIGIN}${pathname}`, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
};

async function account(app: Instance) {
  const email = `inst-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.co.ke`;
  const password = 'tin-roof-sunrise';
  const res = await call(app, '/api/auth/register', { method: 'POST', json: { firstName: 'Njeri', lastName: 'Wambui', email, password, location: 'Nyeri', phoneNumber: '0711000222' } });
  expect(res.status).toBe(201);
  return { email, password };
}

describe('two instances on one database', () => {
  it('a session made on one instance works on the other, and a logout on the other ends it', async () => {
    const user = await account(a);
    const login = await call(a, '/api/auth/login', { method: 'POST', json: user });
    const { token } = (await login.json()) as { token: string };
    expect((await call(b, '/api/auth/me', { token })).status).toBe(200);
    expect((await call(b, '/api/auth/logout', { method: 'POST', token })).status).toBe(200);
    expect((await call(a, '/api/auth/me', { token })).status).toBe(401);
  });

  it('throttle counts add up across instances', async () => {
    const user = await account(b);
    for (let i = 0; i < 5; i++) expect((await call(i % 2 ? a : b, '/api/auth/login', { method: 'POST', json: { ...user, password: `wrong-${i}` } })).status).toBe(401);
    expect((await call(a, '/api/auth/login', { method: 'POST', json: user })).status).toBe(429);
    expect((await call(b, '/api/auth/login', { method: 'POST', json: user })).status).toBe(429);
  });

  it('a search cached on one instance shows an ad posted through the other at once', async () => {
    const word = `zq${Math.random().toString(36).slice(2, 10)}`;
    const before = await call(b, `/api/listings?search=${word}`);
    expect(await before.json()).toEqual([]);
    expect((await (await call(b, `/api/listings?search=${word}`)).json())).toEqual([]); // now answered from b's cache
    const seller = await account(a);
    const { token } = (await (await call(a, '/api/auth/login', { method: 'POST', json: seller })).json()) as { token: string };
    const posted = await call(a, '/api/listings', { method: 'POST', token, body: adForm({ ...VALID_AD, title: `Radio ${word}` }, [file(await image('jpeg'))]) });
    expect(posted.status).toBe(201);
    const fresh = (await (await call(a, `/api/listings?search=${word}`)).json()) as Array<{ title: string }>;
    expect(fresh.map((l) => l.title)).toEqual([`Radio ${word}`]);
    const after = (await (await call(b, `/api/listings?search=${word}`)).json()) as Array<{ title: string }>;
    expect(after.map((l) => l.title)).toEqual([`Radio ${word}`]);
  });
});

/**
 * Issue 47: instances that share nothing but the database and a bucket. Each has a data folder
 * of its own (as on separate machines); a photo posted through one is served by the other.
 */
describe('two instances with separate data folders and one bucket', () => {
  const BUCKET = 'soko-instances';
  let s3: S3TestServer;
  let one: Instance;
  let two: Instance;
  const folders = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'soko-instance-')));
  beforeAll(async () => {
    s3 = await startS3Server([BUCKET]);
    const config = (dataDir: string) => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_URL: TEST_ORIGIN, LOG_LEVEL: 'silent', TRUST_PROXY: 'true', ...s3.env(BUCKET) });
    one = createApp((await createServices(config(folders[0]!), { database })).services);
    two = createApp((await createServices(config(folders[1]!), { database })).services);
  });
  afterAll(async () => {
    await s3?.close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('a photo posted through one is served by the other, every size of it', async () => {
    const seller = await account(one);
    const { token } = (await (await call(one, '/api/auth/login', { method: 'POST', json: seller })).json()) as { token: string };
    const posted = await call(one, '/api/listings', { method: 'POST', token, body: adForm({ ...VALID_AD, title: 'Bucket-shared radio' }, [file(await image('jpeg', 1600, 1200, 7))]) });
    expect(posted.status).toBe(201);
    const ad = (await posted.json()) as { _id: string; images: string[]; photos: Array<{ variants: Record<string, string> }> };
    const key = storageKeyOf(ad.images[0]!)!;
    // Nothing of it on either machine's disk: the bucket has it.
    for (const folder of folders) expect(fs.existsSync(path.join(folder, 'media')) ? fs.readdirSync(path.join(folder, 'media')) : []).toEqual([]);
    expect(s3.objects(BUCKET)).toContain(`${key}-1280.webp`);
    expect(Object.keys(ad.photos[0]!.variants).sort()).toEqual(['1280', '400', '800']);
    for (const [width, url] of Object.entries(ad.photos[0]!.variants)) {
      const served = await call(two, url);
      expect(served.status, url).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(Number(width));
    }
    const card = await call(two, `/media/${key}-c320.avif`);
    expect([card.status, card.headers.get('content-type')]).toEqual([200, 'image/avif']);
  });
});
