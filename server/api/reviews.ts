import { createRoute, z } from '@hono/zod-openapi';
import { REVIEW_EDIT_DAYS, REVIEW_MESSAGES as M, REVIEW_OUTCOMES, REVIEW_REPLY_MAX, REVIEW_REPORT_DETAILS_MAX, REVIEW_REPORT_REASONS, REVIEW_TEXT_MAX, REVIEWS_PAGE_SIZE } from '#kernel/review-rules.ts';
import type { Services } from '../context.ts';
import { requireAdmin, requireAuth } from '../http/guards.ts';
import { notFound } from '../http/errors.ts';
import { approveReview, rejectReview, restoreReview, reviewQueue } from '../reviews/review-moderation.ts';
import { replyToReview, reportReview, reviewEligibility, sellerReviews, submitReview } from '../reviews/reviews.ts';
import { findSeller } from '../users/sellers.ts';
import { bearer, errorResponses, IdParam, json, jsonBody, MessageSchema } from './openapi.ts';
import { createApiRouter } from './router.ts';
import { say } from '../i18n.ts';

/** Seller reviews (issue 44): the same domain functions and rules as the review form and the seller page. */

const OUTCOMES = REVIEW_OUTCOMES.map((o) => o.value) as [string, ...string[]];
const REPORT_REASONS = REVIEW_REPORT_REASONS.map((r) => r.value) as [string, ...string[]];
const tags = ['reviews'];

const OwnReviewSchema = z
  .object({
    id: z.string().uuid(),
    stars: z.number().int(),
    outcome: z.enum(OUTCOMES),
    body: z.string(),
    status: z.enum(['published', 'held', 'hidden']).openapi({ description: 'held: waits for a moderator; hidden: a moderator removed it' }),
    createdAt: z.string(),
    updatedAt: z.string(),
    editableUntil: z.string().openapi({ description: `${REVIEW_EDIT_DAYS} days after it was written` }),
  })
  .openapi('OwnReview');

const EligibilitySchema = z
  .object({
    allowed: z.boolean(),
    reason: z.string().optional().openapi({ description: 'Why the user may not write or change a review of this ad’s seller' }),
    listingId: z.string().uuid(),
    listingTitle: z.string(),
    seller: z.object({ id: z.string().uuid(), username: z.string(), name: z.string() }),
    review: OwnReviewSchema.nullable(),
  })
  .openapi('ReviewEligibility');

const PublicReviewSchema = z
  .object({
    id: z.string().uuid(),
    stars: z.number().int(),
    outcome: z.enum(OUTCOMES),
    body: z.string().openapi({ description: 'Plain text: show it as text, never as HTML' }),
    author: z.string().openapi({ description: 'First name and initial' }),
    listingTitle: z.string(),
    createdAt: z.string(),
    edited: z.boolean(),
    reply: z.object({ body: z.string(), at: z.string() }).nullable().openapi({ description: 'The seller’s one public reply' }),
    mine: z.boolean().openapi({ description: 'Written by the signed-in user' }),
  })
  .openapi('Review');

const SellerReviewsSchema = z
  .object({
    rating: z.number().nullable().openapi({ description: 'Average stars to one decimal; null when there are no reviews' }),
    count: z.number().int(),
    page: z.number().int(),
    pageCount: z.number().int(),
    items: z.array(PublicReviewSchema),
  })
  .openapi('SellerReviews');

const ReviewBody = z
  .object({
    stars: z.number({ error: M.stars }).int({ error: M.stars }).min(1, { error: M.stars }).max(5, { error: M.stars }),
    outcome: z.enum(OUTCOMES, { error: M.outcome }).openapi({ description: REVIEW_OUTCOMES.map((o) => `${o.value}: ${o.label}`).join('; ') }),
    // Characters as the database counts them (code points), with the form's message.
    body: z.string({ error: M.tooLong }).refine((v) => [...v.trim()].length <= REVIEW_TEXT_MAX, { error: M.tooLong }).optional().openapi({ maxLength: REVIEW_TEXT_MAX, description: 'Optional text' }),
  })
  .openapi('ReviewInput');

