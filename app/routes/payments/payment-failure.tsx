import { PaymentActions } from '~/components/payments/PaymentActions';
import { isUuid } from '../../../server/db/ids';
import { paymentFailureView } from '../../../server/payments/failure-page';
import { failureHeading, failureText, failureTitle, reason, status as statusLabel } from '#messages/payments.ts';
import type { Route } from './+types/payment-failure';

export const meta: Route.MetaFunction = () => [{ title: failureTitle }, { name: 'robots', content: 'noindex' }];

/**
 * Spec query: listingId, status, message; the defaults are the spec's. The status and the
 * reason shown are ours, never a link's text (server/payments/failure-page.ts).
 */
export function loader({ url }: Route.LoaderArgs) {
  const q = url.searchParams;
  const listingId = q.get('listingId');
  return { listingId: listingId && isUuid(listingId) ? listingId : null, ...paymentFailureView(q.get('status'), q.get('message')) };
}

export default function PaymentFailure({ loaderData }: Route.ComponentProps) {
  const { listingId, status, message } = loaderData;
  return (
    <section className="mx-auto max-w-lg py-6 text-center">
      <div aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-3xl text-red-700 dark:bg-red-950 dark:text-red-300">
        ✕
      </div>
      <h1 className="mt-4 text-2xl font-bold">{failureHeading}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{failureText}</p>
      <dl className="card mt-6 grid gap-3 p-4 text-left text-sm">
        <div>
          <dt className="font-medium text-gray-600 dark:text-gray-400">{reason}</dt>
          <dd className="break-words">{message}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-600 dark:text-gray-400">{statusLabel}</dt>
          <dd>{status}</dd>
        </div>
      </dl>
      <PaymentActions listingId={listingId} />
    </section>
  );
}
