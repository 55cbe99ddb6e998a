import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { postedAgo } from '~/lib/dates';
import { formatPrice } from '~/lib/money';
import { useNow } from '~/lib/use-now';
import type { CardJson } from '../../../server/listings/listing-json';
import { FeaturedBadge } from './FeaturedBadge';
import { CardImage } from './ResponsiveImage';
import { SaveButton } from './SaveButton';

/** What a card shows, as the server's queries write it (searchCards, featuredCards, cardsByOwner). */
export type CardListing = CardJson;

/**
 * How wide a card's image is drawn: 2 columns on phones (the page has 16 px padding and a 12 px
 * gap), 3 on tablets, 4 from 1024 px (the main column is at most 1152 px).
 */
export const CARD_SIZES = '(min-width: 1024px) 270px, (min-width: 640px) calc(33vw - 20px), calc(50vw - 22px)';

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
  /** Show the Save button, pressed when true (absent on the seller's own Manage ads). */
  saved?: boolean;
};

/**
 * One ad in a grid: cover photo, Featured badge, title, price ('Price negotiable' when
 * falsy), location, category. The whole card links to /listing/{id} through the title link
 * stretched over the card, so action buttons can sit inside without nesting links.
 */
export function ListingCard({ listing, eager = false, showSubcategory = false, actions, headingLevel = 3, saved }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const category = listing.category || 'N/A';
  const categoryText = showSubcategory && listing.subcategory ? `${category} / ${listing.subcategory}` : category;
  const now = useNow();
  return (
    <article className="card relative flex h-full flex-col overflow-hidden focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600">
      {/* The box sets the height; the image fills it, so no photo can make its card taller. */}
      <div className="relative aspect-[4/3] overflow-hidden bg-gray-100 dark:bg-gray-800">
        <CardImage photo={listing.photo} alt={listing.title} sizes={CARD_SIZES} eager={eager} className="absolute inset-0 h-full w-full object-cover" />
        {listing.featured && <FeaturedBadge className="absolute left-2 top-2" />}
        {saved !== undefined && <SaveButton listingId={listing._id} title={listing.title} saved={saved} variant="card" />}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2.5 sm:p-3">
        <Heading className="line-clamp-2 break-words text-sm font-semibold leading-snug sm:text-base">
          <Link to={`/listing/${listing._id}`} className="after:absolute after:inset-0 after:content-[''] focus:outline-none">
            {listing.title}
          </Link>
        </Heading>
        <p className="font-bold text-brand-700 dark:text-brand-100">{formatPrice(listing.price, listing.currency)}</p>
        <p className="truncate text-xs text-gray-600 dark:text-gray-400">{listing.place ?? listing.location}</p>
        {listing.createdAt && (
          <p className="text-xs text-gray-600 dark:text-gray-400">
            <time dateTime={listing.createdAt} data-testid="posted">{postedAgo(listing.createdAt, now)}</time>
          </p>
        )}
        <p className="mt-auto pt-1">
          <span className="inline-block max-w-full truncate rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700 dark:bg-gray-800 dark:text-gray-300">
            {categoryText}
          </span>
        </p>
        {actions && <div className="relative z-10 mt-2 flex flex-wrap gap-2">{actions}</div>}
      </div>
    </article>
  );
}
