import { Link } from 'react-router';
import { goHome, manageAds, viewListing } from '#messages/payments.ts';

/** The three ways on from a payment page (spec section 2): the listing, Manage ads, home. */
export function PaymentActions({ listingId }: { listingId: string | null }) {
  return (
    <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
      {listingId && (
        <Link to={`/listing/${encodeURIComponent(listingId)}`} className="btn-primary">
          {viewListing}
        </Link>
      )}
      <Link to="/manage-ads" className="btn-secondary">
        {manageAds}
      </Link>
      <Link to="/" className="btn-secondary">
        {goHome}
      </Link>
    </div>
  );
}