const QueueItemSchema = z
  .object({
    id: z.string().uuid(),
    status: z.enum(['published', 'held', 'hidden']),
    heldReason: z.string().nullable(),
    stars: z.number().int(),
    outcome: z.enum(OUTCOMES),
    body: z.string(),
    listingId: z.string().uuid(),
    listingTitle: z.string(),
    seller: z.object({ name: z.string(), username: z.string() }),
    author: z.object({ name: z.string(), email: z.string() }),
    reports: z.array(z.object({ by: z.enum(['seller', 'author']), reason: z.string(), details: z.string(), at: z.string() })),
    since: z.string(),
  })
  .openapi('ReviewQueueItem');

const UsernameParam = z.object({ username: z.string().openapi({ param: { name: 'username', in: 'path' }, example: 'amina.wanjiru' }) });
const PageQuery = z.object({ page: z.string().regex(/^\d{1,5}$/).optional().openapi({ description: `1-based; ${REVIEWS_PAGE_SIZE} reviews a page` }) });

const routes = {
  list: createRoute({
    method: 'get',
    path: '/sellers/{username}/reviews',
    tags,
    summary: 'A seller’s published reviews, newest first, with their average and the seller’s replies',
    request: { params: UsernameParam, query: PageQuery },
    responses: { 200: json(SellerReviewsSchema, 'One page'), ...errorResponses(400, { 404: 'No such seller' }) },
  }),
  mine: createRoute({
    method: 'get',
    path: '/listings/{id}/review',
    tags,
    summary: 'Whether the signed-in user may review this ad’s seller (and why not), and their review if any',
    description: 'Only a buyer who exchanged messages with the seller about this ad, the seller answering at least once, may review; one review per ad.',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(EligibilitySchema, 'What the user may do'), ...errorResponses(401, { 404: 'No such ad' }) },
  }),
  put: createRoute({
    method: 'put',
    path: '/listings/{id}/review',
    tags,
    summary: `Write or change (for ${REVIEW_EDIT_DAYS} days) the signed-in user’s review of this ad’s seller`,
    description:
      'A review waits for a moderator (status held) when its author’s account is less than a day old, when the author already reviewed this seller about another ad, ' +
      'or when the author and the seller have the same verified phone number. Reviews cannot be deleted.',
    security: bearer,
    request: { params: IdParam, body: jsonBody(ReviewBody) },
    responses: {
      200: json(z.object({ message: z.string(), review: OwnReviewSchema }), 'Changed'),
      201: json(z.object({ message: z.string(), review: OwnReviewSchema }), 'Written (published or held)'),
      ...errorResponses(400, 401, { 403: 'Not allowed to review: the message says why', 404: 'No such ad' }),
    },
  }),
  reply: createRoute({
    method: 'post',
    path: '/reviews/{id}/reply',
    tags,
    summary: 'The seller’s one public reply to a review of them',
    security: bearer,
    request: { params: IdParam, body: jsonBody(z.object({ body: z.string().openapi({ maxLength: REVIEW_REPLY_MAX }) })) },
    responses: { 200: json(MessageSchema, 'Replied'), ...errorResponses(400, 401, { 403: 'Not the seller', 404: 'No such review', 409: 'Already replied' }) },
  }),
  report: createRoute({
    method: 'post',
    path: '/reviews/{id}/report',
    tags,
    summary: 'Report a review to the moderators: its seller or its author only',
    security: bearer,
    request: {
      params: IdParam,
      body: jsonBody(
        z.object({
          reason: z.enum(REPORT_REASONS, { error: M.reportReason }).openapi({ description: REVIEW_REPORT_REASONS.map((r) => `${r.value}: ${r.label}`).join('; ') }),
          details: z.string().optional().openapi({ maxLength: REVIEW_REPORT_DETAILS_MAX }),
        }),
      ),
    },
    responses: { 200: json(MessageSchema, 'Reported'), ...errorResponses(400, 401, { 403: 'Neither its seller nor its author', 404: 'No such review' }) },
  }),
  queue: createRoute({
    method: 'get',
    path: '/admin/reviews',
    tags: ['admin'],
    summary: 'Reviews waiting for a moderator, and reported ones, newest first',
    security: bearer,
    responses: { 200: json(z.array(QueueItemSchema), 'At most 100'), ...errorResponses(401, { 403: 'Not an admin' }) },
  }),
  approve: createRoute({
    method: 'post',
    path: '/admin/reviews/{id}/approve',
    tags: ['admin'],
    summary: 'Publish a held review (or keep a reported one); its reports are cleared',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(MessageSchema, 'Published'), ...errorResponses(401, { 403: 'Not an admin', 404: 'No such review' }) },
  }),
  reject: createRoute({
    method: 'post',
    path: '/admin/reviews/{id}/reject',
    tags: ['admin'],
    summary: 'Hide a review: off the seller’s page and average',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(MessageSchema, 'Hidden'), ...errorResponses(401, { 403: 'Not an admin', 404: 'No such review' }) },
  }),
  restore: createRoute({
    method: 'post',
    path: '/admin/reviews/{id}/restore',
    tags: ['admin'],
    summary: 'Put a hidden review back on the seller’s page and average',
    description: 'Each of approve, reject and restore writes a row of the moderation log (GET /api/admin/log).',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(MessageSchema, 'Restored'), ...errorResponses(401, { 403: 'Not an admin', 404: 'No such review', 409: 'The review is not hidden' }) },
  }),
};

