import { CATEGORIES, categoryName, categorySlug, type Category } from '#kernel/categories.ts';
import { groupDigits } from '#kernel/format.ts';
import {
  adCount,
  allListings,
  categoryListings,
  failureReason as failureText,
  inCategory,
  inPlace,
  listingsDescription,
  nearPlace,
  noListingsFor,
  pageSuffix,
  searchResultsFor,
  wordsIn,
} from '#messages/browse.ts';
import { countyByCodeOrNull, townByIdOrNull } from '#kernel/kenya-locations.ts';

/** What a browse page was asked for; the page's query is read by parseListingQuery (server/listings/listing-query.ts). */
export type BrowseTerms = {
  /** Resolved category (case-insensitive, unknown → Others), or null for all. */
  category: Category | null;
  search: string;
  location: string;
};

/** Spec: 'Search Results for "{term}"', '{category} Listings' or 'All Listings' (loaders: the texts are functions of #messages/browse.ts). */
export function listingsHeading(p: BrowseTerms): string {
  // A header search may carry only a location; it is still a search.
  const searched = p.search || p.location;
  if (searched) return searchResultsFor({ search: searched });
  if (p.category) return categoryListings({ category: categoryName(p.category) });
  return allListings;
}

/** "1,234 ads near Nairobi in Electronics" over the results ("1,234+" when the count stopped at its cap); `category` only when shown. */
export function resultsCount(total: number, capped: boolean, place: string, category: string): string {
  return `${adCount({ n: total, shown: `${groupDigits(total)}${capped ? '+' : ''}` })}${place ? nearPlace({ place }) : ''}${category ? inCategory({ category }) : ''}`;
}

/** A results page's title and description: "Toyota Cars in Nairobi City (page 2) | Soko". */
export function browseTitle(heading: string, page: number): { title: string; description: string } {
  const suffix = page > 1 ? pageSuffix({ n: page }) : '';
  return { title: `${heading}${suffix} | Soko`, description: listingsDescription({ heading, page: suffix }) };
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
  const what = p.subcategory ?? (p.category && categoryName(p.category));
  const words = p.search ? p.search.charAt(0).toUpperCase() + p.search.slice(1) : '';
  let shown: string;
  if (words && what) shown = wordsIn({ words, what });
  else if (words) shown = searchResultsFor({ search: p.search });
  else shown = what ?? allListings;
  return place ? inPlace({ shown, place }) : shown;
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

/** 'No listings found for ...': what the visitor asked for, in their words (a loader writes it; `category` as shown). */
export function emptyStateText(p: { search: string; location: string; category: string | null }): string {
  return noListingsFor({ search: p.search, category: p.category ?? '', location: p.location });
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
  return failureText({ reference: requestId.slice(0, 8) });
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
