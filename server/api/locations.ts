import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { COUNTIES, townId } from '#kernel/kenya-locations.ts';
import type { ApiEnv } from './index.ts';

/** Kenya's counties and main towns (kernel/kenya-locations.ts, migration 0880): the places ads are posted in and filtered by. */

const TownSchema = z.object({ id: z.string().openapi({ example: 'westlands' }), name: z.string().openapi({ example: 'Westlands' }) }).openapi('Town');
const CountySchema = z
  .object({
    code: z.string().openapi({ description: '001–047, as the Constitution of Kenya 2010, First Schedule numbers them', example: '047' }),
    name: z.string().openapi({ example: 'Nairobi City' }),
    towns: z.array(TownSchema).openapi({ description: 'Main towns, the county headquarters first' }),
  })
  .openapi('County');

const route = createRoute({
  method: 'get',
  path: '/locations',
  tags: ['listings'],
  summary: 'Kenya’s 47 counties and their main towns',
  description:
    'The places a listing’s `location` text is matched to (name, "Town, County" or county name, case-insensitive: the listing’s townId and countyCode), ' +
    'and the values of the `county` and `town` filters of GET /api/listings. Counties: the Constitution of Kenya 2010, First Schedule; towns: compiled after the KNBS 2019 census.',
  responses: { 200: { description: 'The counties in code order', content: { 'application/json': { schema: z.array(CountySchema) } } } },
});

const body = COUNTIES.map((c) => ({ code: c.code, name: c.name, towns: c.towns.map((name) => ({ id: townId(name), name })) }));

export function locationsRoutes() {
  return new OpenAPIHono<ApiEnv>().openapi(route, (c) => {
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json(body, 200);
  });
}