export function reviewRoutes(services: Services) {
  const app = createApiRouter();
  const { db } = services;

  app.openapi(routes.list, async (c) => {
    const seller = await findSeller(db, c.req.valid('param').username);
    if (!seller) throw notFound((t) => t.errors.sellerNotFound);
    const viewer = c.get('auth')?.user.id ?? null;
    if (viewer) c.header('Cache-Control', 'private, no-store');
    return c.json(await sellerReviews(db, seller._id, Number(c.req.valid('query').page ?? 1) || 1, viewer), 200);
  });
  app.openapi(routes.mine, async (c) => {
    const auth = requireAuth(c.get('auth'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(await reviewEligibility(db, auth.user.id, c.req.valid('param').id), 200);
  });
  app.openapi(routes.put, async (c) => {
    const auth = requireAuth(c.get('auth'));
    const result = await submitReview(db, auth.user.id, c.req.valid('param').id, c.req.valid('json'));
    return result.created ? c.json({ message: result.message, review: result.review }, 201) : c.json({ message: result.message, review: result.review }, 200);
  });
  app.openapi(routes.reply, async (c) => {
    const auth = requireAuth(c.get('auth'));
    await replyToReview(db, auth.user.id, c.req.valid('param').id, c.req.valid('json').body);
    return c.json({ message: M.replied }, 200);
  });
  app.openapi(routes.report, async (c) => {
    const auth = requireAuth(c.get('auth'));
    await reportReview(db, auth.user.id, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ message: M.reported }, 200);
  });
  app.openapi(routes.queue, async (c) => {
    requireAdmin(c.get('auth'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(await reviewQueue(db), 200);
  });
  app.openapi(routes.approve, async (c) => {
    const admin = requireAdmin(c.get('auth')).user;
    await approveReview(db, admin, c.req.valid('param').id);
    return c.json({ message: say(c.get('locale'), (t) => t.api.reviewPublished) }, 200);
  });
  app.openapi(routes.reject, async (c) => {
    const admin = requireAdmin(c.get('auth')).user;
    await rejectReview(db, admin, c.req.valid('param').id);
    return c.json({ message: say(c.get('locale'), (t) => t.api.reviewHidden) }, 200);
  });
  app.openapi(routes.restore, async (c) => {
    const admin = requireAdmin(c.get('auth')).user;
    await restoreReview(db, admin, c.req.valid('param').id);
    return c.json({ message: say(c.get('locale'), (t) => t.api.reviewRestored) }, 200);
  });
  return app;
}
