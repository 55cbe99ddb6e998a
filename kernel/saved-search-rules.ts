/** Saved searches and their alerts (issue 18): rules the pages and the server share. */
import { placeLabel } from './kenya-locations.ts';
import { groupDigits } from './format.ts';
import { ATTR_PARAM, attributesOf, formatAttribute } from './subcategories.ts';
import {
  alertUpdated,
  allAds,
  alreadySaved,
  attrFrom,
  attrUpTo,
  badFrequency,
  badLink,
  freqDaily,
  freqInstant,
  freqOff,
  fullAfter,
  fullBefore,
  labelFrom,
  labelIn,
  labelNear,
  labelTo,
  labelUpTo,
  searchDeleted,
  searchNotFound,
  searchSaved,
  searchSavedHere,
  sortBest,
  sortCheapest,
  sortDearest,
  unsubscribed,
} from '#messages/saved.ts';

/** How many searches one account can keep: more than anyone follows, a ceiling for scripts. */
export const MAX_SAVED_SEARCHES = 50;

export const ALERT_FREQUENCIES = ['off', 'instant', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** A new saved search sends a daily digest until its owner picks otherwise. */
export const DEFAULT_FREQUENCY: AlertFrequency = 'daily';

export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  off: freqOff,
  instant: freqInstant,
  daily: freqDaily,
};

/** "N new" stops counting here: the page shows "99+ new". */
export const NEW_COUNT_CAP = 99;

/** The texts are the language's catalog (kernel/i18n/<language>/saved.ts): English in the server process. */
export const SAVED_SEARCH_MESSAGES = {
  saved: searchSaved,
  savedHere: searchSavedHere,
  alreadySaved,
  full: `${fullBefore}${MAX_SAVED_SEARCHES}${fullAfter}`,
  notFound: searchNotFound,
  frequency: alertUpdated,
  deleted: searchDeleted,
  badFrequency,
  unsubscribed,
  badLink,
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

const SORT_LABELS: Record<string, string> = { best: sortBest, price_asc: sortCheapest, price_desc: sortDearest };
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
    else if (present(min) && present(max)) words.push(`${def.label} ${show(min)}${labelTo}${show(max)}`);
    else if (present(min)) words.push(`${def.label}${attrFrom}${show(min)}`);
    else if (present(max)) words.push(`${def.label}${attrUpTo}${show(max)}`);
  }
  return words;
}

const present = (v: unknown): v is string | number => (typeof v === 'string' ? v.trim() !== '' : typeof v === 'number');

/** A saved search in words: '"toyota axio" in Cars & Vehicles near Nairobi, Ksh 500,000 to 1,200,000'. */
export function searchLabel(f: SavedFilters): string {
  const parts: string[] = [];
  parts.push(present(f.search) ? `"${f.search}"` : allAds);
  if (present(f.category)) parts.push(`${labelIn}${f.category}`);
  // A subcategory and its fields (issue 18, point 5): "in Cars, Make Toyota, Year from 2014".
  if (present(f.subcategory)) parts.push(`${labelIn}${f.subcategory}${attributeWords(f).map((w) => `, ${w}`).join('')}`);
  if (present(f.location)) parts.push(`${labelNear}${f.location}`);
  // A town or county filter (issue 18, point 4) by its name: "in Westlands, Nairobi City".
  const place = placeLabel(typeof f.town === 'string' ? f.town : null, typeof f.county === 'string' ? f.county : null);
  if (place) parts.push(`${labelIn}${place}`);
  const min = typeof f.minPrice === 'number' ? f.minPrice : undefined;
  const max = typeof f.maxPrice === 'number' ? f.maxPrice : undefined;
  if (min !== undefined && max !== undefined) parts.push(`Ksh ${groupDigits(min)}${labelTo}${groupDigits(max)}`);
  else if (min !== undefined) parts.push(`${labelFrom}Ksh ${groupDigits(min)}`);
  else if (max !== undefined) parts.push(`${labelUpTo}Ksh ${groupDigits(max)}`);
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
