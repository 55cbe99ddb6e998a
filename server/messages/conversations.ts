import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { CONVERSATION_REPORT_REASONS, DELETED_USER, MAX_MESSAGE_LENGTH, MESSAGE_TEXTS, messageWarning, type ConversationReportReasonValue } from '#kernel/message-rules.ts';
import type { Services } from '../context.ts';
import { queryPrepared, queryRows, type Db } from '../db/client.ts';
import { adStatUpsert } from '../listings/ad-stats.ts';
import { isUuid } from '../db/ids.ts';
import { conversationReports, conversations, listings, userBlocks, users } from '../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { assessMessage } from './message-risk.ts';
import type { AdState, ConversationAd } from '#kernel/message-rules.ts';
import { english, englishText, QUICK_REPLIES_ANY_LANGUAGE } from '../i18n.ts';

export type { ConversationAd };

/*
 * Messages between buyers and sellers (issue 43). Every function takes the acting user's id from
 * the session, never from the client, and finds a conversation only among that user's own: to
 * anyone else a conversation does not exist (404, the same as an unknown id), so nothing leaks.
 */

type Deps = Pick<Services, 'db' | 'rateLimits' | 'live' | 'logger'>;
type Side = 'buyer' | 'seller';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Risky messages a sender may send in a day before their messages wait for a moderator. */
export const RISKY_MESSAGES_BEFORE_HOLD = 3;
export const THREAD_LIMIT = 200;
export const INBOX_LIMIT = 50;

export type MessageJson = { id: string; mine: boolean; sender: string; body: string; createdAt: string; warning: string | null };

export type InboxItem = {
  id: string;
  role: Side;
  other: string;
  ad: ConversationAd;
  lastMessage: { body: string; mine: boolean; createdAt: string; warning: string | null };
  unread: number;
  lastMessageAt: string;
};

export type Thread = {
  id: string;
  role: Side;
  other: string;
  otherGone: boolean;
  blockedByMe: boolean;
  ad: ConversationAd;
  messages: MessageJson[];
  /** The oldest message shown, when there are earlier ones: the "Earlier messages" page starts before it. */
  earlierBefore: string | null;
};

type ConversationRow = typeof conversations.$inferSelect;

const iso = (v: unknown) => new Date(v as string | Date).toISOString();
const nameOf = (first: string | null, last: string | null) => (first === null ? DELETED_USER : `${first} ${last ?? ''}`.trim());

/** The message as given, trimmed; a clear 400 when empty or too long. */
export function checkBody(body: unknown): string {
  const text = typeof body === 'string' ? body.replace(/\r\n/g, '\n').trim() : '';
  if (!text) throw badRequest(MESSAGE_TEXTS.empty, [{ msg: MESSAGE_TEXTS.empty, path: 'body' }]);
  if (text.length > MAX_MESSAGE_LENGTH) throw badRequest(MESSAGE_TEXTS.tooLong, [{ msg: MESSAGE_TEXTS.tooLong, path: 'body' }]);
  return text;
}

/** The user's side of a conversation they take part in; 404 for anyone else. */
async function ownConversation(db: Db, userId: string, id: string): Promise<{ row: ConversationRow; side: Side; otherId: string | null }> {
  if (!isUuid(id)) throw notFound(MESSAGE_TEXTS.notFound);
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  if (!row || (row.buyerId !== userId && row.sellerId !== userId)) throw notFound(MESSAGE_TEXTS.notFound);
  const side: Side = row.buyerId === userId ? 'buyer' : 'seller';
  return { row, side, otherId: side === 'buyer' ? row.sellerId : row.buyerId };
}

const isBlocked = async (db: Db, blockerId: string, blockedId: string) =>
  (await db.select({ one: sql`1` }).from(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId))).limit(1)).length > 0;

/**
 * Writes to the seller of an ad: a new conversation, or the next message of the buyer's existing
 * one ("writing again continues it", also once the ad is sold). Only an active ad starts one, and
 * never the buyer's own ad.
 */
