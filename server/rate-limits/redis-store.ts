import { createClient } from '@redis/client';
import type { Logger } from 'pino';
import { unavailable } from '../http/db-errors.ts';
import type { CounterStore } from './store.ts';

// One round trip, atomic: count, open the window on the first hit, report when it closes.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }`;

// A script, not MULTI: every command of the store is then one EVAL, under one timeout. (A nil
// would end Lua's array, so a missing key answers an empty one.)
const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return {} end
return { count, redis.call('PTTL', KEYS[1]) }`;

/**
 * How long a counter may take. A healthy Redis answers in a millisecond; past this it is down
 * or hung, and the request it holds up answers 503 instead of waiting (a login once hung 60 s
 * behind a reconnecting client's queue).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** How long start-up waits for Redis before serving without it (counted requests answer 503 until it is back). */
const CONNECT_WAIT_MS = 2000;

export type RedisStore = CounterStore & {
  /** Resolves when Redis answers a PING in time; else throws the 503 (for /api/health). */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type RedisStoreOptions = { prefix?: string; logger?: Logger; commandTimeoutMs?: number };

/**
 * Counters in Redis (REDIS_URL): shared by every instance, expiring by themselves. Windows are
 * Redis's own key expiries, so the clock that counts is Redis's. While Redis is unreachable or
 * does not answer, every command fails within REDIS_COMMAND_TIMEOUT_MS as a 503 with
 * Retry-After (no offline queue: nothing waits for a reconnection).
 */
export async function createRedisStore(url: string, options: RedisStoreOptions = {}): Promise<RedisStore> {
  const prefix = options.prefix ?? 'soko:rl:';
  const timeoutMs = options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS;
  const logger = options.logger;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: timeoutMs },
    socket: { connectTimeout: CONNECT_WAIT_MS, reconnectStrategy: (retries) => Math.min(retries * 200, 2000) },
  });
  let down = false;
  const noteDown = (error: unknown) => {
    if (!down) logger?.warn({ err: error }, 'redis unavailable: rate-limited requests answer 503 until it is back');
    down = true;
  };
  const noteUp = () => {
    if (down) logger?.info('redis is back');
    down = false;
  };
  // Errors also surface on the commands that hit them; the listener keeps a dropped connection
  // from crashing the process while the client reconnects.
  client.on('error', noteDown);

  /** One command, bounded in time whatever state the client is in (connecting to a silent peer, reconnecting). */
  async function run<T>(command: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        command(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer from Redis within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      noteUp();
      return result;
    } catch (error) {
      noteDown(error);
      throw Object.assign(unavailable(), { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  const connected = client.connect().then(
    () => true,
    () => false,
  );
  if (!(await Promise.race([connected, new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref())]))) {
    noteDown(new Error(`cannot reach Redis at ${new URL(url).host} within ${CONNECT_WAIT_MS} ms`));
  }

  return {
    async increment(key, windowMs, now) {
      const [count, ttl] = (await run(() => client.eval(INCREMENT, { keys: [prefix + key], arguments: [String(windowMs)] }))) as [number, number];
      return { count: Number(count), resetAt: now + Number(ttl) };
    },
    async peek(key, now) {
      const [count, ttl] = (await run(() => client.eval(PEEK, { keys: [prefix + key], arguments: [] }))) as [string?, number?];
      if (count === undefined || Number(ttl) <= 0) return null;
      return { count: Number(count), resetAt: now + Number(ttl) };
    },
    async delete(key) {
      await run(() => client.del(prefix + key));
    },
    async ping() {
      await run(() => client.ping());
    },
    async close() {
      // Counters need no goodbye: a silent Redis must not hold up shutdown.
      try {
        client.destroy();
      } catch {
        // never connected
      }
    },
  };
}
