import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { CATEGORIES } from '../../app/lib/categories.ts';
import type { Services } from '../context.ts';
import { categoryCounts } from '../listings/queries.ts';
import type { ApiEnv } from './index.ts';

const CategoryCount = z.object({ name: z.enum(CATEGORIES), count: z.number().int() }).openapi('CategoryCount');

const route = createRoute({
  method: 'get',
  path: '/categories/counts',
  tags: ['listings'],
  summary: 'Number of active ads in each of the nine categories',
  description: 'Always all nine, in the category bar’s order; Others includes ads whose category is outside the list.',
  responses: { 200: { description: 'Counts', content: { 'application/json': { schema: z.array(CategoryCount) } } } },
});

export function categoriesRoutes(services: Pick<Services, 'db'>) {
  return new OpenAPIHono<ApiEnv>().openapi(route, async (c) => c.json(await categoryCounts(services.db), 200));
}
