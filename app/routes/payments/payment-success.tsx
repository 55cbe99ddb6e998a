import { redirect } from 'react-router';
import { PaymentActions } from '~/components/payments/PaymentActions';
import { findPayment } from '../../../server/payments/payments';
import { pageForPayment, stateOf, txRefParam } from '../../../server/payments/status';
import {
  listingId as listingIdLabel,
  notAvailable,
  successHeading,
  successText,
  successTitle,
  transactionReference,
  visibilityAfter,
  visibilityBefore,
  visibilityWeek,
} from '#messages/payments.ts';
import type { Route } from './+types/payment-success';

export const meta: Route.MetaFunction = () => [{ title: successTitle }, { name: 'robots', content: 'noindex' }];

/**
 * Spec query: listingId, tx_ref, status. Only a payment the database calls paid is shown as
 * paid; anything else (pending, failed, unknown or missing reference) goes to its own page.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const q = url.searchParams;
  const txRef = txRefParam(q.get('tx_ref'));
  const payment = txRef ? await findPayment(context.db, txRef) : null;
  if (!payment || payment.status !== 'succeeded') throw redirect(pageForPayment(payment && stateOf(payment), q.get('listingId')));
  return { listingId: payment.listingId ?? '', txRef };
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { listingId, txRef } = loaderData;
  return (
    <section className="mx-auto max-w-lg py-6 text-center">
      <div aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-3xl text-green-700 dark:bg-green-950 dark:text-green-300">
        ✓
      </div>
      <h1 className="mt-4 text-2xl font-bold">{successHeading}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{successText}</p>
      <dl className="card mt-6 grid gap-3 p-4 text-left text-sm">
        <div>
          <dt className="font-medium text-gray-600 dark:text-gray-400">{listingIdLabel}</dt>
          <dd className="break-all font-mono">{listingId || notAvailable}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-600 dark:text-gray-400">{transactionReference}</dt>
          <dd className="break-all font-mono">{txRef || notAvailable}</dd>
        </div>
      </dl>
      <p className="mt-4">
        {visibilityBefore}
        <strong>{visibilityWeek}</strong>
        {visibilityAfter}
      </p>
      <PaymentActions listingId={listingId || null} />
    </section>
  );
}
