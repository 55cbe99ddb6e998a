import { CATEGORIES, categorySlug, type Category } from '#kernel/categories.ts';
import { countyByCodeOrNull, townByIdOrNull } from '#kernel/kenya-locations.ts';

/** What a browse page was asked for; the page's query is read by parseListingQuery (server/listings/listing-query.ts). */
export type BrowseTerms = {
  /** Resolved category (case-insensitive, unknown → Others), or null for all. */
  category: Category | null;
  search: string;
  location: string;
};

/** Spec: 'Search Results for "{term}"', '{category} Listings' or 'All Listings'. */
export function listingsHeading(p: BrowseTerms): string {
  // A header search may carry only a location; it is still a search.
  const searched = p.search || p.location;
  if (searched) return `Search Results for "${searched}"`;
  if (p.category) return `${p.category} Listings`;
  return 'All Listings';
}

/** What narrows a results page beyond the spec's terms: a subcategory and a place (county or town). */
export type NarrowTerms = BrowseTerms & { subcategory?: string | null; county?: string | null; town?: string | null };

/** The picked place's name: the town with its county ("Westlands, Nairobi City"), or the county. */
export function placeName(county: string | null | undefined, town: string | null | undefined): string | null {
  const t = townByIdOrNull(town);
  if (t) return `${t.name}, ${countyByCodeOrNull(t.countyCode)?.name ?? ''}`.replace(/, $/, '');
  return countyByCodeOrNull(county)?.name ?? null;
}

/**
 * The results heading says what is shown (issue 42, point 3): "Toyota Cars in Nairobi City".
 * Without a subcategory or a place it is the spec's heading (`base`: listingsHeading, or the
 * category page's slug heading), word for word.
 */
export function resultsHeading(p: NarrowTerms, base: string): string {
  const place = placeName(p.county, p.town);
  if (!p.subcategory && !place) return base;
  const what = p.subcategory ?? p.category;
  const words = p.search ? p.search.charAt(0).toUpperCase() + p.search.slice(1) : '';
  let shown: string;
  if (words && what) shown = `${words} ${what}`;
  else if (words) shown = `Search Results for "${p.search}"`;
  else shown = what ?? 'All Listings';
  return place ? `${shown} in ${place}` : shown;
}

/**
 * The address without its empty parameters (issue 42, point 3: a GET form sent without
 * JavaScript sends every field, "county=&minPrice=&..."), or null when it has none. A search
 * sent blank (nothing but empty `search`/`location`) stays: the page answers it with the spec's
 * 'Please enter a search query.'
 */
export function cleanQuery(params: URLSearchParams): string | null {
  const entries = [...params.entries()];
  const kept = entries.filter(([, v]) => v.trim() !== '');
  if (kept.length === entries.length) return null;
  if (kept.length === 0 && entries.every(([k]) => k === 'search' || k === 'location')) return null;
  const query = new URLSearchParams(kept.map(([k, v]) => [k, v.trim()])).toString();
  return query ? `?${query}` : '';
}

/** The "..." of 'No listings found for ...': what the visitor asked for, in their words. */
export function emptyStateText(p: BrowseTerms): string {
  const what = [p.search ? `"${p.search}"` : '', p.category ?? ''].filter(Boolean).join(' in ') || 'all categories';
  return `No listings found for ${what}${p.location ? ` near ${p.location}` : ''}.`;
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

/**
 * Where search engines should look for a browse page (issue 17). Search results (a search
 * term or a location) are not indexed: endless, thin, and Google asks sites to keep them out.
 * Sort and price filters show the same ads in another order or a subset, so they name the
 * unfiltered page as canonical. A category asked through /listings?category= is the category
 * page; /products is /listings. Each page number keeps its own address, so every ad stays
 * reachable.
 */
export function browseCanonical(p: BrowseTerms & { page: number }): { path: string; noindex: boolean } {
  const page = pageSearch('', p.page);
  if (p.search || p.location) return { path: '/listings', noindex: true };
  if (p.category) return { path: `/category/${categorySlug(p.category)}${page}`, noindex: false };
  return { path: `/listings${page}`, noindex: false };
}
