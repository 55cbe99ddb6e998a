import { REPORT_DETAILS_MAX, REPORT_REASONS } from '#kernel/report-rules.ts';
import { reportAnythingElse, reportThisAd, reportWhy, sendReport } from '#messages/ad.ts';
import { BASE } from '#messages/locale.ts';

/** What the page's action answered to a report: thanks, or what to fix. */
export type ReportResult = { reported: string } | { reportError: string } | undefined;

/**
 * "Report this ad": a plain form posted to the ad page's action, with or without JavaScript
 * (reporting is rare, so a page load costs less than shipping script to every buyer). The
 * disclosure stays open after a post so the answer is where the reporter is looking.
 */
export function ReportAd({ listingId, result }: { listingId: string; result: ReportResult }) {
  const thanks = result && 'reported' in result ? result.reported : null;
  const problem = result && 'reportError' in result ? result.reportError : null;
  return (
    <details id="report" className="card scroll-mt-32 p-4" open={result !== undefined}>
      <summary className="cursor-pointer font-semibold text-red-700 dark:text-red-300">{reportThisAd}</summary>
      {thanks ? (
        <p role="status" className="mt-3 text-sm font-medium" tabIndex={-1}>
          {thanks}
        </p>
      ) : (
        <form method="post" action={`${BASE}/listing/${listingId}#report`} className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="intent" value="report" />
          <fieldset>
            <legend className="text-sm font-medium">{reportWhy}</legend>
            <div className="mt-2 flex flex-col gap-1.5">
              {REPORT_REASONS.map((r) => (
                <label key={r.value} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="reason" value={r.value} required />
                  {r.label}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="flex flex-col gap-1 text-sm">
            <span>{reportAnythingElse}</span>
            <textarea name="details" rows={3} maxLength={REPORT_DETAILS_MAX} className="input" />
          </label>
          {problem && (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {problem}
            </p>
          )}
          <button type="submit" className="btn-secondary">
            {sendReport}
          </button>
        </form>
      )}
    </details>
  );
}
