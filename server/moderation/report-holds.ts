import { sql, type SQL } from 'drizzle-orm';
import type { Services } from '../context.ts';
import { queryRows, type Db } from '../db/client.ts';
import { writeLog } from './moderation-log.ts';

/*
 * Which reports may take an ad down by themselves (issue 49, point 1). Anyone may report, and
 * every report reaches the moderators' queue, but an automatic hold needs REPORTS_AUTO_HIDE
 * different signed-in accounts, each older than a day and not banned: signing out or clearing
 * cookies makes a new "person" at no cost, an account a day old costs a day. An ad a moderator
 * approved needs twice as many reporters, each a week old, counting only reports made after
 * the approval. A reporter with a verified phone counts twice (a number costs more than an
 * account; issue 44). A Featured ad, and an ad of a seller with a verified phone and good reviews
 * (HOLD_RULES.trustedSeller), are never held automatically: they go to the top of the queue.
 * Holds are capped per reporting account and per address (RATE_LIMITS.autoHolds*); past the
 * caps the ad waits at the top of the queue too. Reasons in docs/decisions/report-holds.md.
 */

export const HOLD_RULES = {
  reporterMinAge: '1 day',
  /** After a moderator approved the ad. */
  approved: { factor: 2, reporterMinAge: '7 days' },
  /** This many reports within burstWindow from reporters who do not count flag the ad for a look. */
  burstWindow: '1 hour',
  /** A reporter whose phone is verified weighs this much (others 1) toward the threshold. */
  verifiedPhoneWeight: 2,
  /** A seller with a verified phone and at least this many published reviews averaging this much is never held automatically. */
  trustedSeller: { minReviews: 3, minAverage: 4 },
} as const;

/** When a moderator last approved the ad (null: never), read from the moderation log (index of migration 1015). */
const lastApproval = (listingId: SQL) => sql`(select max(m.created_at) from moderation_log m where m.listing_id = ${listingId} and m.action = 'approve')`;

/** The accounts whose reports of the ad count toward holding it, in the order they reported, each with its weight. */
export const countingReporters = (listingId: SQL, now: Date) => sql`
  select r.reporter_id,
         case when u.phone_verified is not null and u.phone_verified = u.phone_number then ${HOLD_RULES.verifiedPhoneWeight}::int else 1 end as weight
  from listing_reports r join users u on u.id = r.reporter_id
  where r.listing_id = ${listingId} and u.banned_at is null
    and u.created_at <= ${now.toISOString()}::timestamptz - (case when ${lastApproval(listingId)} is null
          then ${HOLD_RULES.reporterMinAge} else ${HOLD_RULES.approved.reporterMinAge} end)::interval
    and r.created_at > coalesce(${lastApproval(listingId)}, '-infinity'::timestamptz)
  order by r.created_at`;

/** The seller (`ownerId`) has a verified phone and good reviews (migration 1400's seller_review_stats): their ads are never held automatically. */
export const trustedSeller = (ownerId: SQL) => sql`exists (
  select 1 from users s join seller_review_stats st on st.seller_id = s.id
  where s.id = ${ownerId} and s.phone_verified is not null and s.phone_verified = s.phone_number
    and st.review_count >= ${HOLD_RULES.trustedSeller.minReviews} and st.star_total >= ${HOLD_RULES.trustedSeller.minAverage} * st.review_count)`;

/** How much weight of counting reporters holds the ad: REPORTS_AUTO_HIDE, or more once a moderator approved it. */
export const holdThreshold = (listingId: SQL, reportsAutoHide: number) =>
  sql`(case when ${lastApproval(listingId)} is null then ${reportsAutoHide} else ${reportsAutoHide * HOLD_RULES.approved.factor} end)::int`;

/** Reports of the ad in the last burstWindow from signed-out visitors and accounts under a day old. */
export const recentUncountedReports = (listingId: SQL, now: Date) => sql`(
  select count(*)::int from listing_reports r left join users u on u.id = r.reporter_id
  where r.listing_id = ${listingId} and r.created_at > ${now.toISOString()}::timestamptz - ${HOLD_RULES.burstWindow}::interval
    and (u.id is null or u.created_at > ${now.toISOString()}::timestamptz - ${HOLD_RULES.reporterMinAge}::interval))`;

/**
 * After a report: holds the ad for review when enough reporters count (see above) and the caps
 * allow it. The holding is logged as "Automatic", and every counting reporter's account and the
 * reporting address are charged one hold. True when it was held now.
 */
export async function holdIfReported(
  deps: Pick<Services, 'db' | 'rateLimits' | 'config'>,
  listingId: string,
  reportingIp: string,
  now = new Date(),
): Promise<boolean> {
  const id = sql`${listingId}::uuid`;
  const [ad] = await queryRows<{ featured: boolean; trusted: boolean; threshold: number }>(
    deps.db,
    sql`select coalesce(featured_until > ${now.toISOString()}::timestamptz, false) as featured, ${trustedSeller(sql`owner_id`)} as trusted,
               ${holdThreshold(id, deps.config.listings.reportsAutoHide)} as threshold
        from listings where id = ${id} and status in ('active', 'sold')`,
  );
  if (!ad || ad.featured || ad.trusted) return false;
  const reporters = await queryRows<{ reporter_id: string; weight: number }>(deps.db, countingReporters(id, now));
  const weightOf = (list: typeof reporters) => list.reduce((sum, r) => sum + Number(r.weight), 0);
  if (weightOf(reporters) < ad.threshold) return false;
  if (!(await deps.rateLimits.allows('autoHoldsPerIp', reportingIp, now.getTime()))) return false;
  const allowed: typeof reporters = [];
  for (const reporter of reporters) if (await deps.rateLimits.allows('autoHoldsPerAccount', reporter.reporter_id, now.getTime())) allowed.push(reporter);
  if (weightOf(allowed) < ad.threshold) return false;
  const withinCap = allowed.map((r) => r.reporter_id);

  const held = await deps.db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string; title: string; owner_id: string }>(
      tx as unknown as Db,
      sql`update listings set status = 'held', status_changed_at = ${now.toISOString()}::timestamptz,
                 moderation_reason = ${`Reported by ${withinCap.length} people`}
          where id = ${id} and status in ('active', 'sold')
          returning id, title, owner_id`,
    );
    const row = rows[0];
    if (!row) return false;
    await writeLog(tx, { actor: null, action: 'auto_hold', listingId: row.id, userId: row.owner_id, subject: row.title, reason: `Reported by ${withinCap.length} different people`, now });
    return true;
  });
  if (!held) return false;
  await deps.rateLimits.tryHit('autoHoldsPerIp', reportingIp, now.getTime());
  for (const reporter of withinCap) await deps.rateLimits.tryHit('autoHoldsPerAccount', reporter, now.getTime());
  return true;
}
