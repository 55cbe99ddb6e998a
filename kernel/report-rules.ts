/**
 * Reporting an ad (issue 19): the reasons a buyer can give, their labels and the messages,
 * shared by the server (which enforces them) and the form. Plain constants: browser-safe.
 */
import { detailsTooLongAfter, detailsTooLongBefore, reasonDuplicate, reasonOffensive, reasonOther, reasonScam, reasonUnavailable, reasonWrongCategory, reportOwnAd, reportReason, reportThanks } from '#messages/report.ts';

export const REPORT_REASONS = [
  { value: 'scam', label: reasonScam },
  { value: 'wrong_category', label: reasonWrongCategory },
  { value: 'unavailable', label: reasonUnavailable },
  { value: 'duplicate', label: reasonDuplicate },
  { value: 'offensive', label: reasonOffensive },
  { value: 'other', label: reasonOther },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

export const REPORT_DETAILS_MAX = 1000;

export const REPORT_MESSAGES = {
  thanks: reportThanks,
  reason: reportReason,
  detailsTooLong: `${detailsTooLongBefore}${REPORT_DETAILS_MAX}${detailsTooLongAfter}`,
  ownAd: reportOwnAd,
} as const;

export const isReportReason = (value: unknown): value is ReportReason => REPORT_REASONS.some((r) => r.value === value);