export async function messageSeller(deps: Deps, buyerId: string, listingId: string, rawBody: unknown): Promise<{ conversationId: string; messageId: string }> {
  const { db } = deps;
  if (!isUuid(listingId)) throw notFound((t) => t.errors.listingNotFound);
  const body = checkBody(rawBody);
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.listingId, listingId), eq(conversations.buyerId, buyerId)))
    .limit(1);
  if (existing) {
    const messageId = await sendMessage(deps, buyerId, existing.id, body);
    return { conversationId: existing.id, messageId };
  }
  const [ad] = await db.select({ ownerId: listings.ownerId, title: listings.title, status: listings.status }).from(listings).where(eq(listings.id, listingId)).limit(1);
  if (!ad) throw notFound((t) => t.errors.listingNotFound);
  if (ad.ownerId === buyerId) throw forbidden(MESSAGE_TEXTS.ownAd);
  if (ad.status !== 'active') throw conflict(MESSAGE_TEXTS.adUnavailable);
  await countNewConversation(deps, buyerId, body);
  const created = await db
    .insert(conversations)
    .values({ listingId, listingTitle: ad.title, buyerId, sellerId: ad.ownerId })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  // Two first messages at once (a double tap): the second joins the first's conversation.
  const conversationId =
    created[0]?.id ??
    (await db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.listingId, listingId), eq(conversations.buyerId, buyerId))).limit(1))[0]!.id;
  const messageId = await sendMessage(deps, buyerId, conversationId, body);
  return { conversationId, messageId };
}

/** The new-conversation limits: 5 a day for an account less than a day old, 30 an hour for any, and the same free text to several sellers. */
async function countNewConversation(deps: Deps, buyerId: string, body: string): Promise<void> {
  const [buyer] = await deps.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, buyerId)).limit(1);
  if (!buyer || Date.now() - buyer.createdAt.getTime() < DAY_MS) await deps.rateLimits.hit('conversationsPerNewAccount', buyerId);
  await deps.rateLimits.hit('conversationsPerAccount', buyerId);
  const normalized = body.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const quick = QUICK_REPLIES_ANY_LANGUAGE.some((q) => q.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim() === normalized);
  if (!quick) await deps.rateLimits.hit('sameFirstMessage', `${buyerId}:${createHash('sha256').update(normalized).digest('base64url').slice(0, 22)}`);
}

/**
 * Sends a message in a conversation the user takes part in. When the other person blocks the
 * sender, the message is kept and shown to the sender as sent, but never delivered: the blocked
 * person is not told.
 */
export async function sendMessage(deps: Deps, senderId: string, conversationId: string, rawBody: unknown): Promise<string> {
  const { db } = deps;
  const body = checkBody(rawBody);
  const about = await sendingContext(db, senderId, conversationId);
  if (!about.otherId) throw conflict(MESSAGE_TEXTS.otherLeft);
  await deps.rateLimits.hit('messagesPerAccount', senderId);
  const withheld = about.blocked;
  const flagged = assessMessage(body, about.earlier);
  // Past a few risky messages a day (this one included), a sender's messages wait for a moderator
  // (releaseHeldMessages) instead of being delivered; they see them as sent, like a blocked sender.
  const held = !withheld && about.riskyToday + (flagged !== null ? 1 : 0) > RISKY_MESSAGES_BEFORE_HOLD;
  const hidden = withheld || held;
  // One statement, so one round trip and atomic without a transaction: the message, the sender's
  // read mark, and (when delivered) the other side's unread count and the inbox order.
  const mine = about.side === 'buyer' ? sql`buyer_last_read_at = m.created_at` : sql`seller_last_read_at = m.created_at`;
  const theirs = hidden ? sql`` : about.side === 'buyer' ? sql`, seller_unread = seller_unread + 1, last_message_at = m.created_at` : sql`, buyer_unread = buyer_unread + 1, last_message_at = m.created_at`;
  // The seller's figure (Manage ads, server/listings/ad-stats.ts) counts buyers' messages that reach
  // them, not their own replies nor withheld or held ones; bumped in the same statement, a plain upsert.
  const counted = about.side === 'buyer' && !hidden;
  // Prepared (its text differs only by side and delivery, so one name each): planning it took
  // longer than running it.
  const [written] = await queryPrepared<{ id: string }>(
    db,
    `messages_send_${about.side}${hidden ? '_hidden' : ''}`,
    sql`WITH m AS (
          INSERT INTO messages (conversation_id, sender_id, body, flagged, withheld, held_at)
          VALUES (${conversationId}, ${senderId}, ${body}, ${flagged}, ${hidden}, ${held ? new Date() : null})
          RETURNING id, created_at)
        ${counted ? sql`, stat AS (${adStatUpsert(about.listingId, 'messages')})` : sql``}
        UPDATE conversations SET ${mine}${theirs} FROM m WHERE conversations.id = ${conversationId} RETURNING m.id`,
  );
  // After the commit, so that whoever is told reads the message. A withheld one is news only to its sender (their other tabs).
  await deps.live?.publish(hidden ? [senderId] : [senderId, about.otherId]);
  return written!.id;
}

