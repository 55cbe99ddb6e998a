import { desc, eq, sql } from 'drizzle-orm';
import { DELETED_USER } from '#kernel/message-rules.ts';
import { queryRows, type Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { conversationAudit, conversationReports } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';

/*
 * What moderators see of messages (issue 43): only reported conversations, and each look at one
 * is written to conversation_audit (who, which, when). Callers check the admin role first
 * (requireAdmin in server/http/guards.ts).
 */

export type ReportedConversation = { conversationId: string; listingTitle: string; reason: string; details: string; reportedAt: string; reports: number };

export async function reportedConversations(db: Db, limit = 50): Promise<ReportedConversation[]> {
  const rows = await queryRows<{ conversation_id: string; listing_title: string; reason: string; details: string; reported_at: Date; reports: number }>(
    db,
    sql`SELECT r.conversation_id, c.listing_title, r.reason, r.details, r.created_at AS reported_at,
          count(*) OVER (PARTITION BY r.conversation_id)::int AS reports
        FROM conversation_reports r JOIN conversations c ON c.id = r.conversation_id
        ORDER BY r.created_at DESC LIMIT ${Math.min(200, Math.max(1, limit))}`,
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

export type ModeratedMessage = { id: string; sender: string; senderId: string | null; body: string; createdAt: string; flagged: string | null; withheld: boolean };

/** A reported conversation's messages, withheld ones included; 404 for one nobody reported. The look is audited. */
export async function readReportedConversation(db: Db, moderatorId: string, conversationId: string): Promise<ModeratedMessage[]> {
  if (!isUuid(conversationId)) throw notFound('Conversation not found.');
  const [report] = await db.select({ at: conversationReports.createdAt }).from(conversationReports).where(eq(conversationReports.conversationId, conversationId)).orderBy(desc(conversationReports.createdAt)).limit(1);
  if (!report) throw notFound('Conversation not found.');
  await db.insert(conversationAudit).values({ conversationId, moderatorId });
  const rows = await queryRows<{ id: string; sender_id: string | null; body: string; created_at: Date; flagged: string | null; withheld: boolean; first_name: string | null; last_name: string | null }>(
    db,
    sql`SELECT m.id, m.sender_id, m.body, m.created_at, m.flagged, m.withheld, u.first_name, u.last_name
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
  }));
}
