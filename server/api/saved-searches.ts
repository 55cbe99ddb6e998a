import { createRoute, z } from '@hono/zod-openapi';
import { ALERT_FREQUENCIES, MAX_SAVED_SEARCHES, NEW_COUNT_CAP } from '#kernel/saved-search-rules.ts';
import type { Services } from '../context.ts';
import { requireAuth } from '../http/guards.ts';
import { deleteSavedSearch, listSavedSearches, parseFrequency, savedFiltersOf, saveSearch, setAlertFrequency, type SavedSearch } from '../saved/saved-searches.ts';
import { bearer, errorResponses, IdParam, json, jsonBody, MessageSchema } from './openapi.ts';
import { createApiRouter } from './router.ts';
import { say } from '../i18n.ts';

/** Saved searches and their e-mail alerts (the signed-in user's own): issue 18, docs/alerts.md. */

const FrequencySchema = z.enum(ALERT_FREQUENCIES).openapi({ description: 'off: no e-mails; instant: an e-mail shortly after a matching ad is posted; daily: one digest a day (07:00 Nairobi time)' });

const FiltersSchema = z
  .object({
    search: z.string().optional(),
    category: z.string().optional().openapi({ description: 'A category name or slug, as GET /api/listings reads it' }),
    location: z.string().optional(),
    minPrice: z.number().int().optional().openapi({ description: 'KES' }),
    maxPrice: z.number().int().optional().openapi({ description: 'KES' }),
    sort: z.string().optional(),
  })
  .catchall(z.union([z.string(), z.number()]))
  .openapi('SavedSearchFilters', { description: 'The filters as the listing query parser read them; a filter it learns later appears here too' });

const SavedSearchSchema = z
  .object({
    id: z.string().uuid(),
    filters: FiltersSchema,
    label: z.string().openapi({ example: '"toyota axio" in Cars & Vehicles near Nairobi' }),
    href: z.string().openapi({ description: 'The results page of the search', example: '/listings?search=toyota%20axio&category=Cars%20%26%20Vehicles' }),
    frequency: FrequencySchema,
    createdAt: z.string(),
    lastVisitedAt: z.string(),
    newCount: z.number().int().openapi({ description: `Ads posted since the last visit that match, counted up to ${NEW_COUNT_CAP + 1} (more shows as ${NEW_COUNT_CAP}+)` }),
  })
  .openapi('SavedSearch');

const num = z.union([z.string(), z.number()]).optional();
const CreateSchema = z
  .object({
    search: z.string().optional(),
    category: z.string().optional(),
    location: z.string().optional(),
    minPrice: num,
    maxPrice: num,
    sort: z.string().optional(),
    frequency: FrequencySchema.optional(),
  })
  .openapi('SavedSearchCreate', { description: 'The query of a results page, checked as GET /api/listings checks it (page and limit are not part of a search)' });

const routes = {
  list: createRoute({
    method: 'get',
    path: '/saved-searches',
    tags: ['saved searches'],
    summary: 'The signed-in user’s saved searches, newest first, with the count of new ads since each was last opened',
    security: bearer,
    responses: { 200: json(z.object({ items: z.array(SavedSearchSchema), limit: z.number().int() }), 'Every saved search of the user'), ...errorResponses(401) },
  }),
  create: createRoute({
    method: 'post',
    path: '/saved-searches',
    tags: ['saved searches'],
    summary: 'Save a search (the same search saved again answers the one already saved, 200)',
    description: `At most ${MAX_SAVED_SEARCHES} per account. A new search has a daily digest unless \`frequency\` says otherwise.`,
    security: bearer,
    request: { body: jsonBody(CreateSchema) },
    responses: {
      201: json(SavedSearchSchema, 'Saved'),
      200: json(SavedSearchSchema, 'Already saved: the search as it was'),
      ...errorResponses(400, 401, { 409: `The list is full (${MAX_SAVED_SEARCHES})` }, 429),
    },
  }),
  update: createRoute({
    method: 'patch',
    path: '/saved-searches/{id}',
    tags: ['saved searches'],
    summary: 'Change how often a saved search alerts',
    description: 'Turning alerts off also drops the ads waiting for its next e-mail.',
    security: bearer,
    request: { params: IdParam, body: jsonBody(z.object({ frequency: FrequencySchema }).openapi('SavedSearchUpdate')) },
    responses: { 200: json(SavedSearchSchema, 'Updated'), ...errorResponses(400, 401, { 404: 'No such saved search of yours' }, 429) },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/saved-searches/{id}',
    tags: ['saved searches'],
    summary: 'Delete a saved search and its alert',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(MessageSchema, 'Deleted'), ...errorResponses(401, { 404: 'No such saved search of yours' }, 429) },
  }),
};

/** Saved filters never hold null (savedFiltersOf drops empty values), which the schema says. */
const shape = (search: SavedSearch) => search as z.infer<typeof SavedSearchSchema>;

export function savedSearchRoutes(services: Services) {
  const app = createApiRouter();
  const { db } = services;

  app.openapi(routes.list, async (c) => {
    const auth = requireAuth(c.get('auth'));
    c.header('Cache-Control', 'private, no-store');
    return c.json({ items: (await listSavedSearches(db, auth.user.id)).map(shape), limit: MAX_SAVED_SEARCHES }, 200);
  });

  app.openapi(routes.create, async (c) => {
    const auth = requireAuth(c.get('auth'));
    const { frequency, ...query } = c.req.valid('json');
    const record = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === undefined ? undefined : String(v)]));
    const filters = savedFiltersOf(record, 'api');
    const { search, created } = await saveSearch(services, auth.user.id, filters, frequency ? parseFrequency(frequency) : undefined);
    return created ? c.json(shape(search), 201) : c.json(shape(search), 200);
  });

  app.openapi(routes.update, async (c) => {
    const auth = requireAuth(c.get('auth'));
    const search = await setAlertFrequency(services, auth.user.id, c.req.valid('param').id, parseFrequency(c.req.valid('json').frequency));
    return c.json(shape(search), 200);
  });

  app.openapi(routes.remove, async (c) => {
    const auth = requireAuth(c.get('auth'));
    await deleteSavedSearch(services, auth.user.id, c.req.valid('param').id);
    return c.json({ message: say(c.get('locale'), (t) => t.api.savedSearchDeleted) }, 200);
  });

  return app;
}
