import { createRoute, z } from '@hono/zod-openapi';
import { CONVERSATION_REPORT_REASONS, MAX_MESSAGE_LENGTH, MESSAGE_TEXTS } from '#kernel/message-rules.ts';
import type { Services } from '../context.ts';
import { requireAdmin, requireAuth } from '../http/guards.ts';
import { deleteForMe, listInbox, markConversationRead, messageSeller, readThread, reportConversation, sendMessage, setBlocked, unreadCount } from '../messages/conversations.ts';
import { readReportedConversation, releaseHeldMessages, reportedConversations } from '../messages/moderation.ts';
import { bearer, errorResponses, IdParam, json, jsonBody, MessageSchema } from './openapi.ts';
import { createApiRouter } from './router.ts';

/** Messages between buyers and sellers (issue 43): the same domain functions, rules and limits as the /messages pages. */

const AdSchema = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    state: z.enum(['active', 'sold', 'expired', 'unavailable', 'deleted']).openapi({ description: 'The ad now: a sold, expired or deleted ad keeps its conversation' }),
    price: z.number().int().nullable(),
    currency: z.string().nullable(),
    photo: z.object({ key: z.string(), width: z.number().int(), height: z.number().int() }).nullable().openapi({ description: 'Cover photo; its card files are /media/{key}-c320.webp etc.' }),
  })
  .openapi('ConversationAd');

const MessageItemSchema = z
  .object({
    id: z.string().uuid(),
    mine: z.boolean(),
    sender: z.string().openapi({ description: '"You", the other person\'s name, or "Deleted user"' }),
    body: z.string().openapi({ description: 'Plain text: show it as text, never as HTML' }),
    createdAt: z.string(),
    warning: z.string().nullable().openapi({ description: 'A safety warning to show beside a risky message from the other person' }),
  })
  .openapi('ChatMessage');

const InboxItemSchema = z
  .object({
    id: z.string().uuid(),
    role: z.enum(['buyer', 'seller']),
    other: z.string(),
    ad: AdSchema,
    lastMessage: z.object({ body: z.string(), mine: z.boolean(), createdAt: z.string(), warning: z.string().nullable() }),
    unread: z.number().int(),
    lastMessageAt: z.string(),
  })
  .openapi('InboxItem');

const ThreadSchema = z
  .object({ id: z.string().uuid(), role: z.enum(['buyer', 'seller']), other: z.string(), otherGone: z.boolean(), blockedByMe: z.boolean(), ad: AdSchema, messages: z.array(MessageItemSchema),
    earlierBefore: z.string().uuid().nullable().openapi({ description: 'When there are earlier messages: pass it as `before` for the page before this one' }) })
  .openapi('Thread');

const BodySchema = z.object({ body: z.string().openapi({ description: `1 to ${MAX_MESSAGE_LENGTH} characters`, example: 'Is this still available?' }) });
const REASONS = CONVERSATION_REPORT_REASONS.map((r) => r.value) as [string, ...string[]];

const tags = ['messages'];
const routes = {
  inbox: createRoute({
    method: 'get',
    path: '/conversations',
    tags,
    summary: 'The signed-in user’s conversations, latest activity first, and their unread count',
    security: bearer,
    responses: { 200: json(z.object({ items: z.array(InboxItemSchema), unread: z.number().int() }).openapi('Inbox'), 'The inbox'), ...errorResponses(401) },
  }),
  start: createRoute({
    method: 'post',
    path: '/conversations',
    tags,
    summary: 'Write to the seller of an ad (starts the conversation, or continues the buyer’s existing one)',
    description:
      'Only an active ad starts a conversation; a seller cannot write about their own ad. Accounts less than a day old start at most 5 conversations a day, any account 30 an hour; the same free text to several sellers is refused as spam.',
    security: bearer,
    request: { body: jsonBody(BodySchema.extend({ listingId: z.string() }).openapi('NewConversation')) },
    responses: {
      201: json(z.object({ conversationId: z.string().uuid(), messageId: z.string().uuid() }), 'Sent'),
      ...errorResponses(400, 401, { 403: 'Your own ad', 404: 'Listing not found', 409: 'The ad is no longer active' }, 429),
    },
  }),
  thread: createRoute({
    method: 'get',
    path: '/conversations/{id}/messages',
    tags,
    summary: 'A conversation and its messages, oldest first: the latest 200, or the 200 before `before` (does not mark it read)',
    security: bearer,
    request: { params: IdParam, query: z.object({ before: z.string().optional().openapi({ description: 'A message id (earlierBefore of the later page)' }) }) },
    responses: { 200: json(ThreadSchema, 'The thread'), ...errorResponses(401, { 404: 'No such conversation of yours' }) },
  }),
  send: createRoute({
    method: 'post',
    path: '/conversations/{id}/messages',
    tags,
    summary: 'Send a message in a conversation',
    security: bearer,
    request: { params: IdParam, body: jsonBody(BodySchema.openapi('NewMessage')) },
    responses: { 201: json(z.object({ messageId: z.string().uuid() }), 'Sent'), ...errorResponses(400, 401, { 404: 'No such conversation of yours', 409: 'The other person deleted their account' }, 429) },
  }),
  read: createRoute({
    method: 'post',
    path: '/conversations/{id}/read',
    tags,
    summary: 'Mark a conversation read',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(MessageSchema, 'Marked read'), ...errorResponses(401, { 404: 'No such conversation of yours' }) },
  }),
  block: createRoute({
    method: 'put',
    path: '/conversations/{id}/block',
    tags,
    summary: 'Block the other person: their messages to you are no longer delivered (they are not told)',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(MessageSchema, 'Blocked'), ...errorResponses(401, { 404: 'No such conversation of yours' }, 409, 429) },
  }),
  unblock: createRoute({
    method: 'delete',
    path: '/conversations/{id}/block',
    tags,
    summary: 'Unblock the other person',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(MessageSchema, 'Unblocked'), ...errorResponses(401, { 404: 'No such conversation of yours' }, 409, 429) },
  }),
  report: createRoute({
    method: 'post',
    path: '/conversations/{id}/report',
    tags,
    summary: 'Report a conversation to the moderators',
    security: bearer,
    request: { params: IdParam, body: jsonBody(z.object({ reason: z.enum(REASONS), details: z.string().optional() }).openapi('ConversationReport')) },
    responses: { 200: json(MessageSchema, 'Reported'), ...errorResponses(400, 401, { 404: 'No such conversation of yours' }, 429) },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/conversations/{id}',
    tags,
    summary: 'Delete a conversation from your inbox only (the other person keeps it; a newer message brings it back)',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(MessageSchema, 'Deleted for you'), ...errorResponses(401, { 404: 'No such conversation of yours' }) },
  }),
  reports: createRoute({
    method: 'get',
    path: '/admin/conversation-reports',
    tags,
    summary: 'Moderators: reported conversations and those with messages held for review (reason "held"), newest first',
    security: bearer,
    responses: {
      200: json(
        z.array(z.object({ conversationId: z.string().uuid(), listingTitle: z.string(), reason: z.string(), details: z.string(), reportedAt: z.string(), reports: z.number().int() })).openapi('ReportedConversations'),
        'The queue',
      ),
      ...errorResponses(401, 403),
    },
  }),
  reported: createRoute({
    method: 'get',
    path: '/admin/conversation-reports/{id}',
    tags,
    summary: 'Moderators: the messages of a reported or held conversation, withheld ones included (each look is audited)',
    security: bearer,
    request: { params: IdParam },
    responses: {
      200: json(
        z.array(z.object({ id: z.string().uuid(), sender: z.string(), senderId: z.string().nullable(), body: z.string(), createdAt: z.string(), flagged: z.string().nullable(), withheld: z.boolean(), held: z.boolean() })).openapi('ModeratedMessages'),
        'The messages',
      ),
      ...errorResponses(401, 403, { 404: 'Not a reported conversation' }),
    },
  }),
  release: createRoute({
    method: 'post',
    path: '/admin/conversation-reports/{id}/release',
    tags,
    summary: 'Moderators: deliver the messages held for review in a conversation (audited)',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(z.object({ released: z.number().int() }), 'Delivered'), ...errorResponses(401, 403, { 404: 'No held messages there' }) },
  }),
};

