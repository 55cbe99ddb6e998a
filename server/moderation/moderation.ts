import { and, eq, sql } from 'drizzle-orm';
import { LIFECYCLE_MESSAGES as M, MODERATION_REASON_MAX } from '#kernel/lifecycle-rules.ts';
import type { Services } from '../context.ts';
import { queryRows, type Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { listings, moderationLog, sessions, users, type ListingStatus, type ModerationAction } from '../db/schema/index.ts';
import { writeLog, type Actor, type Tx } from './moderation-log.ts';
import { countingReporters, holdThreshold, recentUncountedReports, trustedSeller } from './report-holds.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { requireOwnListing } from '../listings/write.ts';

/*
 * Moderation (issue 19, point 2). Admins (users.role = 'admin', made with `npm run admin`)
 * work a queue of reported and held ads: approve (back to public, reports cleared), hide with
 * a reason (the seller sees it in Manage ads, edits the ad and resubmits it: held again, back
 * in the queue), or ban the seller (every ad hidden, every session revoked, no more sign-in).
 * Ads reported by enough signed-in people are held until reviewed (server/moderation/report-holds.ts). Every action,
 * the automatic one included, writes a row of moderation_log: who, when, what, why.
 */


/** A moderator's reason: required (the seller or the log reader sees it), at most MODERATION_REASON_MAX characters. */
export function parseReason(value: unknown): string {
  // eslint-disable-next-line no-control-regex
  const reason = typeof value === 'string' ? value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '').trim() : '';
  if (!reason) throw badRequest(M.reasonRequired, [{ msg: M.reasonRequired, path: 'reason' }]);
  if ([...reason].length > MODERATION_REASON_MAX) throw badRequest(M.reasonTooLong, [{ msg: M.reasonTooLong, path: 'reason' }]);
  return reason;
}

export type QueueReport = { reason: string; details: string; at: string };
export type QueueItem = {
  id: string;
  title: string;
  status: ListingStatus;
  /** Why it is held, or the reason it was hidden before the seller resubmitted it. */
  moderationReason: string | null;
  seller: { id: string; name: string; email: string; username: string; banned: boolean };
  /** Reports not yet reviewed, newest first (one per person). */
  reports: QueueReport[];
  /** When it last needed a look: its newest report, or when it was held. */
  since: string;
  /**
   * Why a public ad should be looked at first: enough reporters to hold it, but it was not held
   * (Featured, or its reporters' hold caps), or a burst of reports that do not count. Null otherwise.
   */
  attention: string | null;
};

function attentionOf(r: { status: ListingStatus; featured: boolean; trusted: boolean; counting: number; weight: number; threshold: number; burst: number }, reportsAutoHide: number): string | null {
  if (r.status !== 'active' && r.status !== 'sold') return null;
  if (r.weight >= r.threshold) {
    if (r.featured) return `Featured ad reported by ${r.counting} signed-in people: featured ads are never held automatically.`;
    if (r.trusted) return `Reported by ${r.counting} signed-in people: the seller has a verified phone and good reviews, so the ad is never held automatically.`;
    return `Reported by ${r.counting} signed-in people, but not held: their daily limit of automatic holds was reached.`;
  }
  if (r.burst >= reportsAutoHide) return `${r.burst} reports within an hour from new accounts or signed-out visitors: check for a report campaign.`;
  return null;
}

/**
 * The queue: held ads, and public ads with reports not yet reviewed. Public ads that need a look
 * first (QueueItem.attention) come at the top; then the newest first.
 */
