import { UNAVAILABLE_MESSAGE } from '../http/db-errors.ts';
import { RATE_LIMITS } from '../rate-limits/rate-limits.ts';

/**
 * What /payment-failure shows. Its query (listingId, status, message: the spec's) is written
 * by our redirects, but anyone can write a link to it, and in a market where M-Pesa scams are
 * common a Soko page saying "call 07xx to get your money back" is a phishing aid. So the page
 * shows a fixed text for each status, or one of the reasons our own code sends there; any other
 * message (and any other status) is not shown.
 */
export const PAYMENT_FAILURE_STATUSES = ['failed', 'cancelled', 'expired'] as const;
export type PaymentFailureStatus = (typeof PAYMENT_FAILURE_STATUSES)[number];

/** The spec's default reason is the failed status's text. */
const BY_STATUS: Record<PaymentFailureStatus, string> = {
  failed: 'An unknown error occurred during payment.',
  cancelled: 'Payment was cancelled.',
  expired: 'The payment was not completed in time.',
};

/** Reasons server/payments and the Feature form's action send to the page (tests/integration/payments.test.ts walks them). */
const OUR_REASONS = new Set<string>([
  ...Object.values(BY_STATUS),
  'Payment not found.',
  'The payment was not completed.',
  'The payment provider could not be reached.',
  'Failed to initiate payment.',
  'Listing not found.',
  'You can only feature your own ads.',
  'Only an active ad can be featured. Renew it first if it has expired.',
  RATE_LIMITS.checkoutPerUser.message,
  UNAVAILABLE_MESSAGE,
]);

const isFailureStatus = (value: string | null): value is PaymentFailureStatus => PAYMENT_FAILURE_STATUSES.includes(value as PaymentFailureStatus);

export function paymentFailureView(status: string | null, message: string | null): { status: PaymentFailureStatus; message: string } {
  const known = isFailureStatus(status) ? status : 'failed';
  return { status: known, message: message !== null && OUR_REASONS.has(message) ? message : BY_STATUS[known] };
}
