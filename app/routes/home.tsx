import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useNavigation } from 'react-router';
import type { CardListing } from '~/components/listings/ListingCard';
import { ListingGrid } from '~/components/listings/ListingGrid';
import { CATEGORIES, categoryLabel } from '#kernel/categories.ts';
import { originOf, seoMeta } from '~/lib/seo';
import { toast } from '~/lib/toast';
import { categoryCounts, featuredCards } from '../../server/listings/queries';
import { keepDataAfterSave } from '~/components/listings/SaveButton';
import { savedIdsFor } from '../../server/saved/saved-ads';
import type { Route } from './+types/home';
import { groupDigits } from '#kernel/format.ts';
import { search } from '#messages/common.ts';
import {
  adCount,
  blankSearch,
  browseCategories,
  categoriesFailed,
  featuredFailed,
  featuredFailedToast,
  featuredListings,
  getStarted,
  heroHeading,
  heroText,
  homeDescription,
  homeTitle,
  learnMore,
  loadingFeatured,
  noFeatured,
  notAvailable,
  searchAds,
  searchPlaceholder,
  searchSoko,
  sellFast,
  sellFastText,
  viewAllListings,
} from '#messages/browse.ts';
import { BASE } from '#messages/locale.ts';

export const shouldRevalidate = keepDataAfterSave;

const FEATURED_COUNT = 8;

/**
 * Featured ads and category counts; each may fail alone and the page still renders (spec section 8).
 * The counts come with their texts ("3 ads"), so that the page's script carries none of the wording.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const fail = (what: string) => (error: unknown) => {
    context.logger.error({ reqId: context.requestId, err: error }, `home: ${what} failed`);
    return null;
  };
  const [featured, counts] = await Promise.all([
    featuredCards(context.db, FEATURED_COUNT).catch(fail('featured listings')),
    categoryCounts(context.db).then((rows) => Object.fromEntries(rows.map((r) => [r.name, r.count])) as Record<string, number>, fail('category counts')),
  ]);
  // Absent (not null) when the counts failed: the page then says N/A.
  const countTexts = counts ? Object.fromEntries(CATEGORIES.map((c) => [c, adCount({ n: counts[c] ?? 0, shown: groupDigits(counts[c] ?? 0) })])) : undefined;
  return { featured, counts, countTexts, saved: await savedIdsFor(context, featured) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    origin: originOf(matches),
    path: '/',
    title: homeTitle,
    description: homeDescription,
  });

function HeroSearch() {
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    if (!query) {
      setError(blankSearch);
      return;
    }
    setError('');
    navigate(`/listings?search=${encodeURIComponent(query)}`);
  };
  return (
    <form role="search" aria-label={searchAds} action={`${BASE}/listings`} method="get" onSubmit={submit} className="mx-auto mt-6 max-w-xl" noValidate>
      <div className="flex gap-2">
        <label htmlFor="hero-search" className="sr-only">{searchSoko}</label>
        <input id="hero-search" name="search" type="search" className="input" placeholder={searchPlaceholder} aria-describedby={error ? 'hero-search-error' : undefined} />
        <button type="submit" className="btn-primary">{search}</button>
      </div>
      {error && <p id="hero-search-error" role="alert" className="mt-2 text-sm font-medium text-amber-100">{error}</p>}
    </form>
  );
}

function FeaturedListings({ featured, saved }: { featured: CardListing[] | null; saved: string[] }) {
  const navigation = useNavigation();
  // Only seen when the home page itself is reloading on the client; the server sends it filled in.
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/';
  useEffect(() => {
    if (featured === null) toast.error(featuredFailedToast);
  }, [featured]);
  return (
    <section aria-labelledby="featured-heading">
      <div className="flex items-center justify-between gap-3">
        <h2 id="featured-heading" className="text-xl font-bold">{featuredListings}</h2>
        <Link to="/listings" className="btn-secondary shrink-0">{viewAllListings}</Link>
      </div>
      <div className="mt-4">
        {loading ? (
          <p role="status" className="text-gray-600 dark:text-gray-400">{loadingFeatured}</p>
        ) : featured === null ? (
          <p role="alert" className="text-red-700 dark:text-red-400">{featuredFailed}</p>
        ) : featured.length === 0 ? (
          <p className="text-gray-600 dark:text-gray-400">{noFeatured}</p>
        ) : (
          <ListingGrid listings={featured} eagerCount={2} label={featuredListings} savedIds={saved} />
        )}
      </div>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, counts, countTexts, saved } = loaderData;
  return (
    <div className="flex flex-col gap-10">
      <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-800 px-4 py-10 text-center text-white sm:py-14">
        <h1 className="text-2xl font-extrabold sm:text-4xl">{heroHeading}</h1>
        <p className="mt-2 text-brand-100">{heroText}</p>
        <HeroSearch />
      </section>

      <FeaturedListings featured={featured} saved={saved} />

      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-xl font-bold">{browseCategories}</h2>
        {counts === null && <p role="alert" className="mt-2 text-red-700 dark:text-red-400">{categoriesFailed}</p>}
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {CATEGORIES.map((c) => {
            return (
              <li key={c}>
                <Link to={`/listings?category=${encodeURIComponent(c)}`} className="card block h-full p-4 hover:border-brand-600">
                  <span className="block font-medium">{categoryLabel?.(c) ?? c}</span>
                  <span className="mt-1 block text-sm text-gray-600 dark:text-gray-400" data-testid="category-count">
                    {countTexts ? countTexts[c] : notAvailable}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="card flex flex-col items-start gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-xl font-bold">{sellFast}</h2>
          <p className="text-gray-600 dark:text-gray-400">{sellFastText}</p>
        </div>
        <div className="flex gap-2">
          <Link to="/auth/register" className="btn-primary">{getStarted}</Link>
          <Link to="/how-it-works" className="btn-secondary">{learnMore}</Link>
        </div>
      </section>
    </div>
  );
}