/**
 * What sending a message needs to know, read in one statement (sending is the busiest write):
 * the sender's side of the conversation, whether the other person blocks them, how many
 * messages they wrote here (a first message is judged more strictly) and how many risky ones
 * they sent in the last day.
 */
async function sendingContext(db: Db, senderId: string, conversationId: string) {
  if (!isUuid(conversationId)) throw notFound(MESSAGE_TEXTS.notFound);
  const [row] = await queryPrepared<{ listing_id: string; buyer_id: string | null; seller_id: string | null; blocked: boolean; earlier: number; risky: number }>(
    db,
    'messages_send_context',
    sql`SELECT c.listing_id, c.buyer_id, c.seller_id,
          EXISTS (SELECT 1 FROM user_blocks b
                   WHERE b.blocker_id = CASE WHEN c.buyer_id = ${senderId} THEN c.seller_id ELSE c.buyer_id END AND b.blocked_id = ${senderId}) AS blocked,
          (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = ${senderId})::int AS earlier,
          (SELECT count(*) FROM messages m
            WHERE m.sender_id = ${senderId} AND m.flagged IS NOT NULL AND m.created_at > ${new Date(Date.now() - DAY_MS)})::int AS risky
        FROM conversations c
        WHERE c.id = ${conversationId} AND (c.buyer_id = ${senderId} OR c.seller_id = ${senderId})`,
  );
  if (!row) throw notFound(MESSAGE_TEXTS.notFound);
  const side: Side = row.buyer_id === senderId ? 'buyer' : 'seller';
  return { side, listingId: row.listing_id, otherId: side === 'buyer' ? row.seller_id : row.buyer_id, blocked: row.blocked, earlier: Number(row.earlier), riskyToday: Number(row.risky) };
}

const AD_COLUMNS = sql`l.status AS l_status, l.price AS l_price, l.currency AS l_currency, l.title AS l_title,
  img.storage_key AS img_key, img.width AS img_width, img.height AS img_height`;
const AD_JOINS = sql`LEFT JOIN listings l ON l.id = c.listing_id
  LEFT JOIN LATERAL (SELECT storage_key, width, height FROM listing_images WHERE listing_id = c.listing_id ORDER BY position LIMIT 1) img ON true`;

type AdRow = {
  listing_id: string;
  listing_title: string;
  l_status: string | null;
  l_price: number | string | null;
  l_currency: string | null;
  l_title: string | null;
  img_key: string | null;
  img_width: number | null;
  img_height: number | null;
};

function adOf(r: AdRow): ConversationAd {
  const state: AdState =
    r.l_status === null ? 'deleted' : r.l_status === 'active' || r.l_status === 'sold' || r.l_status === 'expired' ? r.l_status : 'unavailable';
  return {
    id: r.listing_id,
    title: r.l_title ?? r.listing_title,
    state,
    price: r.l_price === null ? null : Number(r.l_price),
    currency: r.l_currency,
    photo: r.img_key && state !== 'deleted' ? { key: r.img_key, width: Number(r.img_width), height: Number(r.img_height) } : null,
  };
}

