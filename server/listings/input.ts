import { z } from 'zod';
import { LIMITS, MESSAGES, NO_SUBCATEGORY_LABEL } from '#kernel/listing-rules.ts';
import { parseAttributes, subcategoriesOf, type AttributeIssue, type AttributeValues } from '#kernel/subcategories.ts';
import { CATEGORIES, knownCategory, type Category } from '#kernel/categories.ts';
import { CURRENCIES, type Currency } from '#kernel/money.ts';
import { badRequest } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { english, englishText } from '../i18n.ts';

/** The text fields of an ad after validation; images travel separately. */
export type ListingFields = {
  title: string;
  description: string;
  category: Category;
  subcategory: string | null;
  price: number | null;
  currency: Currency;
  location: string;
  /** The subcategory's structured fields (kernel/subcategories.ts); {} when none. */
  attributes: AttributeValues;
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
      ctx.addIssue({ code: 'custom', message: englishText((t) => t.errors.categoryOneOf({ categories: CATEGORIES.join(', ') })) });
      return z.NEVER;
    }
    return known;
  });

/** '' or absent: negotiable. Anything else: a whole number of the currency's unit. */
const price = z
  .union([z.string(), z.number(), z.null()], { error: english.errors.priceWholeNumber })
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const s = String(value).trim().replace(/,/g, '');
    if (s === '') return null;
    if (!/^\d+$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: english.errors.priceWholeNumber });
      return z.NEVER;
    }
    const n = Number(s);
    if (n > LIMITS.price) {
      ctx.addIssue({ code: 'custom', message: english.errors.priceTooLarge });
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
      ctx.addIssue({ code: 'custom', message: englishText((t) => t.errors.currencyOneOf({ currencies: CURRENCIES.join(', ') })) });
      return z.NEVER;
    }
    return v as Currency;
  });

const subcategory = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ?? '').trim())
  .pipe(z.string().max(LIMITS.subcategory, `Subcategory must be at most ${LIMITS.subcategory} characters.`))
  // The text-only form's "N/A (No Subcategory)" is no subcategory, whether sent as '' or as its label.
  .transform((v) => (v && v !== NO_SUBCATEGORY_LABEL ? v : null));

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
 * The subcategory (one of the category's, in its own spelling) and its attributes; every issue
 * at once, in the one error shape. `attributes` undefined: none sent.
 */
function checkSubcategory(
  fields: { category: Category; subcategory: string | null },
  attributes: unknown,
  current?: string | null,
): { subcategory: string | null; attributes: AttributeValues | undefined } {
  const issues: AttributeIssue[] = [];
  let subcategory: string | null = null;
  // An ad's own subcategory from before the list (free text) may stay as it is.
  if (fields.subcategory && current && fields.subcategory === current && !subcategoriesOf(fields.category).some((s) => s.name === current)) {
    subcategory = current;
  } else if (fields.subcategory) {
    const options = subcategoriesOf(fields.category);
    const found = options.find((s) => s.name.toLowerCase() === fields.subcategory!.toLowerCase());
    if (found) subcategory = found.name;
    else issues.push({ path: 'subcategory', msg: `Subcategory must be one of: ${options.map((s) => s.name).join(', ')} (for ${fields.category}).` });
  }
  let values: AttributeValues | undefined;
  if (attributes !== undefined && attributes !== null) {
    if (typeof attributes !== 'object' || Array.isArray(attributes)) issues.push({ path: 'attributes', msg: 'Attributes must be an object of field names and values.' });
    else if (!issues.length) {
      const parsed = parseAttributes(subcategory, attributes as Record<string, unknown>);
      issues.push(...parsed.issues);
      values = parsed.values;
    }
  }
  if (issues.length) throw badRequest(issues[0]!.msg, issues);
  return { subcategory, attributes: values };
}

/**
 * Fields of the post/edit form (multipart). Missing text is the spec's one message; images
 * are counted by the caller, which uses the same message when there are none.
 */
export function parseListingForm(input: Record<string, unknown>, imageCount: number, currentSubcategory?: string | null): ListingFields {
  if (REQUIRED.some((k) => blank(input[k])) || imageCount === 0) throw badRequest(MESSAGES.required);
  const parsed = parseInput(fieldsSchema, input);
  const checked = checkSubcategory(parsed, input.attributes ?? {}, currentSubcategory);
  return { ...parsed, subcategory: checked.subcategory, attributes: checked.attributes ?? {} };
}

/**
 * Fields of the text-only edit form (JSON): the same rules, a message naming the missing field.
 * `attributes` is undefined when none were sent: the ad keeps its own (updateListingText).
 */
export function parseListingText(input: unknown, currentSubcategory?: string | null): Omit<ListingFields, 'currency' | 'attributes'> & { currency?: Currency; attributes?: AttributeValues } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw badRequest((t) => t.errors.sendAdJsonObject);
  const record = input as Record<string, unknown>;
  const missing = REQUIRED.filter((k) => blank(record[k]));
  if (missing.length) {
    const names = missing.map((k) => k[0]!.toUpperCase() + k.slice(1));
    throw badRequest(
      `${names.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required.`,
      missing.map((k) => ({ msg: `${k[0]!.toUpperCase()}${k.slice(1)} is required.`, path: k })),
    );
  }
  const fields = parseInput(fieldsSchema, record);
  const checked = checkSubcategory(fields, record.attributes, currentSubcategory);
  const parsed = { ...fields, subcategory: checked.subcategory, attributes: checked.attributes };
  // The text-only form has no currency field: keep the ad's own unless one is sent.
  return { ...parsed, currency: blank(record.currency) ? undefined : parsed.currency };
}
