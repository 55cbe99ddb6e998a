import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { DELETED_USER } from '#kernel/message-rules.ts';
import { queryRows, type Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { conversationAudit, conversationReports, conversations, messages } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';

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

/** A moderator lets a conversation's held messages through: delivered now, counted unread for their reader. Audited. */
export async function releaseHeldMessages(db: Db, moderatorId: string, conversationId: string): Promise<number> {
  if (!isUuid(conversationId)) throw notFound('Conversation not found.');
  return db.transaction(async (tx) => {
    const released = await tx
      .update(messages)
      .set({ withheld: false, heldAt: null })
      .where(and(eq(messages.conversationId, conversationId), isNotNull(messages.heldAt)))
      .returning({ senderId: messages.senderId, createdAt: messages.createdAt });
    if (released.length === 0) throw notFound('No held messages in this conversation.');
    const [c] = await tx.select({ buyerId: conversations.buyerId }).from(conversations).where(eq(conversations.id, conversationId));
    const toSeller = released.filter((m) => m.senderId === c?.buyerId).length;
    const latest = new Date(Math.max(...released.map((m) => m.createdAt.getTime())));
    await tx
      .update(conversations)
      .set({
        sellerUnread: sql`${conversations.sellerUnread} + ${toSeller}`,
        buyerUnread: sql`${conversations.buyerUnread} + ${released.length - toSeller}`,
        lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${latest})`,
      })
      .where(eq(conversations.id, conversationId));
    await tx.insert(conversationAudit).values({ conversationId, moderatorId });
    return released.length;
  });
}

export type ModeratedMessage = { id: string; sender: string; senderId: string | null; body: string; createdAt: string; flagged: string | null; withheld: boolean; held: boolean };

/** A reported conversation's messages, withheld ones included; 404 for one nobody reported. The look is audited. */
export async function readReportedConversation(db: Db, moderatorId: string, conversationId: string): Promise<ModeratedMessage[]> {
  if (!isUuid(conversationId)) throw notFound('Conversation not found.');
  if (!(await inQueue(db, conversationId))) throw notFound('Conversation not found.');
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
