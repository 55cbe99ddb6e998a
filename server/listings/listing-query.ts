import { z } from 'zod';
import { resolveCategory } from '#kernel/categories.ts';
import { COUNTIES, countyByCodeOrNull, resolveCounty, resolveTown } from '#kernel/kenya-locations.ts';
import { findSubcategory, parseAttributeValue, ATTR_PARAM, type AttributeFilters } from '#kernel/subcategories.ts';
import { badRequest } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { DEFAULT_PAGE_SIZE, SORTS, type ListingFilters, type ListingSort } from '../search/search-query.ts';
import { english, englishText } from '../i18n.ts';

/** The pages go no deeper: each deeper page is a longer scan, nobody pages this far, crawlers should not either. */
export const MAX_BROWSE_PAGE = 500;
/**
 * No search answers past this many results (the API's page × limit, the pages' last page): a
 * page means finding every match before it, which must stay bounded (bounded-search.ts).
 */
export const MAX_RESULT_WINDOW = MAX_BROWSE_PAGE * DEFAULT_PAGE_SIZE;
/** Terms typed in a page's address are cut to this length. */
const MAX_BROWSE_TERM = 100;

/** A listing search as asked for: what to match, in which order, and which page. */
export type ListingQuery = ListingFilters & { sort: ListingSort; page: number; limit: number };

/** A query string, or the record of its first values (Hono's `c.req.query()`). */
export type QueryInput = URLSearchParams | Record<string, string | undefined>;

/**
 * The one reader of a listing search's query (category, search, location, county, town,
 * minPrice, maxPrice, sort, page, limit), for GET /api/listings, the listing pages and the search benchmark.
 * The category is resolved by name or slug, case-insensitively (unknown means Others).
 *
 * - `api`: every value is checked, and a bad one is a 400 that names it.
 * - `page`: the address of a page a visitor may have typed: a bad value falls back to its
 *   default, terms are cut to 100 characters, the page to MAX_BROWSE_PAGE, and the page size
 *   is always the default.
 */
export function parseListingQuery(input: QueryInput, mode: 'api' | 'page' = 'api'): ListingQuery {
  const get = (name: string): string | undefined => (input instanceof URLSearchParams ? (input.get(name) ?? undefined) : input[name]);
  if (mode === 'api') {
    const q = parseInput(apiQuerySchema, Object.fromEntries(QUERY_NAMES.map((name) => [name, get(name)])));
    const category = resolveCategory(q.category);
    const mismatch = placeMismatch(q.county, q.town);
    if (mismatch) throw badRequest(mismatch, [{ msg: mismatch, path: 'town' }]);
    return {
      category,
      ...subcategoryFilters(input, category, 'api'),
      search: q.search,
      location: q.location,
      county: q.county,
      town: q.town,
      minPrice: q.minPrice,
      maxPrice: q.maxPrice,
      sort: q.sort ?? 'newest',
      page: q.page ?? 1,
      limit: q.limit ?? DEFAULT_PAGE_SIZE,
    };
  }
  const page = Number.parseInt(get('page') ?? '', 10);
  const sort = get('sort');
  const category = resolveCategory(get('category'));
  const county = resolveCounty(get('county'))?.code;
  const town = resolveTown(get('town'))?.id;
  return {
    category,
    ...subcategoryFilters(input, category, 'page'),
    search: term(get('search')),
    location: term(get('location')),
    // An unknown county or town is no filter (a page never errors on its filters); a town of
    // another county than the one picked is left out (the page says so: placeMismatch).
    county,
    town: placeMismatch(county, town) ? undefined : town,
    minPrice: price(get('minPrice')),
    maxPrice: price(get('maxPrice')),
    sort: SORTS.find((s) => s === sort) ?? 'newest',
    // "search instead for" the words as typed (issue 42): no spelling correction.
    ...(get(AS_TYPED_PARAM) === '1' ? { noCorrection: true } : {}),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_BROWSE_PAGE) : 1,
    limit: DEFAULT_PAGE_SIZE,
  };
}

/**
 * Why a county and a town cannot be searched together (issue 42, point 4): the town lies in
 * another county, so together they would match nothing. Null when they agree or one is absent.
 */
export function placeMismatch(countyCode: string | null | undefined, town: string | null | undefined): string | null {
  const found = resolveTown(town);
  const county = countyByCodeOrNull(countyCode);
  if (!found || !county || found.countyCode === county.code) return null;
  return `${found.name} is in ${countyByCodeOrNull(found.countyCode)?.name}, not in ${county.name}: pick a town of ${county.name}, or no county.`;
}

/** Pages of results a browse page offers, at least one and at most MAX_BROWSE_PAGE. */
export function browsePageCount(total: number, limit = DEFAULT_PAGE_SIZE): number {
  return Math.max(1, Math.min(MAX_BROWSE_PAGE, Math.ceil(total / limit)));
}

/**
 * The subcategory filter and its attribute filters (issue 18, point 5): `subcategory` (a name of
 * kernel/subcategories.ts, case-insensitive), and per filterable field `attr.<key>` (one value)
 * or `attr.<key>.min` / `attr.<key>.max` (a range). Attribute filters need a subcategory. In
 * `api` mode anything unknown or malformed is a 400 naming it; a page leaves it out.
 */
