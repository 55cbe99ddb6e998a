import { useEffect } from 'react';
import { data, Link, redirect, useLocation, useNavigation } from 'react-router';
import { browseCanonical, cleanQuery, failureReason, emptyStateText, listingsHeading, pageSearch, resultsHeading, resultsCount, browseTitle } from '~/components/listings/browse';
import { JsonLd } from '~/components/JsonLd';
import { categoryLabel, categoryName, categorySlug } from '#kernel/categories.ts';
import { originOf, seoMeta } from '~/lib/seo';
import { breadcrumbList, itemList } from '~/lib/structured-data';
import { BrowseFilters, SubcategoryLinks } from '~/components/listings/BrowseFilters';
import { CategoryFilter } from '~/components/listings/CategoryFilter';
import { ListingGrid } from '~/components/listings/ListingGrid';
import { CARD_SIZES } from '~/components/listings/ListingCard';
import { cardPreloadLink, NO_LEAD } from '~/components/listings/ResponsiveImage';
import { Pagination, RESULTS_ID, useResultsFocus } from '~/components/listings/Pagination';
import { FilterChips, filterChips } from '~/components/listings/FilterChips';
import { ResultsSearch } from '~/components/listings/ResultsSearch';
import { toast } from '~/lib/toast';
import { browsePageCount, parseListingQuery, placeMismatch } from '../../../server/listings/listing-query';
import { resolveCounty } from '#kernel/kenya-locations.ts';
import { searchCards } from '../../../server/search/search';
import { broaderSearch } from '../../../server/search/broader';
import { searchHelp } from './search-help.server';
import { CorrectionNote, EmptySearchHelp, type SearchHelpData } from '~/components/listings/SearchHelp';
import { keepDataAfterSave } from '~/components/listings/SaveButton';
import { savedIdsOnPage } from '../../../server/saved/saved-ads';
import { pageFilters, savedSearchStateFor } from '../../../server/saved/saved-searches';
import { SaveSearchButton } from '~/components/listings/SaveSearchButton';
import type { Route } from './+types/listings';
import { search as searchText } from '#messages/common.ts';
import {
  allListings,
  backToFirstPage,
  blankSearch as BLANK_SEARCH,
  home,
  allListingsDescription,
  listingsFailedAfter,
  listingsFailedBefore,
  listingsFailedToast,
  loadingListings,
  noMoreAds,
  postOneNow,
  searchAds,
  searchPlaceholder,
  searchSoko,
} from '#messages/browse.ts';
import { jsonText } from '#kernel/json-text.ts';
import { useJsonText } from '~/lib/use-json-text';
import type { CardJson } from '../../../server/listings/listing-json';
import { BASE } from '#messages/locale.ts';

export const shouldRevalidate = keepDataAfterSave;

const NO_CARDS = jsonText<CardJson[]>('[]');
/** No correction, did-you-mean or broader search (issue 42) to offer. */
const NO_HELP: { help: SearchHelpData } = { help: { correction: null, didYouMean: null, broader: null } };