export async function moderationQueue(deps: Pick<Services, 'db' | 'config'>, limit = 100, now = new Date()): Promise<QueueItem[]> {
  const threshold = deps.config.listings.reportsAutoHide;
  const rows = await queryRows<{
    id: string;
    title: string;
    status: ListingStatus;
    moderation_reason: string | null;
    owner_id: string;
    first_name: string;
    last_name: string;
    email: string;
    username: string;
    banned: boolean;
    reports: QueueReport[] | null;
    since: string | Date;
    featured: boolean;
    trusted: boolean;
    counting: number;
    weight: number;
    threshold: number;
    burst: number;
  }>(
    deps.db,
    sql`with reported as (
          select listing_id, max(created_at) as last_report,
                 json_agg(json_build_object('reason', reason, 'details', details,
                   'at', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by created_at desc) as reports
          from listing_reports group by listing_id
        ),
        queued as (
          select l.id, l.title, l.status, l.moderation_reason, l.owner_id, u.first_name, u.last_name, u.email, u.username,
                 u.banned_at is not null as banned, r.reports,
                 greatest(case when l.status = 'held' then l.status_changed_at end, r.last_report) as since,
                 coalesce(l.featured_until > ${now.toISOString()}::timestamptz, false) as featured,
                 ${trustedSeller(sql`l.owner_id`)} as trusted,
                 case when r.listing_id is null then 0 else (select count(*)::int from (${countingReporters(sql`l.id`, now)}) c) end as counting,
                 case when r.listing_id is null then 0 else (select coalesce(sum(c.weight), 0)::int from (${countingReporters(sql`l.id`, now)}) c) end as weight,
                 ${holdThreshold(sql`l.id`, threshold)} as threshold,
                 case when r.listing_id is null then 0 else ${recentUncountedReports(sql`l.id`, now)} end as burst
          from listings l
          join users u on u.id = l.owner_id
          left join reported r on r.listing_id = l.id
          where l.status = 'held' or (l.status in ('active', 'sold') and r.listing_id is not null)
        )
        select * from queued
        order by (status in ('active', 'sold') and (weight >= threshold or burst >= ${threshold})) desc, since desc, id
        limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    moderationReason: r.moderation_reason,
    seller: { id: r.owner_id, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email, username: r.username, banned: r.banned },
    reports: r.reports ?? [],
    since: new Date(r.since).toISOString(),
    attention: attentionOf(r, threshold),
  }));
}

export type LogEntry = { id: string; at: string; actor: string; action: ModerationAction; subject: string; reason: string; listingId: string | null; userId: string | null; reviewId: string | null };

/** The newest actions first. */
export async function moderationLogEntries(db: Db, limit = 50): Promise<LogEntry[]> {
  const rows = await db
    .select()
    .from(moderationLog)
    .orderBy(sql`${moderationLog.createdAt} desc, ${moderationLog.id}`)
    .limit(limit);
  return rows.map((r) => ({ id: r.id, at: r.createdAt.toISOString(), actor: r.actorName, action: r.action, subject: r.subject, reason: r.reason, listingId: r.listingId, userId: r.userId, reviewId: r.reviewId }));
}

async function findAd(db: Tx, id: string) {
  if (!isUuid(id)) throw notFound((t) => t.errors.listingNotFound);
  const [row] = await db
    .select({ id: listings.id, title: listings.title, status: listings.status, soldAt: listings.soldAt, ownerId: listings.ownerId, ownerBanned: sql<boolean>`${users.bannedAt} is not null` })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .where(eq(listings.id, id))
    .for('update', { of: listings })
    .limit(1);
  if (!row) throw notFound((t) => t.errors.listingNotFound);
  return row;
}

/**
 * Approve: the ad is public again (sold if its seller had marked it sold), its reports are
 * cleared and a hide reason is forgotten. Holding it again on reports then takes more, and
 * older, reporters (server/moderation/report-holds.ts).
 */
export async function approveListing(deps: Pick<Services, 'db'>, admin: Actor, listingId: string, now = new Date()): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const ad = await findAd(tx, listingId);
    if (ad.status === 'expired') throw conflict((t) => t.errors.nothingToApprove);
    if (ad.ownerBanned) throw conflict((t) => t.errors.sellerBanned);
    await tx
      .update(listings)
      .set({ status: ad.soldAt ? 'sold' : 'active', moderationReason: null, statusChangedAt: now })
      .where(eq(listings.id, ad.id));
    await tx.execute(sql`delete from listing_reports where listing_id = ${ad.id}`);
    // Saved-search alerts skipped it while it was held (server/alerts): it is new to buyers now.
    // An ad already announced is not announced again (saved_search_hits).
    if (!ad.soldAt) await tx.execute(sql`insert into alert_queue (listing_id) values (${ad.id}) on conflict do nothing`);
    await writeLog(tx, { actor: admin, action: 'approve', listingId: ad.id, userId: ad.ownerId, subject: ad.title, now });
  });
}

/** Hide with a reason: out of every public path; the seller sees the reason in Manage ads and may edit and resubmit. */
export async function hideListing(deps: Pick<Services, 'db'>, admin: Actor, listingId: string, reasonInput: unknown, now = new Date()): Promise<void> {
  const reason = parseReason(reasonInput);
  await deps.db.transaction(async (tx) => {
    const ad = await findAd(tx, listingId);
    await tx.update(listings).set({ status: 'hidden', moderationReason: reason, statusChangedAt: now }).where(eq(listings.id, ad.id));
    await tx.execute(sql`delete from listing_reports where listing_id = ${ad.id}`);
    await writeLog(tx, { actor: admin, action: 'hide', listingId: ad.id, userId: ad.ownerId, subject: ad.title, reason, now });
  });
}

/** Ban: the account cannot sign in any more, its sessions end now, and every ad of it is hidden. */
export async function banUser(deps: Pick<Services, 'db'>, admin: Actor, userId: string, reasonInput: unknown, now = new Date()): Promise<{ hiddenAds: number }> {
  const reason = parseReason(reasonInput);
  if (!isUuid(userId)) throw notFound((t) => t.errors.userNotFound);
  return deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!user) throw notFound((t) => t.errors.userNotFound);
    if (user.id === admin.id) throw badRequest((t) => t.errors.cannotBanYourself);
    if (user.role === 'admin') throw badRequest((t) => t.errors.cannotBanAdmin);
    if (user.bannedAt) throw conflict((t) => t.errors.alreadyBanned);
    await tx.update(users).set({ bannedAt: now, bannedReason: reason }).where(eq(users.id, user.id));
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, user.id), sql`${sessions.revokedAt} is null`));
    const hidden = await tx
      .update(listings)
      .set({ status: 'hidden', moderationReason: `The seller's account was suspended: ${reason}`, statusChangedAt: now })
      .where(and(eq(listings.ownerId, user.id), sql`${listings.status} <> 'hidden'`))
      .returning({ id: listings.id });
    await tx.execute(sql`delete from listing_reports where listing_id in (select id from listings where owner_id = ${user.id})`);
    await writeLog(tx, { actor: admin, action: 'ban', userId: user.id, subject: `${user.firstName} ${user.lastName} (${user.email})`.trim(), reason, now });
    return { hiddenAds: hidden.length };
  });
}

/** The seller, having edited an ad a moderator hid, asks for another look: held, back in the queue. */
export async function resubmitListing(deps: Pick<Services, 'db'>, seller: Actor, listingId: string, now = new Date()): Promise<void> {
  const row = await requireOwnListing(deps.db, listingId, seller.id, 'resubmit');
  if (row.status !== 'hidden') throw conflict(M.onlyHiddenResubmit);
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(listings)
      .set({ status: 'held', statusChangedAt: now })
      .where(and(eq(listings.id, row.id), eq(listings.ownerId, seller.id), eq(listings.status, 'hidden')))
      .returning({ id: listings.id });
    if (updated.length === 0) throw conflict(M.onlyHiddenResubmit);
    await writeLog(tx, { actor: seller, action: 'resubmit', listingId: row.id, userId: seller.id, subject: row.title, reason: row.moderationReason ?? '', now });
  });
}

/** Makes an existing account an admin (`npm run admin -- --email …`). False when there is no such account. */
export async function makeAdmin(db: Db, email: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ role: 'admin' })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return updated.length > 0;
}
