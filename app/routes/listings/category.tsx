import { useEffect, useState } from 'react';
import { data, Link, redirect, useFetcher, useLocation, useNavigation } from 'react-router';
import { browseCanonical, categoryFromSlug, cleanQuery, pageSearch, resultsHeading, slugHeading } from '~/components/listings/browse';
import { BrowseFilters, SubcategoryLinks } from '~/components/listings/BrowseFilters';
import { FilterChips, filterChips } from '~/components/listings/FilterChips';
import { ResultsSearch } from '~/components/listings/ResultsSearch';
import { RESULTS_ID, useResultsFocus } from '~/components/listings/Pagination';
import { resolveCounty } from '#kernel/kenya-locations.ts';
import { JsonLd } from '~/components/JsonLd';
import { categoryLabel, categoryName, categorySlug } from '#kernel/categories.ts';
import { originOf, seoMeta } from '~/lib/seo';
import { breadcrumbList, itemList } from '~/lib/structured-data';
import { CARD_SIZES, type CardListing } from '~/components/listings/ListingCard';
import { cardPreloadLink, NO_LEAD } from '~/components/listings/ResponsiveImage';
import { ListingGrid } from '~/components/listings/ListingGrid';
import { CATEGORY_DESCRIPTIONS } from '#kernel/categories.ts';
import { browsePageCount, parseListingQuery, placeMismatch } from '../../../server/listings/listing-query';
import { searchCards } from '../../../server/search/search';
import { keepDataAfterSave } from '~/components/listings/SaveButton';
import { savedIdsOnPage } from '../../../server/saved/saved-ads';
import { pageFilters, savedSearchStateFor } from '../../../server/saved/saved-searches';
import { SaveSearchButton } from '~/components/listings/SaveSearchButton';
import type { Route } from './+types/category';
import { groupDigits } from '#kernel/format.ts';
import {
  allListings,
  browseAllListings,
  categoryFailedBefore,
  categoryListName,
  categoryLoadFailed,
  categoryNotFound,
  categoryNotFoundDescription,
  categoryNotFoundTitle,
  categoryTitle,
  createListing,
  filterCategory,
  home,
  listingCount,
  loadingListings,
  loading as loadingText,
  loadMore,
  noMatchInCategory,
  noneInCategory,
  noSuchCategoryAfter,
  noSuchCategoryBefore,
  pageSuffix,
  previousPage,
  searchInCategory,
} from '#messages/browse.ts';
import { jsonText, parseJsonText } from '#kernel/json-text.ts';
import { useJsonText } from '~/lib/use-json-text';
import type { CardJson } from '../../../server/listings/listing-json';

export const shouldRevalidate = keepDataAfterSave;

const NO_CARDS = jsonText<CardJson[]>('[]');

