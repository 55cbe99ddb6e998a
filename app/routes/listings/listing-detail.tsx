import { isbot } from 'isbot';
import { attributeList, subcategoryLabel } from '#kernel/subcategories.ts';
import { data, isRouteErrorResponse, Link, redirect, useRouteError } from 'react-router';
import { FeaturedBadge } from '~/components/listings/FeaturedBadge';
import type { CardListing } from '~/components/listings/ListingCard';
import { ListingGallery } from '~/components/listings/ListingGallery';
import { bottomBarClass, ContactBar, PhoneReveal, useSellerPhone, type RevealResult } from '~/components/listings/PhoneReveal';
import { ReportAd, type ReportResult } from '~/components/listings/ReportAd';
import { keepDataAfterSave, SaveButton } from '~/components/listings/SaveButton';
import { SharePanel, ShareButton } from '~/components/listings/ShareButton';
import { postedAgo } from '~/lib/dates';
import { approxKes, formatPrice } from '#kernel/money.ts';
import { useNow } from '~/lib/use-now';
import { JsonLd } from '~/components/JsonLd';
import { ListingGrid } from '~/components/listings/ListingGrid';
import { VerifiedPhoneBadge } from '../../components/listings/VerifiedPhoneBadge';
import { OG_IMAGE, ogImageFileName } from '#kernel/card-images.ts';
import { categoryLabel, categorySlug, knownCategory, resolveCategory } from '#kernel/categories.ts';
import { BASE } from '#messages/locale.ts';
import { originOf, seoMeta, summary } from '~/lib/seo';
import { REPORT_MESSAGES } from '#kernel/report-rules.ts';
import { STATUS_LABELS } from '#kernel/lifecycle-rules.ts';
import { ratingText } from '#kernel/rating-text.ts';
import { breadcrumbList } from '~/lib/structured-data';
import { productLd } from '~/lib/product-ld';
import { failureData } from '../../../server/http/page-errors';
import { recordView, revealPhone } from '../../../server/listings/engagement';
import { deletedListingCategory, getListingFor } from '../../../server/listings/queries';
import { searchCards } from '../../../server/search/search';
import { similarAds as similarTo } from '../../../server/listings/similar-ads';
import { storageKeyOf } from '../../../server/media/images';
import { mediaPublicUrl } from '../../../server/media/public-url';
import { reportListing } from '../../../server/moderation/reports';
import { sellerHasVerifiedPhone } from '../../../server/users/phone-verification';
import { sellerShowsPhone } from '../../../server/users/contact-preferences';
import { CONTACT_TEXTS } from '#kernel/contact-preferences.ts';
import { isSaved } from '../../../server/saved/saved-ads';
import { MessageSellerForm } from '~/components/messages/MessageSellerForm';
import { conversationAbout } from '../../../server/messages/conversations';
import type { Route } from './+types/listing-detail';
import { groupDigits, nairobiDate, nairobiMonth } from '#kernel/format.ts';
import {
  adId,
  browseListings,
  contactAdvice,
  crumbAllListings,
  crumbHome,
  description as descriptionHeading,
  details as detailsHeading,
  editIt,
  failedToLoad,
  goHome,
  goneDescription,
  goneHeading,
  goneInCategory,
  goneOffOffer,
  goneRemoved,
  goneSimilar,
  goneTitle,
  hiddenFromBuyers,
  listingActions,
  listingNotFound,
  listings as listingsLabel,
  loadFailedAfter,
  loadFailedBefore,
  loadFailedTitle,
  manageAds,
  maybeSold,
  memberSince,
  messageSeller,
  moreIn,
  notAvailable,
  notFoundTitle,
  openConversation,
  posted,
  priceIn,
  priceNotSpecified,
  rating,
  reviewSeller,
  safeTradingTips,
  safetyTip1,
  safetyTip2,
  safetyTip3,
  safetyTip4,
  safetyTip5,
  safetyTips,
  seller as sellerHeading,
  similarAds as similarAdsLabel,
  soldNotice,
  soldSeeBelow,
  somethingWrong,
  unknownAction,
  views as viewsLabel,
  yourAd,
} from '#messages/ad.ts';


const SAFETY_TIPS = [safetyTip1, safetyTip2, safetyTip3, safetyTip4, safetyTip5];

