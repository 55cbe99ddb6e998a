import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Services } from '../context.ts';
import { databaseUnavailableReason } from '../db/faults.ts';
import { RETRY_AFTER_SECONDS } from '../http/db-errors.ts';

/*
 * Readiness (issue 41), apart from liveness (/api/health): whether a load balancer should send
 * this process requests. Not ready while it starts (the search index loads: searches would go
 * to the database, far slower at a million ads), while it drains after SIGTERM, or when the
 * database does not answer. A stale index (one that may have missed changes) is reported but
 * keeps the process ready: its searches are answered by the database, correctly, until it has
 * reloaded, and every process of a deployment could be stale at once (a database hiccup).
 */

const Search = z
  .object({
    /** Which engine answers most searches now. */
    engine: z.enum(['memory', 'database']),
    state: z.enum(['off', 'loading', 'warming', 'ready', 'failed', 'too_big']),
    stale: z.boolean(),
    ads: z.number().int(),
    /** The index's size in memory (MB), counted from its arrays and estimated for its maps and strings. */
    indexMb: z.number(),
    caughtUpSecondsAgo: z.number().nullable(),
    reason: z.string().optional(),
  })
  .openapi('SearchReadiness');

const Readiness = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    draining: z.boolean(),
    db: z.enum(['ok', 'error']),
    search: Search,
    /** Why not ready, when not. */
    reason: z.string().optional(),
  })
  .openapi('Readiness');

const route = createRoute({
  method: 'get',
  path: '/health/ready',
  tags: ['system'],
  summary: 'Readiness: whether a load balancer should send requests here',
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: Readiness } } },
    503: { description: 'Not ready: starting (search index loading), draining after SIGTERM, or no database', content: { 'application/json': { schema: Readiness } } },
  },
});

const DB_PROBE_MS = 2000;
const CATCH_UP_WAIT_MS = 500;

/** Whether `work` settled within `ms` (it goes on alone after that); its failure is thrown. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

async function probeDatabase(services: Pick<Services, 'db'>): Promise<string | null> {
  try {
    if (!(await within(services.db.execute('select 1'), DB_PROBE_MS))) throw new Error(`no answer from the database within ${DB_PROBE_MS / 1000} s`);
    return null;
  } catch (error) {
    return `database unavailable: ${databaseUnavailableReason(error) ?? (error instanceof Error ? error.message : String(error))}`;
  }
}

export function readinessRoutes(services: Pick<Services, 'db' | 'searchIndex' | 'draining'>) {
  return new OpenAPIHono().openapi(route, async (c) => {
    const draining = services.draining?.active ?? false;
    const dbProblem = draining ? null : await probeDatabase(services);
    // Ads posted since the last catch-up (the demo data, seeded as the first process starts) are
    // counted as searches would see them; a catch-up waiting for a busy pool is not waited for.
    if (!draining && !dbProblem && services.searchIndex) await within(services.searchIndex.caughtUp(), CATCH_UP_WAIT_MS);
    const index = services.searchIndex?.readiness();
    const search: z.infer<typeof Search> = index
      ? {
          engine: index.state === 'ready' && !index.stale ? 'memory' : 'database',
          state: index.state,
          stale: index.stale,
          ads: index.ads,
          indexMb: Math.round((index.bytes / 2 ** 20) * 10) / 10,
          caughtUpSecondsAgo: index.caughtUpAgoMs === null ? null : Math.round(index.caughtUpAgoMs / 1000),
          ...(index.reason ? { reason: index.reason } : {}),
        }
      : { engine: 'database', state: 'off', stale: false, ads: 0, indexMb: 0, caughtUpSecondsAgo: null };
    const reason = draining ? 'draining: the server is stopping' : (dbProblem ?? (index && !index.ready ? index.reason : undefined));
    const body = { status: reason ? ('not_ready' as const) : ('ready' as const), draining, db: dbProblem ? ('error' as const) : ('ok' as const), search, ...(reason ? { reason } : {}) };
    if (!reason) return c.json(body, 200);
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json(body, 503);
  });
}