/** /category/:slug: one of the nine categories, with search, price filters and sort inside it. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const category = categoryFromSlug(params.slug);
  if (!category) return data({ notFound: true as const, slug: params.slug }, { status: 404 });
  // The category is the address's; a category in the query is not this page's.
  const query = url.searchParams;
  // No empty parameters in the address (a filter form sent without JavaScript): one address per result.
  const clean = cleanQuery(query);
  if (clean !== null) throw redirect(`${url.pathname}${clean}`, 301);
  // Only this category's subcategories (a subcategory of another category is no filter here).
  const scoped = new URLSearchParams(query);
  scoped.set('category', category);
  const { search = '', location = '', county = null, town = null, minPrice, maxPrice, sort, page, limit, subcategory = null, attributes } = parseListingQuery(scoped, 'page');
  // What "Save this search" saves: the category of the address and the page's filters.
  const searchFilters = pageFilters(query, category);
  const savedSearchId = await savedSearchStateFor(context, searchFilters);
  const values = { category, search, location, county, town, minPrice, maxPrice, subcategory, attributes, sort };
  // What the page shows about itself, written here so that its script carries none of the wording (page weight).
  // The spec's heading is the slug's words; another language names the category in its own words.
  const label = categoryName(category);
  const about = {
    heading: resultsHeading(values, categoryLabel ? label : slugHeading(params.slug)),
    chips: filterChips(url.pathname, values, true),
    label,
    searchIn: searchInCategory({ category: label }),
    filterLabel: filterCategory({ category: label }),
    listName: categoryListName({ category: label }),
    title: categoryTitle({ category: label, page: page > 1 ? pageSuffix({ n: page }) : '' }),
  };
  const base = { ...about, notFound: false as const, origin: new URL(context.config.appUrl).origin, limit, slug: params.slug, category, description: CATEGORY_DESCRIPTIONS[category], search, location, placeNote: placeMismatch(resolveCounty(query.get('county'))?.code, query.get('town')), county, town, minPrice, maxPrice, subcategory, attributes, sort, searchFilters, savedSearchId };
  try {
    const result = await searchCards(context.db, { category, search, location, county, town, minPrice, maxPrice, subcategory, attributes, sort, page, limit }, { cache: context.searchCache, index: context.searchIndex });
    // The cards as the database wrote them (kernel/json-text.ts).
    const countText = listingCount({ n: result.total, shown: `${groupDigits(result.total)}${result.totalIsCapped ? '+' : ''}` });
    return data({ ...base, countText, cards: result.itemsJson, lead: cardPreloadLink(result.items[0]?.photo, CARD_SIZES), saved: await savedIdsOnPage(context, result), total: result.total, capped: result.totalIsCapped, page, pageCount: browsePageCount(result.total, limit), error: null });
  } catch (error) {
    context.logger.error({ reqId: context.requestId, err: error }, 'category page failed');
    return data({ ...base, countText: '', cards: NO_CARDS, lead: NO_LEAD, saved: [] as string[], total: 0, capped: false, page, pageCount: 1, error: categoryLoadFailed }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const origin = originOf(matches);
  if (!loaderData || loaderData.notFound) {
    return seoMeta({ origin, path: location.pathname, title: categoryNotFoundTitle, description: categoryNotFoundDescription, noindex: true });
  }
  // A search inside the category is search results; sort and price filters name the unfiltered page (browseCanonical).
  const { path, noindex } = browseCanonical({ category: loaderData.category, search: loaderData.search, location: loaderData.location, page: loaderData.page });
  return seoMeta({
    origin,
    path,
    title: loaderData.title,
    description: loaderData.description,
    noindex: noindex || Boolean(loaderData.error),
  }).concat(loaderData.lead);
};

/** Cards shown so far: the server's page, plus the ones Load More fetched in the browser. */
function useLoadMore(first: CardListing[], firstPage: number, pages: number) {
  const fetcher = useFetcher<typeof loader>();
  const location = useLocation();
  const [more, setMore] = useState<{ items: CardListing[]; saved: string[]; page: number }>({ items: [], saved: [], page: firstPage });
  // A new search or filter starts again from the server's page.
  useEffect(() => setMore({ items: [], saved: [], page: firstPage }), [location.search, location.pathname, firstPage]);
  useEffect(() => {
    const d = fetcher.data;
    if (fetcher.state !== 'idle' || !d || d.notFound || d.error) return;
    setMore((m) => (d.page > m.page ? { items: [...m.items, ...parseJsonText(d.cards)], saved: [...m.saved, ...d.saved], page: d.page } : m));
  }, [fetcher.state, fetcher.data]);
  const seen = new Set(first.map((l) => l._id));
  const items = [...first, ...more.items.filter((l) => !seen.has(l._id))];
  const nextHref = more.page < pages ? `${location.pathname}${pageSearch(location.search, more.page + 1)}#${RESULTS_ID}` : null;
  return { items, saved: more.saved, nextHref, loading: fetcher.state === 'loading', load: (href: string) => fetcher.load(href) };
}

function CategoryNotFound({ slug }: { slug: string }) {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-bold">{categoryNotFound}</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-400">
        {noSuchCategoryBefore}
        {slug}
        {noSuchCategoryAfter}
      </p>
      <Link to="/listings" className="btn-primary mt-6">{browseAllListings}</Link>
    </section>
  );
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.notFound) return <CategoryNotFound slug={loaderData.slug} />;
  return <CategoryListings data={loaderData} />;
}