/** Nairobi time everywhere, so the server and the browser print the same date. */

/** A view is a person looking: not a crawler, not a link prefetch, not the seller. */
function countsAsView(request: Request, ownerId: string, viewerId: string | null): boolean {
  if (isbot(request.headers.get('user-agent'))) return false;
  const purpose = `${request.headers.get('sec-purpose') ?? ''} ${request.headers.get('purpose') ?? ''}`;
  if (purpose.includes('prefetch')) return false;
  return ownerId !== viewerId;
}

/** Up to eight active ads of a gone ad's category, or none if that fails. */
function similarAds(context: Route.LoaderArgs['context'], category: string, exclude?: string) {
  return searchCards(context.db, { category: resolveCategory(category) ?? undefined, limit: 9 }, { cache: context.searchCache, index: context.searchIndex }).then(
    (r) => r.items.filter((c) => c._id !== exclude).slice(0, 8),
    () => [],
  );
}

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const viewerId = context.auth?.user.id ?? null;
  let found;
  try {
    found = await getListingFor(context.db, params.id, context.auth?.user ?? null);
  } catch (error) {
    context.logger.error({ reqId: context.requestId, err: error }, 'listing page failed');
    throw data(`${loadFailedBefore}${context.requestId.slice(0, 8)}${loadFailedAfter}`, { status: 500 });
  }
  if (!found || 'unavailable' in found) {
    // A deleted ad, or one that is no longer public (expired, hidden, held): 410 Gone tells search
    // engines to drop it; the visitor gets ads like it. Its owner still sees it (getListingFor).
    const category = found ? found.unavailable.category : await deletedListingCategory(context.db, params.id).catch(() => null);
    if (category === null) throw data(listingNotFound, { status: 404 });
    throw data({ category, similar: await similarAds(context, category), removed: !found } satisfies GoneData, { status: 410 });
  }
  const { listing } = found;
  let views = listing.views;
  if (countsAsView(request, listing.owner, viewerId)) {
    try {
      if (await recordView(context, listing._id, { userId: viewerId, deviceId: context.deviceId, deviceKnown: context.deviceKnown })) views += 1;
    } catch (error) {
      // A lost view count must not cost the visitor the page.
      context.logger.warn({ reqId: context.requestId, err: error }, 'view not counted');
    }
  }
  // Saving does not reload the ad (it would count a view again): only the header's count follows.
  const saved = viewerId ? await isSaved(context.db, viewerId, listing._id).catch(() => false) : false;
  // The buyer's conversation about this ad, if any: the page links to it (messages, issue 43).
  const conversationId = viewerId && viewerId !== listing.owner ? await conversationAbout(context.db, viewerId, listing._id).catch(() => null) : null;
  const seller = listing.user;
  const [phoneVerified, showsPhone] = await Promise.all([sellerHasVerifiedPhone(context.db, listing.owner), sellerShowsPhone(context.db, listing.owner)]);
  // Ads like it on every ad page (issue 42, point 7): a buyer who finds this one taken, too dear
  // or too far has the next ones at hand; a sold ad shows them in place of the contact buttons.
  const similar = await similarTo(context.db, listing._id).catch((error: unknown) => {
    context.logger.warn({ reqId: context.requestId, err: error }, 'similar ads failed');
    return [];
  });
  const coverKey = listing.photos[0] ? storageKeyOf(listing.photos[0].url) : null;
  // Only what the page shows: never the seller's phone number (revealed on request by the action or the API).
  return {
    origin: new URL(context.config.appUrl).origin,
    // The cover as a 1200x630 JPEG, made when the ad was saved (or on first request for older ads), at its public address (MEDIA_PUBLIC_URL: a CDN).
    // Where crawlers fetch the photos the structured data names: the CDN when there is one.
    mediaBase: context.config.media.publicUrl,
    previewImage: coverKey ? mediaPublicUrl(context.config, ogImageFileName(coverKey)) : null,
    sharing: url.searchParams.has('share'),
    isOwner: viewerId === listing.owner,
    conversationId,
    saved,
    similar,
    listing: {
      _id: listing._id,
      title: listing.title,
      description: listing.description,
      category: listing.category,
      // Its shown name (Swahili's words for a stored one): only the badge shows it, and the label table stays out of the page's script.
      subcategory: listing.subcategory ? subcategoryLabel(listing.subcategory) : listing.subcategory,
      // The subcategory's fields as labelled text ("Mileage": "85,000 km"), in its order.
      details: attributeList(listing.subcategory, listing.attributes),
      price: listing.price,
      currency: listing.currency,
      // "≈ Ksh …" beside a price in another currency (issue 42, point 6), written here: the page's script need not know the rates.
      approxKes: approxKes(listing.price, listing.currency, context.config.kesRates),
      // "Town, County" when the location names a known place (migration 0880), else the text as written.
      location: listing.place ?? listing.location,
      featured: listing.featured,
      postedDate: listing.postedDate,
      views,
      status: listing.status,
      // All of them (up to ten): the page shows five, the full-screen viewer every one.
      photos: listing.photos,
    },
    seller: {
      name: `${seller.firstName} ${seller.lastName}`.trim(),
      username: seller.username,
      createdAt: seller.createdAt,
      listingsCount: seller.listingsCount,
      rating: seller.rating,
      reviewCount: seller.reviewCount,
      // Written here, not in the browser: the ad page is among the heaviest in JavaScript.
      ratingLabel: ratingText(seller.rating, seller.reviewCount),
      phoneVerified,
      // The seller chose messages only (My details): no phone buttons, Message seller instead.
      // The note comes from here, so its text costs the page's JavaScript nothing (the route is at its budget).
      messagesOnly: showsPhone ? null : viewerId === listing.owner ? CONTACT_TEXTS.ownAdMessagesOnly : CONTACT_TEXTS.adMessagesOnly,
    },
  };
}

