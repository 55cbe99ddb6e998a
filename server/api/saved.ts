import { createRoute, z } from '@hono/zod-openapi';
import { CURRENCIES } from '#kernel/money.ts';
import { SAVED_PAGE_SIZE } from '#kernel/saved-rules.ts';
import type { Services } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { requireAuth } from '../http/guards.ts';
import { countSavedAds, listSavedAds, saveAd, unsaveAd } from '../saved/saved-ads.ts';
import { findSeller, SELLER_PAGE_SIZE, sellerCards } from '../users/sellers.ts';
import { bearer, errorResponses, IdParam, json } from './openapi.ts';
import { createApiRouter } from './router.ts';

/** Saved ads (the signed-in user's own list) and public seller profiles: issue 18. */

const CardSchema = z
  .object({
    _id: z.string().uuid(),
    title: z.string(),
    price: z.number().int().nullable().openapi({ description: 'Whole units of the currency; null means negotiable' }),
    currency: z.enum(CURRENCIES),
    location: z.string(),
    place: z.string().nullable().openapi({ description: '"Town, County" when the location names a known place, else null', example: 'Westlands, Nairobi City' }),
    category: z.string(),
    subcategory: z.string().nullable(),
    featured: z.boolean(),
    createdAt: z.string(),
    photo: z
      .object({ url: z.string(), key: z.string(), width: z.number().int(), height: z.number().int(), variants: z.record(z.string(), z.string()) })
      .nullable()
      .openapi({ description: 'The cover photo at card widths (400, 800), or null' }),
  })
  .openapi('ListingCard');

const SavedAdSchema = z
  .object({
    listingId: z.string().uuid(),
    title: z.string().openapi({ description: 'The title when it was saved' }),
    savedAt: z.string(),
    listing: CardSchema.nullable().openapi({ description: 'null when the ad is no longer available (deleted)' }),
  })
  .openapi('SavedAd');

const SavedPageSchema = z
  .object({ items: z.array(SavedAdSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .openapi('SavedAds');

const SavedStateSchema = z.object({ saved: z.boolean(), count: z.number().int().openapi({ description: 'Saved ads in the list now' }) }).openapi('SavedState');

const SellerSchema = z
  .object({
    _id: z.string().uuid(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    location: z.string().nullable(),
    memberSince: z.string(),
    activeAds: z.number().int(),
    phoneVerified: z.boolean().openapi({ description: 'The seller verified their phone number by SMS (the number itself is not shown)' }),
  })
  .openapi('Seller');

const PageQuery = z.object({
  page: z.string().optional().openapi({ description: 'From 1', example: '1' }),
  limit: z.string().optional().openapi({ description: 'Default 24, at most 100', example: '24' }),
});

const routes = {
  list: createRoute({
    method: 'get',
    path: '/saved',
    tags: ['saved'],
    summary: 'The signed-in user’s saved ads, newest first',
    description: `An ad deleted since it was saved stays in the list with \`listing: null\` ("No longer available"). ${SAVED_PAGE_SIZE} per page by default.`,
    security: bearer,
    request: { query: PageQuery },
    responses: { 200: json(SavedPageSchema, 'One page of saved ads'), ...errorResponses(400, 401) },
  }),
  save: createRoute({
    method: 'put',
    path: '/saved/{id}',
    tags: ['saved'],
    summary: 'Save an ad (idempotent)',
    security: bearer,
    request: { params: IdParam },
    responses: {
      200: json(SavedStateSchema, 'Saved'),
      ...errorResponses(401, { 404: 'Listing not found', 409: 'The list is full' }, 429),
    },
  }),
  unsave: createRoute({
    method: 'delete',
    path: '/saved/{id}',
    tags: ['saved'],
    summary: 'Remove an ad from the saved list (idempotent; also one that has gone)',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(SavedStateSchema, 'Not saved'), ...errorResponses(401, { 404: 'Not an ad id' }, 429) },
  }),
  seller: createRoute({
    method: 'get',
    path: '/sellers/{username}',
    tags: ['sellers'],
    summary: 'A seller’s public profile and one page of their ads, newest first',
    description: 'Public: no e-mail, phone number or address. Only active ads (sold, expired and hidden ones are left out).',
    request: { params: z.object({ username: z.string().openapi({ param: { name: 'username', in: 'path' }, example: 'amina.w' }) }), query: PageQuery },
    responses: {
      200: json(z.object({ seller: SellerSchema, listings: z.array(CardSchema), page: z.number().int(), limit: z.number().int() }), 'The seller and their ads'),
      ...errorResponses(400, { 404: 'No such seller' }),
    },
  }),
};

function pageParams(query: { page?: string; limit?: string }, defaultLimit: number) {
  const whole = (raw: string | undefined, fallback: number, max: number, name: string) => {
    if (raw === undefined || raw === '') return fallback;
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!(n >= 1 && n <= max)) throw badRequest((t) => t.errors.wholeNumberUpTo({ name, max }));
    return n;
  };
  return { page: whole(query.page, 1, 10_000, 'page'), limit: whole(query.limit, defaultLimit, 100, 'limit') };
}

export function savedRoutes(services: Services) {
  const app = createApiRouter();
  const { db } = services;

  app.openapi(routes.list, async (c) => {
    const auth = requireAuth(c.get('auth'));
    c.header('Cache-Control', 'private, no-store');
    // Currencies come from the database's CHECK, which the schema's enum mirrors.
    const page = (await listSavedAds(db, auth.user.id, pageParams(c.req.valid('query'), SAVED_PAGE_SIZE))) as z.infer<typeof SavedPageSchema>;
    return c.json(page, 200);
  });

  app.openapi(routes.save, async (c) => {
    const auth = requireAuth(c.get('auth'));
    await saveAd(services, auth.user.id, c.req.valid('param').id);
    return c.json({ saved: true, count: await countSavedAds(db, auth.user.id) }, 200);
  });

  app.openapi(routes.unsave, async (c) => {
    const auth = requireAuth(c.get('auth'));
    await unsaveAd(services, auth.user.id, c.req.valid('param').id);
    return c.json({ saved: false, count: await countSavedAds(db, auth.user.id) }, 200);
  });

  app.openapi(routes.seller, async (c) => {
    const seller = await findSeller(db, c.req.valid('param').username);
    if (!seller) throw notFound((t) => t.errors.sellerNotFound);
    const paging = pageParams(c.req.valid('query'), SELLER_PAGE_SIZE);
    const listings = (await sellerCards(db, seller._id, paging)) as z.infer<typeof CardSchema>[];
    return c.json({ seller, listings, ...paging }, 200);
  });

  return app;
}
