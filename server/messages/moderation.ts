import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { DELETED_USER } from '#kernel/message-rules.ts';
import { queryRows, type Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { conversationAudit, conversationReports, conversations, messages } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import type { Services } from '../context.ts';
import { bumpAdStat } from '../listings/ad-stats.ts';
import type { LiveBus } from './live-bus.ts';

/*
 * What moderators see of messages (issue 43): only conversations someone reported or with
 * messages held for review (a sender's repeated risky messages), and each look at one is written
 * to conversation_audit (who, which, when). Callers check the admin role first (requireAdmin in
 * server/http/guards.ts).
 */

export type ReportedConversation = { conversationId: string; listingTitle: string; reason: string; details: string; reportedAt: string; reports: number };

export async function reportedConversations(db: Db, limit = 50): Promise<ReportedConversation[]> {
  const rows = await queryRows<{ conversation_id: string; listing_title: string; reason: string; details: string; reported_at: Date; reports: number }>(
    db,
    sql`SELECT q.conversation_id, c.listing_title, q.reason, q.details, q.reported_at, q.reports FROM (
          SELECT conversation_id, reason, details, created_at AS reported_at, count(*) OVER (PARTITION BY conversation_id)::int AS reports
          FROM conversation_reports
          UNION ALL
          SELECT conversation_id, 'held' AS reason, count(*) || ' message(s) held for review' AS details, max(held_at) AS reported_at, 0 AS reports
          FROM messages WHERE held_at IS NOT NULL GROUP BY conversation_id
        ) q JOIN conversations c ON c.id = q.conversation_id
        ORDER BY q.reported_at DESC LIMIT ${Math.min(200, Math.max(1, limit))}`,
  );
  return rows.map((r) => ({
    conversationId: r.conversation_id,
    listingTitle: r.listing_title,
    reason: r.reason,
    details: r.details,
    reportedAt: new Date(r.reported_at).toISOString(),
    reports: Number(r.reports),
  }));
}

async function inQueue(db: Db, conversationId: string): Promise<boolean> {
  const [report] = await db.select({ at: conversationReports.createdAt }).from(conversationReports).where(eq(conversationReports.conversationId, conversationId)).orderBy(desc(conversationReports.createdAt)).limit(1);
  if (report) return true;
  const [held] = await db.select({ id: messages.id }).from(messages).where(and(eq(messages.conversationId, conversationId), isNotNull(messages.heldAt))).limit(1);
  return Boolean(held);
}

/** A moderator lets a conversation's held messages through: delivered now, counted unread for their reader, pushed to open pages. Audited. */
export async function releaseHeldMessages(deps: Pick<Services, 'db' | 'logger'> & { live?: LiveBus }, moderatorId: string, conversationId: string): Promise<number> {
  const { db, live } = deps;
  if (!isUuid(conversationId)) throw notFound((t) => t.errors.conversationNotFound);
  const { count, people } = await db.transaction(async (tx) => {
    const released = await tx
      .update(messages)
      .set({ withheld: false, heldAt: null })
      .where(and(eq(messages.conversationId, conversationId), isNotNull(messages.heldAt)))
      .returning({ senderId: messages.senderId, createdAt: messages.createdAt });
    if (released.length === 0) throw notFound((t) => t.errors.noHeldMessages);
    const [c] = await tx.select({ buyerId: conversations.buyerId, sellerId: conversations.sellerId, listingId: conversations.listingId }).from(conversations).where(eq(conversations.id, conversationId));
    const toSeller = released.filter((m) => m.senderId === c?.buyerId).length;
    // The buyer's messages reach the seller now: they count in the ad's figures today.
    if (c && toSeller > 0) await bumpAdStat(tx, deps.logger, c.listingId, 'messages', toSeller);
    const latest = new Date(Math.max(...released.map((m) => m.createdAt.getTime())));
    await tx
      .update(conversations)
      .set({
        sellerUnread: sql`${conversations.sellerUnread} + ${toSeller}`,
        buyerUnread: sql`${conversations.buyerUnread} + ${released.length - toSeller}`,
        lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${latest})`,
      })
      .where(eq(conversations.id, conversationId));
    await tx.insert(conversationAudit).values({ conversationId, moderatorId, action: 'release' });
    return { count: released.length, people: [c?.buyerId ?? null, c?.sellerId ?? null] };
  });
  // Open inboxes and threads of both people show the released messages without a reload.
  await live?.publish(people);
  return count;
}

export type ModeratedMessage = { id: string; sender: string; senderId: string | null; body: string; createdAt: string; flagged: string | null; withheld: boolean; held: boolean };

/** A reported conversation's messages, withheld ones included; 404 for one nobody reported. The look is audited. */
export async function readReportedConversation(db: Db, moderatorId: string, conversationId: string): Promise<ModeratedMessage[]> {
  if (!isUuid(conversationId)) throw notFound((t) => t.errors.conversationNotFound);
  if (!(await inQueue(db, conversationId))) throw notFound((t) => t.errors.conversationNotFound);
  await db.insert(conversationAudit).values({ conversationId, moderatorId });
  const rows = await queryRows<{ id: string; sender_id: string | null; body: string; created_at: Date; flagged: string | null; withheld: boolean; held: boolean; first_name: string | null; last_name: string | null }>(
    db,
    sql`SELECT m.id, m.sender_id, m.body, m.created_at, m.flagged, m.withheld, m.held_at IS NOT NULL AS held, u.first_name, u.last_name
        FROM messages m LEFT JOIN users u ON u.id = m.sender_id
        WHERE m.conversation_id = ${conversationId} ORDER BY m.created_at, m.id`,
  );
  return rows.map((m) => ({
    id: m.id,
    sender: m.first_name === null ? DELETED_USER : `${m.first_name} ${m.last_name ?? ''}`.trim(),
    senderId: m.sender_id,
    body: m.body,
    createdAt: new Date(m.created_at).toISOString(),
    flagged: m.flagged,
    withheld: m.withheld,
    held: Boolean(m.held),
  }));
}

/** A conversation in the moderators' screen: why it is there (reports, held messages) and when it last moved. */
export type ConversationCase = {
  id: string;
  listingTitle: string;
  reports: { reason: string; details: string; at: string }[];
  held: number;
  at: string;
};

/** The moderators' queue for the /admin/conversations page: each reported or held conversation once, latest first. */
export async function conversationCases(db: Db, limit = 100): Promise<ConversationCase[]> {
  const rows = await queryRows<{ id: string; listing_title: string; reports: { reason: string; details: string; at: string }[] | null; held: number; at: Date }>(
    db,
    sql`WITH q AS (
          SELECT conversation_id AS id FROM conversation_reports
          UNION SELECT conversation_id FROM messages WHERE held_at IS NOT NULL)
        SELECT c.id, c.listing_title,
          (SELECT json_agg(json_build_object('reason', r.reason, 'details', r.details, 'at', r.created_at) ORDER BY r.created_at DESC)
             FROM conversation_reports r WHERE r.conversation_id = c.id) AS reports,
          (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id AND m.held_at IS NOT NULL) AS held,
          greatest(
            (SELECT max(created_at) FROM conversation_reports r WHERE r.conversation_id = c.id),
            (SELECT max(held_at) FROM messages m WHERE m.conversation_id = c.id AND m.held_at IS NOT NULL)) AS at
        FROM q JOIN conversations c ON c.id = q.id
        ORDER BY at DESC LIMIT ${Math.min(200, Math.max(1, limit))}`,
  );
  return rows.map((r) => ({
    id: r.id,
    listingTitle: r.listing_title,
    reports: (r.reports ?? []).map((x) => ({ reason: x.reason, details: x.details, at: new Date(x.at).toISOString() })),
    held: Number(r.held),
    at: new Date(r.at).toISOString(),
  }));
}

export type Participant = { id: string | null; name: string; banned: boolean; role: 'buyer' | 'seller' };

/** Who is in a queued conversation (for the ban forms), its ad and its reports; 404 when it is not in the queue. Not a look at the messages, so not audited. */
export async function conversationCase(db: Db, conversationId: string): Promise<{ case: ConversationCase; listingId: string; people: Participant[] }> {
  if (!isUuid(conversationId) || !(await inQueue(db, conversationId))) throw notFound((t) => t.errors.conversationNotFound);
  const [c] = await queryRows<{ listing_id: string; listing_title: string; buyer_id: string | null; seller_id: string | null }>(
    db,
    sql`SELECT listing_id, listing_title, buyer_id, seller_id FROM conversations WHERE id = ${conversationId}`,
  );
  const people = await queryRows<{ id: string; first_name: string; last_name: string; banned: boolean }>(
    db,
    sql`SELECT id, first_name, last_name, banned_at IS NOT NULL AS banned FROM users WHERE id IN (${c!.buyer_id}, ${c!.seller_id})`,
  );
  const person = (id: string | null, role: 'buyer' | 'seller'): Participant => {
    const p = people.find((x) => x.id === id);
    return { id: p?.id ?? null, name: p ? `${p.first_name} ${p.last_name}`.trim() : DELETED_USER, banned: Boolean(p?.banned), role };
  };
  const cases = await queryRows<{ reason: string; details: string; created_at: Date }>(
    db,
    sql`SELECT reason, details, created_at FROM conversation_reports WHERE conversation_id = ${conversationId} ORDER BY created_at DESC`,
  );
  const [held] = await queryRows<{ n: number; at: Date | null }>(db, sql`SELECT count(*)::int AS n, max(held_at) AS at FROM messages WHERE conversation_id = ${conversationId} AND held_at IS NOT NULL`);
  const reports = cases.map((r) => ({ reason: r.reason, details: r.details, at: new Date(r.created_at).toISOString() }));
  const latest = Math.max(...reports.map((r) => Date.parse(r.at)), held?.at ? new Date(held.at).getTime() : 0);
  return {
    case: { id: conversationId, listingTitle: c!.listing_title, reports, held: Number(held?.n ?? 0), at: new Date(latest).toISOString() },
    listingId: c!.listing_id,
    people: [person(c!.buyer_id, 'buyer'), person(c!.seller_id, 'seller')],
  };
}

/**
 * A moderator closes a case with nothing to act on: the reports are removed and held messages stay
 * undelivered for good (their hold ends; they stay withheld, seen only by their sender). Audited.
 */
export async function dismissConversation(db: Db, moderatorId: string, conversationId: string): Promise<void> {
  if (!isUuid(conversationId) || !(await inQueue(db, conversationId))) throw notFound((t) => t.errors.conversationNotFound);
  await db.transaction(async (tx) => {
    await tx.delete(conversationReports).where(eq(conversationReports.conversationId, conversationId));
    await tx.update(messages).set({ heldAt: null }).where(and(eq(messages.conversationId, conversationId), isNotNull(messages.heldAt)));
    await tx.insert(conversationAudit).values({ conversationId, moderatorId, action: 'dismiss' });
  });
}

/** Records in the conversation's audit that a moderator banned one of its people (the ban itself: banUser, server/moderation/moderation.ts). */
export async function auditConversationBan(db: Db, moderatorId: string, conversationId: string): Promise<void> {
  await db.insert(conversationAudit).values({ conversationId, moderatorId, action: 'ban' });
}

export type AuditEntry = { at: string; moderator: string; action: 'view' | 'dismiss' | 'release' | 'ban' };

/** The latest looks and actions on a conversation, for its moderator page. */
export async function conversationAuditLog(db: Db, conversationId: string, limit = 20): Promise<AuditEntry[]> {
  const rows = await queryRows<{ created_at: Date; first_name: string | null; last_name: string | null; action: AuditEntry['action'] }>(
    db,
    sql`SELECT a.created_at, u.first_name, u.last_name, a.action FROM conversation_audit a LEFT JOIN users u ON u.id = a.moderator_id
        WHERE a.conversation_id = ${conversationId} ORDER BY a.created_at DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({ at: new Date(r.created_at).toISOString(), moderator: r.first_name === null ? DELETED_USER : `${r.first_name} ${r.last_name ?? ''}`.trim(), action: r.action }));
}
