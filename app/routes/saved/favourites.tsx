import { Form, Link, useLocation } from 'react-router';
import { pageMeta } from '~/components/help/meta';
import { ListingCard } from '~/components/listings/ListingCard';
import { useCardSaves } from '~/components/listings/SaveButton';
import { Pagination } from '~/components/listings/Pagination';
import { SAVED_PAGE_SIZE } from '#kernel/saved-rules.ts';
import { requireAuth } from '../../../server/http/guards';
import { listSavedAds, type SavedAd } from '../../../server/saved/saved-ads';
import {
  browseAllListings,
  goneReason,
  noLongerAvailable,
  nothingSaved,
  remove,
  savedAds,
  savedCountAfter,
  savedCountBefore,
  savedCountEnd,
  savedCountMany,
  savedCountOne,
  savedAdsDescription,
  saveWord,
  tapAfter,
  tapBefore,
} from '#messages/saved.ts';
import type { Route } from './+types/favourites';

export const meta: Route.MetaFunction = (args) => pageMeta(args, savedAds, savedAdsDescription, { noindex: true });

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = requireAuth(context.auth, url);
  const raw = url.searchParams.get('page') ?? '';
  const page = /^\d{1,5}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  const saved = await listSavedAds(context.db, auth.user.id, { page, limit: SAVED_PAGE_SIZE });
  return { ...saved, pageCount: Math.max(1, Math.ceil(saved.total / saved.limit)) };
}

/** An ad gone or no longer on offer since it was saved (deleted, sold, expired, hidden): its title as saved, the reason, and a way to remove it. */
function GoneAd({ ad, back }: { ad: SavedAd; back: string }) {
  return (
    <article className="card flex h-full flex-col overflow-hidden" data-testid="gone-ad">
      <div className="flex aspect-[4/3] items-center justify-center bg-gray-100 p-2 text-center text-sm font-semibold text-gray-700 dark:bg-gray-800 dark:text-gray-300">
        {noLongerAvailable}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2.5 sm:p-3">
        <h2 className="line-clamp-2 break-words text-sm font-semibold leading-snug text-gray-600 sm:text-base dark:text-gray-400">{ad.title}</h2>
        <p className="text-xs text-gray-600 dark:text-gray-400">{goneReason}</p>
        <Form method="post" action={`/saved/${ad.listingId}`} className="mt-auto pt-2">
          <input type="hidden" name="intent" value="unsave" />
          <input type="hidden" name="back" value={back} />
          <button type="submit" className="btn-secondary w-full text-sm">
            {remove}
            <span className="sr-only"> {ad.title}</span>
          </button>
        </Form>
      </div>
    </article>
  );
}

export default function SavedAds({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount } = loaderData;
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  // Every ad here is saved. This page's loader runs again after each heart's answer, so an ad removed leaves the list.
  const saves = useCardSaves(items.map((ad) => ad.listingId));
  return (
    <section>
      <h1 className="text-2xl font-extrabold sm:text-3xl">{savedAds}</h1>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400" data-testid="saved-total">
        {total === 0 ? nothingSaved : `${savedCountBefore}${total}${savedCountAfter}${total === 1 ? savedCountOne : savedCountMany}${savedCountEnd}`}
      </p>
      {items.length === 0 ? (
        <p className="mt-6">
          {tapBefore}
          <strong>{saveWord}</strong>
          {tapAfter}{' '}
          <Link to="/listings" className="font-semibold text-brand-700 underline dark:text-brand-100">{browseAllListings}</Link>
        </p>
      ) : (
        <ul aria-label={savedAds} className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" onSubmit={saves.onSubmit}>
          {items.map((ad, i) => (
            <li key={ad.listingId} className="min-w-0">
              {ad.listing ? <ListingCard listing={ad.listing} eager={i < 2} headingLevel={2} heart={saves.heart(ad.listingId)} /> : <GoneAd ad={ad} back={back} />}
            </li>
          ))}
        </ul>
      )}
      {saves.inFlight}
      <Pagination page={page} pageCount={pageCount} search={location.search} />
    </section>
  );
}