export function conversationRoutes(services: Services) {
  const app = createApiRouter();
  const { db } = services;
  const done = (message: string) => ({ message });

  app.openapi(routes.inbox, async (c) => {
    const auth = requireAuth(c.get('auth'));
    c.header('Cache-Control', 'private, no-store');
    const [items, unread] = await Promise.all([listInbox(db, auth.user.id), unreadCount(db, auth.user.id)]);
    return c.json({ items, unread }, 200);
  });
  app.openapi(routes.start, async (c) => {
    const auth = requireAuth(c.get('auth'));
    const { listingId, body } = c.req.valid('json');
    return c.json(await messageSeller(services, auth.user.id, listingId, body), 201);
  });
  app.openapi(routes.thread, async (c) => {
    const auth = requireAuth(c.get('auth'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(await readThread(db, auth.user.id, c.req.valid('param').id, { markRead: false, before: c.req.valid('query').before }), 200);
  });
  app.openapi(routes.send, async (c) => {
    const auth = requireAuth(c.get('auth'));
    const messageId = await sendMessage(services, auth.user.id, c.req.valid('param').id, c.req.valid('json').body);
    return c.json({ messageId }, 201);
  });
  app.openapi(routes.read, async (c) => {
    const auth = requireAuth(c.get('auth'));
    await markConversationRead(db, auth.user.id, c.req.valid('param').id);
    return c.json(done('Marked read.'), 200);
  });
  app.openapi(routes.block, async (c) => {
    const auth = requireAuth(c.get('auth'));
    await setBlocked(services, auth.user.id, c.req.valid('param').id, true);
    return c.json(done(MESSAGE_TEXTS.blocked), 200);
  });
  app.openapi(routes.unblock, async (c) => {
    const auth = requireAuth(c.get('auth'));
    await setBlocked(services, auth.user.id, c.req.valid('param').id, false);
    return c.json(done(MESSAGE_TEXTS.unblocked), 200);
  });
  app.openapi(routes.report, async (c) => {
    const auth = requireAuth(c.get('auth'));
    await reportConversation(services, auth.user.id, c.req.valid('param').id, c.req.valid('json'));
    return c.json(done(MESSAGE_TEXTS.reported), 200);
  });
  app.openapi(routes.remove, async (c) => {
    const auth = requireAuth(c.get('auth'));
    await deleteForMe(db, auth.user.id, c.req.valid('param').id);
    return c.json(done(MESSAGE_TEXTS.deleted), 200);
  });
  app.openapi(routes.reports, async (c) => {
    requireAdmin(c.get('auth'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(await reportedConversations(db), 200);
  });
  app.openapi(routes.reported, async (c) => {
    const auth = requireAdmin(c.get('auth'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(await readReportedConversation(db, auth.user.id, c.req.valid('param').id), 200);
  });
  app.openapi(routes.release, async (c) => {
    const auth = requireAdmin(c.get('auth'));
    return c.json({ released: await releaseHeldMessages(services, auth.user.id, c.req.valid('param').id) }, 200);
  });
  return app;
}
