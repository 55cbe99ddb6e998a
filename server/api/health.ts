import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Services } from '../context.ts';

const Health = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'error']) }).openapi('Health');

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
    try {
      await Promise.race([
        services.db.execute('select 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
      ]);
      return c.json({ status: 'ok' as const, db: 'ok' as const }, 200);
    } catch {
      return c.json({ status: 'error' as const, db: 'error' as const }, 503);
    }
  });
}
