/** Saved searches and their alerts (issue 18): rules the pages and the server share. */
import { placeLabel } from './kenya-locations.ts';
import { groupDigits } from './format.ts';
import { ATTR_PARAM, attributesOf, formatAttribute } from './subcategories.ts';

/** How many searches one account can keep: more than anyone follows, a ceiling for scripts. */
export const MAX_SAVED_SEARCHES = 50;

export const ALERT_FREQUENCIES = ['off', 'instant', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** A new saved search sends a daily digest until its owner picks otherwise. */
export const DEFAULT_FREQUENCY: AlertFrequency = 'daily';

export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  off: 'No e-mails',
  instant: 'Instant e-mail',
  daily: 'Daily digest',
};

/** "N new" stops counting here: the page shows "99+ new". */
export const NEW_COUNT_CAP = 99;

export const SAVED_SEARCH_MESSAGES = {
  saved: 'Search saved. Find it in Saved searches.',
  savedHere: 'Search saved. New ads that match will be e-mailed to you in a daily digest; change it below.',
  alreadySaved: 'You have already saved this search.',
  full: `You can save up to ${MAX_SAVED_SEARCHES} searches. Delete one to save another.`,
  notFound: 'Saved search not found.',
  frequency: 'Alert updated.',
  deleted: 'Saved search deleted.',
  badFrequency: 'Choose how often to be alerted: off, instant or daily.',
  unsubscribed: 'You will get no more e-mails for this search.',
  badLink: 'This unsubscribe link is not valid. Open Saved searches to change your alerts.',
} as const;

/** The filters of a saved search, as the listing query parser read them; unknown keys are future filters. */
export type SavedFilters = {
  category?: string | null;
  search?: string;
  location?: string;
  minPrice?: number;
  maxPrice?: number;
  sort?: string;
  [filter: string]: string | number | null | undefined;
};

const SORT_LABELS: Record<string, string> = { best: 'best match', price_asc: 'cheapest first', price_desc: 'dearest first' };
const KNOWN = new Set(['category', 'subcategory', 'search', 'location', 'county', 'town', 'minPrice', 'maxPrice', 'sort']);

/** The attribute filters of a saved search (attr.make, attr.year.min, …) in words, in the subcategory's order. */
function attributeWords(f: SavedFilters): string[] {
  const words: string[] = [];
  for (const def of attributesOf(typeof f.subcategory === 'string' ? f.subcategory : null)) {
    const equal = f[`${ATTR_PARAM}${def.key}`];
    const min = f[`${ATTR_PARAM}${def.key}.min`];
    const max = f[`${ATTR_PARAM}${def.key}.max`];
    const show = (v: string | number) => formatAttribute(def, typeof v === 'string' && def.type === 'number' ? Number(v) : v);
    if (present(equal)) words.push(`${def.label} ${equal}`);
    else if (present(min) && present(max)) words.push(`${def.label} ${show(min)} to ${show(max)}`);
    else if (present(min)) words.push(`${def.label} from ${show(min)}`);
    else if (present(max)) words.push(`${def.label} up to ${show(max)}`);
  }
  return words;
}

const present = (v: unknown): v is string | number => (typeof v === 'string' ? v.trim() !== '' : typeof v === 'number');

/** A saved search in words: '"toyota axio" in Cars & Vehicles near Nairobi, Ksh 500,000 to 1,200,000'. */
export function searchLabel(f: SavedFilters): string {
  const parts: string[] = [];
  parts.push(present(f.search) ? `"${f.search}"` : 'All ads');
  if (present(f.category)) parts.push(`in ${f.category}`);
  // A subcategory and its fields (issue 18, point 5): "in Cars, Make Toyota, Year from 2014".
  if (present(f.subcategory)) parts.push(`in ${f.subcategory}${attributeWords(f).map((w) => `, ${w}`).join('')}`);
  if (present(f.location)) parts.push(`near ${f.location}`);
  // A town or county filter (issue 18, point 4) by its name: "in Westlands, Nairobi City".
  const place = placeLabel(typeof f.town === 'string' ? f.town : null, typeof f.county === 'string' ? f.county : null);
  if (place) parts.push(`in ${place}`);
  const min = typeof f.minPrice === 'number' ? f.minPrice : undefined;
  const max = typeof f.maxPrice === 'number' ? f.maxPrice : undefined;
  if (min !== undefined && max !== undefined) parts.push(`Ksh ${groupDigits(min)} to ${groupDigits(max)}`);
  else if (min !== undefined) parts.push(`from Ksh ${groupDigits(min)}`);
  else if (max !== undefined) parts.push(`up to Ksh ${groupDigits(max)}`);
  for (const [k, v] of Object.entries(f)) if (!KNOWN.has(k) && !k.startsWith(ATTR_PARAM) && present(v)) parts.push(`${k}: ${v}`);
  const sort = typeof f.sort === 'string' ? SORT_LABELS[f.sort] : undefined;
  return sort ? `${parts.join(' ')} (${sort})` : parts.join(' ');
}

/** The results page of a saved search: /listings with its filters (default sort left out). */
export function searchHref(f: SavedFilters): string {
  const params = new URLSearchParams();
  const order = ['search', 'category', 'subcategory', 'location', 'county', 'town', 'minPrice', 'maxPrice', 'sort'];
  const keys = [...order.filter((k) => k in f), ...Object.keys(f).filter((k) => !order.includes(k)).sort()];
  for (const k of keys) {
    const v = f[k];
    if (!present(v) || (k === 'sort' && v === 'newest')) continue;
    params.set(k, String(v));
  }
  const query = params.toString().replace(/\+/g, '%20');
  return query ? `/listings?${query}` : '/listings';
}