function CategoryListings({ data: d }: { data: Exclude<Route.ComponentProps['loaderData'], { notFound: true }> }) {
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const first = useJsonText(d.cards);
  const { items, saved: savedMore, nextHref, loading: loadingMore, load } = useLoadMore(first, d.page, d.pageCount);
  const filtered = Boolean(d.county || d.town || d.subcategory || d.attributes || d.location) || d.minPrice !== undefined || d.maxPrice !== undefined || d.sort !== 'newest';
  const { heading } = d;
  useResultsFocus(location.search);
  const filterValues = { category: d.category, search: d.search, location: d.location, county: d.county, town: d.town, minPrice: d.minPrice, maxPrice: d.maxPrice, subcategory: d.subcategory, attributes: d.attributes, sort: d.sort };

  return (
    <div className="flex flex-col gap-3">
      <ResultsSearch action={location.pathname} values={filterValues} placeholder={d.searchIn} except={['category']} />
      <header>
        <h1 id={RESULTS_ID} tabIndex={-1} className="break-words text-xl font-bold outline-none sm:text-2xl">{heading}</h1>
        {/* The category's blurb is for a first look; a refined search needs the room for its results. */}
        {!filtered && !d.search && <p className="mt-1 text-gray-700 dark:text-gray-300">{d.description}</p>}
        <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
          {!d.error && (
            <p className="text-sm font-medium text-gray-600 dark:text-gray-400" data-testid="category-count">
              {d.countText}
            </p>
          )}
          {!d.error && <SaveSearchButton filters={d.searchFilters} savedId={d.savedSearchId} />}
        </div>
      </header>
      {d.placeNote && <p role="status" className="place-note">{d.placeNote}</p>}
      <FilterChips chips={d.chips} />

      <SubcategoryLinks path={`/category/${categorySlug(d.category)}`} values={filterValues} categoryInPath />
      <BrowseFilters values={filterValues} label={d.filterLabel} idPrefix="category" keep={{ ...filterValues, category: null }} />

      {loading && <p role="status" className="text-sm font-medium text-brand-700 dark:text-brand-100">{loadingListings}</p>}

      {d.error ? (
        <p role="alert" className="load-error">
          {categoryFailedBefore}
          {d.slug}: {d.error}
        </p>
      ) : items.length === 0 ? (
        <div className="py-10 text-center">
          <p className="text-gray-700 dark:text-gray-300">
            {d.search || filtered ? noMatchInCategory : noneInCategory}
          </p>
          <Link to="/create-listing" className="btn-primary mt-4">{createListing}</Link>
        </div>
      ) : (
        <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : undefined}>
          <ListingGrid listings={items} eagerCount={4} label={heading} headingLevel={2} savedIds={[...d.saved, ...savedMore]} />
          <JsonLd data={itemList(d.origin, d.listName, first, (d.page - 1) * d.limit + 1)} />
          <JsonLd
            data={breadcrumbList(d.origin, [
              { name: home, path: '/' },
              { name: allListings, path: '/listings' },
              { name: d.label, path: `/category/${categorySlug(d.category)}` },
            ])}
          />
          {nextHref && (
            <div className="mt-6 text-center">
              <Link
                to={nextHref}
                className="btn-secondary"
                aria-disabled={loadingMore}
                onClick={(e) => {
                  // With JavaScript the next page is appended below; without, the link opens it.
                  e.preventDefault();
                  if (!loadingMore) load(nextHref);
                }}
              >
                {loadingMore ? loadingText : loadMore}
              </Link>
            </div>
          )}
          {d.page > 1 && (
            <p className="mt-3 text-center text-sm">
              <Link to={`${location.pathname}${pageSearch(location.search, d.page - 1)}#${RESULTS_ID}`} preventScrollReset rel="prev" className="text-brand-700 underline dark:text-brand-100">
                {previousPage}
              </Link>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
