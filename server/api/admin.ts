import { createRoute, z } from '@hono/zod-openapi';
import { MODERATION_REASON_MAX } from '#kernel/lifecycle-rules.ts';
import type { Services } from '../context.ts';
import { LISTING_STATUSES } from '../db/schema/index.ts';
import { requireAdmin } from '../http/guards.ts';
import { approveListing, banUser, hideListing, moderationLogEntries, moderationQueue } from '../moderation/moderation.ts';
import { bearer, errorResponses, IdParam, json, jsonBody, MessageSchema } from './openapi.ts';
import { createApiRouter } from './router.ts';
import { say } from '../i18n.ts';

/*
 * The moderators' API (issue 19): the same domain functions as the admin pages (/admin).
 * Admins only: 401 signed out, 403 for everyone else.
 */

const ACTIONS = ['approve', 'hide', 'ban', 'auto_hold', 'resubmit', 'approve_review', 'hide_review', 'restore_review'] as const;
const adminErrors = errorResponses(401, { 403: 'Not an admin' });

const QueueItem = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    status: z.enum(LISTING_STATUSES),
    moderationReason: z.string().nullable().openapi({ description: 'Why it is held, or why it was hidden before its seller resubmitted it' }),
    seller: z.object({ id: z.string().uuid(), name: z.string(), email: z.string(), username: z.string(), banned: z.boolean() }),
    reports: z.array(z.object({ reason: z.string(), details: z.string(), at: z.string() })).openapi({ description: 'Reports not yet reviewed, newest first, one per person' }),
    since: z.string().openapi({ description: 'Its newest report, or when it was held' }),
    attention: z
      .string()
      .nullable()
      .openapi({ description: 'Why this public ad comes first: enough reporters to hold it but not held (Featured, or hold caps), or a burst of reports that do not count' }),
  })
  .openapi('ModerationQueueItem');

const LogEntry = z
  .object({
    id: z.string().uuid(),
    at: z.string(),
    actor: z.string().openapi({ description: 'The moderator (name and e-mail), the seller for a resubmission, or "Automatic"' }),
    action: z.enum(ACTIONS),
    subject: z.string().openapi({ description: 'The ad’s title, the account, or the review (author, seller, stars, ad), as they were then' }),
    reason: z.string(),
    listingId: z.string().uuid().nullable(),
    userId: z.string().uuid().nullable().openapi({ description: 'The account acted on; for a review action, the review’s author' }),
    reviewId: z.string().uuid().nullable().openapi({ description: 'The review acted on (approve_review, hide_review, restore_review)' }),
  })
  .openapi('ModerationLogEntry');

const Reason = z.object({ reason: z.string().openapi({ maxLength: MODERATION_REASON_MAX, description: 'Required; the seller sees it (hide) or the log keeps it (ban)' }) });
const UserIdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

const routes = {
  queue: createRoute({
    method: 'get',
    path: '/admin/queue',
    tags: ['admin'],
    summary: 'The moderation queue: held ads, and public ads with reports not yet reviewed (those needing attention first)',
    security: bearer,
    responses: { 200: json(z.array(QueueItem), 'Those needing attention first, then newest first, at most 100'), ...adminErrors },
  }),
  log: createRoute({
    method: 'get',
    path: '/admin/log',
    tags: ['admin'],
    summary: 'The audit log of moderation: who, when, what, why',
    security: bearer,
    responses: { 200: json(z.array(LogEntry), 'The 50 newest actions'), ...adminErrors },
  }),
  approve: createRoute({
    method: 'post',
    path: '/admin/listings/{id}/approve',
    tags: ['admin'],
    summary: 'Approve an ad: public again (sold if it was sold), its reports cleared',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(MessageSchema, 'Approved'), ...adminErrors, ...errorResponses({ 404: 'No such ad', 409: 'Expired, or its seller is banned' }) },
  }),
  hide: createRoute({
    method: 'post',
    path: '/admin/listings/{id}/hide',
    tags: ['admin'],
    summary: 'Hide an ad with a reason its seller sees; the seller may edit and resubmit it',
    security: bearer,
    request: { params: IdParam, body: jsonBody(Reason) },
    responses: { 200: json(MessageSchema, 'Hidden'), ...adminErrors, ...errorResponses(400, { 404: 'No such ad' }) },
  }),
  ban: createRoute({
    method: 'post',
    path: '/admin/users/{id}/ban',
    tags: ['admin'],
    summary: 'Ban an account: its ads hidden, its sessions revoked, no more sign-in',
    security: bearer,
    request: { params: UserIdParam, body: jsonBody(Reason) },
    responses: {
      200: json(z.object({ message: z.string(), hiddenAds: z.number().int() }), 'Banned'),
      ...adminErrors,
      ...errorResponses(400, { 404: 'No such account', 409: 'Already banned' }),
    },
  }),
};

export function adminRoutes(services: Services) {
  const app = createApiRouter();
  const { db } = services;

  app.openapi(routes.queue, async (c) => {
    requireAdmin(c.get('auth'));
    return c.json(await moderationQueue(services), 200);
  });

  app.openapi(routes.log, async (c) => {
    requireAdmin(c.get('auth'));
    return c.json(await moderationLogEntries(db), 200);
  });

  app.openapi(routes.approve, async (c) => {
    const admin = requireAdmin(c.get('auth')).user;
    await approveListing(services, admin, c.req.valid('param').id);
    return c.json({ message: say(c.get('locale'), (t) => t.api.adApproved) }, 200);
  });

  app.openapi(routes.hide, async (c) => {
    const admin = requireAdmin(c.get('auth')).user;
    await hideListing(services, admin, c.req.valid('param').id, c.req.valid('json').reason);
    return c.json({ message: say(c.get('locale'), (t) => t.api.adHidden) }, 200);
  });

  app.openapi(routes.ban, async (c) => {
    const admin = requireAdmin(c.get('auth')).user;
    const { hiddenAds } = await banUser(services, admin, c.req.valid('param').id, c.req.valid('json').reason);
    return c.json({ message: say(c.get('locale'), (t) => t.api.accountBanned), hiddenAds }, 200);
  });

  return app;
}
