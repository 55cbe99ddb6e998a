import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseStore } from '../../server/rate-limits/database-store.ts';
import { createRateLimits } from '../../server/rate-limits/rate-limits.ts';
import { createRedisStore, type RedisStore } from '../../server/rate-limits/redis-store.ts';
import type { CounterStore } from '../../server/rate-limits/store.ts';
import { createMemoryStore } from '../../server/rate-limits/store.ts';
import { createTestDatabase } from '../support/db.ts';

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

/** The contract every counter store keeps; run against each store. */
function storeContract(name: string, make: () => CounterStore) {
  describe(`${name} counter store`, () => {
    it('counts parallel hits on one key atomically: each gets its own number', async () => {
      const store = make();
      const key = `parallel-${Math.random()}`;
      const now = Date.now();
      const windows = await Promise.all(Array.from({ length: 40 }, () => store.increment(key, 60_000, now)));
      expect(windows.map((w) => w.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect((await store.peek(key, now))?.count).toBe(40);
    });

    it('opens a fresh window once the old one has ended, and forgets a deleted key', async () => {
      const store = make();
      const key = `window-${Math.random()}`;
      const t0 = Date.now();
      const first = await store.increment(key, 1000, t0);
      expect(first.count).toBe(1);
      expect(first.resetAt).toBeGreaterThan(t0);
      expect(first.resetAt).toBeLessThanOrEqual(t0 + 1000);
      await store.increment(key, 1000, t0);
      expect((await store.peek(key, t0))?.count).toBe(2);
      await store.delete(key);
      expect(await store.peek(key, t0)).toBeNull();
      expect((await store.increment(key, 1000, t0)).count).toBe(1);
    });

    it('keeps keys apart', async () => {
      const store = make();
      const a = `a-${Math.random()}`;
      const b = `b-${Math.random()}`;
      const now = Date.now();
      await store.increment(a, 60_000, now);
      await store.increment(a, 60_000, now);
      expect((await store.increment(b, 60_000, now)).count).toBe(1);
    });
  });
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

storeContract('memory', () => createMemoryStore());
storeContract('database', () => createDatabaseStore(database.db));

describe('database counter store windows', () => {
  it('restarts the count when the window has passed (by the clock it is given)', async () => {
    const store = createDatabaseStore(database.db);
    const key = `expiry-${Math.random()}`;
    const t0 = Date.now();
    await store.increment(key, 1000, t0);
    await store.increment(key, 1000, t0 + 500);
    expect((await store.increment(key, 1000, t0 + 999)).count).toBe(3);
    expect(await store.peek(key, t0 + 1001)).toBeNull();
    const fresh = await store.increment(key, 1000, t0 + 1001);
    expect(fresh.count).toBe(1);
    expect(fresh.resetAt).toBeGreaterThan(t0 + 1001);
  });
});

describe('RateLimits over a shared store', () => {
  it('two services over one database count against one limit (as two app instances do)', async () => {
    const one = createRateLimits(createDatabaseStore(database.db));
    const two = createRateLimits(createDatabaseStore(database.db));
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 10; i++) await (i % 2 ? one : two).hit('checkoutPerUser', ip);
    await expect(one.hit('checkoutPerUser', ip)).rejects.toMatchObject({ status: 429 });
    await expect(two.refuseIfBlocked('checkoutPerUser', ip)).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': expect.any(String) } });
    await two.reset('checkoutPerUser', ip);
    await expect(one.refuseIfBlocked('checkoutPerUser', ip)).resolves.toBeUndefined();
  });

  it('refuses with the limit’s own message and a Retry-After within the window', async () => {
    const limits = createRateLimits(createDatabaseStore(database.db));
    const key = `m-${Math.random()}`;
    const now = Date.now();
    for (let i = 0; i < 5; i++) await limits.hit('contactPerIp', key, now);
    const refusal = await limits.hit('contactPerIp', key, now).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ status: 429 });
    const { message, headers } = refusal as { message: string; headers: Record<string, string> };
    expect(message).toMatch(/Please wait 60 minutes and try again/);
    expect(Number(headers['Retry-After'])).toBe(3600);
  });
});

// Redis runs in CI (.ci/run sets TEST_REDIS_URL); without it these tests are not defined here.
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  let redis: RedisStore;
  beforeAll(async () => {
    redis = await createRedisStore(redisUrl, { prefix: `soko-test-${process.pid}-${Date.now()}:` });
  });
  afterAll(async () => {
    await redis?.close();
  });
  storeContract('redis', () => redis);
}