/** The user's conversations, latest activity first: the ad, the other person, the last message they may see, the unread count. */
export async function listInbox(db: Db, userId: string, limit = INBOX_LIMIT): Promise<InboxItem[]> {
  const n = Math.min(100, Math.max(1, Math.floor(limit)));
  const rows = await queryPrepared<
    AdRow & { id: string; role: Side; unread: number; last_message_at: Date; first_name: string | null; last_name: string | null; m_body: string; m_sender: string | null; m_at: Date; m_flagged: string | null }
  >(
    db,
    'messages_inbox',
    sql`SELECT c.id, c.listing_id, c.listing_title, c.last_message_at, c.role, c.unread,
          o.first_name, o.last_name, m.body AS m_body, m.sender_id AS m_sender, m.created_at AS m_at, m.flagged AS m_flagged, ${AD_COLUMNS}
        FROM (
          (SELECT id, listing_id, listing_title, last_message_at, 'buyer' AS role, buyer_unread AS unread, seller_id AS other_id, buyer_deleted_at AS deleted_at
             FROM conversations WHERE buyer_id = ${userId} AND (buyer_deleted_at IS NULL OR last_message_at > buyer_deleted_at)
             ORDER BY last_message_at DESC, id DESC LIMIT ${n})
          UNION ALL
          (SELECT id, listing_id, listing_title, last_message_at, 'seller' AS role, seller_unread AS unread, buyer_id AS other_id, seller_deleted_at AS deleted_at
             FROM conversations WHERE seller_id = ${userId} AND (seller_deleted_at IS NULL OR last_message_at > seller_deleted_at)
             ORDER BY last_message_at DESC, id DESC LIMIT ${n})
        ) c
        JOIN LATERAL (
          SELECT body, sender_id, created_at, flagged FROM messages
          WHERE conversation_id = c.id AND (NOT withheld OR sender_id = ${userId}) AND created_at > coalesce(c.deleted_at, '-infinity')
          ORDER BY created_at DESC, id DESC LIMIT 1
        ) m ON true
        LEFT JOIN users o ON o.id = c.other_id
        ${AD_JOINS}
        ORDER BY c.last_message_at DESC, c.id DESC
        LIMIT ${n}`,
  );
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    other: nameOf(r.first_name, r.last_name),
    ad: adOf(r),
    lastMessage: { body: r.m_body, mine: r.m_sender === userId, createdAt: iso(r.m_at), warning: r.m_sender === userId ? null : messageWarning(r.m_flagged) },
    unread: Number(r.unread),
    lastMessageAt: iso(r.last_message_at),
  }));
}

/**
 * The header's unread count: messages the user has not read, over all their conversations. One
 * primary-key read of the total that triggers keep (migration 1950), whatever the inbox's size.
 */
export async function unreadCount(db: Db, userId: string, except?: string): Promise<number> {
  // `except`: the thread being opened, which its page marks read at the same moment.
  const skip = except && isUuid(except) ? except : null;
  const [row] = await queryPrepared<{ n: number }>(db, skip ? 'messages_unread_except' : 'messages_unread', sql`SELECT ${unreadSql(userId, skip)} AS n`);
  return Number(row?.n ?? 0);
}

/** The user's unread total as an expression, less what the conversation `except` holds for them. */
function unreadSql(userId: string, except: string | null) {
  const total = sql`coalesce((SELECT unread FROM message_unread_totals WHERE user_id = ${userId}), 0)`;
  if (!except) return sql`greatest(${total}, 0)`;
  return sql`greatest(${total} - coalesce((SELECT CASE WHEN buyer_id = ${userId} THEN buyer_unread ELSE seller_unread END
      FROM conversations WHERE id = ${except} AND (buyer_id = ${userId} OR seller_id = ${userId})), 0), 0)`;
}

