import { createClient } from '@redis/client';
import type { CounterStore } from './store.ts';

// One round trip, atomic: count, open the window on the first hit, report when it closes.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }`;

export type RedisStore = CounterStore & { close(): Promise<void> };

/**
 * Counters in Redis (REDIS_URL): shared by every instance, expiring by themselves. Windows are
 * Redis's own key expiries, so the clock that counts is Redis's.
 */
export async function createRedisStore(url: string, prefix = 'soko:rl:'): Promise<RedisStore> {
  const client = createClient({ url, socket: { connectTimeout: 5000, reconnectStrategy: (retries) => Math.min(retries * 200, 5000) } });
  // Errors surface on the commands that hit them; an 'error' listener keeps a dropped
  // connection from crashing the process while the client reconnects.
  client.on('error', () => {});
  await client.connect();
  return {
    async increment(key, windowMs, now) {
      const [count, ttl] = (await client.eval(INCREMENT, { keys: [prefix + key], arguments: [String(windowMs)] })) as [number, number];
      return { count: Number(count), resetAt: now + Number(ttl) };
    },
    async peek(key, now) {
      const k = prefix + key;
      const [count, ttl] = (await client.multi().get(k).pTTL(k).exec()) as unknown as [string | null, number];
      if (count === null || Number(ttl) <= 0) return null;
      return { count: Number(count), resetAt: now + Number(ttl) };
    },
    async delete(key) {
      await client.del(prefix + key);
    },
    async close() {
      await client.close().catch(() => {});
    },
  };
}
