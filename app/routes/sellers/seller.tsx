import { data, isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { SellerReviews } from '~/components/reviews/SellerReviews';
import { REVIEW_MESSAGES } from '#kernel/review-rules.ts';
import { ratingText } from '#kernel/rating-text.ts';
import { requireAuth } from '../../../server/http/guards';
import { failureData } from '../../../server/http/page-errors';
import { replyToReview, reportReview, sellerReviews } from '../../../server/reviews/reviews';
import { ListingGrid } from '~/components/listings/ListingGrid';
import { keepDataAfterSave } from '~/components/listings/SaveButton';
import { Pagination } from '~/components/listings/Pagination';
import { VerifiedPhoneBadge } from '../../components/listings/VerifiedPhoneBadge';
import { originOf, seoMeta } from '~/lib/seo';
import { savedIdsFor } from '../../../server/saved/saved-ads';
import { findSeller, SELLER_PAGE_SIZE, sellerCards } from '../../../server/users/sellers';
import type { Route } from './+types/seller';
import { nairobiMonth } from '#kernel/format.ts';
import {
  activeAds,
  adsBy,
  browseListings,
  location as locationText,
  memberSince,
  noAds,
  noMoreAds,
  noSellerHere,
  notGiven,
  rating,
  sellerDescription,
  sellerNotFound,
  sellerNotFoundDescription,
  sellerNotFoundTitle,
  sellerTitle,
  somethingWentWrong,
  tryLater,
  unknownAction,
} from '#messages/seller.ts';

export const shouldRevalidate = keepDataAfterSave;

/** A seller's public page (issue 18): only what a buyer may see, never the e-mail or phone. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const seller = await findSeller(context.db, params.username);
  if (!seller) throw data(`${sellerNotFound}.`, { status: 404 });
  const raw = url.searchParams.get('page') ?? '';
  const page = /^\d{1,5}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  const listings = await sellerCards(context.db, seller._id, { page, limit: SELLER_PAGE_SIZE });
  const rawReviews = url.searchParams.get('reviews') ?? '';
  const viewerId = context.auth?.user.id ?? null;
  const reviews = await sellerReviews(context.db, seller._id, /^\d{1,5}$/.test(rawReviews) && Number(rawReviews) >= 1 ? Number(rawReviews) : 1, viewerId);
  const name = `${seller.firstName} ${seller.lastName}`.trim() || seller.username;
  // The page's title and description, written here so that its script carries none of their wording.
  const where = seller.location ?? '';
  return {
    title: sellerTitle({ name, where, n: seller.activeAds, page }),
    description: sellerDescription({ name, where, since: nairobiMonth(seller.memberSince), n: seller.activeAds }),
    reviews,
    ratingLabel: ratingText(reviews.rating, reviews.count),
    ownPage: viewerId === seller._id,
    seller: {
      username: seller.username,
      name,
      location: seller.location,
      memberSince: seller.memberSince,
      activeAds: seller.activeAds,
      phoneVerified: seller.phoneVerified,
    },
    listings,
    saved: await savedIdsFor(context, listings),
    page,
    pageCount: Math.max(1, Math.ceil(seller.activeAds / SELLER_PAGE_SIZE)),
  };
}

/** The seller's reply to a review, and a report of a review by its seller or author (issue 44). */
export async function action({ request, url, context }: Route.ActionArgs) {
  const auth = requireAuth(context.auth, url);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const reviewId = String(form.get('review') ?? '');
  try {
    if (intent === 'reply') {
      await replyToReview(context.db, auth.user.id, reviewId, form.get('body'));
      return { reviewId, ok: true as const, message: REVIEW_MESSAGES.replied };
    }
    if (intent === 'report-review') {
      await reportReview(context.db, auth.user.id, reviewId, { reason: form.get('reason'), details: form.get('details') ?? '' });
      return { reviewId, ok: true as const, message: REVIEW_MESSAGES.reported };
    }
  } catch (error) {
    return failureData(error, (failure) => ({ reviewId, ok: false as const, message: failure.message }));
  }
  return data({ reviewId, ok: false as const, message: unknownAction }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const origin = originOf(matches);
  if (!loaderData) return seoMeta({ origin, path: location.pathname, title: sellerNotFoundTitle, description: sellerNotFoundDescription, noindex: true });
  const { seller, page, title, description } = loaderData;
  return seoMeta({ origin, path: `/seller/${seller.username}${page > 1 ? `?page=${page}` : ''}`, title, description });
};

export default function SellerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { seller, listings, saved, page, pageCount, reviews, ownPage, ratingLabel } = loaderData;
  const location = useLocation();
  return (
    <section className="flex flex-col gap-5">
      <header className="card p-4">
        <h1 className="break-words text-2xl font-extrabold sm:text-3xl">{seller.name}</h1>
        <p className="text-sm text-gray-600 dark:text-gray-400">@{seller.username}</p>
        {seller.phoneVerified && <VerifiedPhoneBadge className="mt-2" />}
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-600 dark:text-gray-400">{locationText}</dt>
          <dd>{seller.location ?? notGiven}</dd>
          <dt className="text-gray-600 dark:text-gray-400">{memberSince}</dt>
          <dd>{nairobiMonth(seller.memberSince)}</dd>
          <dt className="text-gray-600 dark:text-gray-400">{activeAds}</dt>
          <dd data-testid="active-ads">{seller.activeAds}</dd>
          <dt className="text-gray-600 dark:text-gray-400">{rating}</dt>
          <dd data-testid="seller-rating">
            {reviews.count > 0 ? <a href="#reviews" className="underline">{ratingLabel}</a> : ratingLabel}
          </dd>
        </dl>
      </header>
      <section aria-labelledby="seller-ads-heading">
        <h2 id="seller-ads-heading" className="mb-3 text-lg font-bold">
          {adsBy}
          {seller.name}
        </h2>
        {listings.length === 0 ? (
          <p className="text-gray-700 dark:text-gray-300">{page > 1 ? noMoreAds : noAds}</p>
        ) : (
          <ListingGrid listings={listings} eagerCount={2} label={`${adsBy}${seller.name}`} headingLevel={3} savedIds={saved} />
        )}
        <Pagination page={page} pageCount={pageCount} search={location.search} />
      </section>
      <SellerReviews sellerName={seller.name} reviews={reviews} ratingLabel={ratingLabel} ownPage={ownPage} search={location.search} result={actionData ?? null} />
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-bold">{notFound ? sellerNotFound : somethingWentWrong}</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-400">{notFound ? noSellerHere : tryLater}</p>
      <Link to="/listings" className="btn-primary mt-6">{browseListings}</Link>
    </section>
  );
}
