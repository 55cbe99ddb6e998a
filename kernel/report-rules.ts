/**
 * Reporting an ad (issue 19): the reasons a buyer can give, their labels and the messages,
 * shared by the server (which enforces them) and the form. Plain constants: browser-safe.
 */
export const REPORT_REASONS = [
  { value: 'scam', label: 'Scam or fraud' },
  { value: 'wrong_category', label: 'Wrong category' },
  { value: 'unavailable', label: 'Sold or unavailable' },
  { value: 'duplicate', label: 'Duplicate ad' },
  { value: 'offensive', label: 'Offensive or illegal' },
  { value: 'other', label: 'Other' },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

export const REPORT_DETAILS_MAX = 1000;

export const REPORT_MESSAGES = {
  thanks: 'Thank you for your report. Our team will review this ad.',
  reason: 'Please choose why you are reporting this ad.',
  detailsTooLong: `Please keep the details under ${REPORT_DETAILS_MAX} characters.`,
  ownAd: 'You cannot report your own ad. You can edit or delete it in Manage ads.',
} as const;

export const isReportReason = (value: unknown): value is ReportReason => REPORT_REASONS.some((r) => r.value === value);