/**
 * The contact buttons without JavaScript: Show phone, Call and WhatsApp post here and the
 * number is revealed on the server, under the same per-device and per-account limits as the
 * API (revealPhone). Save posts to /saved/:id (app/routes/saved/save.tsx).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  // A page rendered before Save was real (issue 18) posts intent=save here: hand it on, method and body kept.
  if (intent === 'save') throw redirect(`/saved/${params.id}`, 307);
  if (intent === 'hide') return null;
  if (intent === 'report') return report(context, params.id, form);
  if (intent !== 'phone' && intent !== 'call' && intent !== 'whatsapp') return data({ error: unknownAction }, { status: 400 });
  let revealed;
  try {
    revealed = await revealPhone(context, params.id, { ip: context.clientIp, deviceId: context.deviceId, deviceKnown: context.deviceKnown, userId: context.auth?.user.id ?? null });
  } catch (error) {
    // Too many numbers (429) comes back to the page with its message; anything else is the error page's.
    return failureData(error, (failure) => ({ error: failure.message }));
  }
  if (!revealed.found) throw data(listingNotFound, { status: 404 });
  if (revealed.messagesOnly) return data({ error: CONTACT_TEXTS.noPhoneMessagesOnly }, { status: 403 });
  return { phone: revealed.phoneNumber, intent };
}

/** A report from the form: thanks, or the message of what to fix (400, 429) with nothing stored. */
async function report(context: Route.ActionArgs['context'], listingId: string, form: FormData) {
  try {
    const who = { ip: context.clientIp, deviceId: context.deviceId, deviceKnown: context.deviceKnown, userId: context.auth?.user.id ?? null };
    const found = await reportListing(context, listingId, { reason: form.get('reason') ?? undefined, details: form.get('details') ?? undefined }, who);
    if (!found) throw data(listingNotFound, { status: 404 });
    return { reported: REPORT_MESSAGES.thanks };
  } catch (error) {
    return failureData(error, (failure) => ({ reportError: failure.message }));
  }
}

export const shouldRevalidate = keepDataAfterSave;