/**
 * A conversation the user takes part in, with its messages: the last THREAD_LIMIT, or the
 * THREAD_LIMIT before the message `before` (an earlier page); marks it read unless asked not to.
 */
export async function readThread(db: Db, userId: string, conversationId: string, options: { markRead?: boolean; before?: string | null } = {}): Promise<Thread> {
  const { row, side, otherId } = await ownConversation(db, userId, conversationId);
  const deletedAt = side === 'buyer' ? row.buyerDeletedAt : row.sellerDeletedAt;
  // A cursor that is not one of this conversation's messages matches nothing: an empty page, never another thread's.
  const before = options.before ? (isUuid(options.before) ? options.before : '00000000-0000-0000-0000-000000000000') : null;
  const [adRow] = await queryRows<AdRow>(
    db,
    sql`SELECT c.listing_id, c.listing_title, ${AD_COLUMNS} FROM conversations c ${AD_JOINS} WHERE c.id = ${conversationId}`,
  );
  const rows = await queryRows<{ id: string; sender_id: string | null; body: string; created_at: Date; flagged: string | null; first_name: string | null; last_name: string | null }>(
    db,
    sql`SELECT * FROM (
          SELECT m.id, m.sender_id, m.body, m.created_at, m.flagged, u.first_name, u.last_name
          FROM messages m LEFT JOIN users u ON u.id = m.sender_id
          WHERE m.conversation_id = ${conversationId} AND (NOT m.withheld OR m.sender_id = ${userId})
            ${deletedAt ? sql`AND m.created_at > ${deletedAt}` : sql``}
            ${before ? sql`AND (m.created_at, m.id) < (SELECT created_at, id FROM messages WHERE id = ${before} AND conversation_id = ${conversationId})` : sql``}
          ORDER BY m.created_at DESC, m.id DESC LIMIT ${THREAD_LIMIT + 1}) t
        ORDER BY created_at, id`,
  );
  // One more than a page was read: its presence says there are earlier messages.
  const more = rows.length > THREAD_LIMIT;
  if (more) rows.shift();
  const [other] = otherId ? await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, otherId)).limit(1) : [];
  if (options.markRead !== false) await markRead(db, userId, conversationId, side);
  return {
    id: row.id,
    role: side,
    other: nameOf(other?.firstName ?? null, other?.lastName ?? null),
    otherGone: !otherId,
    blockedByMe: otherId ? await isBlocked(db, userId, otherId) : false,
    ad: adOf(adRow!),
    messages: rows.map((m) => ({
      id: m.id,
      mine: m.sender_id === userId,
      sender: m.sender_id === userId ? 'You' : nameOf(m.first_name, m.last_name),
      body: m.body,
      createdAt: iso(m.created_at),
      // The warning is for the person reading a risky message, not for the one who wrote it.
      warning: m.sender_id === userId ? null : messageWarning(m.flagged),
    })),
    earlierBefore: more ? rows[0]!.id : null,
  };
}

async function markRead(db: Db, userId: string, conversationId: string, side: Side): Promise<void> {
  const now = new Date();
  const set = side === 'buyer' ? { buyerUnread: 0, buyerLastReadAt: now } : { sellerUnread: 0, sellerLastReadAt: now };
  await db.update(conversations).set(set).where(eq(conversations.id, conversationId));
}

/** Marks a conversation read (the API's "mark read"; a page does it by opening the thread). */
export async function markConversationRead(db: Db, userId: string, conversationId: string): Promise<void> {
  const { side } = await ownConversation(db, userId, conversationId);
  await markRead(db, userId, conversationId, side);
}

/** Hides the conversation from the user's inbox only; a newer message brings it back, without the older ones. */
export async function deleteForMe(db: Db, userId: string, conversationId: string): Promise<void> {
  const { side } = await ownConversation(db, userId, conversationId);
  const now = new Date();
  const set = side === 'buyer' ? { buyerDeletedAt: now, buyerUnread: 0 } : { sellerDeletedAt: now, sellerUnread: 0 };
  await db.update(conversations).set(set).where(eq(conversations.id, conversationId));
}

