import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Services } from '../context.ts';
import { databaseUnavailableReason } from '../db/faults.ts';
import { RETRY_AFTER_SECONDS } from '../http/db-errors.ts';

const Health = z
  .object({
    status: z.enum(['ok', 'error']),
    db: z.enum(['ok', 'error']),
    /** Present when the rate-limit counters are in Redis (REDIS_URL): logins, sign-ups and resets need it. */
    redis: z.enum(['ok', 'error']).optional(),
    /** Why the database or Redis cannot be used, when one cannot (for operators and load balancers' logs). */
    reason: z.string().optional(),
  })
  .openapi('Health');

const route = createRoute({
  method: 'get',
  path: '/health',
  tags: ['system'],
  summary: 'Liveness, and reachability of the database and (when configured) Redis',
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: Health } } },
    503: { description: 'Database or Redis unreachable', content: { 'application/json': { schema: Health } } },
  },
});

const CHECK_MS = 2000;

/** Why a check failed, or null when it passed within CHECK_MS. */
async function failure(check: () => Promise<unknown>, what: string): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer from the ${what} within ${CHECK_MS / 1000} s`)), CHECK_MS);
      }),
    ]);
    return null;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    return databaseUnavailableReason(cause) ?? (cause instanceof Error ? cause.message : String(cause));
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(services: Pick<Services, 'db' | 'redis'>) {
  return new OpenAPIHono().openapi(route, async (c) => {
    const redis = services.redis;
    const [db, counters] = await Promise.all([
      failure(() => services.db.execute('select 1'), 'database'),
      redis ? failure(() => redis.ping(), 'Redis') : Promise.resolve(null),
    ]);
    const state = (failed: string | null) => (failed === null ? ('ok' as const) : ('error' as const));
    const body = { status: db === null && counters === null ? ('ok' as const) : ('error' as const), db: state(db), ...(redis ? { redis: state(counters) } : {}) };
    if (body.status === 'ok') return c.json(body, 200);
    const reasons = [db !== null ? `database unavailable: ${db}` : null, counters !== null ? `redis unavailable: ${counters}` : null].filter(Boolean);
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json({ ...body, reason: reasons.join('; ') }, 503);
  });
}