export const meta: Route.MetaFunction = ({ loaderData, error, matches, location }) => {
  const origin = originOf(matches);
  if (!loaderData) {
    const title = isRouteErrorResponse(error) && error.status === 410 ? goneTitle : isRouteErrorResponse(error) && error.status === 404 ? notFoundTitle : loadFailedTitle;
    return seoMeta({ origin, path: location.pathname, title, description: goneDescription, noindex: true });
  }
  const { listing, previewImage } = loaderData;
  const title = `${listing.title}, ${formatPrice(listing.price, listing.currency, priceNotSpecified)}${priceIn}${listing.location}`;
  return seoMeta({
    origin,
    path: `/listing/${listing._id}`,
    title: `${title} | Soko`,
    description: summary(listing.description) || title,
    type: 'product',
    // The owner's (or a moderator's) view of an ad that is not public.
    noindex: listing.status !== 'active' && listing.status !== 'sold',
    image: previewImage ? { url: previewImage, ...OG_IMAGE, type: 'image/jpeg', alt: listing.title } : null,
  });
};

function Badge({ children }: { children: React.ReactNode }) {
  return <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 dark:bg-gray-800 dark:text-brand-100">{children}</span>;
}

/** What the 410 page of a deleted (removed) or no longer public ad shows. */
type GoneData = { category: string; similar: CardListing[]; removed: boolean };

/** 410: the ad was deleted, or is no longer offered (expired or taken down). Where to go instead: ads of the same category. */
function GoneListing({ category, similar, removed }: GoneData) {
  const known = knownCategory(category);
  return (
    <section className="flex flex-col gap-6 py-8">
      <div className="text-center">
        <h1 className="text-2xl font-bold">{goneHeading}</h1>
        <p className="mt-2 text-gray-600 dark:text-gray-400">
          {removed ? goneRemoved : goneOffOffer}{goneSimilar}{known ? `${goneInCategory}${known}` : ''}.
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <Link to={known ? `/category/${categorySlug(known)}` : '/listings'} className="btn-primary">{known ? `${moreIn}${categoryLabel?.(known) ?? known}` : browseListings}</Link>
          <Link to="/" className="btn-secondary">{goHome}</Link>
        </div>
      </div>
      {similar.length > 0 && (
        <section aria-labelledby="similar-heading">
          <h2 id="similar-heading" className="mb-3 text-lg font-bold">{similarAdsLabel}</h2>
          <ListingGrid listings={similar} eagerCount={2} label={similarAdsLabel} headingLevel={3} />
        </section>
      )}
    </section>
  );
}

