import { CATEGORIES, categorySlug, resolveCategory, type Category } from '~/lib/categories';

/** Cards per page on every browse page (DESIGN.md section 4 default). */
export const PAGE_SIZE = 24;
/** Deep pages cost an offset scan; nobody pages this far, crawlers should not either. */
export const MAX_PAGE = 500;
const MAX_TERM = 100;

export type BrowseParams = {
  /** Resolved category (case-insensitive, unknown → Others), or null for all. */
  category: Category | null;
  search: string;
  location: string;
  page: number;
};

function term(params: URLSearchParams, name: string): string {
  return (params.get(name) ?? '').trim().slice(0, MAX_TERM);
}

/** Reads the query of /listings, /products and /category/:slug. Bad values fall back to defaults. */
export function parseBrowseParams(params: URLSearchParams): BrowseParams {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    category: resolveCategory(params.get('category')),
    search: term(params, 'search'),
    location: term(params, 'location'),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** Spec: 'Search Results for "{term}"', '{category} Listings' or 'All Listings'. */
export function listingsHeading(p: Pick<BrowseParams, 'category' | 'search' | 'location'>): string {
  // A header search may carry only a location; it is still a search.
  const searched = p.search || p.location;
  if (searched) return `Search Results for "${searched}"`;
  if (p.category) return `${p.category} Listings`;
  return 'All Listings';
}

/** The "..." of 'No listings found for ...': what the visitor asked for, in their words. */
export function emptyStateText(p: Pick<BrowseParams, 'category' | 'search' | 'location'>): string {
  const what = [p.search ? `"${p.search}"` : '', p.category ?? ''].filter(Boolean).join(' in ') || 'all categories';
  return `No listings found for ${what}${p.location ? ` near ${p.location}` : ''}.`;
}

export function pageCount(total: number, limit = PAGE_SIZE): number {
  return Math.max(1, Math.min(MAX_PAGE, Math.ceil(total / limit)));
}

/** The same query with another page; page 1 is left out so each page has one address. */
export function pageSearch(current: URLSearchParams | string, page: number): string {
  const params = new URLSearchParams(current);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** /category/:slug accepts exactly the nine slugs (any letter case); anything else is not found. */
export function categoryFromSlug(slug: string | undefined): Category | null {
  const lower = (slug ?? '').toLowerCase();
  return CATEGORIES.find((c) => categorySlug(c) === lower) ?? null;
}

/** Spec: the category page heading is the slug with its first letter capitalised and hyphens as spaces. */
export function slugHeading(slug: string): string {
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The `reason` of 'Failed to load listings: {reason}. ...': never internals, but a reference support can find in the logs. */
export function failureReason(requestId: string): string {
  return `something went wrong on our side (reference ${requestId.slice(0, 8)})`;
}
