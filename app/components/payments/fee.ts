import { oneWeek } from '#messages/payments.ts';

/**
 * Spec section 9: featuring costs 200 Ksh for one week. Shown in the UI and sent as the
 * spec's `amount`; the server holds the same price and refuses any other.
 */
export const FEATURE_FEE_KSH = 200;
export const FEATURE_DURATION_TEXT = oneWeek;

/** The spec's return route for the provider: payments/verify with the listing in the query. */
export function featureCallbackUrl(origin: string, listingId: string): string {
  return `${origin}/api/payments/verify?listingId=${encodeURIComponent(listingId)}`;
}