export default function ListingDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, seller, isOwner, origin, mediaBase, sharing, saved, similar, conversationId } = loaderData;
  const sold = listing.status === 'sold';
  // Contact, Save and Report are for ads on offer (the owner sees other states of their own ad here).
  const onOffer = listing.status === 'active';
  const now = useNow();
  const revealed: RevealResult =
    actionData && 'error' in actionData ? { error: actionData.error } : actionData && 'phone' in actionData && actionData.intent ? { phone: actionData.phone ?? null, intent: actionData.intent } : undefined;
  const contact = useSellerPhone(listing._id, revealed);
  const reportResult: ReportResult = actionData && 'reported' in actionData ? { reported: actionData.reported } : actionData && 'reportError' in actionData ? { reportError: actionData.reportError } : undefined;
  return (
    // Room at the bottom for the phone's contact bar.
    <article className="grid gap-6 pb-16 md:pb-0 lg:grid-cols-3">
      <JsonLd
        data={productLd(origin, {
          ...listing,
          images: listing.photos.map((p) => p.url.replace(/^\/media/, mediaBase)),
          sellerName: seller.name,
          sold,
        })}
      />
      <JsonLd data={breadcrumbList(origin, adCrumbs(listing))} />
      <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
        <div className="flex flex-wrap items-center gap-2">
          {listing.category && <Badge>{categoryLabel?.(listing.category) ?? listing.category}</Badge>}
          {listing.subcategory && <Badge>{listing.subcategory}</Badge>}
          {listing.featured && onOffer && <FeaturedBadge />}
        </div>
        <header>
          <h1 className="break-words text-2xl font-bold sm:text-3xl">{listing.title}</h1>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            <span>{listing.location}</span>
            <span aria-hidden="true"> · </span>
            <span>
              {posted}{' '}
              <time dateTime={listing.postedDate} title={nairobiDate(listing.postedDate)} data-testid="posted">
                {postedAgo(listing.postedDate, now)}
              </time>
            </span>
          </p>
          <p className="mt-2 text-2xl font-extrabold text-brand-700 dark:text-brand-100" data-testid="listing-price">
            {formatPrice(listing.price, listing.currency, priceNotSpecified)}
          </p>
          {listing.approxKes && (
            <p className="text-sm text-gray-600 dark:text-gray-400" data-testid="approx-kes">
              {listing.approxKes}
            </p>
          )}
          {isOwner && (
            <p className="mt-2 text-sm">
              {yourAd}<Link to={`/listings/${listing._id}`} className="font-semibold text-brand-700 underline dark:text-brand-100">{editIt}</Link>
            </p>
          )}
          {sold && (
            <p role="status" className="mt-3 rounded-lg border-l-4 border-amber-600 bg-amber-50 px-4 py-3 font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="sold-notice">
              {soldNotice}{similar.length > 0 ? soldSeeBelow : ''}.
            </p>
          )}
          {!sold && !onOffer && (
            <p role="status" className="mt-3 rounded-lg border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="owner-state">
              {STATUS_LABELS[listing.status]}{hiddenFromBuyers}{' '}
              {isOwner && <Link to="/manage-ads" className="font-semibold underline">{manageAds}</Link>}
            </p>
          )}
        </header>
        <ListingGallery photos={listing.photos} title={listing.title} />
        {listing.details.length > 0 && (
          <section aria-labelledby="details-heading" className="card p-4">
            <h2 id="details-heading" className="text-lg font-bold">{detailsHeading}</h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="attributes">
              {listing.details.map((d) => (
                <div key={d.key} className="contents">
                  <dt className="text-gray-600 dark:text-gray-400">{d.label}</dt>
                  <dd className="font-semibold">{d.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        <section aria-labelledby="description-heading" className="card p-4">
          <h2 id="description-heading" className="text-lg font-bold">{descriptionHeading}</h2>
          <p className="mt-2 whitespace-pre-line break-words text-gray-800 dark:text-gray-200">{listing.description}</p>
        </section>
        {/* A sold ad's similar ads come first, in place of the contact buttons. */}
        {!onOffer && similar.length > 0 && <SimilarAds similar={similar} />}
      </div>

      <aside className="flex min-w-0 flex-col gap-4">
        <section aria-labelledby="seller-heading" className="card p-4">
          <h2 id="seller-heading" className="text-lg font-bold">{sellerHeading}</h2>
          <p className="mt-2 font-semibold">
            {seller.username ? (
              <Link to={`/seller/${seller.username}`} className="text-brand-700 underline dark:text-brand-100">{seller.name || seller.username}</Link>
            ) : (
              seller.name || notAvailable
            )}
          </p>
          {seller.username && <p className="text-sm text-gray-600 dark:text-gray-400">@{seller.username}</p>}
          {seller.phoneVerified && <VerifiedPhoneBadge className="mt-1" />}
          <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-gray-600 dark:text-gray-400">{memberSince}</dt>
            <dd>{seller.createdAt ? nairobiMonth(seller.createdAt) : notAvailable}</dd>
            <dt className="text-gray-600 dark:text-gray-400">{listingsLabel}</dt>
            <dd>{seller.listingsCount ?? 0}</dd>
            <dt className="text-gray-600 dark:text-gray-400">{rating}</dt>
            <dd data-testid="seller-rating">
              {seller.reviewCount > 0 && seller.username ? (
                <Link to={`/seller/${seller.username}#reviews`} className="underline">{seller.ratingLabel}</Link>
              ) : (
                seller.ratingLabel
              )}
            </dd>
          </dl>
          {conversationId && (
            <p className="mt-3 text-sm">
              <Link to={`/listing/${listing._id}/review`} className="font-semibold text-brand-700 underline dark:text-brand-100" data-testid="review-seller">
                {reviewSeller}
              </Link>
            </p>
          )}
          {onOffer && (
            <>
              {conversationId ? (
                <p className="mt-4 text-sm">
                  <Link to={`/messages/${conversationId}`} className="font-semibold text-brand-700 underline dark:text-brand-100" data-testid="open-conversation">
                    {openConversation}
                  </Link>
                </p>
              ) : null}
              {seller.messagesOnly ? (
                <p className="mt-4 rounded-lg border-l-4 border-brand-700 bg-brand-50 px-3 py-2 text-sm font-semibold dark:bg-gray-800" data-testid="messages-only">
                  {seller.messagesOnly}
                </p>
              ) : null}
              {isOwner ? null : <MessageSellerForm listingId={listing._id} />}
              {seller.messagesOnly ? null : (
                <div className="mt-4">
                  <PhoneReveal listingId={listing._id} contact={contact} />
                </div>
              )}
              {/* Issue 19: the advice belongs where the buyer is about to get in touch. */}
              <p className="mt-3 text-sm text-gray-700 dark:text-gray-300" data-testid="contact-advice">
                {contactAdvice}{' '}
                <Link to="/guides/safe-trading" className="font-semibold text-brand-700 underline dark:text-brand-100">
                  {safeTradingTips}
                </Link>
              </p>
            </>
          )}
        </section>

        <section aria-labelledby="actions-heading" className="card p-4">
          <h2 id="actions-heading" className="text-lg font-bold">{listingActions}</h2>
          <div id="actions" className="mt-3 grid scroll-mt-32 grid-cols-2 gap-2">
            {onOffer && <SaveButton listingId={listing._id} saved={saved} back={`/listing/${listing._id}#actions`} />}
            <ShareButton title={listing.title} listingId={listing._id} />
          </div>
          {sharing && <SharePanel title={listing.title} url={`${origin}${BASE}/listing/${listing._id}`} />}
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-gray-600 dark:text-gray-400">{adId}</dt>
            <dd className="break-all font-mono text-xs leading-5" data-testid="ad-id">{listing._id}</dd>
            <dt className="text-gray-600 dark:text-gray-400">{viewsLabel}</dt>
            <dd data-testid="views">{groupDigits(listing.views)}</dd>
          </dl>
        </section>

        <section aria-labelledby="safety-heading" className="card p-4">
          <h2 id="safety-heading" className="text-lg font-bold">{safetyTips}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-700 dark:text-gray-300">
            {SAFETY_TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
        {(onOffer || (sold && !isOwner)) && <ReportAd listingId={listing._id} result={reportResult} />}
      </aside>
      {/* A live ad's similar ads come after its contact and safety sections (on a phone, below them). */}
      {onOffer && similar.length > 0 && (
        <div className="min-w-0 lg:col-span-3">
          <SimilarAds similar={similar} />
        </div>
      )}
      {onOffer && !seller.messagesOnly && <ContactBar listingId={listing._id} contact={contact} />}
      {onOffer && seller.messagesOnly && !isOwner && <MessageBar />}
    </article>
  );
}

/** The phone's bottom bar for a seller who takes messages only: one tap to the Message seller form. */
function MessageBar() {
  return (
    <div data-testid="contact-bar" className={bottomBarClass}>
      <a href="#message-seller" className="btn flex w-full bg-brand-700 py-3 text-base text-white">{messageSeller}</a>
    </div>
  );
}

function SimilarAds({ similar }: { similar: CardListing[] }) {
  return (
    <section aria-labelledby="similar-heading">
      <h2 id="similar-heading" className="mb-3 text-lg font-bold">{similarAdsLabel}</h2>
      {/* Below the ad and its contact buttons: no photo of theirs may compete with the ad's own. */}
      <ListingGrid listings={similar} label={similarAdsLabel} headingLevel={3} eagerCount={0} />
    </section>
  );
}

/** Home › the ad's category › the ad. */
function adCrumbs(listing: { _id: string; title: string; category: string }) {
  const known = knownCategory(listing.category);
  return [
    { name: crumbHome, path: '/' },
    known ? { name: known, path: `/category/${categorySlug(known)}` } : { name: crumbAllListings, path: '/listings' },
    { name: listing.title, path: `/listing/${listing._id}` },
  ];
}

/** 404 for an unknown id ('Listing not found.'), 'Failed to load listing: ...' for anything else. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 410) return <GoneListing {...(error.data as GoneData)} />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : somethingWrong;
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-bold">{notFound ? listingNotFound : `${failedToLoad}${message}`}</h1>
      {notFound && <p className="mt-2 text-gray-600 dark:text-gray-400">{maybeSold}</p>}
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/listings" className="btn-primary">{browseListings}</Link>
        <Link to="/" className="btn-secondary">{goHome}</Link>
      </div>
    </section>
  );
}