/** Blocks (or unblocks) the other person of a conversation: their messages to this user are no longer delivered, on any ad. */
export async function setBlocked(deps: Deps, userId: string, conversationId: string, blocked: boolean): Promise<void> {
  const { otherId } = await ownConversation(deps.db, userId, conversationId);
  if (!otherId) throw conflict(MESSAGE_TEXTS.otherLeft);
  await deps.rateLimits.hit('conversationActionsPerAccount', userId);
  if (blocked) await deps.db.insert(userBlocks).values({ blockerId: userId, blockedId: otherId }).onConflictDoNothing();
  else await deps.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, otherId)));
}

const REASONS = CONVERSATION_REPORT_REASONS.map((r) => r.value) as string[];

/** Reports a conversation to the moderators (their queue: reportedConversations). A second report by the same person replaces the first. */
export async function reportConversation(deps: Deps, userId: string, conversationId: string, input: { reason?: unknown; details?: unknown }): Promise<void> {
  await ownConversation(deps.db, userId, conversationId);
  const reason = typeof input.reason === 'string' && REASONS.includes(input.reason) ? (input.reason as ConversationReportReasonValue) : null;
  if (!reason) throw badRequest((t) => t.errors.reportReasonRequired, [{ msg: english.errors.reportReasonRequired, path: 'reason' }]);
  const details = typeof input.details === 'string' ? input.details.trim() : '';
  if (details.length > MAX_MESSAGE_LENGTH) throw badRequest((t) => t.errors.detailsTooLong({ max: MAX_MESSAGE_LENGTH }), [{ msg: englishText((t) => t.errors.detailsTooLong({ max: MAX_MESSAGE_LENGTH })), path: 'details' }]);
  await deps.rateLimits.hit('conversationActionsPerAccount', userId);
  await deps.db
    .insert(conversationReports)
    .values({ conversationId, reporterId: userId, reason, details })
    .onConflictDoUpdate({ target: [conversationReports.conversationId, conversationReports.reporterId], set: { reason, details, createdAt: new Date() } });
}

/** The ad a "Message seller" form is about (title, whether it can start a conversation, whose it is), or null when it has gone. */
export async function adToMessage(db: Db, listingId: string): Promise<{ id: string; title: string; active: boolean; ownerId: string } | null> {
  if (!isUuid(listingId)) return null;
  const [ad] = await db.select({ title: listings.title, status: listings.status, ownerId: listings.ownerId }).from(listings).where(eq(listings.id, listingId)).limit(1);
  return ad ? { id: listingId, title: ad.title, active: ad.status === 'active', ownerId: ad.ownerId } : null;
}

/** The buyer's conversation about an ad, if they have one (the ad page links to it). */
export async function conversationAbout(db: Db, buyerId: string, listingId: string): Promise<string | null> {
  if (!isUuid(listingId)) return null;
  const [row] = await db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.listingId, listingId), eq(conversations.buyerId, buyerId))).limit(1);
  return row?.id ?? null;
}

/**
 * What changed for the user, as one short string: the latest activity of their conversations and
 * their unread count. The open inbox or thread polls it (every 2 s) and reloads only when it moves.
 * Two index-only reads of the inbox indexes and the unread total's primary key.
 */
export async function messagesVersion(db: Db, userId: string, except?: string): Promise<string> {
  // `except`: the thread being opened, counted as read (its page marks it read just after).
  const skip = except && isUuid(except) ? except : null;
  const [row] = await queryPrepared<{ at: Date | string | null; n: number }>(
    db,
    skip ? 'messages_version_except' : 'messages_version',
    sql`SELECT greatest(
          (SELECT max(last_message_at) FROM conversations WHERE buyer_id = ${userId}),
          (SELECT max(last_message_at) FROM conversations WHERE seller_id = ${userId})) AS at,
        ${unreadSql(userId, skip)} AS n`,
  );
  return `${row?.at ? new Date(row.at).getTime() : 0}.${Number(row?.n ?? 0)}`;
}