/**
 * All listings, served at /listings and /products (spec section 2): category, search, location,
 * county or town, price range and sort, 24 a page.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const params = url.searchParams;
  // No empty parameters in the address (a filter form sent without JavaScript): one address per result.
  const clean = cleanQuery(params);
  if (clean !== null) throw redirect(`${url.pathname}${clean}${url.hash}`, 301);
  const { category, search, location, county, town, minPrice, maxPrice, subcategory, attributes, sort, page, limit, noCorrection } = parseListingQuery(params, 'page');
  // A town of another county than the one picked is set aside (parseListingQuery): say why.
  const placeNote = placeMismatch(resolveCounty(params.get('county'))?.code, params.get('town'));
  const shown = { placeNote, category: category ?? null, search: search ?? '', location: location ?? '', county: county ?? null, town: town ?? null, minPrice, maxPrice, subcategory: subcategory ?? null, attributes, sort, limit };
  // What the page shows about itself, written here so that its script carries none of the wording (page weight).
  const about = { heading: resultsHeading(shown, listingsHeading(shown)), listName: listingsHeading(shown), chips: filterChips(url.pathname, { ...shown, sort: shown.sort }, false) };
  // The spec's 'Please enter a search query.' (the home page's message) when a search arrives blank without JavaScript.
  const origin = new URL(context.config.appUrl).origin;
  // What "Save this search" saves: this page's filters, as the parser read them (and whether it is saved already).
  const searchFilters = pageFilters(params);
  const savedSearchId = await savedSearchStateFor(context, searchFilters);
  // A search form sent empty (possible only without JavaScript) asks for nothing: say so rather than list everything.
  const blankSearch = params.has('search') && !shown.search && !shown.location && !shown.category;
  if (blankSearch) {
    return data({ ...shown, ...about, ...browseTitle(about.heading, 1), countText: '', emptyText: '', origin, searchFilters, savedSearchId, blankSearch, cards: NO_CARDS, lead: NO_LEAD, saved: [] as string[], total: 0, capped: false, page: 1, pageCount: 1, ...NO_HELP, error: null });
  }
  try {
    const options = { cache: context.searchCache, index: context.searchIndex };
    const result = await searchCards(context.db, { ...shown, noCorrection, page, limit }, { ...options, correct: true });
    // Nothing found (issue 42): the nearest broader search, for the words actually searched.
    const searched = result.correction?.search ?? shown.search;
    const broader = result.total === 0 && page === 1 ? await broaderSearch(context.db, { ...shown, search: searched, noCorrection: true, limit }, options) : null;
    return data({
      ...shown,
      ...about,
      ...browseTitle(about.heading, result.page),
      // "1,234 ads near Nairobi in Electronics" over the results (spec), and the empty state's "No listings found for ...".
      countText: resultsCount(result.total, result.totalIsCapped, shown.location, shown.category && (shown.search || shown.location) ? categoryName(shown.category) : ''),
      emptyText: emptyStateText({ ...shown, category: shown.category && categoryName(shown.category) }),
      origin,
      searchFilters,
      savedSearchId,
      blankSearch,
      // As the database wrote them (kernel/json-text.ts).
      cards: result.itemsJson,
      // The first card's photo, preloaded from the head (meta); written here so the page's script carries none of it.
      lead: cardPreloadLink(result.items[0]?.photo, CARD_SIZES),
      saved: await savedIdsOnPage(context, result),
      total: result.total,
      capped: result.totalIsCapped,
      page: result.page,
      pageCount: browsePageCount(result.total, limit),
      help: searchHelp(params, result, broader, searched),
      error: null,
    });
  } catch (error) {
    context.logger.error({ reqId: context.requestId, err: error }, 'listings page failed');
    return data(
      { ...shown, ...about, ...browseTitle(about.heading, page), countText: '', emptyText: '', origin, searchFilters, savedSearchId, blankSearch, cards: NO_CARDS, lead: NO_LEAD, saved: [] as string[], total: 0, capped: false, page, pageCount: 1, ...NO_HELP, error: failureReason(context.requestId) },
      { status: 500 },
    );
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { path, noindex } = loaderData ? browseCanonical(loaderData) : { path: '/listings', noindex: true };
  // The loader writes the title and description (browseTitle): the page's script carries none of their wording.
  return seoMeta({
    origin: originOf(matches),
    path,
    title: loaderData ? loaderData.title : `${allListings} | Soko`,
    description: loaderData ? loaderData.description : allListingsDescription,
    noindex: noindex || Boolean(loaderData?.error),
  }).concat(loaderData?.lead ?? []);
};

/** Home › All Listings (› the category). */
function browseCrumbs(category: string | null) {
  const crumbs = [
    { name: home, path: '/' },
    { name: allListings, path: '/listings' },
  ];
  return category ? [...crumbs, { name: categoryLabel?.(category) ?? category, path: `/category/${categorySlug(category)}` }] : crumbs;
}

