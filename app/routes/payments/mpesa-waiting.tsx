import { data, redirect } from 'react-router';
import { groupDigits } from '#kernel/format.ts';
import { waitingHeading } from '#messages/mpesa.ts';
import {
  checkAgain,
  kesBefore,
  notCompletedHeading,
  notCompletedMessage,
  notFeaturedTryAgain,
  openSimulatedPhone,
  payBefore,
  paymentNotFound,
  sandboxNote,
  sentPromptAfter,
  sentPromptBefore,
  toWord,
  tryAgain,
} from '#messages/payments.ts';
import { mpesaReasonText } from '~/components/payments/mpesa-text';
import { formatPhone } from '#kernel/phone.ts';
import { MpesaPhoneForm, PayWithFlutterwaveForm } from '~/components/payments/MpesaPhoneForm';
import { PaymentActions } from '~/components/payments/PaymentActions';
import { usePaymentPolling } from '~/components/payments/usePaymentPolling';
import { requireAuth } from '../../../server/http/guards';
import { asPageError } from '../../../server/http/page-errors';
import { ownStkPayment } from '../../../server/payments/mpesa/stk-payments';
import { paymentsDeps } from '../../../server/payments/service';
import { currentPayment, pageForPayment, stateOf, txRefParam } from '../../../server/payments/status';
import type { Route } from './+types/mpesa-waiting';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d?.status === 'pending' ? waitingHeading : notCompletedHeading} | Soko` },
  { name: 'robots', content: 'noindex' },
];

/**
 * The seller's M-Pesa payment after the push: waiting for the PIN, or why it failed with a way
 * to try again. While it is pending each load may ask Daraja (at most every few seconds per
 * payment, server/payments/status.ts); a success goes on to Payment Successful.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { user } = requireAuth(context.auth, url);
  const deps = paymentsDeps(context);
  const txRef = txRefParam(params.txRef);
  const own = await ownStkPayment(deps, txRef, user.id);
  if (!own) throw data(paymentNotFound, { status: 404 });
  const payment = own.status === 'pending' ? await currentPayment(deps, txRef, user.id, context.clientIp).catch((e: unknown) => { throw asPageError(e); }) : own;
  if (payment.status === 'succeeded') throw redirect(pageForPayment(stateOf(payment)));
  const sandbox = context.payments?.mpesa?.sandbox;
  return {
    txRef,
    status: payment.status,
    listingId: payment.listingId ?? '',
    amount: payment.amount,
    phone: payment.mpesaPhone ? formatPhone(`+${payment.mpesaPhone}`) : '',
    shortcodeName: context.payments?.mpesa?.shortcodeName ?? '',
    // The server stores its reason in English; the page says it in its language.
    message: payment.failureReason === null ? notCompletedMessage : mpesaReasonText(payment.mpesaResultCode, payment.mpesaResultDesc, payment.failureReason),
    // In the sandbox nobody's phone rings: the tester answers on the simulated one.
    sandboxPhoneUrl:
      sandbox && payment.status === 'pending' && payment.mpesaCheckoutRequestId
        ? sandbox.phoneUrl(payment.mpesaCheckoutRequestId, `/payments/mpesa/${encodeURIComponent(txRef)}`)
        : null,
  };
}

export default function MpesaWaiting({ loaderData }: Route.ComponentProps) {
  return loaderData.status === 'pending' ? <Waiting {...loaderData} /> : <NotCompleted {...loaderData} />;
}

function Waiting(props: Route.ComponentProps['loaderData']) {
  usePaymentPolling(props.txRef, { firstDelayMs: 2000, maxDelayMs: 5000 });
  return (
    <section className="mx-auto max-w-lg py-6 text-center" aria-live="polite">
      {/* Without JavaScript the page reloads itself every few seconds instead of polling. */}
      <noscript dangerouslySetInnerHTML={{ __html: '<meta http-equiv="refresh" content="5">' }} />
      <div aria-hidden="true" className="mx-auto h-12 w-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none" />
      <h1 className="mt-4 text-2xl font-bold">{waitingHeading}</h1>
      <p className="mt-2 text-lg">
        {payBefore}
        <strong>{`${kesBefore}${groupDigits(props.amount)}`}</strong>
        {toWord}
        <strong>{props.shortcodeName}</strong>
      </p>
      <p className="mt-2 text-gray-700 dark:text-gray-300">
        {sentPromptBefore}
        {props.phone}
        {sentPromptAfter}
      </p>
      {props.sandboxPhoneUrl && (
        <p className="mt-4 rounded-lg border-2 border-dashed border-amber-500 p-3">
          {sandboxNote}
          <a href={props.sandboxPhoneUrl} className="font-semibold text-brand-700 underline dark:text-brand-100">
            {openSimulatedPhone}
          </a>
        </p>
      )}
      <form method="get" className="mt-4">
        <button type="submit" className="btn-secondary">
          {checkAgain}
        </button>
      </form>
    </section>
  );
}

function NotCompleted(props: Route.ComponentProps['loaderData']) {
  return (
    <section className="mx-auto max-w-lg py-6 text-center">
      <div aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-3xl text-red-700 dark:bg-red-950 dark:text-red-300">
        ✕
      </div>
      <h1 className="mt-4 text-2xl font-bold">{notCompletedHeading}</h1>
      <p role="alert" className="mt-2 font-medium">
        {props.message}
      </p>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{notFeaturedTryAgain}</p>
      {props.listingId && (
        <div className="mt-4">
          <MpesaPhoneForm listingId={props.listingId} phone={props.phone} submitLabel={tryAgain} />
          <PayWithFlutterwaveForm listingId={props.listingId} />
        </div>
      )}
      <PaymentActions listingId={props.listingId || null} />
    </section>
  );
}
