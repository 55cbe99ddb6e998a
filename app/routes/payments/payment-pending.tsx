import { Link, redirect } from 'react-router';
import { PaymentActions } from '~/components/payments/PaymentActions';
import { usePaymentPolling } from '~/components/payments/usePaymentPolling';
import { requireAuth } from '../../../server/http/guards';
import { expectedError } from '../../../server/http/error-translation';
import { asPageError } from '../../../server/http/page-errors';
import { paymentsDeps } from '../../../server/payments/service';
import { currentPayment, pageForPayment, stateOf, txRefParam } from '../../../server/payments/status';
import { checkAgain, pendingHeading, pendingText, pendingTitle, transactionReferenceBefore } from '#messages/payments.ts';
import type { Route } from './+types/payment-pending';

export const meta: Route.MetaFunction = () => [{ title: pendingTitle }, { name: 'robots', content: 'noindex' }];

/**
 * The provider has not confirmed the payment yet (slow M-Pesa, an outage). The page shows the
 * payment as it stands (server/payments/status.ts decides, as for the API) and sends the
 * visitor on once there is a verdict.
 */
// Someone else's or an unknown payment is "not found"; a throttled client gets its 429.
const rethrowUnlessNotOwner = (error: unknown) => {
  const failure = expectedError(error);
  if (failure && (failure.status === 403 || failure.status === 404)) return null;
  throw asPageError(error);
};

export async function loader({ url, context }: Route.LoaderArgs) {
  const auth = requireAuth(context.auth, url);
  const q = url.searchParams;
  const txRef = txRefParam(q.get('tx_ref'));
  const payment = txRef ? await currentPayment(paymentsDeps(context), txRef, auth.user.id, context.clientIp).catch(rethrowUnlessNotOwner) : null;
  if (!payment || payment.status !== 'pending') throw redirect(pageForPayment(payment && stateOf(payment), q.get('listingId')));
  return { txRef, listingId: payment.listingId ?? '' };
}

export default function PaymentPending({ loaderData }: Route.ComponentProps) {
  const { txRef, listingId } = loaderData;
  usePaymentPolling(txRef);
  const again = `/payment-pending?${new URLSearchParams({ listingId, tx_ref: txRef })}`;
  return (
    <section className="mx-auto max-w-lg py-6 text-center" aria-live="polite">
      {/* Without JavaScript the page reloads itself every few seconds instead of polling. */}
      <noscript dangerouslySetInnerHTML={{ __html: '<meta http-equiv="refresh" content="5">' }} />
      <div aria-hidden="true" className="mx-auto h-12 w-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none" />
      <h1 className="mt-4 text-2xl font-bold">{pendingHeading}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">
        {pendingText}
      </p>
      <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">
        {transactionReferenceBefore}
        <span className="break-all font-mono">{txRef}</span>
      </p>
      <p className="mt-4">
        <Link to={again} className="btn-secondary" reloadDocument>
          {checkAgain}
        </Link>
      </p>
      <PaymentActions listingId={listingId || null} />
    </section>
  );
}
