import { data, Link, redirect } from 'react-router';
import { formatPhone } from '#kernel/phone.ts';
import { MpesaPhoneForm, PayWithFlutterwaveForm } from '~/components/payments/MpesaPhoneForm';
import { FEATURE_DURATION_TEXT, FEATURE_FEE_KSH } from '~/components/payments/fee';
import { requireAuth } from '../../../server/http/guards';
import { expectedError } from '../../../server/http/error-translation';
import { asPageError } from '../../../server/http/page-errors';
import { featurableListing } from '../../../server/payments/payments';
import { startStkPush } from '../../../server/payments/mpesa/stk-payments';
import { paymentsDeps } from '../../../server/payments/service';
import { isPhoneVerified } from '../../../server/users/phone-verification';
import {
  backToManageAds,
  costs,
  featuringBefore,
  forWord,
  fromBefore,
  kesUnitAfter,
  mpesaStartTitle,
  mpesaUnavailable,
  payWithMpesa,
  promptAfter,
  promptBefore,
} from '#messages/payments.ts';
import type { Route } from './+types/mpesa-start';

export const meta: Route.MetaFunction = () => [{ title: mpesaStartTitle }, { name: 'robots', content: 'noindex' }];

/** "Pay with M-Pesa" from Feature Your Ad?: the number to prompt, prefilled with the seller's verified one. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { user } = requireAuth(context.auth, url);
  const listing = await featurableListing(context.db, params.listingId, user.id).catch((error: unknown) => {
    throw asPageError(error);
  });
  const own = isPhoneVerified(user) ? user.phoneVerified : user.phoneNumber;
  return {
    listingId: listing.id,
    title: listing.title,
    phone: own ? formatPhone(own) : '',
    available: !!context.payments?.mpesa,
    shortcodeName: context.payments?.mpesa?.shortcodeName ?? '',
  };
}

/** Sends the STK Push, then the waiting page; a refusal comes back here with its message. */
export async function action({ url, params, request, context }: Route.ActionArgs) {
  const { user } = requireAuth(context.auth, url);
  const phone = String((await request.formData()).get('phone') ?? '').slice(0, 40);
  try {
    const { txRef } = await startStkPush(paymentsDeps(context), { userId: user.id, listingId: params.listingId, phone });
    return redirect(`/payments/mpesa/${encodeURIComponent(txRef)}`);
  } catch (error) {
    const failure = expectedError(error);
    if (!failure) throw error;
    return data({ error: failure.message, phone }, { status: failure.status, headers: failure.headers });
  }
}

export default function MpesaStart({ loaderData, actionData }: Route.ComponentProps) {
  const { listingId, title, available, shortcodeName } = loaderData;
  const phone = actionData?.phone ?? loaderData.phone;
  return (
    <section className="mx-auto flex max-w-lg flex-col gap-4 py-6" aria-labelledby="mpesa-heading">
      <h1 id="mpesa-heading" className="text-2xl font-bold">
        {payWithMpesa}
      </h1>
      <p className="text-gray-700 dark:text-gray-300">
        {featuringBefore}
        <strong className="break-words">{title}</strong>
        {costs}
        <strong>
          {FEATURE_FEE_KSH}
          {kesUnitAfter}
        </strong>
        {forWord}
        {FEATURE_DURATION_TEXT}
        {promptBefore}
        {shortcodeName ? `${fromBefore}${shortcodeName}` : ''}
        {promptAfter}
      </p>
      {available ? (
        <MpesaPhoneForm listingId={listingId} phone={phone} error={actionData?.error} />
      ) : (
        <p role="alert" className="font-medium text-red-700 dark:text-red-300">
          {mpesaUnavailable}
        </p>
      )}
      <PayWithFlutterwaveForm listingId={listingId} />
      <p>
        <Link to="/manage-ads" className="font-semibold text-brand-700 underline dark:text-brand-100">
          {backToManageAds}
        </Link>
      </p>
    </section>
  );
}
