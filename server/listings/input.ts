import { z } from 'zod';
import { LIMITS, MESSAGES } from '../../app/lib/listing-rules.ts';
import { CATEGORIES, knownCategory, type Category } from '../../app/lib/categories.ts';
import { CURRENCIES, type Currency } from '../../app/lib/money.ts';
import { badRequest } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';

/** The text fields of an ad after validation; images travel separately. */
export type ListingFields = {
  title: string;
  description: string;
  category: Category;
  subcategory: string | null;
  price: number | null;
  currency: Currency;
  location: string;
};

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    // NUL cannot be stored in a PostgreSQL text column; other control characters are harmless.
    .transform((s) => s.replaceAll(String.fromCharCode(0), '').trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters.`));

const category = z
  .string({ error: 'Category must be text.' })
  .transform((value, ctx) => {
    const known = knownCategory(value);
    if (!known) {
      ctx.addIssue({ code: 'custom', message: `Category must be one of: ${CATEGORIES.join(', ')}.` });
      return z.NEVER;
    }
    return known;
  });

/** '' or absent: negotiable. Anything else: a whole number of the currency's unit. */
const price = z
  .union([z.string(), z.number(), z.null()], { error: 'Price must be a whole number of 0 or more.' })
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const s = String(value).trim().replace(/,/g, '');
    if (s === '') return null;
    if (!/^\d+$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: 'Price must be a whole number of 0 or more.' });
      return z.NEVER;
    }
    const n = Number(s);
    if (n > LIMITS.price) {
      ctx.addIssue({ code: 'custom', message: 'Price is too large.' });
      return z.NEVER;
    }
    return n;
  });

const currency = z
  .string({ error: 'Currency must be text.' })
  .optional()
  .transform((value, ctx) => {
    const v = (value ?? '').trim().toUpperCase();
    if (v === '') return 'KES' as Currency;
    if (!(CURRENCIES as readonly string[]).includes(v)) {
      ctx.addIssue({ code: 'custom', message: `Currency must be one of ${CURRENCIES.join(', ')}.` });
      return z.NEVER;
    }
    return v as Currency;
  });

const subcategory = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ?? '').trim())
  .pipe(z.string().max(LIMITS.subcategory, `Subcategory must be at most ${LIMITS.subcategory} characters.`))
  .transform((v) => v || null);

const fieldsSchema = z.object({
  title: text('Title', LIMITS.title),
  description: text('Description', LIMITS.description),
  category,
  subcategory,
  price,
  currency,
  location: text('Location', LIMITS.location),
});

const REQUIRED = ['title', 'description', 'category', 'location'] as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Fields of the post/edit form (multipart). Missing text is the spec's one message; images
 * are counted by the caller, which uses the same message when there are none.
 */
export function parseListingForm(input: Record<string, unknown>, imageCount: number): ListingFields {
  if (REQUIRED.some((k) => blank(input[k])) || imageCount === 0) throw badRequest(MESSAGES.required);
  return parseInput(fieldsSchema, input);
}

/** Fields of the text-only edit form (JSON): the same rules, a message naming the missing field. */
export function parseListingText(input: unknown): Omit<ListingFields, 'currency'> & { currency?: Currency } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw badRequest('Send the ad as a JSON object.');
  const record = input as Record<string, unknown>;
  const missing = REQUIRED.filter((k) => blank(record[k]));
  if (missing.length) {
    const names = missing.map((k) => k[0]!.toUpperCase() + k.slice(1));
    throw badRequest(
      `${names.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required.`,
      missing.map((k) => ({ msg: `${k[0]!.toUpperCase()}${k.slice(1)} is required.`, path: k })),
    );
  }
  const parsed = parseInput(fieldsSchema, record);
  // The text-only form has no currency field: keep the ad's own unless one is sent.
  return { ...parsed, currency: blank(record.currency) ? undefined : parsed.currency };
}
