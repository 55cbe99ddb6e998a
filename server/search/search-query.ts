import type { Category } from '#kernel/categories.ts';
import type { JsonText } from '#kernel/json-text.ts';
import type { AttributeFilters } from '#kernel/subcategories.ts';
import { SORTS, type ListingSort } from '#kernel/listing-sorts.ts';

export { SORTS, type ListingSort };

/*
 * What a search asks and what it answers, as every part of server/search/ and its callers
 * share it: neither engine's files, only this neutral one, so that the engines need not import
 * each other (issue 41).
 */

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
/** Counting never goes past this, whatever the page. */
export const COUNT_CAP = 10_000;
/**
 * Counting stops this many pages past the current one: enough for the pagination a visitor
 * sees, and cheap at a million listings (an early-stopping scan instead of a count of every
 * match). Deeper pages move the window along; `totalIsCapped` says the total is "at least".
 */
export const COUNT_PAGES_AHEAD = 4;


export type ListingFilters = {
  category?: Category | null;
  search?: string;
  location?: string;
  /** A county's code ('047'): its ads, every town of it included (migration 0880). */
  county?: string | null;
  /** A town's id ('westlands'). */
  town?: string | null;
  minPrice?: number;
  maxPrice?: number;
  /** A subcategory's name (kernel/subcategories.ts). */
  subcategory?: string | null;
  /** Its fields: one value each, or a range (migration 0900). */
  attributes?: AttributeFilters;
  sort?: ListingSort;
  /** The words as typed only: no plurals, inflections or named categories (search.ts asks this first, to rank such matches first). */
  literal?: boolean;
  /** Search the words as typed, never corrected to an indexed word ("search instead for", issue 42). */
  noCorrection?: boolean;
  page?: number;
  limit?: number;
};

export type ListingPage<T = unknown> = {
  /** The page's listings as JSON text, written by PostgreSQL (see listing-json.ts): the API sends it as it is, and pages hand it to the browser so. */
  itemsJson: JsonText<T[]>;
  /** The same, parsed on first use. */
  readonly items: T[];
  total: number;
  totalIsCapped: boolean;
  /** Another page follows, as the search found it (so nothing needs to parse the JSON to tell). */
  hasNext: boolean;
  page: number;
  limit: number;
  /** The words searched for instead of those typed, which matched no ad (issue 42, corrections.ts). */
  correction?: { search: string; original: string };
  /** Words that would have found ads, when the search asked for its words as typed and found none. */
  didYouMean?: string;
};

/** Which page, and how many matches a search must find for it and for the count a few pages ahead. */
export type PageShape = { page: number; limit: number; offset: number; cap: number; window: number };

export function pageShape(filters: ListingFilters): PageShape {
  const page = Math.max(1, Math.floor(filters.page ?? 1));
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(filters.limit ?? DEFAULT_PAGE_SIZE)));
  const offset = (page - 1) * limit;
  // The total is counted up to `cap`; one match more says "and more" (totalIsCapped).
  const cap = Math.min(COUNT_CAP, offset + limit * (COUNT_PAGES_AHEAD + 1));
  return { page, limit, offset, cap, window: Math.max(cap, offset + limit) + 1 };
}
