import type { ReactNode } from 'react';
import { postedAgo } from '~/lib/dates';
import { formatPrice } from '~/lib/money';
import { useNow } from '~/lib/use-now';
import type { CardJson } from '../../../server/listings/listing-json';
import { InAppLink } from '../InAppLink';
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
    <article className="listing-card">
      {/* The box sets the height; the image fills it, so no photo can make its card taller. */}
      <div className="listing-card-photo">
        <CardImage photo={listing.photo} alt={listing.title} sizes={CARD_SIZES} eager={eager} className="listing-card-image" />
        {listing.featured && <FeaturedBadge className="absolute left-2 top-2" />}
        {saved !== undefined && <SaveButton listingId={listing._id} title={listing.title} saved={saved} variant="card" />}
      </div>
      <div className="listing-card-body">
        <Heading className="listing-card-title">
          <InAppLink to={`/listing/${listing._id}`} className="listing-card-link">
            {listing.title}
          </InAppLink>
        </Heading>
        <p className="listing-card-price">{formatPrice(listing.price, listing.currency)}</p>
        <p className="listing-card-meta truncate">{listing.place ?? listing.location}</p>
        {listing.createdAt && (
          <time className="listing-card-meta" dateTime={listing.createdAt} data-testid="posted">
            {postedAgo(listing.createdAt, now)}
          </time>
        )}
        <span className="listing-card-category">{categoryText}</span>
        {actions && <div className="relative z-10 mt-2 flex flex-wrap gap-2">{actions}</div>}
      </div>
    </article>
  );
}