export default function Listings({ loaderData }: Route.ComponentProps) {
  const { category, search, location: place, capped, page, error, blankSearch } = loaderData;
  const items = useJsonText(loaderData.cards);
  const filters = {
    category,
    search,
    location: place,
    county: loaderData.county,
    town: loaderData.town,
    minPrice: loaderData.minPrice,
    maxPrice: loaderData.maxPrice,
    subcategory: loaderData.subcategory,
    attributes: loaderData.attributes,
    sort: loaderData.sort,
  };
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const { heading } = loaderData;
  useResultsFocus(location.search);

  useEffect(() => {
    if (error) toast.error(listingsFailedToast);
  }, [error]);

  return (
    <div className="flex flex-col gap-3">
      {!blankSearch && <ResultsSearch action={location.pathname} values={filters} placeholder={searchPlaceholder} />}
      <div className="min-w-0">
        <h1 id={RESULTS_ID} tabIndex={-1} className="break-words text-xl font-bold outline-none sm:text-2xl">{heading}</h1>
        <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {!error && items.length > 0 && loaderData.countText}
          </p>
          {!blankSearch && !error && (items.length > 0 || page > 1) && <SaveSearchButton filters={loaderData.searchFilters} savedId={loaderData.savedSearchId} />}
        </div>
      </div>
      {loaderData.placeNote && <p role="status" className="place-note">{loaderData.placeNote}</p>}
      {loaderData.help.correction && <CorrectionNote correction={loaderData.help.correction} />}
      <FilterChips chips={loaderData.chips} />
      <CategoryFilter values={filters} />
      <SubcategoryLinks path={location.pathname} values={filters} categoryInPath={false} />
      <BrowseFilters values={filters} />

      {loading && (
        <p role="status" className="text-sm font-medium text-brand-700 dark:text-brand-100">{loadingListings}</p>
      )}

      {blankSearch ? (
        <form role="search" aria-label={searchAds} method="get" action={`${BASE}/listings`} className="flex flex-col gap-2 py-6">
          <p role="alert" className="font-medium text-red-700 dark:text-red-400">{BLANK_SEARCH}</p>
          <div className="flex gap-2">
            <label htmlFor="blank-search" className="sr-only">{searchSoko}</label>
            <input id="blank-search" name="search" type="search" className="input" placeholder={searchPlaceholder} />
            <button type="submit" className="btn-primary">{searchText}</button>
          </div>
        </form>
      ) : error ? (
        <p role="alert" className="load-error">
          {listingsFailedBefore}
          {error}
          {listingsFailedAfter}
        </p>
      ) : items.length === 0 ? (
        page > 1 ? (
          <p className="py-10 text-center text-gray-700 dark:text-gray-300">
            {noMoreAds}
            <Link to={pageSearch(location.search, 1) || location.pathname} className="font-semibold text-brand-700 underline dark:text-brand-100">{backToFirstPage}</Link>
          </p>
        ) : (
          <>
            <p className="pt-10 pb-4 text-center text-gray-700 dark:text-gray-300">
              {loaderData.emptyText}{' '}
              <Link to="/post-ad" className="font-semibold text-brand-700 underline dark:text-brand-100">{postOneNow}</Link>
            </p>
            <EmptySearchHelp help={loaderData.help} filters={loaderData.searchFilters} savedId={loaderData.savedSearchId} />
          </>
        )
      ) : (
        <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : undefined}>
          <ListingGrid listings={items} eagerCount={4} label={heading} headingLevel={2} savedIds={loaderData.saved} />
          {/* Searches are noindex (browseCanonical): structured data there would be bytes no crawler reads. */}
          {!browseCanonical(loaderData).noindex && (
            <>
              <JsonLd data={itemList(loaderData.origin, loaderData.listName, items, (page - 1) * loaderData.limit + 1)} />
              <JsonLd data={breadcrumbList(loaderData.origin, browseCrumbs(category))} />
            </>
          )}
          <Pagination page={page} pageCount={loaderData.pageCount} capped={capped} search={location.search} />
        </div>
      )}
    </div>
  );
}
