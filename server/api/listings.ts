import type { z } from '@hono/zod-openapi';
import type { Services } from '../context.ts';
import { jsonText } from '../http/compression.ts';
import { AppError, badRequest, forbidden, notFound } from '../http/errors.ts';
import { requireAuth } from '../http/guards.ts';
import type { ListingJson } from '../listings/listing-json.ts';
import { parseListingQuery } from '../listings/listing-query.ts';
import { revealPhone } from '../listings/engagement.ts';
import { featuredListings, getListingFor, listingsByOwner, OWN_ADS_PAGE_SIZE, ownerListingsPage } from '../listings/queries.ts';
import { statsOfAds } from '../listings/ad-stats.ts';
import { searchListings } from '../search/search.ts';
import { suggest } from '../search/suggest.ts';
import { type ListingPage } from '../search/search-query.ts';
import { markListingSold, ownerAdStates, renewListing, undoListingSold } from '../listings/lifecycle.ts';
import { resubmitListing } from '../moderation/moderation.ts';
import { LIFECYCLE_MESSAGES } from '#kernel/lifecycle-rules.ts';
import {
  createListing,
  deleteListing,
  requireOwnListing,
  updateListing,
  updateListingText,
  uploadFromForm,
} from '../listings/write.ts';
import { readJson, uploadTempRoot, withUploadedForm } from '../media/upload.ts';
import { listingRoutes as routes, type ListingSchema } from './listings.routes.ts';
import { createApiRouter } from './router.ts';
import { say } from '../i18n.ts';

/** The listings API: the handlers of the operations declared in listings.routes.ts. */

type Listing = z.infer<typeof ListingSchema>;

