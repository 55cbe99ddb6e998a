import { redirect } from 'react-router';
import { PaymentActions } from '~/components/payments/PaymentActions';
import { findPayment } from '../../../server/payments/payments';
import type { Route } from './+types/payment-success';

export const meta: Route.MetaFunction = () => [{ title: 'Payment Successful! — Soko' }, { name: 'robots', content: 'noindex' }];

/** Spec query: listingId, tx_ref, status. A reference the database does not call paid is not shown as paid. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const listingId = q.get('listingId') ?? '';
  const txRef = q.get('tx_ref') ?? '';
  const payment = txRef ? await findPayment(context.db, txRef.slice(0, 200)) : null;
  if (payment && payment.status === 'pending') {
    throw redirect(`/payment-pending?${new URLSearchParams({ listingId: payment.listingId ?? '', tx_ref: txRef })}`);
  }
  if (payment && payment.status !== 'succeeded') {
    const failure: Record<string, string> = { listingId: payment.listingId ?? '', status: payment.status };
    if (payment.failureReason) failure.message = payment.failureReason;
    throw redirect(`/payment-failure?${new URLSearchParams(failure)}`);
  }
  return { listingId: payment?.listingId ?? listingId, txRef };
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { listingId, txRef } = loaderData;
  return (
    <section className="mx-auto max-w-lg py-6 text-center">
      <div aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-3xl text-green-700 dark:bg-green-950 dark:text-green-300">
        ✓
      </div>
      <h1 className="mt-4 text-2xl font-bold">Payment Successful!</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">Thank you. Your payment has been received and your ad is now featured.</p>
      <dl className="card mt-6 grid gap-3 p-4 text-left text-sm">
        <div>
          <dt className="font-medium text-gray-600 dark:text-gray-400">Listing ID</dt>
          <dd className="break-all font-mono">{listingId || 'N/A'}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-600 dark:text-gray-400">Transaction reference</dt>
          <dd className="break-all font-mono">{txRef || 'N/A'}</dd>
        </div>
      </dl>
      <p className="mt-4">
        Your ad will get increased visibility for <strong>1 week</strong>.
      </p>
      <PaymentActions listingId={listingId || null} />
    </section>
  );
}
