import { sql } from 'drizzle-orm';
import { isReportReason, REPORT_DETAILS_MAX, REPORT_MESSAGES, type ReportReason } from '#kernel/report-rules.ts';
import type { Services } from '../context.ts';
import { queryRows } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { badRequest } from '../http/errors.ts';
import { viewerKey, type Viewer } from '../listings/engagement.ts';
import { holdIfReported } from './report-holds.ts';

export type ReportInput = { reason: ReportReason; details: string };

/** Checks a report as it came from the form or the API; a 400 with the form's message otherwise. */
export function parseReport(input: { reason?: unknown; details?: unknown }): ReportInput {
  if (!isReportReason(input.reason)) throw badRequest(REPORT_MESSAGES.reason, [{ msg: REPORT_MESSAGES.reason, path: 'reason' }]);
  if (input.details != null && typeof input.details !== 'string') throw badRequest(REPORT_MESSAGES.detailsTooLong, [{ msg: REPORT_MESSAGES.detailsTooLong, path: 'details' }]);
  // Line breaks are welcome in a description of what went wrong; other control characters are not.
  // eslint-disable-next-line no-control-regex
  const details = (input.details ?? '').replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '').trim();
  if ([...details].length > REPORT_DETAILS_MAX) throw badRequest(REPORT_MESSAGES.detailsTooLong, [{ msg: REPORT_MESSAGES.detailsTooLong, path: 'details' }]);
  return { reason: input.reason, details };
}

/**
 * Who a report is from: the account, else the browser's device (its cookie), else, for a request
 * without the cookie, its address: each such request would otherwise be somebody new, free to
 * report again and to use a fresh daily allowance.
 */
const reporterKey = (who: Viewer & { ip: string }) => (who.userId || who.deviceKnown ? viewerKey(who) : `a:${who.ip}`);

/**
 * Records a report of an ad. Anyone may report, signed in or not; a second report by the same
 * person (see reporterKey) replaces their first. Every report is counted against the person and,
 * generously (carrier NAT), the address before anything else, so reports of missing or held ads
 * are throttled too. Only reports from signed-in accounts of some age can hold the ad for review
 * (server/moderation/report-holds.ts). False when there is no such ad (or it is not public:
 * expired, hidden or held).
 */
export async function reportListing(
  deps: Pick<Services, 'db' | 'rateLimits' | 'config'>,
  listingId: string,
  input: { reason?: unknown; details?: unknown },
  who: Viewer & { ip: string },
): Promise<boolean> {
  const report = parseReport(input);
  const reporter = reporterKey(who);
  await deps.rateLimits.hit('reportsPerPerson', reporter);
  await deps.rateLimits.hit('reportsPerIp', who.ip);
  if (!isUuid(listingId)) return false;
  const [listing] = await queryRows<{ owner_id: string }>(deps.db, sql`select owner_id from listings where id = ${listingId} and status in ('active', 'sold')`);
  if (!listing) return false;
  if (who.userId && listing.owner_id === who.userId) throw badRequest(REPORT_MESSAGES.ownAd);
  await deps.db.execute(
    sql`insert into listing_reports (listing_id, reporter, reporter_id, reason, details)
        values (${listingId}, ${reporter}, ${who.userId}, ${report.reason}, ${report.details})
        on conflict (listing_id, reporter) do update
          set reason = excluded.reason, details = excluded.details, created_at = now()`,
  );
  await holdIfReported(deps, listingId, who.ip);
  return true;
}
