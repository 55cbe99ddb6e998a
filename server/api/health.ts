import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Services } from '../context.ts';
import { databaseUnavailableReason } from '../db/faults.ts';
import { RETRY_AFTER_SECONDS } from '../http/db-errors.ts';

const Health = z
  .object({
    status: z.enum(['ok', 'error']),
    db: z.enum(['ok', 'error']),
    /** Why the database cannot be used, when it cannot (for operators and load balancers' logs). */
    reason: z.string().optional(),
  })
  .openapi('Health');

const route = createRoute({
  method: 'get',
  path: '/health',
  tags: ['system'],
  summary: 'Liveness and database reachability',
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: Health } } },
    503: { description: 'Database unreachable', content: { 'application/json': { schema: Health } } },
  },
});

export function healthRoutes(services: Pick<Services, 'db'>) {
  return new OpenAPIHono().openapi(route, async (c) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        services.db.execute('select 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer from the database within 2 s')), 2000);
        }),
      ]);
      return c.json({ status: 'ok' as const, db: 'ok' as const }, 200);
    } catch (error) {
      const reason = `database unavailable: ${databaseUnavailableReason(error) ?? (error instanceof Error ? error.message : String(error))}`;
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return c.json({ status: 'error' as const, db: 'error' as const, reason }, 503);
    } finally {
      clearTimeout(timer);
    }
  });
}