export function subcategoryFilters(
  input: QueryInput,
  category: string | null,
  mode: 'api' | 'page',
): { subcategory?: string; attributes?: AttributeFilters } {
  const entries = (input instanceof URLSearchParams ? [...input.entries()] : Object.entries(input)).filter(
    (e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '',
  );
  const issues: { msg: string; path: string }[] = [];
  const refuse = (path: string, msg: string) => issues.push({ path, msg });
  const rawSub = entries.find(([k]) => k === 'subcategory')?.[1];
  const found = rawSub ? findSubcategory(rawSub) : null;
  if (rawSub && !found) refuse('subcategory', 'subcategory must be a subcategory listed by GET /api/categories/{category}/subcategories.');
  else if (found && category && found.category !== category) refuse('subcategory', `subcategory ${found.sub.name} is not in ${category}.`);
  const sub = found && (!category || found.category === category) ? found.sub : null;
  const attributes: AttributeFilters = {};
  for (const [name, raw] of entries) {
    if (!name.startsWith(ATTR_PARAM)) continue;
    const [key = '', end] = name.slice(ATTR_PARAM.length).split('.', 2) as [string, string | undefined];
    const def = sub?.attributes.find((d) => d.key === key && d.filter !== null);
    if (!sub) {
      if (!rawSub) refuse(name, `${name} needs a subcategory.`);
      continue;
    }
    if (!def) {
      refuse(name, `${sub.name} ads cannot be filtered by "${key}".`);
      continue;
    }
    if (def.filter === 'range' ? end !== 'min' && end !== 'max' : end !== undefined) {
      refuse(name, def.filter === 'range' ? `${def.key} is filtered as a range: use ${ATTR_PARAM}${def.key}.min and ${ATTR_PARAM}${def.key}.max.` : `${def.key} is filtered by one value: use ${ATTR_PARAM}${def.key}.`);
      continue;
    }
    const parsed = parseAttributeValue(def, raw.slice(0, 100));
    if ('error' in parsed) {
      refuse(name, `${name}: ${parsed.error}`);
      continue;
    }
    if (parsed.value === null) continue;
    if (def.filter !== 'range') attributes[key] = parsed.value as string;
    else {
      const range = (attributes[key] as { min?: number; max?: number } | undefined) ?? {};
      range[end as 'min' | 'max'] = parsed.value as number;
      attributes[key] = range;
    }
  }
  for (const [key, value] of Object.entries(attributes)) {
    if (typeof value === 'object' && value.min !== undefined && value.max !== undefined && value.min > value.max) {
      refuse(`${ATTR_PARAM}${key}.min`, `${ATTR_PARAM}${key}.min cannot be more than ${ATTR_PARAM}${key}.max.`);
      delete attributes[key];
    }
  }
  if (mode === 'api' && issues.length) throw badRequest(issues[0]!.msg, issues);
  return { ...(sub ? { subcategory: sub.name } : {}), ...(Object.keys(attributes).length ? { attributes } : {}) };
}

/** The page address's flag for searching the words as typed, never corrected (issue 42). */
export const AS_TYPED_PARAM = 'exact';

const QUERY_NAMES = ['page', 'limit', 'category', 'search', 'location', 'county', 'town', 'minPrice', 'maxPrice', 'sort'] as const;

const term = (value: string | undefined) => (value ?? '').trim().slice(0, MAX_BROWSE_TERM);

/** A page's price filter: a whole number of shillings, else none (a page never errors on its filters). */
function price(value: string | undefined): number | undefined {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

const wholeNumber = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = (v ?? '').trim();
      if (s === '') return undefined;
      const n = /^\d+$/.test(s) ? Number(s) : NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message:
            max === Number.MAX_SAFE_INTEGER
              ? `${name} must be a whole number of ${min} or more.`
              : `${name} must be a whole number from ${min} to ${max}.`,
        });
        return z.NEVER;
      }
      return n;
    });

const apiQuerySchema = z
  .object({
    page: wholeNumber('page', 1, 100_000),
    limit: wholeNumber('limit', 1, 100),
    category: z.string().max(100, 'category must be at most 100 characters.').optional(),
    search: z.string().max(200, 'search must be at most 200 characters.').optional(),
    location: z.string().max(100, 'location must be at most 100 characters.').optional(),
    county: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v?.trim()) return undefined;
        const county = resolveCounty(v);
        if (!county) {
          ctx.addIssue({ code: 'custom', message: englishText((t) => t.errors.countyCode({ last: COUNTIES.length.toString().padStart(3, '0') })) });
          return z.NEVER;
        }
        return county.code;
      }),
    town: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v?.trim()) return undefined;
        const town = resolveTown(v);
        if (!town) {
          ctx.addIssue({ code: 'custom', message: english.errors.townUnknown });
          return z.NEVER;
        }
        return town.id;
      }),
    minPrice: wholeNumber('minPrice', 0),
    maxPrice: wholeNumber('maxPrice', 0),
    sort: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const s = (v ?? '').trim();
        if (s === '') return undefined;
        const sort = SORTS.find((known) => known === s);
        if (!sort) {
          ctx.addIssue({ code: 'custom', message: englishText((t) => t.errors.sortOneOf({ sorts: SORTS.join(', ') })) });
          return z.NEVER;
        }
        return sort;
      }),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: english.errors.minAboveMax,
    path: ['minPrice'],
  })
  .refine((q) => (q.page ?? 1) * (q.limit ?? DEFAULT_PAGE_SIZE) <= MAX_RESULT_WINDOW, {
    message: englishText((t) => t.errors.pastResultWindow({ max: MAX_RESULT_WINDOW.toLocaleString('en-KE') })),
    path: ['page'],
  });
