import { groupDigits } from './format.ts';
import { priceNegotiable } from '#messages/browse.ts';

/** Currencies an ad can be priced in (spec section 9); KES is the default. */
export const CURRENCIES = ['KES', 'USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

const LABELS: Record<string, string> = { KES: 'Ksh', USD: 'USD', EUR: 'EUR', GBP: 'GBP' };

export function currencyLabel(currency: string | null | undefined): string {
  return LABELS[currency ?? 'KES'] ?? 'Ksh';
}


/** "Ksh 1,250,000"; a falsy price is negotiable (cards, in the build's language) or what the caller says (the detail page's "Price not specified"). */
export function formatPrice(price: number | null | undefined, currency: string | null | undefined, whenMissing: string = priceNegotiable): string {
  if (!price) return whenMissing;
  return `${currencyLabel(currency)} ${groupDigits(price)}`;
}

/**
 * Kenyan shillings per unit of each other currency (issue 42, point 6): an ad priced in USD
 * sorts and filters by its value in Ksh. From config (KES_PER_USD, …); two decimals at most.
 */
export type KesRates = Readonly<Record<Exclude<Currency, 'KES'>, number>>;

/** Late-2025 rates, rounded: a sensible order of magnitude when none is configured. */
export const DEFAULT_KES_RATES: KesRates = { USD: 129, EUR: 150, GBP: 172 };

/** The most a rate may be: price (at most 10^11) × rate in hundredths stays an exact integer in JavaScript. */
export const MAX_KES_RATE = 500;

/** A rate in hundredths of a shilling, as both engines multiply by it. */
export const rateCents = (rate: number) => Math.round(rate * 100);

/**
 * A price's value in whole Ksh: price × rate, rounded half up; a KES price (or an unknown
 * currency) is itself, no price is null. The database computes exactly the same
 * (server/search/price-key.ts), so both search engines order and filter alike.
 */
export function kesValue(price: number | null | undefined, currency: string | null | undefined, rates: KesRates): number | null {
  if (price === null || price === undefined) return null;
  const rate = currency && currency !== 'KES' ? rates[currency as keyof KesRates] : undefined;
  return rate === undefined ? price : Math.round((price * rateCents(rate)) / 100);
}

/** "≈ Ksh 4,966,500" beside a price in another currency; null for a KES price or none. */
export function approxKes(price: number | null | undefined, currency: string | null | undefined, rates: KesRates): string | null {
  if (!price || !currency || currency === 'KES') return null;
  const value = kesValue(price, currency, rates);
  return value === null ? null : `≈ Ksh ${groupDigits(value)}`;
}
