import { groupDigits } from './format.ts';

/** Currencies an ad can be priced in (spec section 9); KES is the default. */
export const CURRENCIES = ['KES', 'USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

const LABELS: Record<string, string> = { KES: 'Ksh', USD: 'USD', EUR: 'EUR', GBP: 'GBP' };

export function currencyLabel(currency: string | null | undefined): string {
  return LABELS[currency ?? 'KES'] ?? 'Ksh';
}


/** "Ksh 1,250,000"; a falsy price is negotiable (cards) or not specified (detail page). */
export function formatPrice(
  price: number | null | undefined,
  currency: string | null | undefined,
  whenMissing: 'Price negotiable' | 'Price not specified' = 'Price negotiable',
): string {
  if (!price) return whenMissing;
  return `${currencyLabel(currency)} ${groupDigits(price)}`;
}
