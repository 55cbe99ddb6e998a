import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { CATEGORIES, knownCategory } from '#kernel/categories.ts';
import { SUBCATEGORIES } from '#kernel/subcategories.ts';
import type { Services } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { categoryCounts } from '../listings/queries.ts';
import type { ApiEnv } from './index.ts';
import { errorResponses, json } from './openapi.ts';

const CategoryCount = z.object({ name: z.enum(CATEGORIES), count: z.number().int() }).openapi('CategoryCount');

const route = createRoute({
  method: 'get',
  path: '/categories/counts',
  tags: ['listings'],
  summary: 'Number of active ads in each of the nine categories',
  description: 'Always all nine, in the category bar’s order; Others includes ads whose category is outside the list.',
  responses: { 200: { description: 'Counts', content: { 'application/json': { schema: z.array(CategoryCount) } } } },
});

const AttributeDefinition = z
  .object({
    key: z.string().openapi({ description: 'The key in a listing’s `attributes`, in the post form’s `attr.<key>` field and in the `attr.<key>` filter of GET /api/listings', example: 'year' }),
    label: z.string().openapi({ example: 'Year' }),
    type: z.enum(['select', 'number', 'text']).openapi({ description: 'select: one of `options`; number: a whole number from `min` to `max`; text: at most `maxLength` characters' }),
    options: z.array(z.string()).optional(),
    min: z.number().int().optional(),
    max: z.number().int().optional(),
    unit: z.string().optional().openapi({ example: 'km' }),
    maxLength: z.number().int().optional(),
    filter: z.enum(['equal', 'range', 'words']).nullable().openapi({
      description:
        'How GET /api/listings filters on it: equal (`attr.<key>=<value>`), range (`attr.<key>.min`, `attr.<key>.max`), words (`attr.<key>=<words>`: every word is a whole word of the value, in any case), or null (not filterable)',
    }),
  })
  .openapi('AttributeDefinition');

const Subcategories = z
  .object({
    category: z.enum(CATEGORIES),
    subcategories: z.array(z.object({ name: z.string().openapi({ example: 'Cars' }), attributes: z.array(AttributeDefinition) })).openapi({
      description: 'In the order the forms show them. A listing’s `subcategory` is one of these names (case-insensitive when sent); its `attributes` are the fields of that subcategory',
    }),
  })
  .openapi('CategorySubcategories');

const subcategoriesRoute = createRoute({
  method: 'get',
  path: '/categories/{category}/subcategories',
  tags: ['listings'],
  summary: 'The subcategories of a category and the structured fields (attributes) of each',
  description:
    'What the post and edit forms offer and what GET /api/listings filters on (`subcategory`, `attr.<key>`, `attr.<key>.min`, `attr.<key>.max`). ' +
    'Sending a subcategory of another category, a field the subcategory does not have, or a value of the wrong type is a 400 naming it.',
  request: {
    params: z.object({
      category: z.string().openapi({ param: { name: 'category', in: 'path' }, description: 'A category’s name or slug, case-insensitive', example: 'cars-vehicles' }),
    }),
  },
  responses: { 200: json(Subcategories, 'The subcategories and their fields'), ...errorResponses({ 404: 'Not one of the nine categories' }) },
});

export function categoriesRoutes(services: Pick<Services, 'db'>) {
  return new OpenAPIHono<ApiEnv>()
    .openapi(route, async (c) => c.json(await categoryCounts(services.db), 200))
    .openapi(subcategoriesRoute, (c) => {
      const category = knownCategory(c.req.valid('param').category);
      if (!category) throw notFound((t) => t.errors.noSuchCategory({ categories: CATEGORIES.join(', ') }));
      c.header('Cache-Control', 'public, max-age=3600');
      return c.json({ category, subcategories: SUBCATEGORIES[category].map((s) => ({ name: s.name, attributes: s.attributes.map((a) => ({ ...a, options: a.options ? [...a.options] : undefined })) })) }, 200);
    });
}
