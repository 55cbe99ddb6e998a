import type { ReactNode } from 'react';
import { postedAgo } from '~/lib/dates';
import { escapeHtml } from '~/lib/html';
import { approxKes, formatPrice, type KesRates } from '#kernel/money.ts';
import { useKesRates } from '~/lib/kes-rates';
import { useNow } from '~/lib/use-now';
import type { CardJson } from '#kernel/listing-shapes.ts';
import { NO_REVIEWS } from '#kernel/rating-text.ts';
import { categoryLabel } from '#kernel/categories.ts';
import { notAvailable, reviewMany, reviewOne, reviewsOpen, seller, sellerNoReviews } from '#messages/browse.ts';
import { IN_APP_LINK } from '../InAppLink';
import { featuredBadgeHtml } from './FeaturedBadge';
import { cardImageHtml } from './ResponsiveImage';
import { cardHeartHtml } from './SaveButton';
import { BASE } from '#messages/locale.ts';

/** The ad's own words, which the Swahili sweep (tests/e2e/swahili-sweep.spec.ts) skips; written in the Swahili build only, so English cards keep their bytes. */
const USER_CONTENT = ' data-user-content';

/** What a card shows, as the server's queries write it (searchCards, featuredCards, cardsByOwner). */
export type CardListing = CardJson;

/**
 * How wide a card's image is drawn, to the pixel: 2 columns on phones, 3 on tablets, 4 from
 * 1024 px, in a page with 16 px padding, 12 px gaps and a main column of at most 1152 px, inside
 * the card's 1 px border. Exact because the browser picks the file from it: two pixels too wide
 * made a 412 px phone at 1.75x (a Moto G Power, Lighthouse's phone) fetch every card at 480 px
 * instead of 320. tests/e2e/page-weight.spec.ts measures it against the drawn image.
 */
export const CARD_SIZES = '(min-width:1152px) 269px,(min-width:1024px) calc(25vw - 19px),(min-width:640px) calc(33.33vw - 21px),calc(50vw - 24px)';

type Props = {
  listing: CardListing;
  /** First row of a grid: load the image at once instead of lazily. */
  eager?: boolean;
  /** Show "category / subcategory" instead of the category alone (Manage ads). */
  showSubcategory?: boolean;
  /** Buttons under the card (Manage ads); they stay clickable above the card-wide link. */
  actions?: ReactNode;
  /** The title's heading level: one below the heading the grid sits under, so levels never skip. */
  headingLevel?: 2 | 3;
  /**
   * The Save heart: whether it is pressed, and the page its plain form comes back to (absent on
   * the seller's own Manage ads). The list around the cards sends it (useCardSaves).
   */
  heart?: { saved: boolean; back: string };
};

/**
 * One ad in a grid: cover photo, Featured badge, Save heart, title, price ('Price negotiable' when
 * falsy), location, category. The whole card links to /listing/{id} through the title link
 * stretched over the card, so action buttons can sit inside without nesting links.
 *
 * Everything but Manage ads' buttons is written as one HTML string. A results page has 24 cards:
 * as elements and components they were a good part of the CPU the server spends writing a page
 * (which is what makes pages queue at 16 clients, docs/search-performance.md) and of the phone's
 * hydrating it. Hydration keeps the server's markup inside `dangerouslySetInnerHTML`; the links
 * are followed in the app by the document's listener (InAppLink's attributes), and the hearts by
 * the list's (useCardSaves).
 */
export function ListingCard({ listing, eager = false, showSubcategory = false, actions, headingLevel = 3, heart }: Props) {
  const category = listing.category ? (categoryLabel?.(listing.category) ?? listing.category) : notAvailable;
  const categoryText = showSubcategory && listing.subcategory ? `${category} / ${listing.subcategory}` : category;
  const photo = cardPhotoHtml(listing, eager, heart);
  const text = cardTextHtml(listing, headingLevel, categoryText, useNow(), useKesRates());
  if (!actions) {
    return <article className="listing-card" dangerouslySetInnerHTML={{ __html: `<div class="listing-card-photo">${photo}</div><div class="listing-card-body">${text}</div>` }} />;
  }
  return (
    <article className="listing-card">
      <div className="listing-card-photo" dangerouslySetInnerHTML={{ __html: photo }} />
      <div className="listing-card-body">
        {/* `contents`: the text stays a flex item of the body, as without buttons. */}
        <div className="contents" dangerouslySetInnerHTML={{ __html: text }} />
        <div className="relative z-10 mt-2 flex flex-wrap gap-2">{actions}</div>
      </div>
    </article>
  );
}

/** What the photo box holds: the cover (its box sets the height, so no photo can make a card taller), the badge and the heart. */
function cardPhotoHtml(listing: CardListing, eager: boolean, heart: Props['heart']): string {
  return (
    cardImageHtml(listing.photo, listing.title, CARD_SIZES, eager, 'listing-card-image') +
    (listing.featured ? featuredBadgeHtml('absolute left-2 top-2') : '') +
    (heart ? cardHeartHtml(listing._id, listing.title, heart) : '')
  );
}

/** The seller's average and number of reviews (issue 44), or "No reviews yet": never a star without reviews behind it. */
function sellerLineHtml(listing: CardListing): string {
  const text =
    listing.sellerRating === null || !listing.sellerReviews
      ? `${sellerNoReviews}${NO_REVIEWS}`
      : `${seller} <span aria-hidden="true">★</span> ${listing.sellerRating.toFixed(1)}${reviewsOpen}${listing.sellerReviews}${listing.sellerReviews === 1 ? reviewOne : reviewMany}`;
  return `<p class="listing-card-meta truncate" data-testid="seller-rating">${text}</p>`;
}

/** A card's text: the title (its link stretched over the card), price, place, when it was posted and the category. */
function cardTextHtml(listing: CardListing, headingLevel: 2 | 3, categoryText: string, now: number, rates: KesRates): string {
  const approx = approxKes(listing.price, listing.currency, rates);
  const heading = `h${headingLevel}`;
  const posted = listing.createdAt
    ? `<time class="listing-card-meta" datetime="${escapeHtml(listing.createdAt)}" data-testid="posted">${escapeHtml(postedAgo(listing.createdAt, now))}</time>`
    : '';
  return (
    `<${heading} class="listing-card-title"><a class="listing-card-link" href="${BASE}/listing/${escapeHtml(listing._id)}" ${IN_APP_LINK}${BASE && USER_CONTENT}>${escapeHtml(listing.title)}</a></${heading}>` +
    `<p class="listing-card-price">${escapeHtml(formatPrice(listing.price, listing.currency))}</p>` +
    (approx ? `<p class="listing-card-meta" data-testid="approx-kes">${escapeHtml(approx)}</p>` : '') +
    `<p class="listing-card-meta truncate">${escapeHtml(listing.place ?? listing.location)}</p>` +
    posted +
    sellerLineHtml(listing) +
    `<span class="listing-card-category">${escapeHtml(categoryText)}</span>`
  );
}