export function listingsRoutes(services: Services) {
  const app = createApiRouter();
  const { db } = services;
  const tempRoot = uploadTempRoot(services.config);

  app.openapi(routes.list, async (c) => {
    const query = parseListingQuery(c.req.query());
    const result = await searchListings(db, query, { cache: services.searchCache, index: services.searchIndex });
    c.header('X-Total-Count', String(result.total));
    if (result.totalIsCapped) c.header('X-Total-Count-Capped', 'true');
    const link = pageLinks(services.config.appUrl, new URL(c.req.url), result);
    if (link) c.header('Link', link);
    // The array as PostgreSQL wrote it (ListingSchema's shape, tested), without a parse and re-serialise.
    return jsonText(c, result.itemsJson, result) as never;
  });

  app.openapi(routes.featured, async (c) => {
    const raw = c.req.query('limit');
    const limit = raw === undefined || raw === '' ? 8 : /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!(limit >= 1 && limit <= 50)) throw badRequest((t) => t.errors.wholeNumberUpTo({ name: 'limit', max: 50 }));
    return c.json((await featuredListings(db, limit)) as Listing[], 200);
  });

  app.openapi(routes.suggest, async (c) => {
    const suggestions = await suggest(db, services.searchIndex, c.req.valid('query').q);
    // The same for everyone (active ads only, nobody's own): browsers and proxies may keep it a minute.
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(suggestions, 200);
  });

  app.openapi(routes.byUser, async (c) => {
    const auth = requireAuth(c.get('auth'));
    if (c.req.valid('param').userId !== auth.user.id) throw forbidden((t) => t.errors.ownAdsOnly);
    const { page, limit } = c.req.valid('query');
    const paged = page !== undefined || limit !== undefined;
    const size = limit === undefined ? OWN_ADS_PAGE_SIZE : /^\d+$/.test(limit) ? Number(limit) : NaN;
    const number = page === undefined ? 1 : /^\d+$/.test(page) ? Number(page) : NaN;
    if (!(size >= 1 && size <= 50)) throw badRequest((t) => t.errors.wholeNumberUpTo({ name: 'limit', max: 50 }));
    if (!(number >= 1)) throw badRequest((t) => t.errors.pageFromOne);
    const own = paged ? await ownerListingsPage(db, auth.user.id, number, size) : null;
    const items = own ? own.items : await listingsByOwner(db, auth.user.id);
    const ids = items.map((l) => l._id);
    const [states, stats] = await Promise.all([ownerAdStates(db, auth.user.id, ids), statsOfAds(db, ids)]);
    c.header('X-Total-Count', String(own ? own.total : items.length));
    if (own) {
      c.header('X-Page', String(own.page));
      c.header('X-Page-Count', String(own.pages));
    }
    const missing = { expiresAt: '', soldAt: null, moderationReason: null };
    return c.json(
      items.map((l) => {
        const { expiresAt, soldAt, moderationReason } = states[l._id] ?? missing;
        return { ...(l as Listing), expiresAt, soldAt, moderationReason, stats: stats[l._id]! };
      }),
      200,
    );
  });

  app.openapi(routes.get, async (c) => {
    const found = await getListingFor(db, c.req.valid('param').id, c.get('auth')?.user ?? null);
    if (!found || !('listing' in found)) throw notFound((t) => t.errors.listingNotFound);
    return c.json(found.listing as Listing, 200);
  });

  app.openapi(routes.renew, async (c) => {
    const auth = requireAuth(c.get('auth'));
    const { expiresAt } = await renewListing(services, c.req.valid('param').id, auth.user.id);
    return c.json({ message: LIFECYCLE_MESSAGES.renewed, expiresAt }, 200);
  });

  app.openapi(routes.sold, async (c) => {
    const auth = requireAuth(c.get('auth'));
    await markListingSold(services, c.req.valid('param').id, auth.user.id);
    return c.json({ message: LIFECYCLE_MESSAGES.sold }, 200);
  });

  app.openapi(routes.stillAvailable, async (c) => {
    const auth = requireAuth(c.get('auth'));
    const { expiresAt } = await undoListingSold(services, c.req.valid('param').id, auth.user.id);
    return c.json({ message: LIFECYCLE_MESSAGES.stillAvailable, expiresAt }, 200);
  });

  app.openapi(routes.resubmit, async (c) => {
    const auth = requireAuth(c.get('auth'));
    await resubmitListing(services, auth.user, c.req.valid('param').id);
    return c.json({ message: LIFECYCLE_MESSAGES.resubmitted }, 200);
  });

  app.openapi(routes.phone, async (c) => {
    const found = await revealPhone(services, c.req.valid('param').id, {
      ip: c.get('clientIp'),
      deviceId: c.get('deviceId') ?? c.get('clientIp'),
      deviceKnown: c.get('deviceKnown') ?? false,
      userId: c.get('auth')?.user.id ?? null,
    });
    if (!found.found) throw notFound((t) => t.errors.listingNotFound);
    c.header('Cache-Control', 'no-store');
    return c.json(found.messagesOnly ? { phoneNumber: null, messagesOnly: true as const } : { phoneNumber: found.phoneNumber }, 200);
  });

  app.openapi(routes.create, async (c) => {
    const auth = requireAuth(c.get('auth'));
    // A full image queue refuses before megabytes of photos are sent for nothing.
    services.images.queue.assertRoom();
    const listing = await withUploadedForm(c.req.raw, tempRoot, (form) => createListing(services, auth.user.id, uploadFromForm(form)));
    return c.json(listing as Listing, 201);
  });

  app.openapi(routes.update, async (c) => {
    const auth = requireAuth(c.get('auth'));
    const { id } = c.req.valid('param');
    const type = c.req.header('content-type') ?? '';
    let listing: ListingJson;
    if (/^application\/json\b/i.test(type)) {
      listing = await updateListingText(services, id, auth.user.id, await readJson(c.req.raw));
    } else if (/^multipart\/form-data\b/i.test(type)) {
      // Refuse strangers before reading up to 100 MB of photos.
      await requireOwnListing(db, id, auth.user.id, 'edit');
      listing = await withUploadedForm(c.req.raw, tempRoot, (form) => updateListing(services, id, auth.user.id, uploadFromForm(form)));
    } else {
      throw new AppError(415, (t) => t.errors.sendAdMultipartOrJson);
    }
    return c.json(listing as Listing, 200);
  });

  app.openapi(routes.remove, async (c) => {
    const auth = requireAuth(c.get('auth'));
    await deleteListing(services, c.req.valid('param').id, auth.user.id);
    return c.json({ message: say(c.get('locale'), (t) => t.api.adDeleted) }, 200);
  });

  return app;
}

/** RFC 8288 links to the neighbouring pages, on the public origin, keeping every other parameter. */
function pageLinks(appUrl: string, url: URL, result: ListingPage): string | null {
  const links: string[] = [];
  const at = (page: number) => {
    const params = new URLSearchParams(url.search);
    params.set('page', String(page));
    params.set('limit', String(result.limit));
    return `<${appUrl}/api/listings?${params}>`;
  };
  if (result.hasNext) links.push(`${at(result.page + 1)}; rel="next"`);
  if (result.page > 1) links.push(`${at(result.page - 1)}; rel="prev"`);
  return links.length ? links.join(', ') : null;
}
