import { describe, expect, it } from 'vitest';
import { buildSearchUrl } from '../../app/components/Header.tsx';
import { CATEGORIES, categorySlug, resolveCategory } from '#kernel/categories.ts';
import { formatPrice } from '#kernel/money.ts';
import { MAX_TOASTS, TOAST_DURATIONS } from '../../app/lib/toast.ts';
import { createRateLimits, RATE_LIMITS } from '../../server/rate-limits/rate-limits.ts';
import { createMemoryStore } from '../../server/rate-limits/store.ts';

describe('header search URL', () => {
  it('trims, encodes and sends only non-empty values', () => {
    expect(buildSearchUrl('  toyota axio ', ' Nairobi ')).toBe('/products?search=toyota%20axio&location=Nairobi');
    expect(buildSearchUrl('sofa & bed', '')).toBe('/products?search=sofa%20%26%20bed');
    expect(buildSearchUrl('', 'Kisumu')).toBe('/products?location=Kisumu');
  });
  it('gives nothing when both are blank', () => {
    expect(buildSearchUrl('  ', '\t')).toBeNull();
  });
});

describe('categories', () => {
  it('are the nine of the specification, in order', () => {
    expect(CATEGORIES).toEqual(['Cars & Vehicles', 'For Sale', 'Services', 'Property', 'Pets', 'Jobs', 'Furniture', 'Electronics', 'Others']);
  });
  it('resolve by name or slug, case-insensitively; unknown is Others', () => {
    expect(categorySlug('Cars & Vehicles')).toBe('cars-vehicles');
    expect(resolveCategory('cars & vehicles')).toBe('Cars & Vehicles');
    expect(resolveCategory('cars-vehicles')).toBe('Cars & Vehicles');
    expect(resolveCategory('ELECTRONICS')).toBe('Electronics');
    expect(resolveCategory('boats')).toBe('Others');
    expect(resolveCategory('')).toBeNull();
  });
});

describe('prices', () => {
  it('use Ksh and Kenyan grouping', () => {
    expect(formatPrice(1250000, 'KES')).toBe('Ksh 1,250,000');
    expect(formatPrice(15000, undefined)).toBe('Ksh 15,000');
    expect(formatPrice(300, 'USD')).toBe('USD 300');
  });
  it('say negotiable or not specified when falsy', () => {
    expect(formatPrice(0, 'KES')).toBe('Price negotiable');
    expect(formatPrice(null, 'KES', 'Price not specified')).toBe('Price not specified');
  });
});

// That the toaster keeps at most MAX_TOASTS and removes each after its duration is checked in
// the browser (tests/e2e/shell.spec.ts), where the toasts are shown.
describe('toasts', () => {
  it('use the specification durations and limit', () => {
    expect(TOAST_DURATIONS).toEqual({ success: 2000, error: 4000, plain: 4000, loading: Infinity });
    expect(MAX_TOASTS).toBe(20);
  });
});

describe('rate limits (memory store)', () => {
  it('refuses past the limit with Retry-After, and forgets after the window', async () => {
    const limits = createRateLimits(createMemoryStore());
    const { limit, windowMs } = RATE_LIMITS.checkoutPerUser;
    for (let i = 0; i < limit; i++) await limits.hit('checkoutPerUser', 'user', i);
    const refusal = await limits.hit('checkoutPerUser', 'user', limit).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ status: 429, headers: { 'Retry-After': String(windowMs / 1000) } });
    await expect(limits.hit('checkoutPerUser', 'user', windowMs + 1)).resolves.toBeUndefined();
    await expect(limits.hit('checkoutPerUser', 'other', limit)).resolves.toBeUndefined();
  });
});
